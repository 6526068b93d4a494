import { Stack, Text, Title } from '@mantine/core'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { queryKeys } from '@/api/query-keys'
import { AnchorLink } from '@/components/links'
import { useAppContext } from '@/app/use-app-context'
import { useSaveRecord } from '@/routes/_authenticated/-components/record-form'
import { CourseForm, courseFormValues, useCourseForm } from './-components/course-form'

export const Route = createFileRoute('/_authenticated/admin/courses/new')({
  staticData: { title: 'Add a course' },
  component: NewCoursePage,
})

function NewCoursePage() {
  const { api } = useAppContext()
  const navigate = useNavigate()
  const form = useCourseForm(courseFormValues())
  const save = useSaveRecord({
    save: api.courseRecords.create,
    detailKey: (course) => queryKeys.courses.record(course.id),
    refetch: [queryKeys.courses.all],
    success: 'The course has been added as a draft',
    onSaved: (course) => navigate({ to: '/admin/courses/$courseId', params: { courseId: course.id } }),
  })
  return (
    <Stack gap="lg" py="md" maw={880}>
      <Stack gap="xs">
        <Title order={1}>Add a course</Title>
        <Text>The course is saved as a draft, which only the office sees. Publish it from its page when it is ready for the site.</Text>
      </Stack>
      <CourseForm form={form} save={save} submitLabel="Add the course" cancel={<AnchorLink to="/admin/courses">Cancel</AnchorLink>} slugFollowsTitle />
    </Stack>
  )
}
