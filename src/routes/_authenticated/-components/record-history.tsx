import { Button, Card, List, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useInfiniteQuery } from '@tanstack/react-query'
import { historyPagesQueryOptions, type HistoryEntry, type HistorySubject } from '@/api/history'
import { labelOf } from '@shared/labels'
import { formatDateTime } from '@/ui/format-date-time'
import { errorMessage } from '@/app/server-errors'
import { useAppContext } from '@/app/use-app-context'
import { LoadFailedAlert } from '@/ui/back-office/load-failed-alert'
import { changeText, wordsForEntry, type HistoryWords } from './history-words'

const PAGE_SIZE = 20

function Entry({ entry, subjectType, words }: { entry: HistoryEntry; subjectType: HistorySubject; words: HistoryWords }) {
  const entryWords = wordsForEntry(entry.action, subjectType, words)
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
            <List.Item key={change.field}>{changeText(entryWords, change)}</List.Item>
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
              <Entry key={entry.id} entry={entry} subjectType={subjectType} words={words} />
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
