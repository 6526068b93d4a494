import { Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useId, type ReactNode } from 'react'
import { labelOf } from '@shared/labels'
import { placementsQueryOptions, type Placement, type PlacementListQuery } from '@/api/placements'
import { StatusBadge } from '@/ui/back-office/status-badge'
import { TableScroller } from '@/ui/back-office/table-scroller'
import { formatDate } from '@/ui/format-date-time'
import { AnchorLink } from '@/components/links'
import { useAppContext } from '@/app/use-app-context'
import { EndPlacement, MovePlacement } from './placement-actions'
import { LoadFailedAlert } from '@/ui/back-office/load-failed-alert'

/** How many placements a card shows, current ones first; the API's largest page. */
const SHOWN = 100

/** Which side of a placement a page names: a learner's page names the tutors, a tutor's the learners, a school's both. */
type Names = 'tutor' | 'student' | 'both'

function When({ placement }: { placement: Placement }) {
  return (
    <>
      <time dateTime={placement.startsOn}>{formatDate(placement.startsOn)}</time>
      {placement.endedOn && (
        <>
          {' to '}
          <time dateTime={placement.endedOn}>{formatDate(placement.endedOn)}</time>
        </>
      )}
    </>
  )
}

function Status({ placement }: { placement: Placement }) {
  return (
    <Stack gap={2}>
      <StatusBadge of="PlacementStatus" value={placement.status} />
      {placement.movedTo && <Text size="xs">To {placement.movedTo.name}</Text>}
      {placement.movedFrom && <Text size="xs">From {placement.movedFrom.name}</Text>}
      {placement.endReason && (
        <Text size="xs" c="dimmed">
          {placement.endReason}
        </Text>
      )}
    </Stack>
  )
}

/**
 * A record's placements (a learner's, a tutor's or a school's learners'), current first, with End and Move on the
 * current ones when `actions` is set. Empty, it says what to do next.
 */
export function PlacementsCard({
  title,
  query,
  names,
  actions = false,
  empty,
  headerAction,
}: {
  title: string
  query: Omit<PlacementListQuery, 'page' | 'pageSize'>
  names: Names
  actions?: boolean
  empty: ReactNode
  headerAction?: ReactNode
}) {
  const { api } = useAppContext()
  const titleId = useId()
  const placements = useQuery(placementsQueryOptions(api.placements, { ...query, page: 1, pageSize: SHOWN }))
  const rows = placements.data?.items
  const total = placements.data?.total ?? 0
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h3" id={titleId}>
            {title}
          </Title>
          {headerAction}
        </Group>
        {placements.isError ? (
          <LoadFailedAlert what="The placements" message={placements.error.message} onRetry={() => void placements.refetch()} />
        ) : rows === undefined ? (
          <Skeleton height={72} />
        ) : rows.length === 0 ? (
          <Text size="sm">{empty}</Text>
        ) : (
          <TableScroller label={title} minWidth={560}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  {names !== 'tutor' && <Table.Th scope="col">Learner</Table.Th>}
                  {names !== 'student' && <Table.Th scope="col">Tutor</Table.Th>}
                  <Table.Th scope="col">Subject</Table.Th>
                  <Table.Th scope="col">Lessons</Table.Th>
                  <Table.Th scope="col">Dates</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  {actions && <Table.Th scope="col">Actions</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((placement) => (
                  <Table.Tr key={placement.id}>
                    {names !== 'tutor' && (
                      <Table.Td>
                        <AnchorLink to="/admin/students/$studentId" params={{ studentId: placement.student.id }}>
                          {placement.student.name}
                        </AnchorLink>
                      </Table.Td>
                    )}
                    {names !== 'student' && (
                      <Table.Td>
                        <AnchorLink to="/admin/tutors/$tutorId" params={{ tutorId: placement.tutor.id }}>
                          {placement.tutor.name}
                        </AnchorLink>
                      </Table.Td>
                    )}
                    <Table.Td>
                      {placement.course ? `${placement.course.title} (${placement.subject})` : placement.subject}
                    </Table.Td>
                    <Table.Td>
                      {labelOf('DeliveryMode', placement.mode, 'staff')}, {labelOf('LessonFrequency', placement.frequency, 'staff').toLowerCase()}
                      {placement.lessonCount !== undefined && <Text size="xs">{placement.lessonCount} lessons expected</Text>}
                    </Table.Td>
                    <Table.Td>
                      <When placement={placement} />
                    </Table.Td>
                    <Table.Td>
                      <Status placement={placement} />
                    </Table.Td>
                    {actions && (
                      <Table.Td>
                        {placement.status === 'active' && (
                          <Group gap="xs" wrap="nowrap">
                            <MovePlacement placement={placement} />
                            <EndPlacement placement={placement} />
                          </Group>
                        )}
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroller>
        )}
        {rows !== undefined && total > rows.length && (
          <Text size="sm" c="dimmed">
            Showing the {rows.length} most recent of {total} placements, current ones first.
          </Text>
        )}
      </Stack>
    </Card>
  )
}
