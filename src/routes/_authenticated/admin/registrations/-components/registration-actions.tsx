import { Button, Checkbox, Group, Text, Textarea } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation } from '@tanstack/react-query'
import { IconCheck, IconPlayerPlay, IconRotate, IconX } from '@tabler/icons-react'
import { useState } from 'react'
import { LIMITS } from '@shared/contract.gen'
import { REQUIRED, textProblem } from '@shared/field-rules'
import { isApiError } from '@/api/errors'
import { queryKeys } from '@/api/query-keys'
import type { Registration, RegistrationAcceptRequest, RegistrationStatusChange } from '@/api/registrations'
import { toast } from '@/ui/toasts'
import { errorMessage } from '@/app/server-errors'
import { useAppContext } from '@/app/use-app-context'
import { ActionForm } from '@/routes/_authenticated/-components/action-form'
import { useSaveRecord } from '@/routes/_authenticated/-components/record-form'
import { useRegistrationRefresh, useRegistrationUpdate } from './use-registration-update'

export const REASON_MAX_LENGTH = LIMITS.RegistrationStatusChange.reason.maxLength
export const ACCEPT_NOTE_MAX_LENGTH = LIMITS.RegistrationAcceptRequest.note.maxLength

type Closing = 'rejected' | 'withdrawn'

const closingWords: Record<Closing, { verb: string; title: string; done: string; reasonHelp: string }> = {
  rejected: {
    verb: 'Reject',
    title: 'Reject this registration?',
    done: 'Registration rejected',
    reasonHelp: 'Why it cannot go ahead, in words you would be happy for the person to read.',
  },
  withdrawn: {
    verb: 'Withdraw',
    title: 'Withdraw this registration?',
    done: 'Registration withdrawn',
    reasonHelp: 'For example, the person asked us to stop or found another place. They may read it.',
  },
}

/** The moves the registration allows now, as buttons; each refreshes the page and confirms with a toast. */
export function RegistrationActions({ registration }: { registration: Registration }) {
  const { api } = useAppContext()
  const update = useRegistrationUpdate()
  const refresh = useRegistrationRefresh()
  const [dialog, setDialog] = useState<'accept' | Closing | null>(null)
  const allows = (status: Registration['allowedStatuses'][number]) => registration.allowedStatuses.includes(status)

  const move = useMutation({
    mutationFn: (body: RegistrationStatusChange) => api.registrations.changeStatus(registration.id, body),
    onSuccess: async (updated) => {
      toast.success(updated.status === 'in_review' ? 'Review started' : 'Moved back to New')
      await update(updated)
    },
    onError: async (error) => {
      toast.error(errorMessage(error))
      if (isApiError(error) && error.status === 409) await refresh(registration.id)
    },
  })

  const reviewLabel = registration.status === 'new' ? 'Start review' : 'Reopen for review'
  const nothingToDo = !allows('in_review') && !allows('new') && !registration.canAccept && !allows('rejected') && !allows('withdrawn')

  return (
    <>
      {nothingToDo ? (
        <Text size="sm">
          {registration.status === 'accepted' ? 'This registration has been accepted; there is nothing more to do here.' : 'No changes are possible from this status.'}
        </Text>
      ) : (
        <Group gap="sm" wrap="wrap" role="group" aria-label="Actions">
          {allows('in_review') && (
            <Button
              leftSection={registration.status === 'new' ? <IconPlayerPlay size={16} aria-hidden /> : <IconRotate size={16} aria-hidden />}
              variant={registration.canAccept ? 'light' : 'filled'}
              loading={move.isPending && move.variables?.status === 'in_review'}
              disabled={move.isPending}
              onClick={() => move.mutate({ status: 'in_review', notify: false })}
            >
              {reviewLabel}
            </Button>
          )}
          {registration.canAccept && (
            <Button leftSection={<IconCheck size={16} aria-hidden />} onClick={() => setDialog('accept')} disabled={move.isPending}>
              Accept
            </Button>
          )}
          {allows('rejected') && (
            <Button leftSection={<IconX size={16} aria-hidden />} color="red" variant="light" onClick={() => setDialog('rejected')} disabled={move.isPending}>
              Reject
            </Button>
          )}
          {allows('withdrawn') && (
            <Button variant="default" onClick={() => setDialog('withdrawn')} disabled={move.isPending}>
              Withdraw
            </Button>
          )}
          {allows('new') && (
            <Button
              variant="subtle"
              loading={move.isPending && move.variables?.status === 'new'}
              disabled={move.isPending}
              onClick={() => move.mutate({ status: 'new', notify: false })}
            >
              Move back to New
            </Button>
          )}
        </Group>
      )}
      <AcceptDialog registration={registration} opened={dialog === 'accept'} onClose={() => setDialog(null)} />
      <CloseDialog registration={registration} closing="rejected" opened={dialog === 'rejected'} onClose={() => setDialog(null)} />
      <CloseDialog registration={registration} closing="withdrawn" opened={dialog === 'withdrawn'} onClose={() => setDialog(null)} />
    </>
  )
}

function acceptExplanation(registration: Registration): string {
  switch (registration.type) {
    case 'tutor':
      return `This creates a tutor account for ${registration.name} (${registration.email}) and emails them a link to set their password. The link works for 72 hours; after that they can ask for a new one from the sign-in page.`
    case 'school':
      return `This adds ${registration.name} to the schools list, linked to this registration.`
    case 'subject':
    case 'course':
      return `This adds ${registration.name} to the learners list, linked to this registration.`
  }
}

const acceptedMessages: Record<Registration['type'], string> = {
  tutor: 'Accepted. The tutor account is ready and the set-password email is on its way.',
  school: 'Accepted. The school has been added.',
  subject: 'Accepted. The learner has been added.',
  course: 'Accepted. The learner has been added.',
}

/** The list that gains a record when a registration of this type is accepted. */
const createdList: Record<Registration['type'], readonly string[]> = {
  tutor: queryKeys.tutors.all,
  school: queryKeys.schools.all,
  subject: queryKeys.students.all,
  course: queryKeys.students.all,
}

function AcceptDialog({ registration, opened, onClose }: { registration: Registration; opened: boolean; onClose: () => void }) {
  const { api } = useAppContext()
  const refresh = useRegistrationRefresh()
  const isTutor = registration.type === 'tutor'
  const form = useForm({
    mode: 'controlled',
    initialValues: { note: '', notify: true },
    validate: { note: (value) => textProblem(value, ACCEPT_NOTE_MAX_LENGTH) },
  })
  const accept = useSaveRecord({
    save: (input: RegistrationAcceptRequest) => api.registrations.accept(registration.id, input),
    detailKey: (saved) => queryKeys.registrations.detail(saved.id),
    refetch: [queryKeys.registrations.all, createdList[registration.type]],
    success: acceptedMessages[registration.type],
    onSaved: () => undefined,
  })

  return (
    <ActionForm
      opened={opened}
      onClose={onClose}
      title={isTutor ? 'Accept this tutor application?' : 'Accept this enrolment?'}
      form={form}
      action={accept}
      toInput={(values) => ({
        ...(values.note.trim() ? { note: values.note.trim() } : {}),
        // A tutor always gets the set-password mail; `notify` is about an enrolment's acceptance mail.
        notify: isTutor || values.notify,
      })}
      submitLabel={isTutor ? 'Accept and send the email' : 'Accept'}
      refusedTitle="It was not accepted"
      onRefused={() => refresh(registration.id)}
    >
      <Text>{acceptExplanation(registration)}</Text>
      {!isTutor && <Checkbox label={`Email ${registration.email} to say it was accepted`} {...form.getInputProps('notify', { type: 'checkbox' })} />}
      <Textarea
        label="Note for the team (optional)"
        description="Kept in the history; never emailed."
        autosize
        minRows={2}
        maxLength={ACCEPT_NOTE_MAX_LENGTH}
        {...form.getInputProps('note')}
      />
    </ActionForm>
  )
}

function CloseDialog({ registration, closing, opened, onClose }: { registration: Registration; closing: Closing; opened: boolean; onClose: () => void }) {
  const { api } = useAppContext()
  const refresh = useRegistrationRefresh()
  const words = closingWords[closing]
  const form = useForm({
    mode: 'controlled',
    initialValues: { reason: '', notify: false },
    validate: { reason: (value) => textProblem(value, REASON_MAX_LENGTH, REQUIRED.enter('a reason; it is kept in the history')) },
  })
  const change = useSaveRecord({
    save: (input: RegistrationStatusChange) => api.registrations.changeStatus(registration.id, input),
    detailKey: (saved) => queryKeys.registrations.detail(saved.id),
    refetch: [queryKeys.registrations.all],
    success: words.done,
    onSaved: () => undefined,
  })

  return (
    <ActionForm
      opened={opened}
      onClose={onClose}
      title={words.title}
      form={form}
      action={change}
      toInput={(values) => ({ status: closing, reason: values.reason.trim(), notify: values.notify })}
      submitLabel={words.verb}
      danger
      onRefused={() => refresh(registration.id)}
    >
      <Textarea
        label="Reason"
        description={words.reasonHelp}
        required
        autosize
        minRows={3}
        maxLength={REASON_MAX_LENGTH}
        data-autofocus
        {...form.getInputProps('reason')}
      />
      <Checkbox label={`Email ${registration.email} the reason`} {...form.getInputProps('notify', { type: 'checkbox' })} />
    </ActionForm>
  )
}
