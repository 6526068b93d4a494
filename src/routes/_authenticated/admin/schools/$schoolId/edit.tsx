import { Stack, Title } from '@mantine/core'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { queryKeys } from '@/api/query-keys'
import { schoolQueryOptions, type SchoolInput } from '@/api/schools'
import { ArticleSkeleton } from '@/ui/content-skeleton'
import { AnchorLink } from '@/components/links'
import { useAppContext } from '@/app/use-app-context'
import { useRecordEdit } from '@/routes/_authenticated/-components/record-form'
import { loadRecord } from '@/routes/_authenticated/-components/record-page'
import { SchoolForm, schoolFormValues, useSchoolForm } from '@/routes/_authenticated/admin/schools/-components/school-form'
import { SchoolNotFound } from '@/routes/_authenticated/admin/schools/-components/school-not-found'

export const Route = createFileRoute('/_authenticated/admin/schools/$schoolId/edit')({
  staticData: { title: 'Edit school', notFoundTitle: 'School not found' },
  loader: async ({ context: { queryClient, api }, params }) => {
    const school = await loadRecord(queryClient, schoolQueryOptions(api.schools, params.schoolId), params.schoolId)
    return { title: `Edit ${school.fields.name}` }
  },
  pendingComponent: ArticleSkeleton,
  notFoundComponent: SchoolNotFound,
  component: EditSchoolPage,
})

function EditSchoolPage() {
  const { api } = useAppContext()
  const { schoolId } = Route.useParams()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const options = schoolQueryOptions(api.schools, schoolId)
  const { data: school } = useSuspenseQuery(options)
  const form = useSchoolForm(schoolFormValues(school.fields))
  const { save, reload } = useRecordEdit({
    record: school,
    form,
    formValues: (fresh) => schoolFormValues(fresh.fields),
    fetchAgain: () => queryClient.fetchQuery({ ...options, staleTime: 0 }),
    update: (version, input: SchoolInput) => api.schools.update(schoolId, version, input),
    detailKey: (saved) => queryKeys.schools.detail(saved.id),
    refetch: [queryKeys.schools.all, queryKeys.students.all],
    onSaved: () => navigate({ to: '/admin/schools/$schoolId', params: { schoolId } }),
  })
  return (
    <Stack gap="lg" py="md" maw={880}>
      <Title order={1}>Edit {school.fields.name}</Title>
      <SchoolForm
        form={form}
        save={save}
        submitLabel="Save the changes"
        cancel={
          <AnchorLink to="/admin/schools/$schoolId" params={{ schoolId }}>
            Cancel
          </AnchorLink>
        }
        onReload={reload}
      />
    </Stack>
  )
}
