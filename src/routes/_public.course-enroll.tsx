import { Alert, Button, Group, Text } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { courseQueryOptions } from '../api/courses'
import { isApiError } from '../api/errors'
import { isSlug } from '../api/slug'
import { RouterLink } from './-components/router-link'
import { SimplePage } from './-components/simple-page'

/** `?courseId=` names the course chosen on its page; anything that cannot be a course id is dropped. */
function courseSearch(search: Record<string, unknown>): { courseId?: string } {
  return typeof search.courseId === 'string' && isSlug(search.courseId) ? { courseId: search.courseId } : {}
}

export const Route = createFileRoute('/_public/course-enroll')({
  staticData: {
    title: 'Enrol in a course',
    description: 'Ask for a place on a TEC course, online or in your community, and our team will confirm the dates with you.',
  },
  validateSearch: courseSearch,
  loaderDeps: ({ search }) => ({ courseId: search.courseId }),
  // The chosen course is a courtesy on this page: one that no longer exists is simply not shown.
  loader: async ({ context: { queryClient, api }, deps }) => {
    if (!deps.courseId) return { chosen: null }
    try {
      return { chosen: await queryClient.ensureQueryData(courseQueryOptions(api.courses, deps.courseId)) }
    } catch (error) {
      if (isApiError(error) && error.status === 404) return { chosen: null }
      throw error
    }
  },
  component: CourseEnrollPage,
})

function CourseEnrollPage() {
  const { chosen } = Route.useLoaderData()
  return (
    <SimplePage title="Enrol in a course" lead="Join one of our courses, taught live by a TEC tutor online or in your community.">
      {chosen && (
        <Alert title="Your chosen course" variant="light">
          {chosen.title} — {chosen.schedule}
        </Alert>
      )}
      <Text>The course enrolment form is being prepared. Meanwhile, our team can enrol you directly.</Text>
      <Group>
        <Button component={RouterLink} to="/contact-us">
          Contact us
        </Button>
      </Group>
    </SimplePage>
  )
}
