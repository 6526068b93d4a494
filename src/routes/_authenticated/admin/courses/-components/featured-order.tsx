import { Alert, Card, Group, List, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { courseRecordsQueryOptions, type CourseRow } from '@/api/course-records'
import { queryKeys } from '@/api/query-keys'
import { labelOf } from '@shared/labels'
import { StatusBadge } from '@/ui/back-office/status-badge'
import { AnchorLink } from '@/components/links'
import { errorMessage } from '@/app/server-errors'
import { useAppContext } from '@/app/use-app-context'
import { MoveButtons, useReorder } from '@/routes/_authenticated/-components/reorder'

/** Featured courses come first in the office's list, in their order; one page of the most the order may hold finds them all. */
const FEATURED_FIRST = { page: 1, pageSize: 100 } as const

/**
 * The order of the featured courses on the home page, first to last, each with Move up and Move down; every move
 * is saved at once. A refusal (someone changed which courses are featured meanwhile) says so and reloads the list.
 */
export function FeaturedOrder() {
  const { api } = useAppContext()
  const rows = useQuery(courseRecordsQueryOptions(api.courseRecords, FEATURED_FIRST))
  const featured = (rows.data?.items ?? []).filter((row) => row.featured)
  const reorder = useReorder<CourseRow>({
    items: featured,
    nameOf: (row) => row.title,
    save: (ids) => api.courseRecords.orderFeatured(ids),
    refresh: queryKeys.courses.all,
  })
  const { shown } = reorder

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
        {reorder.error && (
          <Alert color="red" variant="light" role="alert" title="The order was not saved">
            {errorMessage(reorder.error)}
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
                      <StatusBadge color="gray" variant="light">
                        {labelOf('CourseStatus', row.status)}: not shown
                      </StatusBadge>
                    )}
                  </Group>
                  <MoveButtons item={row} name={row.title} index={index} count={shown.length} reorder={reorder} />
                </Group>
              </List.Item>
            ))}
          </List>
        )}
        <VisuallyHidden role="status" aria-live="polite">
          {reorder.announcement}
        </VisuallyHidden>
      </Stack>
    </Card>
  )
}
