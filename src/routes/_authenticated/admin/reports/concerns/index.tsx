import { Stack, Text } from '@mantine/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { labelOf, optionsOf } from '@shared/labels'
import { concernsQueryOptions, type SafeguardingConcern } from '@/api/safeguarding-concerns'
import type { DataColumn } from '@/ui/back-office/data-table'
import { ChipFilter, SelectFilter } from '@/ui/back-office/filter-bar'
import { StatusBadge } from '@/ui/back-office/status-badge'
import { formatDate, formatDateTime } from '@/ui/format-date-time'
import { AnchorLink } from '@/components/links'
import { useAppContext } from '@/app/use-app-context'
import { ListPage, useListSearch } from '@/routes/_authenticated/-components/list-page'
import { SeverityBadge } from '@/routes/_authenticated/admin/reports/-components/concern-badges'
import { ConcernsLeadsOnly, isSafeguardingLead, useIsSafeguardingLead } from '@/routes/_authenticated/admin/-components/concern-leads-only'
import { concernApiQuery, concernListSpec, concernStatus, validateConcernSearch } from '@/routes/_authenticated/admin/reports/-components/concern-words'

export const Route = createFileRoute('/_authenticated/admin/reports/concerns/')({
  staticData: { title: 'Safeguarding concerns' },
  validateSearch: validateConcernSearch,
  loaderDeps: ({ search }) => concernApiQuery(search),
  loader: ({ context: { queryClient, api, auth }, deps }) => {
    // Another admin is told why there is nothing here, not answered with an error (the server refuses them).
    if (isSafeguardingLead(auth)) void queryClient.prefetchQuery(concernsQueryOptions(api.safeguardingConcerns, deps))
  },
  component: ConcernsRoute,
})

const columns: DataColumn<SafeguardingConcern, never>[] = [
  {
    key: 'raised',
    header: 'Raised',
    cell: (concern) => (
      <Text size="xs" c="dimmed" hiddenFrom="sm">
        {concern.learner?.name ?? 'No learner named'} · {concern.tutor.name}
      </Text>
    ),
  },
  { key: 'severity', header: 'Severity', cell: (concern) => <SeverityBadge severity={concern.severity} /> },
  { key: 'learner', header: 'Learner', visibleFrom: 'sm', cell: (concern) => concern.learner?.name ?? 'Not named' },
  { key: 'tutor', header: 'Tutor', visibleFrom: 'sm', cell: (concern) => concern.tutor.name },
  {
    key: 'lesson',
    header: 'Lesson',
    visibleFrom: 'md',
    cell: (concern) => (
      <Stack gap={0}>
        <Text size="sm">{concern.lesson.subject}</Text>
        <Text size="xs" c="dimmed">
          <time dateTime={concern.lesson.date}>{formatDate(concern.lesson.date)}</time>
        </Text>
      </Stack>
    ),
  },
  { key: 'status', header: 'Status', cell: (concern) => <StatusBadge of="ConcernStatus" value={concern.status} /> },
]

const EMPTY = {
  to_act_on: {
    title: 'No concerns to act on',
    description: 'Nothing waits for the office. Concerns appear here, most severe first, as soon as a tutor raises one in a lesson report, and stay until they are closed.',
  },
  open: { title: 'No open concerns', description: 'Concerns a tutor raised that nobody has taken in hand yet appear here.' },
  in_hand: { title: 'No concerns in hand', description: 'Concerns you are dealing with appear here once you mark them in hand.' },
  closed: { title: 'No closed concerns', description: 'Concerns appear here once you close them with a note of what was done.' },
  all: { title: 'No safeguarding concerns raised', description: 'Tutors raise a concern in a lesson report when something worries them; it appears here at once.' },
} as const

function ConcernsRoute() {
  return useIsSafeguardingLead() ? <ConcernsPage /> : <ConcernsLeadsOnly />
}

function ConcernsPage() {
  const { api } = useAppContext()
  const search = Route.useSearch()
  const base = useListSearch(concernListSpec, search, Route.useNavigate())
  // The status is a view, not a filter: "Clear filters" keeps it, and an empty state says what that view is for.
  const list = { ...base, filtered: search.severity !== undefined, clear: () => base.change({ severity: undefined }) }
  const rows = useQuery({ ...concernsQueryOptions(api.safeguardingConcerns, concernApiQuery(search)), placeholderData: keepPreviousData })
  const counts = rows.data?.statusCounts
  const status = concernStatus(search)

  return (
    <ListPage
      title="Safeguarding concerns"
      intro="Concerns tutors raised in their lesson reports, open ones and the most severe first. Only the designated safeguarding leads can see this list. Concerns are never shown to families or schools."
      list={list}
      result={rows}
      actions={<AnchorLink to="/admin/reports">Back to reports</AnchorLink>}
      filters={
        <>
          <ChipFilter
            label="Status"
            allLabel="All"
            allCount={counts ? counts.open + counts.in_hand + counts.closed : undefined}
            options={optionsOf('ConcernFilter').map((option) => ({
              ...option,
              count: counts === undefined ? undefined : option.value === 'to_act_on' ? counts.open + counts.in_hand : counts[option.value],
            }))}
            value={status}
            onChange={(next) => base.change({ status: next === undefined ? 'all' : next === 'to_act_on' ? undefined : next })}
          />
          <SelectFilter
            label="Severity"
            placeholder="Any severity"
            options={optionsOf('ConcernSeverity')}
            value={search.severity}
            onChange={(severity) => base.change({ severity })}
          />
        </>
      }
      caption="Safeguarding concerns"
      columns={columns}
      rowKey={(concern) => concern.id}
      rowTitle={(concern) => (
        <AnchorLink to="/admin/reports/concerns/$concernId" params={{ concernId: concern.id }}>
          {formatDateTime(concern.raisedAt)}
        </AnchorLink>
      )}
      noun={{ one: 'concern', many: 'concerns' }}
      empty={EMPTY[status ?? 'all']}
      noMatch={{
        title: `No ${status ? `${labelOf('ConcernFilter', status).toLowerCase()} ` : ''}concerns of this severity`,
        description: 'Choose another severity, or clear the filter to see every severity.',
      }}
    />
  )
}
