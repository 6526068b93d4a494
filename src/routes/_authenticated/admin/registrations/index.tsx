import { Stack, Text } from '@mantine/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { registrationsQueryOptions, type RegistrationSort, type RegistrationSummary } from '@/api/registrations'
import { labelOf, optionsOf } from '@shared/labels'
import type { CsvColumn } from '@/ui/back-office/csv'
import type { DataColumn } from '@/ui/back-office/data-table'
import { ChipFilter, SegmentedFilter } from '@/ui/back-office/filter-bar'
import { resolveListSearch } from '@/ui/back-office/list-search'
import { StatusBadge } from '@/ui/back-office/status-badge'
import { formatDateTime } from '@/ui/format-date-time'
import { AnchorLink } from '@/components/links'
import { useAppContext } from '@/app/use-app-context'
import { InboxKinds } from '@/routes/_authenticated/-components/inbox-kinds'
import { ListPage, useListSearch } from '@/routes/_authenticated/-components/list-page'
import { registrationListSpec } from '@/routes/_authenticated/-components/list-specs'

export const Route = createFileRoute('/_authenticated/admin/registrations/')({
  loaderDeps: ({ search }) => resolveListSearch(registrationListSpec, search),
  // Started here so the rows are on their way while the page renders; the table shows its own loading state.
  loader: ({ context: { queryClient, api }, deps }) => {
    void queryClient.prefetchQuery(registrationsQueryOptions(api.registrations, deps))
  },
  component: RegistrationsInboxPage,
})

const columns: DataColumn<RegistrationSummary, RegistrationSort>[] = [
  {
    key: 'name',
    header: 'Name',
    sort: { ascending: 'name' },
    cell: (row) => (
      <Text size="xs" c="dimmed">
        {row.reference}
      </Text>
    ),
  },
  { key: 'type', header: 'Type', cell: (row) => labelOf('RegistrationType', row.type), visibleFrom: 'sm' },
  {
    key: 'status',
    header: 'Status',
    cell: (row) => <StatusBadge of="RegistrationStatus" value={row.status} />,
  },
  {
    key: 'summary',
    header: 'Details',
    visibleFrom: 'md',
    cell: (row) => (
      <Stack gap={0}>
        <Text size="sm">{row.summary}</Text>
        <Text size="xs" c="dimmed">
          {row.email}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'received',
    header: 'Received',
    sort: { descending: 'newest', ascending: 'oldest' },
    visibleFrom: 'sm',
    cell: (row) => <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>,
  },
]

const csvColumns: CsvColumn<RegistrationSummary>[] = [
  { header: 'Reference', value: (row) => row.reference },
  { header: 'Type', value: (row) => labelOf('RegistrationType', row.type) },
  { header: 'Status', value: (row) => labelOf('RegistrationStatus', row.status) },
  { header: 'Name', value: (row) => row.name },
  { header: 'Email', value: (row) => row.email },
  { header: 'Details', value: (row) => row.summary },
  { header: 'Received', value: (row) => row.createdAt },
]

function RegistrationsInboxPage() {
  const { api } = useAppContext()
  const list = useListSearch(registrationListSpec, Route.useSearch(), Route.useNavigate())
  const { query } = list
  const inbox = useQuery({ ...registrationsQueryOptions(api.registrations, query), placeholderData: keepPreviousData })
  const counts = inbox.data?.statusCounts

  return (
    <ListPage
      title="Registrations"
      intro="Enrolments and tutor applications from the website. Open one to review it, add notes and accept or reject it. Messages from the contact form are beside them."
      list={list}
      result={inbox}
      filters={
        <>
          <InboxKinds current="registrations" />
          <SegmentedFilter label="Type" options={optionsOf('RegistrationType', 'short')} value={query.type} onChange={(type) => list.change({ type })} />
          <ChipFilter
            label="Status"
            allLabel="All statuses"
            allCount={counts ? Object.values(counts).reduce((sum, count) => sum + count, 0) : undefined}
            options={optionsOf('RegistrationStatus').map((option) => ({ ...option, count: counts?.[option.value] }))}
            value={query.status}
            onChange={(status) => list.change({ status })}
          />
        </>
      }
      search={{ label: 'Search registrations', description: 'By name, email or reference, e.g. TEC-TUT-7K3Q9P.' }}
      caption="Registrations"
      columns={columns}
      rowKey={(row) => row.id}
      // The link keeps the inbox's filters in the address, so the detail page's "Back" returns to this view.
      rowTitle={(row) => (
        <AnchorLink to="/admin/registrations/$registrationId" params={{ registrationId: row.id }} search={true}>
          {row.name}
        </AnchorLink>
      )}
      noun={{ one: 'registration', many: 'registrations' }}
      empty={{ title: 'No registrations yet', description: 'Enrolments and tutor applications sent through the website will appear here, newest first.' }}
      noMatch={{
        title: 'No registrations match these filters',
        description: 'Try another status or type, check the spelling of the search, or clear the filters to see everything.',
      }}
      csv={{
        fileName: 'registrations.csv',
        columns: csvColumns,
        fetchPage: (page, pageSize, purpose) => api.registrations.list({ ...query, page, pageSize, purpose }),
      }}
    />
  )
}
