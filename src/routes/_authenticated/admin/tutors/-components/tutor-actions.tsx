import { Button, Checkbox, Grid, Select, Text, Textarea, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconPlayerPause, IconPlayerPlay, IconShieldCheck, IconUserOff } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { LIMITS } from '@shared/contract.gen'
import { isoDay } from '@shared/dates'
import { queryKeys } from '@/api/query-keys'
import type { SafeguardingCheckInput, TutorRecord, TutorStatusChange } from '@/api/tutors'
import { optionsOf } from '@shared/labels'
import { useAppContext } from '@/app/use-app-context'
import { ActionForm } from '@/routes/_authenticated/-components/action-form'
import { useSaveRecord } from '@/routes/_authenticated/-components/record-form'
import { CHECK_LIMITS } from './tutor-words'

type Move = TutorStatusChange['status']

const MOVES: Record<Move, { button: string; title: (name: string) => string; explain: string; submit: string; done: string; danger: boolean }> = {
  paused: {
    button: 'Pause',
    title: (name) => `Pause ${name}?`,
    explain: 'A paused tutor keeps their learners and can still sign in, but is not offered for new placements until made active again.',
    submit: 'Pause the tutor',
    done: 'The tutor is paused',
    danger: false,
  },
  left: {
    button: 'Mark as left',
    title: (name) => `Mark ${name} as left?`,
    explain:
      'They are signed out everywhere at once and cannot sign in or reset their password. Their profile, checks and history stay. You can make them active again later. Move or end their current placements first.',
    submit: 'Mark as left',
    done: 'The tutor is marked as left',
    danger: true,
  },
  active: {
    button: 'Make active again',
    title: (name) => `Make ${name} active again?`,
    explain: 'They can sign in with their password again (or use "Forgot your password?") and can be offered for new placements.',
    submit: 'Make active',
    done: 'The tutor is active again',
    danger: false,
  },
}

const ICONS = { paused: IconPlayerPause, left: IconUserOff, active: IconPlayerPlay } as const

/** The moves open to a tutor in this status: an invited tutor becomes active only by choosing a password. */
function movesFrom(status: TutorRecord['status']): Move[] {
  switch (status) {
    case 'invited':
      return ['paused', 'left']
    case 'active':
      return ['paused', 'left']
    case 'paused':
      return ['active', 'left']
    case 'left':
      return ['active']
  }
}

/** Refetches the tutor after a refusal, so the page shows what is true now. */
function useRefetchTutor(tutorId: string) {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.tutors.detail(tutorId) })
}

function StatusMove({ tutor, move }: { tutor: TutorRecord; move: Move }) {
  const { api } = useAppContext()
  const [opened, setOpened] = useState(false)
  const words = MOVES[move]
  const Icon = ICONS[move]
  const form = useForm({ mode: 'controlled', initialValues: { reason: '' } })
  const refetch = useRefetchTutor(tutor.id)
  const action = useSaveRecord({
    save: (input: TutorStatusChange) => api.tutors.changeStatus(tutor.id, tutor.version, input),
    detailKey: (saved) => queryKeys.tutors.detail(saved.id),
    refetch: [queryKeys.tutors.all],
    success: words.done,
    onSaved: () => undefined,
  })
  return (
    <>
      <Button variant={words.danger ? 'outline' : 'light'} color={words.danger ? 'red' : undefined} leftSection={<Icon size={16} aria-hidden />} onClick={() => setOpened(true)}>
        {words.button}
      </Button>
      <ActionForm
        opened={opened}
        onClose={() => setOpened(false)}
        title={words.title(tutor.fields.name)}
        form={form}
        action={action}
        toInput={(values) => ({ status: move, ...(values.reason.trim() === '' ? {} : { reason: values.reason.trim() }) })}
        submitLabel={words.submit}
        danger={words.danger}
        onRefused={refetch}
      >
        <Text>{words.explain}</Text>
        <Textarea label="Reason (optional)" description="Kept in the tutor’s history." autosize minRows={2} maxLength={LIMITS.TutorStatusChange.reason.maxLength} {...form.getInputProps('reason')} />
      </ActionForm>
    </>
  )
}

/** Pause, mark as left or make active again, each after a dialog that says what it does. */
export function TutorStatusActions({ tutor }: { tutor: TutorRecord }) {
  return (
    <>
      {movesFrom(tutor.status).map((move) => (
        <StatusMove key={move} tutor={tutor} move={move} />
      ))}
    </>
  )
}

// The office's own day, not UTC's, which around their midnight can be a day off: a check issued today is never 'in the future'.
const today = () => isoDay(new Date())

/** Recording a safeguarding check the office has seen: its type, certificate number and dates. */
export function RecordCheck({ tutor }: { tutor: TutorRecord }) {
  const { api } = useAppContext()
  const [opened, setOpened] = useState(false)
  const form = useForm({
    mode: 'controlled',
    initialValues: { type: 'enhanced_barred' as SafeguardingCheckInput['type'], reference: '', issuedOn: '', expiresOn: '', onUpdateService: false },
    validate: {
      reference: (value) => (value.trim() === '' ? 'Enter the certificate number.' : null),
      issuedOn: (value) => (value === '' ? 'Enter the date the check was issued.' : value > today() ? 'The issue date cannot be in the future.' : null),
      expiresOn: (value, values) => (value !== '' && value <= values.issuedOn ? 'The renewal date must come after the date the check was issued.' : null),
    },
  })
  const action = useSaveRecord({
    save: (input: SafeguardingCheckInput) => api.tutors.recordCheck(tutor.id, input),
    detailKey: (saved) => queryKeys.tutors.detail(saved.id),
    refetch: [queryKeys.tutors.all],
    success: 'The check has been recorded',
    onSaved: () => undefined,
  })
  return (
    <>
      <Button variant="light" leftSection={<IconShieldCheck size={16} aria-hidden />} onClick={() => setOpened(true)}>
        Record a check
      </Button>
      <ActionForm
        opened={opened}
        onClose={() => setOpened(false)}
        title={`Record a safeguarding check for ${tutor.fields.name}`}
        form={form}
        action={action}
        toInput={(values): SafeguardingCheckInput => ({
          type: values.type,
          reference: values.reference.trim(),
          issuedOn: values.issuedOn,
          ...(values.expiresOn === '' ? {} : { expiresOn: values.expiresOn }),
          onUpdateService: values.onUpdateService,
        })}
        submitLabel="Record the check"
      >
        <Text>Record a certificate you have seen. The newest check decides whether the tutor can be offered for placements; one that needs renewing within 60 days is flagged.</Text>
        <Select label="Type of check" required allowDeselect={false} data={optionsOf('SafeguardingCheckType')} {...form.getInputProps('type')} />
        <TextInput label="Certificate number" required autoComplete="off" maxLength={CHECK_LIMITS.reference.maxLength} {...form.getInputProps('reference')} />
        <Grid gap="md">
          <Grid.Col span={{ base: 24, sm: 12 }}>
            <TextInput label="Issued on" type="date" required max={today()} {...form.getInputProps('issuedOn')} />
          </Grid.Col>
          <Grid.Col span={{ base: 24, sm: 12 }}>
            <TextInput label="Renew by" description="When the office wants it checked again." type="date" {...form.getInputProps('expiresOn')} />
          </Grid.Col>
        </Grid>
        <Checkbox label="On the DBS Update Service" {...form.getInputProps('onUpdateService', { type: 'checkbox' })} />
      </ActionForm>
    </>
  )
}
