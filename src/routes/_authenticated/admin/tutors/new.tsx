import { emailProblem, REQUIRED } from '@shared/field-rules'
import { Stack, Text, TextInput, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { LIMITS } from '@shared/contract.gen'
import { queryKeys } from '@/api/query-keys'
import type { TutorInvite } from '@/api/tutors'
import { FormSection } from '@/ui/form-section'
import { AnchorLink } from '@/components/links'
import { useAppContext } from '@/app/use-app-context'
import { RecordForm, useSaveRecord } from '@/routes/_authenticated/-components/record-form'

export const Route = createFileRoute('/_authenticated/admin/tutors/new')({
  staticData: { title: 'Invite a tutor' },
  component: InviteTutorPage,
})

interface InviteValues extends Record<string, unknown> {
  name: string
  email: string
}

function InviteTutorPage() {
  const { api } = useAppContext()
  const navigate = useNavigate()
  const form = useForm<InviteValues>({
    mode: 'controlled',
    initialValues: { name: '', email: '' },
    validate: {
      name: (value) => (value.trim() === '' ? REQUIRED.enter('the tutor’s name') : null),
      email: (value) => emailProblem(value, REQUIRED.enter('their email address')),
    },
  })
  const save = useSaveRecord({
    save: api.tutors.invite,
    detailKey: (tutor) => queryKeys.tutors.detail(tutor.id),
    refetch: [queryKeys.tutors.all],
    success: 'The invitation has been sent',
    onSaved: (tutor) => navigate({ to: '/admin/tutors/$tutorId', params: { tutorId: tutor.id } }),
  })
  return (
    <Stack gap="lg" py="md" maw={720}>
      <Stack gap="xs">
        <Title order={1}>Invite a tutor</Title>
        <Text>
          For a tutor the office has already met. They get an email with a link to choose a password (it works once, for 72 hours) and are active from then on.
          Complete their profile and record their safeguarding check before placing learners with them.
        </Text>
      </Stack>
      <RecordForm
        form={form}
        save={save}
        toInput={(values): TutorInvite => ({ name: values.name.trim(), email: values.email.trim() })}
        submitLabel="Send the invitation"
        cancel={<AnchorLink to="/admin/tutors">Cancel</AnchorLink>}
      >
        <FormSection title="The tutor">
          <TextInput label="Name" required autoComplete="off" maxLength={LIMITS.PersonName.maxLength} {...form.getInputProps('name')} />
          <TextInput label="Email" type="email" required autoComplete="off" maxLength={LIMITS.Email.maxLength} {...form.getInputProps('email')} />
        </FormSection>
      </RecordForm>
    </Stack>
  )
}
