import { Container, Group, Select, Stack, Text, Title } from '@mantine/core'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { ENUMS } from '@shared/contract.gen'
import { labelOf } from '@shared/labels'
import { myLessonsQueryOptions, tutorOverviewQueryOptions, type MyLessonQuery } from '@/api/lessons'
import { ListPagination } from '@/ui/back-office/list-pagination'
import { ArticleSkeleton } from '@/ui/content-skeleton'
import { useAppContext } from '@/app/use-app-context'
import { LessonList } from '@/routes/_authenticated/tutor/-components/lesson-list'

type Status = NonNullable<MyLessonQuery['status']>
const SENT: Status[] = ['submitted', 'returned', 'resubmitted', 'approved', 'cancelled', 'missed']
const PAGE_SIZE = 20
const PAGE_SIZES = [20, 50, 100] as const

export const Route = createFileRoute('/_authenticated/tutor/reports/')({
  staticData: { title: 'Reports' },
  validateSearch: (search: Record<string, unknown>): { status?: Status; page?: number; pageSize?: number } => ({
    ...(typeof search.status === 'string' && (ENUMS.LessonStatus as readonly string[]).includes(search.status) ? { status: search.status as Status } : {}),
    ...(typeof search.page === 'number' && Number.isInteger(search.page) && search.page > 1 ? { page: search.page } : {}),
    ...(typeof search.pageSize === 'number' && (PAGE_SIZES as readonly number[]).includes(search.pageSize) ? { pageSize: search.pageSize } : {}),
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
  const pageSize = search.pageSize ?? PAGE_SIZE
  const query: MyLessonQuery = { ...(search.status ? { status: search.status } : {}), page: search.page ?? 1, pageSize }
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
            <ListPagination
              label="Pages of your lessons"
              page={search.page ?? 1}
              pageSize={pageSize}
              total={past.data.total}
              pageSizes={PAGE_SIZES}
              onPageChange={(page) => void navigate({ search: (prev) => ({ ...prev, page: page > 1 ? page : undefined }) })}
              onPageSizeChange={(size) => void navigate({ search: (prev) => ({ ...prev, page: undefined, pageSize: size === PAGE_SIZE ? undefined : size }) })}
            />
          )}
        </Stack>
      </Stack>
    </Container>
  )
}
