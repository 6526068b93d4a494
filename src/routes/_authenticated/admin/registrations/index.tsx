import { Button, Stack, Text, Title } from '@mantine/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { registrationsQueryOptions, type RegistrationSort, type RegistrationSummary } from '../../../../api/registrations'
import { DataTable, type DataColumn } from '../../../../ui/back-office/data-table'
import { ChipFilter, FilterBar, SearchBox, SegmentedFilter } from '../../../../ui/back-office/filter-bar'
import { ListPagination } from '../../../../ui/back-office/list-pagination'
import type { AppLinkProps } from '../../../../ui/link-component'
import { nextListSearch, resolveListSearch, type ResolvedListSearch } from '../../../../ui/back-office/list-search'
import { formatDateTime } from '../../../../ui/format-date-time'
import { registrationListSpec } from '../../-components/list-specs'
import { labelOf, optionsOf } from '../../../../labels/labels'
import { RegistrationStatusBadge } from './-components/registration-status-badge'
import { errorMessage } from '../../../-lib/server-errors'
import { useAppContext } from '../../../-lib/use-app-context'

type InboxQuery = ResolvedListSearch<(typeof registrationListSpec)['filters'], RegistrationSort>

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
    cell: (row) => <RegistrationStatusBadge status={row.status} />,
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

/** Row links keep the inbox's filters in the address, so the detail page's "Back" returns to this view. */
function KeepFiltersLink(props: AppLinkProps) {
  return <Link {...props} search={true} />
}

function RegistrationsInboxPage() {
  const { api } = useAppContext()
  const search = Route.useSearch()
  const query = Route.useLoaderDeps()
  const navigate = Route.useNavigate()
  const inbox = useQuery({ ...registrationsQueryOptions(api.registrations, query), placeholderData: keepPreviousData })

  const change = (next: Partial<InboxQuery>) =>
    void navigate({ search: nextListSearch(registrationListSpec, search, next), replace: 'q' in next })
  const counts = inbox.data?.statusCounts
  const filtered = query.type !== undefined || query.status !== undefined || query.q !== undefined

  return (
    <Stack gap="lg" py="md">
      <Stack gap="xs">
        <Title order={1}>Registrations</Title>
        <Text>Enrolments and tutor applications from the website. Open one to review it, add notes and accept or reject it.</Text>
      </Stack>
      <FilterBar>
        <SegmentedFilter
          label="Type"
          options={optionsOf('RegistrationType', 'short')}
          value={query.type}
          onChange={(type) => change({ type })}
        />
        <ChipFilter
          label="Status"
          allLabel="All statuses"
          allCount={counts ? Object.values(counts).reduce((sum, count) => sum + count, 0) : undefined}
          options={optionsOf('RegistrationStatus').map((option) => ({ ...option, count: counts?.[option.value] }))}
          value={query.status}
          onChange={(status) => change({ status })}
        />
        <SearchBox
          label="Search registrations"
          description="By name, email or reference, e.g. TEC-TUT-7K3Q9P."
          value={query.q ?? ''}
          maxLength={registrationListSpec.maxQueryLength}
          onChange={(q) => change({ q: q === '' ? undefined : q })}
        />
      </FilterBar>
      <DataTable
        caption="Registrations"
        columns={columns}
        rows={inbox.data?.items}
        rowKey={(row) => row.id}
        rowTitle={(row) => ({ to: `/admin/registrations/${row.id}`, label: row.name })}
        linkComponent={KeepFiltersLink}
        sort={{ value: query.sort, onChange: (sort) => change({ sort }) }}
        loading={inbox.isPending}
        refreshing={inbox.isPlaceholderData}
        error={inbox.isError ? { message: errorMessage(inbox.error), onRetry: () => void inbox.refetch() } : null}
        skeletonRows={Math.min(query.pageSize, 10)}
        empty={
          inbox.data && inbox.data.total > 0
            ? {
                title: `There is no page ${query.page} for this view`,
                description: `These filters match ${inbox.data.total} ${inbox.data.total === 1 ? 'registration' : 'registrations'}, on fewer pages.`,
                action: (
                  <Button variant="light" onClick={() => change({ page: 1 })}>
                    Go to the first page
                  </Button>
                ),
              }
            : filtered
              ? {
                  title: 'No registrations match these filters',
                  description: 'Try another status or type, check the spelling of the search, or clear the filters to see everything.',
                  action: (
                    <Button variant="light" onClick={() => void navigate({ search: {} })}>
                      Clear filters
                    </Button>
                  ),
                }
              : {
                  title: 'No registrations yet',
                  description: 'Enrolments and tutor applications sent through the website will appear here, newest first.',
                }
        }
      />
      {inbox.data && inbox.data.total > 0 && (
        <ListPagination
          label="Registration pages"
          page={query.page}
          pageSize={query.pageSize}
          total={inbox.data.total}
          pageSizes={registrationListSpec.pageSizes}
          onPageChange={(page) => change({ page })}
          onPageSizeChange={(pageSize) => change({ pageSize })}
        />
      )}
    </Stack>
  )
}
