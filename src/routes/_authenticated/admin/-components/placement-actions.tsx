import { Button, Select, Text, Textarea, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconArrowsExchange, IconCircleX } from '@tabler/icons-react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { LIMITS } from '@shared/contract.gen'
import { isoDay } from '@shared/dates'
import { PLACEMENT_FAMILIES, suggestionsQueryOptions, type Placement, type PlacementEnd, type PlacementMove } from '@/api/placements'
import { queryKeys } from '@/api/query-keys'
import { useAppContext } from '@/app/use-app-context'
import { ActionForm } from '@/routes/_authenticated/-components/action-form'
import { useSaveRecord } from '@/routes/_authenticated/-components/record-form'

// The office's own day, not UTC's, which around their midnight can be a day off: the default date is the day they see.
const today = () => isoDay(new Date())
const REASON_MAX = LIMITS.PlacementEnd.reason.maxLength

/** After a refusal, the placements (and so this one's version and status) are fetched again. */
function useRefetchPlacements() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.placements.all })
}

function usePlacementWrite<Input>(save: (input: Input) => Promise<Placement>, success: string) {
  return useSaveRecord({
    save,
    detailKey: (saved) => [...queryKeys.placements.all, 'detail', saved.id],
    refetch: PLACEMENT_FAMILIES,
    success,
    onSaved: () => undefined,
  })
}

/** Ending a placement: the reason (kept in the history) and the last day. */
export function EndPlacement({ placement }: { placement: Placement }) {
  const { api } = useAppContext()
  const [opened, setOpened] = useState(false)
  const form = useForm({
    mode: 'controlled',
    // Called off before its first lesson, a placement has no last day to give: it ends today.
    initialValues: { reason: '', endedOn: today() < placement.startsOn ? '' : today() },
    validate: {
      reason: (value) => (value.trim() === '' ? 'Say why, for the history.' : null),
      endedOn: (value) => (value !== '' && value < placement.startsOn ? 'The end date cannot come before the placement started.' : null),
    },
  })
  const action = usePlacementWrite((input: PlacementEnd) => api.placements.end(placement.id, placement.version, input), 'The placement has ended')
  const refetch = useRefetchPlacements()
  const what = `${placement.student.name}'s ${placement.subject} with ${placement.tutor.name}`
  return (
    <>
      <Button size="xs" variant="outline" color="red" leftSection={<IconCircleX size={14} aria-hidden />} onClick={() => setOpened(true)} aria-label={`End ${what}`}>
        End
      </Button>
      <ActionForm
        opened={opened}
        onClose={() => setOpened(false)}
        title={`End ${what}?`}
        form={form}
        action={action}
        toInput={(values): PlacementEnd => ({ reason: values.reason.trim(), ...(values.endedOn === '' ? {} : { endedOn: values.endedOn }) })}
        submitLabel="End the placement"
        danger
        onRefused={refetch}
      >
        <Text>
          Its lessons from the end date on are cancelled, and the tutor and the learner&apos;s contact are told by mail. The learner keeps their status:
          change it on their page if they have finished.
        </Text>
        <Textarea label="Reason" required description="Kept in the history." autosize minRows={2} maxLength={REASON_MAX} {...form.getInputProps('reason')} />
        <TextInput label="End date" description="Lessons on this day and after are cancelled. Today when left empty." type="date" min={placement.startsOn} {...form.getInputProps('endedOn')} />
      </ActionForm>
    </>
  )
}

/** Moving a placement to another tutor, chosen from the suggestions for its subject and way of teaching. */
export function MovePlacement({ placement }: { placement: Placement }) {
  const { api } = useAppContext()
  const [opened, setOpened] = useState(false)
  const suggestions = useQuery({
    ...suggestionsQueryOptions(api.placements, placement.student.id, { subject: placement.subject, mode: placement.mode }),
    enabled: opened,
  })
  const form = useForm({
    mode: 'controlled',
    initialValues: { tutorId: '', reason: '', startsOn: today() },
    validate: {
      tutorId: (value) => (value === '' ? 'Choose the new tutor.' : null),
      reason: (value) => (value.trim() === '' ? 'Say why, for the history.' : null),
    },
  })
  const action = usePlacementWrite((input: PlacementMove) => api.placements.move(placement.id, placement.version, input), 'The placement has moved')
  const refetch = useRefetchPlacements()
  const options = (suggestions.data?.items ?? [])
    .filter((item) => item.tutor.id !== placement.tutor.id)
    .map((item) => ({ value: item.tutor.id, label: `${item.tutor.name} (fit ${item.score}/100)` }))
  const what = `${placement.student.name}'s ${placement.subject}`
  return (
    <>
      <Button size="xs" variant="light" leftSection={<IconArrowsExchange size={14} aria-hidden />} onClick={() => setOpened(true)} aria-label={`Move ${what} to another tutor`}>
        Move
      </Button>
      <ActionForm
        opened={opened}
        onClose={() => setOpened(false)}
        title={`Move ${what} to another tutor`}
        form={form}
        action={action}
        toInput={(values): PlacementMove => ({ tutorId: values.tutorId, reason: values.reason.trim(), ...(values.startsOn === '' ? {} : { startsOn: values.startsOn }) })}
        submitLabel="Move the placement"
        onRefused={refetch}
      >
        <Text>
          The placement with {placement.tutor.name} ends as moved and a new one starts with the same subject and rhythm. Both tutors and the learner’s contact are told by mail.
        </Text>
        <Select
          label="New tutor"
          required
          searchable
          data={options}
          placeholder={suggestions.isPending ? 'Loading the suggestions…' : 'Choose a tutor'}
          nothingFoundMessage={suggestions.isPending ? 'Loading…' : 'No other tutor can be offered'}
          {...form.getInputProps('tutorId')}
        />
        <Textarea label="Reason" required description="Kept in the history." autosize minRows={2} maxLength={REASON_MAX} {...form.getInputProps('reason')} />
        <TextInput label="New tutor’s first day" type="date" {...form.getInputProps('startsOn')} />
      </ActionForm>
    </>
  )
}
