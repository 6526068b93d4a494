import { Stack, Title } from '@mantine/core'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { queryKeys } from '@/api/query-keys'
import { studentQueryOptions, type StudentInput } from '@/api/students'
import { ArticleSkeleton } from '@/ui/content-skeleton'
import { AnchorLink } from '@/components/links'
import { useAppContext } from '@/app/use-app-context'
import { useRecordEdit } from '@/routes/_authenticated/-components/record-form'
import { loadRecord } from '@/routes/_authenticated/-components/record-page'
import { StudentForm, studentFormValues, useStudentForm } from '@/routes/_authenticated/admin/students/-components/student-form'
import { StudentNotFound } from '@/routes/_authenticated/admin/students/-components/student-not-found'

export const Route = createFileRoute('/_authenticated/admin/students/$studentId/edit')({
  staticData: { title: 'Edit learner', notFoundTitle: 'Learner not found' },
  loader: async ({ context: { queryClient, api }, params }) => {
    const student = await loadRecord(queryClient, studentQueryOptions(api.students, params.studentId), params.studentId)
    return { title: `Edit ${student.fields.name}` }
  },
  pendingComponent: ArticleSkeleton,
  notFoundComponent: StudentNotFound,
  component: EditStudentPage,
})

function EditStudentPage() {
  const { api } = useAppContext()
  const { studentId } = Route.useParams()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const options = studentQueryOptions(api.students, studentId)
  const { data: student } = useSuspenseQuery(options)
  const form = useStudentForm(studentFormValues(student.fields))
  const { save, reload } = useRecordEdit({
    record: student,
    form,
    formValues: (fresh) => studentFormValues(fresh.fields),
    fetchAgain: () => queryClient.fetchQuery({ ...options, staleTime: 0 }),
    update: (version, input: StudentInput) => api.students.update(studentId, version, input),
    detailKey: (saved) => queryKeys.students.detail(saved.id),
    refetch: [queryKeys.students.all, queryKeys.schools.all],
    onSaved: () => navigate({ to: '/admin/students/$studentId', params: { studentId } }),
  })
  return (
    <Stack gap="lg" py="md" maw={880}>
      <Title order={1}>Edit {student.fields.name}</Title>
      <StudentForm
        form={form}
        save={save}
        submitLabel="Save the changes"
        cancel={
          <AnchorLink to="/admin/students/$studentId" params={{ studentId }}>
            Cancel
          </AnchorLink>
        }
        onReload={reload}
        partnerSchool={student.school}
      />
    </Stack>
  )
}
