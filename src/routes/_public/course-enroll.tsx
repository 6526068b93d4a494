import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { coursesQueryOptions } from '@/api/courses'
import { isSlug } from '@/api/slug'
import { ContentSkeleton } from '@/ui/content-skeleton'
import { CourseEnrolmentForm } from './-components/enrolment/course-enrolment-form'
import { EnrolmentPage } from './-components/enrolment/enrolment-page'
import { useAppContext } from '@/app/use-app-context'

/** `?courseId=` names the course chosen on its page; anything that cannot be a course id is dropped. */
function courseSearch(search: Record<string, unknown>): { courseId?: string } {
  return typeof search.courseId === 'string' && isSlug(search.courseId) ? { courseId: search.courseId } : {}
}

/** Every published course, which the form offers; the course named in the address is chosen when it is one of them. */
const allCourses = {}

export const Route = createFileRoute('/_public/course-enroll')({
  staticData: {
    title: 'Enrol in a course',
    loadFailure: 'the course enrolment form',
    description: 'Ask for a place on a TEC course, online or in your community, and our team will confirm the dates with you.',
  },
  validateSearch: courseSearch,
  loader: ({ context: { queryClient, api } }) => queryClient.ensureQueryData(coursesQueryOptions(api.courses, allCourses)),
  pendingComponent: () => <ContentSkeleton cards={2} />,
  component: CourseEnrollPage,
})

function CourseEnrollPage() {
  const { api } = useAppContext()
  const { courseId } = Route.useSearch()
  const { data } = useSuspenseQuery(coursesQueryOptions(api.courses, allCourses))
  // A course that is no longer published is simply not preselected.
  const chosenId = data.items.some((course) => course.id === courseId) ? courseId : undefined
  return (
    <EnrolmentPage title="Enrol in a course" lead="Ask for a place on one of our courses, taught live by a TEC tutor online or in your community.">
      <CourseEnrolmentForm key={chosenId ?? 'none'} courses={data.items} chosenId={chosenId} />
    </EnrolmentPage>
  )
}
