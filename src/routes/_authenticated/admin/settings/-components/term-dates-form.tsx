import { ActionIcon, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core'
import { useForm, type UseFormReturnType } from '@mantine/form'
import { IconPlus, IconTrash } from '@tabler/icons-react'
import type { UseMutationResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { LIMITS } from '@shared/contract.gen'
import { REQUIRED } from '@shared/field-rules'
import type { TermCalendar, TermPeriod } from '@/api/term-calendar'
import { RecordForm } from '@/routes/_authenticated/-components/record-form'

const NAME_MAX = LIMITS.TermPeriod.name.maxLength
const MOST = { terms: LIMITS.TermCalendar.terms.maxItems, holidays: LIMITS.TermCalendar.holidays.maxItems }

/** The calendar as the form holds it: each row a period, with a key that stays as rows come and go. */
export interface TermDatesValues {
  [field: string]: unknown
  terms: (TermPeriod & { key: string })[]
  holidays: (TermPeriod & { key: string })[]
}

let nextKey = 0
const keyed = (period: TermPeriod) => ({ ...period, key: `period-${(nextKey += 1)}` })

export const termDatesValues = (calendar: TermCalendar): TermDatesValues => ({ terms: calendar.terms.map(keyed), holidays: calendar.holidays.map(keyed) })

export const toTermCalendar = (values: TermDatesValues): TermCalendar => ({
  terms: values.terms.map(({ name, startsOn, endsOn }) => ({ name: name.trim(), startsOn, endsOn })),
  holidays: values.holidays.map(({ name, startsOn, endsOn }) => ({ name: name.trim(), startsOn, endsOn })),
})

/** Each row's own checks; the server checks them again and also refuses overlaps, naming the row. */
function periodErrors(values: TermDatesValues): Record<string, string> {
  const found: Record<string, string> = {}
  for (const kind of ['terms', 'holidays'] as const) {
    values[kind].forEach((period, index) => {
      if (period.name.trim() === '') found[`${kind}.${index}.name`] = REQUIRED.enter(kind === 'terms' ? 'the term’s name' : 'the holiday’s name')
      if (period.startsOn === '') found[`${kind}.${index}.startsOn`] = REQUIRED.choose('the first day')
      if (period.endsOn === '') found[`${kind}.${index}.endsOn`] = REQUIRED.choose('the last day')
      else if (period.startsOn !== '' && period.endsOn < period.startsOn) found[`${kind}.${index}.endsOn`] = 'The last day cannot come before the first.'
    })
  }
  return found
}

export function useTermDatesForm(initial: TermDatesValues): UseFormReturnType<TermDatesValues> {
  return useForm<TermDatesValues>({ mode: 'controlled', initialValues: initial, validate: periodErrors })
}

/** The rows of one kind (terms or holidays): name, first and last day, and a way to remove each or add one. */
function Periods({ form, kind, title, hint, noun }: { form: UseFormReturnType<TermDatesValues>; kind: 'terms' | 'holidays'; title: string; hint: string; noun: string }) {
  const rows = form.values[kind]
  return (
    <Stack gap="sm" component="section" aria-labelledby={`${kind}-title`}>
      <Stack gap={2}>
        <Title order={2} size="h4" id={`${kind}-title`}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      </Stack>
      {rows.length === 0 && <Text size="sm">No {noun}s yet. Add one below.</Text>}
      {rows.map((row, index) => (
        <Card key={row.key} withBorder padding="sm" component="fieldset" aria-label={row.name.trim() === '' ? `${noun} ${index + 1}` : row.name} m={0}>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput label="Name" required maxLength={NAME_MAX} style={{ flex: '2 1 12rem' }} {...form.getInputProps(`${kind}.${index}.name`)} />
            <TextInput label="First day" type="date" required style={{ flex: '1 1 9rem' }} {...form.getInputProps(`${kind}.${index}.startsOn`)} />
            <TextInput label="Last day" type="date" required style={{ flex: '1 1 9rem' }} {...form.getInputProps(`${kind}.${index}.endsOn`)} />
            <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Remove ${row.name.trim() === '' ? `${noun} ${index + 1}` : row.name}`} onClick={() => form.removeListItem(kind, index)}>
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        </Card>
      ))}
      <Group>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={rows.length >= MOST[kind]}
          onClick={() => form.insertListItem(kind, keyed({ name: '', startsOn: '', endsOn: '' }))}
        >
          Add a {noun}
        </Button>
      </Group>
    </Stack>
  )
}

/** The office's terms and holidays, edited together and saved at once. */
export function TermDatesForm({
  form,
  save,
  cancel,
  onReload,
}: {
  form: UseFormReturnType<TermDatesValues>
  save: UseMutationResult<unknown, Error, TermCalendar>
  cancel: ReactNode
  onReload: () => Promise<void>
}) {
  return (
    <RecordForm form={form} save={save} toInput={toTermCalendar} submitLabel="Save the term dates" cancel={cancel} onReload={onReload}>
      <Periods form={form} kind="terms" title="Terms" hint="The school year’s terms, for planning and the terms’ summaries." noun="term" />
      <Periods
        form={form}
        kind="holidays"
        title="Holidays"
        hint="Half terms, the breaks between terms and training days: weekly lessons planned from now on leave these days out."
        noun="holiday"
      />
    </RecordForm>
  )
}
