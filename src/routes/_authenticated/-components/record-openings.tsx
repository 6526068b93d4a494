import { Button, Card, List, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useSelector } from '@xstate/react'
import { labelOf } from '@shared/labels'
import { ApiError } from '@/api/errors'
import { recordOpeningsQueryOptions, type RecordOpening, type RecordOpeningSubject } from '@/api/record-openings'
import { LoadFailedAlert } from '@/ui/back-office/load-failed-alert'
import { formatDateTime } from '@/ui/format-date-time'
import { selectUser } from '@/machines/auth.selectors'
import { errorMessage } from '@/app/server-errors'
import { useAppContext } from '@/app/use-app-context'

const PAGE_SIZE = 20

function Entry({ opening, subjectType }: { opening: RecordOpening; subjectType: RecordOpeningSubject }) {
  // A learner's list also holds the openings of their reports and concerns: those say which they were.
  const what = opening.subjectType === subjectType ? '' : ` · ${labelOf('RecordOpeningSubject', opening.subjectType)}`
  return (
    <List.Item>
      <Text size="sm" fw={600}>
        {opening.by?.name ?? 'An account no longer here'}
      </Text>
      <Text size="sm">
        {labelOf('RecordOpeningKind', opening.kind)}
        {what}
      </Text>
      <Text size="xs" c="dimmed">
        <time dateTime={opening.at}>{formatDateTime(opening.at)}</time>
      </Text>
    </List.Item>
  )
}

/**
 * "Who opened this record": each time staff opened it (for a learner, also their lesson reports and concerns) or
 * exported everything held about it, newest first. For the designated safeguarding leads alone: it is not shown to
 * anyone else, nor when the server answers 403 (the mark was taken away since the session began).
 */
export function RecordOpenings({ subjectType, subjectId }: { subjectType: RecordOpeningSubject; subjectId: string }) {
  const { api, auth } = useAppContext()
  const lead = useSelector(auth, (snapshot) => selectUser(snapshot)?.safeguardingLead === true)
  const openings = useInfiniteQuery({
    ...recordOpeningsQueryOptions(api.recordOpenings, { subjectType, subjectId }, PAGE_SIZE),
    enabled: lead,
    retry: (count, error) => !isForbidden(error) && count < 3,
  })
  if (!lead || (openings.isError && isForbidden(openings.error))) return null
  const items = openings.data?.pages.flatMap((page) => page.items) ?? []
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="openings-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="openings-title">
          Who opened this record
        </Title>
        {openings.isPending && <Skeleton h={60} />}
        {openings.isError && <LoadFailedAlert what="Who opened this record" message={errorMessage(openings.error)} onRetry={() => void openings.refetch()} />}
        {openings.data && items.length === 0 && (
          <Text size="sm" c="dimmed">
            Nobody has opened it yet. Each time someone on the staff opens or exports it, their name and the time appear here.
          </Text>
        )}
        {items.length > 0 && (
          <List spacing="sm" listStyleType="none">
            {items.map((opening) => (
              <Entry key={opening.id} opening={opening} subjectType={subjectType} />
            ))}
          </List>
        )}
        {openings.hasNextPage && (
          <Button variant="subtle" onClick={() => void openings.fetchNextPage()} loading={openings.isFetchingNextPage}>
            Show older openings
          </Button>
        )}
      </Stack>
    </Card>
  )
}

function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403
}
