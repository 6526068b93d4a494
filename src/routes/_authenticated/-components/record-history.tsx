import { Button, Card, List, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useInfiniteQuery } from '@tanstack/react-query'
import { historyPagesQueryOptions, type HistoryEntry, type HistorySubject } from '@/api/history'
import type { components } from '@/api/schema.gen'
import { labelOf } from '@shared/labels'
import { formatDateTime } from '@/ui/format-date-time'
import { errorMessage } from '@/app/server-errors'
import { useAppContext } from '@/app/use-app-context'
import { LoadFailedAlert } from '@/ui/back-office/load-failed-alert'

type HistoryValue = components['schemas']['HistoryValue']

/** How a record's page names its fields and shows their values in the history. */
export interface HistoryWords {
  /** The form's label for a field, by its dotted name without list positions (`contacts.phone`). */
  fields: Record<string, string>
  /** A value in words (an enum's label), where the raw value would not read well. */
  value?: (field: string, value: string) => string | undefined
  /** Fields whose values say nothing at a glance (an image's id): a change to one is named, not shown. */
  unshown?: readonly string[]
}

const PAGE_SIZE = 20

function valueText(words: HistoryWords, field: string, value: HistoryValue | undefined): string {
  if (value === undefined || value === null || value === '') return 'nothing'
  const one = (item: string) => words.value?.(field, item) ?? item
  if (Array.isArray(value)) return value.length === 0 ? 'nothing' : value.map(one).join(', ')
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  return one(String(value))
}

function fieldText(words: HistoryWords, field: string): string {
  const position = /\.(\d+)\./.exec(field)?.[1]
  const general = field.replace(/\.\d+(?=\.|$)/g, '')
  const label = words.fields[general] ?? words.fields[field] ?? general
  return position === undefined ? label : `${label} (${Number(position) + 1})`
}

function Entry({ entry, words }: { entry: HistoryEntry; words: HistoryWords }) {
  return (
    <List.Item>
      <Text size="sm" fw={600}>
        {labelOf('HistoryAction', entry.action)} by {entry.actor?.name ?? 'the system'}
        {entry.note ? ` (from ${entry.note})` : ''}
      </Text>
      <Text size="xs" c="dimmed">
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
      </Text>
      {entry.detail && <Text size="sm">{entry.detail}</Text>}
      {entry.changes.length > 0 && (
        <List size="sm" withPadding mt={4}>
          {entry.changes.map((change) => (
            <List.Item key={change.field}>
              {/* A change kept without its values (a long rich text), or whose values say nothing, is named, not shown. */}
              {(!('from' in change) && !('to' in change)) || words.unshown?.includes(change.field)
                ? `${fieldText(words, change.field)} changed`
                : `${fieldText(words, change.field)}: ${valueText(words, change.field, change.from)} → ${valueText(words, change.field, change.to)}`}
            </List.Item>
          ))}
        </List>
      )}
    </List.Item>
  )
}

/** A record's history beside it: who changed what and when, newest first, twenty at a time. */
export function RecordHistory({ subjectType, subjectId, words }: { subjectType: HistorySubject; subjectId: string; words: HistoryWords }) {
  const { api } = useAppContext()
  const history = useInfiniteQuery(historyPagesQueryOptions(api.history, { subjectType, subjectId }, PAGE_SIZE))
  // A change made while the pages are read moves every entry down one: the entry then met twice is shown once.
  const entries = [...new Map((history.data?.pages.flatMap((page) => page.items) ?? []).map((entry) => [entry.id, entry])).values()]
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="history-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="history-title">
          History
        </Title>
        {history.isPending && <Skeleton h={60} />}
        {history.isError && (
          <LoadFailedAlert what="The history" message={errorMessage(history.error)} onRetry={() => void history.refetch()} />
        )}
        {history.data && (
          <List spacing="sm" listStyleType="none">
            {entries.map((entry) => (
              <Entry key={entry.id} entry={entry} words={words} />
            ))}
          </List>
        )}
        {history.hasNextPage && (
          <Button variant="subtle" onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage}>
            Show older changes
          </Button>
        )}
      </Stack>
    </Card>
  )
}
