import { List, Paper, Stack, Text, Title } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import type { RetentionCounts, RetentionRun } from '@/api/retention'
import { retentionRunsQueryOptions } from '@/api/retention'
import { formatDateTime } from '@/ui/format-date-time'
import { useAppContext } from '@/app/use-app-context'
import { RETENTION_COUNT_WORDS } from './retention-words'

function countsText(removed: RetentionCounts): string[] {
  return (Object.keys(RETENTION_COUNT_WORDS) as (keyof RetentionCounts)[])
    .filter((kind) => removed[kind] > 0)
    .map((kind) => {
      const [one, many] = RETENTION_COUNT_WORDS[kind]
      return `${removed[kind]} ${removed[kind] === 1 ? one : many}`
    })
}

function RunItem({ run }: { run: RetentionRun }) {
  const counts = countsText(run.removed)
  return (
    <Paper component="li" withBorder p="sm" radius="md">
      <Text fw={600}>
        <time dateTime={run.startedAt}>{formatDateTime(run.startedAt)}</time>
      </Text>
      {counts.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing had reached the end of its time.
        </Text>
      ) : (
        <List size="sm" spacing={2}>
          {counts.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      )}
    </Paper>
  )
}

/** The latest daily runs, newest first, each with how many records of each kind it removed (never whose). */
export function RetentionRuns() {
  const { api } = useAppContext()
  const { data } = useSuspenseQuery(retentionRunsQueryOptions(api.retention))
  return (
    <Stack gap="sm" component="section" aria-labelledby="retention-runs">
      <Title order={2} size="h3" id="retention-runs">
        Latest runs
      </Title>
      {data.items.length === 0 ? (
        <Text>
          No run yet. The server applies these periods once a day, starting a few minutes after it is first started; each run will show here with
          what it removed.
        </Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {data.items.map((run) => (
            <RunItem key={run.id} run={run} />
          ))}
        </Stack>
      )}
    </Stack>
  )
}
