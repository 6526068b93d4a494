import { Container, Group, Pagination, Select, Stack, Text, Title } from '@mantine/core'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { ENUMS } from '../../../../../shared/contract.gen'
import { labelOf } from '../../../../../shared/labels'
import { myLessonsQueryOptions, tutorOverviewQueryOptions, type MyLessonQuery } from '../../../../api/lessons'
import { ArticleSkeleton } from '../../../../ui/content-skeleton'
import { useAppContext } from '../../../-lib/use-app-context'
import { LessonList } from '../-components/lesson-list'

type Status = NonNullable<MyLessonQuery['status']>
const SENT: Status[] = ['submitted', 'returned', 'resubmitted', 'approved', 'cancelled', 'missed']
const PAGE_SIZE = 20

export const Route = createFileRoute('/_authenticated/tutor/reports/')({
  staticData: { title: 'Reports' },
  validateSearch: (search: Record<string, unknown>): { status?: Status; page?: number } => ({
    ...(typeof search.status === 'string' && (ENUMS.LessonStatus as readonly string[]).includes(search.status) ? { status: search.status as Status } : {}),
    ...(typeof search.page === 'number' && Number.isInteger(search.page) && search.page > 1 ? { page: search.page } : {}),
  }),
  loader: ({ context: { queryClient, api } }) => queryClient.ensureQueryData(tutorOverviewQueryOptions(api.lessons)),
  pendingComponent: ArticleSkeleton,
  component: TutorReportsPage,
})

/** Reports to write first, then every lesson that has happened, newest first, by status. */
function TutorReportsPage() {
  const { api } = useAppContext()
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const { data: overview } = useSuspenseQuery(tutorOverviewQueryOptions(api.lessons))
  const query: MyLessonQuery = { ...(search.status ? { status: search.status } : {}), page: search.page ?? 1, pageSize: PAGE_SIZE }
  const past = useQuery(myLessonsQueryOptions(api.lessons, query))
  const items = (past.data?.items ?? []).filter((lesson) => search.status !== undefined || lesson.status !== 'planned')
  return (
    <Container py="xl" px={0}>
      <Stack gap="xl">
        <Stack gap={4}>
          <Title order={1}>Reports</Title>
          <Text>Write a report after each lesson, within 48 hours. Families and schools read the progress part once the office approves it.</Text>
        </Stack>
        <Stack gap="sm" component="section" aria-labelledby="write-title">
          <Title order={2} id="write-title">
            To write
          </Title>
          <LessonList
            lessons={[...overview.returned, ...overview.awaitingReport]}
            label="Reports to write"
            empty="Every lesson that has happened has its report. New ones appear here when a lesson ends."
          />
        </Stack>
        <Stack gap="sm" component="section" aria-labelledby="all-title">
          <Group justify="space-between" align="flex-end" gap="sm">
            <Title order={2} id="all-title">
              All lessons
            </Title>
            <Select
              label="Status"
              w={220}
              clearable
              placeholder="Any status"
              data={[...SENT, 'awaiting_report', 'planned'].map((status) => ({ value: status, label: labelOf('LessonStatus', status as Status) }))}
              value={search.status ?? null}
              onChange={(value) => void navigate({ search: { ...(value ? { status: value as Status } : {}) } })}
            />
          </Group>
          {past.isPending ? (
            <Text size="sm">Loading your lessons…</Text>
          ) : (
            <LessonList lessons={items} label="Your lessons" empty="No lessons with this status. Choose another status, or plan lessons from a learner’s page." />
          )}
          {past.data && past.data.total > PAGE_SIZE && (
            <nav aria-label="Pages of your lessons">
              <Pagination
                total={Math.ceil(past.data.total / PAGE_SIZE)}
                value={search.page ?? 1}
                onChange={(page) => void navigate({ search: (prev) => ({ ...prev, ...(page > 1 ? { page } : { page: undefined }) }) })}
              />
            </nav>
          )}
        </Stack>
      </Stack>
    </Container>
  )
}
