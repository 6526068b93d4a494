import { Stack, Text, Title } from '@mantine/core'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { queryKeys } from '@/api/query-keys'
import { AnchorLink } from '@/components/links'
import { useAppContext } from '@/app/use-app-context'
import { useSaveRecord } from '@/routes/_authenticated/-components/record-form'
import { StudentForm, studentFormValues, useStudentForm } from './-components/student-form'

export const Route = createFileRoute('/_authenticated/admin/students/new')({
  staticData: { title: 'Add a learner' },
  component: NewStudentPage,
})

function NewStudentPage() {
  const { api } = useAppContext()
  const navigate = useNavigate()
  const form = useStudentForm(studentFormValues())
  const save = useSaveRecord({
    save: api.students.create,
    detailKey: (student) => queryKeys.students.detail(student.id),
    refetch: [queryKeys.students.all, queryKeys.schools.all],
    success: 'The learner has been added',
    onSaved: (student) => navigate({ to: '/admin/students/$studentId', params: { studentId: student.id } }),
  })
  return (
    <Stack gap="lg" py="md" maw={880}>
      <Stack gap="xs">
        <Title order={1}>Add a learner</Title>
        <Text>For a learner who came to the office another way. Accepting an enrolment adds its learner by itself.</Text>
      </Stack>
      <StudentForm form={form} save={save} submitLabel="Add the learner" cancel={<AnchorLink to="/admin/students">Cancel</AnchorLink>} />
    </Stack>
  )
}
