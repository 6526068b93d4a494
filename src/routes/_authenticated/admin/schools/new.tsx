import { Stack, Text, Title } from '@mantine/core'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { queryKeys } from '@/api/query-keys'
import { AnchorLink } from '@/components/links'
import { useAppContext } from '@/app/use-app-context'
import { useSaveRecord } from '@/routes/_authenticated/-components/record-form'
import { SchoolForm, schoolFormValues, useSchoolForm } from './-components/school-form'

export const Route = createFileRoute('/_authenticated/admin/schools/new')({
  staticData: { title: 'Add a school' },
  component: NewSchoolPage,
})

function NewSchoolPage() {
  const { api } = useAppContext()
  const navigate = useNavigate()
  const form = useSchoolForm(schoolFormValues())
  const save = useSaveRecord({
    save: api.schools.create,
    detailKey: (school) => queryKeys.schools.detail(school.id),
    refetch: [queryKeys.schools.all],
    success: 'The school has been added',
    onSaved: (school) => navigate({ to: '/admin/schools/$schoolId', params: { schoolId: school.id } }),
  })
  return (
    <Stack gap="lg" py="md" maw={880}>
      <Stack gap="xs">
        <Title order={1}>Add a school</Title>
        <Text>For a partner school that came to the office another way. Accepting a school enrolment adds its school by itself.</Text>
      </Stack>
      <SchoolForm form={form} save={save} submitLabel="Add the school" cancel={<AnchorLink to="/admin/schools">Cancel</AnchorLink>} />
    </Stack>
  )
}
