import { ActionIcon, Alert, Badge, Card, Group, List, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core'
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { courseRecordsQueryOptions, type CourseRow } from '../../../../../api/course-records'
import { queryKeys } from '../../../../../api/query-keys'
import { labelOf } from '../../../../../../shared/labels'
import { AnchorLink } from '../../../../-components/links'
import { errorMessage } from '../../../../-lib/server-errors'
import { useAppContext } from '../../../../-lib/use-app-context'

/** Featured courses come first in the office's list, in their order; one page of the most the order may hold finds them all. */
const FEATURED_FIRST = { page: 1, pageSize: 100 } as const

type Direction = 'up' | 'down'

function moved(ids: readonly string[], id: string, direction: Direction): string[] {
  const from = ids.indexOf(id)
  const to = direction === 'up' ? from - 1 : from + 1
  if (from < 0 || to < 0 || to >= ids.length) return [...ids]
  const next = [...ids]
  next.splice(from, 1)
  next.splice(to, 0, id)
  return next
}

/**
 * The order of the featured courses on the home page, first to last, each with Move up and Move down; every move
 * is saved at once. A refusal (someone changed which courses are featured meanwhile) says so and reloads the list.
 */
export function FeaturedOrder() {
  const { api } = useAppContext()
  const queryClient = useQueryClient()
  const rows = useQuery(courseRecordsQueryOptions(api.courseRecords, FEATURED_FIRST))
  const featured = (rows.data?.items ?? []).filter((row) => row.featured)
  const [pending, setPending] = useState<string[] | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const refocus = useRef<{ id: string; direction: Direction } | null>(null)
  const buttons = useRef(new Map<string, HTMLButtonElement>())

  // Moves made quickly follow each other; the list shows the last one until every save has answered.
  const inFlight = useRef(0)
  const save = useMutation({
    mutationFn: (ids: string[]) => api.courseRecords.orderFeatured(ids),
    onSettled: async () => {
      inFlight.current -= 1
      if (inFlight.current > 0) return
      await queryClient.invalidateQueries({ queryKey: queryKeys.courses.all })
      setPending(null)
    },
  })

  const byId = new Map(featured.map((row) => [row.id, row]))
  const shown = (pending ?? featured.map((row) => row.id)).map((id) => byId.get(id)).filter((row): row is CourseRow => row !== undefined)

  // The moved course keeps the focus: on the same button, or the other one when it reached an end.
  useEffect(() => {
    const target = refocus.current
    if (!target) return
    refocus.current = null
    const index = shown.findIndex((row) => row.id === target.id)
    const atEnd = target.direction === 'up' ? index === 0 : index === shown.length - 1
    const other: Direction = target.direction === 'up' ? 'down' : 'up'
    buttons.current.get(`${target.id}:${atEnd ? other : target.direction}`)?.focus()
  })

  const move = (row: CourseRow, direction: Direction) => {
    const next = moved(
      shown.map((item) => item.id),
      row.id,
      direction,
    )
    setPending(next)
    setAnnouncement(`${row.title} moved to place ${next.indexOf(row.id) + 1} of ${next.length}.`)
    refocus.current = { id: row.id, direction }
    save.reset()
    inFlight.current += 1
    save.mutate(next)
  }

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="featured-title" maw={720}>
      <Stack gap="sm">
        <Title order={2} size="h3" id="featured-title">
          Featured on the home page
        </Title>
        <Text size="sm">
          Published featured courses show on the home page in this order, and first on the site’s lists. Feature a course by ticking “Featured on the home page” in its form.
        </Text>
        {rows.isPending && <Skeleton h={80} />}
        {rows.isError && (
          <Alert color="red" variant="light" role="alert" title="The featured courses could not be loaded">
            {errorMessage(rows.error)}
          </Alert>
        )}
        {save.isError && (
          <Alert color="red" variant="light" role="alert" title="The order was not saved">
            {errorMessage(save.error)}
          </Alert>
        )}
        {rows.isSuccess && shown.length === 0 && <Text c="dimmed">No course is featured yet.</Text>}
        {shown.length > 0 && (
          <List type="ordered" spacing="xs" listStyleType="none" withPadding={false}>
            {shown.map((row, index) => (
              <List.Item key={row.id}>
                <Group gap="sm" wrap="nowrap" justify="space-between">
                  <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
                    <Text span fw={600} aria-hidden>
                      {index + 1}.
                    </Text>
                    <AnchorLink to="/admin/courses/$courseId" params={{ courseId: row.id }}>
                      {row.title}
                    </AnchorLink>
                    {row.status !== 'published' && (
                      <Badge variant="light" color="gray" tt="none">
                        {labelOf('CourseStatus', row.status)}: not shown
                      </Badge>
                    )}
                  </Group>
                  <Group gap={4} wrap="nowrap">
                    {(['up', 'down'] as const).map((direction) => (
                      <ActionIcon
                        key={direction}
                        ref={(element) => {
                          if (element) buttons.current.set(`${row.id}:${direction}`, element)
                          else buttons.current.delete(`${row.id}:${direction}`)
                        }}
                        variant="default"
                        size="lg"
                        aria-label={`Move ${row.title} ${direction}`}
                        title={`Move ${direction}`}
                        disabled={direction === 'up' ? index === 0 : index === shown.length - 1}
                        onClick={() => move(row, direction)}
                      >
                        {direction === 'up' ? <IconArrowUp size={18} aria-hidden /> : <IconArrowDown size={18} aria-hidden />}
                      </ActionIcon>
                    ))}
                  </Group>
                </Group>
              </List.Item>
            ))}
          </List>
        )}
        <VisuallyHidden role="status" aria-live="polite">
          {announcement}
        </VisuallyHidden>
      </Stack>
    </Card>
  )
}
