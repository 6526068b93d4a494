import { Stack, Text, Title } from '@mantine/core'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { courseRecordQueryOptions, type CourseInput } from '@/api/course-records'
import { queryKeys } from '@/api/query-keys'
import { ArticleSkeleton } from '@/ui/content-skeleton'
import { AnchorLink } from '@/components/links'
import { useAppContext } from '@/app/use-app-context'
import { useRecordEdit } from '@/routes/_authenticated/-components/record-form'
import { loadRecord } from '@/routes/_authenticated/-components/record-page'
import { CourseForm, courseFormValues, useCourseForm } from '@/routes/_authenticated/admin/courses/-components/course-form'
import { CourseNotFound } from '@/routes/_authenticated/admin/courses/-components/course-not-found'

export const Route = createFileRoute('/_authenticated/admin/courses/$courseId/edit')({
  staticData: { title: 'Edit course', notFoundTitle: 'Course not found' },
  loader: async ({ context: { queryClient, api }, params }) => {
    const course = await loadRecord(queryClient, courseRecordQueryOptions(api.courseRecords, params.courseId), params.courseId)
    return { title: `Edit ${course.fields.title}` }
  },
  pendingComponent: ArticleSkeleton,
  notFoundComponent: CourseNotFound,
  component: EditCoursePage,
})

function EditCoursePage() {
  const { api } = useAppContext()
  const { courseId } = Route.useParams()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const options = courseRecordQueryOptions(api.courseRecords, courseId)
  const { data: course } = useSuspenseQuery(options)
  const form = useCourseForm(courseFormValues(course.fields, course.image))
  const { save, reload } = useRecordEdit({
    record: course,
    form,
    formValues: (fresh) => courseFormValues(fresh.fields, fresh.image),
    fetchAgain: () => queryClient.fetchQuery({ ...options, staleTime: 0 }),
    update: (version, input: CourseInput) => api.courseRecords.update(courseId, version, input),
    detailKey: (saved) => queryKeys.courses.record(saved.id),
    refetch: [queryKeys.courses.all],
    onSaved: () => navigate({ to: '/admin/courses/$courseId', params: { courseId } }),
  })
  return (
    <Stack gap="lg" py="md" maw={880}>
      <Stack gap="xs">
        <Title order={1}>Edit {course.fields.title}</Title>
        {course.status === 'published' && <Text>The course is published: saved changes show on the site at once.</Text>}
      </Stack>
      <CourseForm
        form={form}
        save={save}
        submitLabel="Save the changes"
        cancel={
          <AnchorLink to="/admin/courses/$courseId" params={{ courseId }}>
            Cancel
          </AnchorLink>
        }
        onReload={reload}
      />
    </Stack>
  )
}
