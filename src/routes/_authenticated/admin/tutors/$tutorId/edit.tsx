import { Stack, Title } from '@mantine/core'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { queryKeys } from '@/api/query-keys'
import { tutorQueryOptions, type TutorProfileInput } from '@/api/tutors'
import { ArticleSkeleton } from '@/ui/content-skeleton'
import { AnchorLink } from '@/components/links'
import { useAppContext } from '@/app/use-app-context'
import { useRecordEdit } from '@/routes/_authenticated/-components/record-form'
import { loadRecord } from '@/routes/_authenticated/-components/record-page'
import { TutorForm, tutorFormValues, useTutorForm } from '@/routes/_authenticated/admin/tutors/-components/tutor-form'
import { TutorNotFound } from '@/routes/_authenticated/admin/tutors/-components/tutor-not-found'

export const Route = createFileRoute('/_authenticated/admin/tutors/$tutorId/edit')({
  staticData: { title: 'Edit tutor', notFoundTitle: 'Tutor not found' },
  loader: async ({ context: { queryClient, api }, params }) => {
    const tutor = await loadRecord(queryClient, tutorQueryOptions(api.tutors, params.tutorId), params.tutorId)
    return { title: `Edit ${tutor.fields.name}` }
  },
  pendingComponent: ArticleSkeleton,
  notFoundComponent: TutorNotFound,
  component: EditTutorPage,
})

function EditTutorPage() {
  const { api } = useAppContext()
  const { tutorId } = Route.useParams()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const options = tutorQueryOptions(api.tutors, tutorId)
  const { data: tutor } = useSuspenseQuery(options)
  const form = useTutorForm(tutorFormValues(tutor.fields))
  const { save, reload } = useRecordEdit({
    record: tutor,
    form,
    formValues: (fresh) => tutorFormValues(fresh.fields),
    fetchAgain: () => queryClient.fetchQuery({ ...options, staleTime: 0 }),
    update: (version, input: TutorProfileInput) => api.tutors.update(tutorId, version, input),
    detailKey: (saved) => queryKeys.tutors.detail(saved.id),
    refetch: [queryKeys.tutors.all],
    onSaved: () => navigate({ to: '/admin/tutors/$tutorId', params: { tutorId } }),
  })
  return (
    <Stack gap="lg" py="md" maw={880}>
      <Title order={1}>Edit {tutor.fields.name}</Title>
      <TutorForm
        form={form}
        save={save}
        submitLabel="Save the changes"
        cancel={
          <AnchorLink to="/admin/tutors/$tutorId" params={{ tutorId }}>
            Cancel
          </AnchorLink>
        }
        onReload={reload}
      />
    </Stack>
  )
}
