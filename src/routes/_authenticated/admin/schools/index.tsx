import { Anchor, Stack, Text, Title } from '@mantine/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { schoolsQueryOptions, type School } from '../../../../api/schools'
import { DataTable, type DataColumn } from '../../../../ui/back-office/data-table'
import { FilterBar, SearchBox } from '../../../../ui/back-office/filter-bar'
import { ListPagination } from '../../../../ui/back-office/list-pagination'
import { nextListSearch, resolveListSearch, validateListSearch } from '../../../../ui/back-office/list-search'
import { formatDateTime } from '../../../../ui/format-date-time'
import { schoolListSpec } from '../../-components/list-specs'
import { labelOf } from '../../../../labels/labels'
import { RegistrationLink } from '../registrations/-components/registration-link'
import { RouterLink } from '../../../-components/router-link'
import { errorMessage } from '../../../-lib/server-errors'
import { useAppContext } from '../../../-lib/use-app-context'

export const Route = createFileRoute('/_authenticated/admin/schools/')({
  staticData: { title: 'Schools' },
  validateSearch: (search) => validateListSearch(schoolListSpec, search),
  loaderDeps: ({ search }) => resolveListSearch(schoolListSpec, search),
  loader: ({ context: { queryClient, api }, deps }) => {
    void queryClient.prefetchQuery(schoolsQueryOptions(api.schools, apiQuery(deps)))
  },
  component: AdminSchoolsPage,
})

function apiQuery({ q, page, pageSize }: { q?: string; page: number; pageSize: number }) {
  return { ...(q ? { q } : {}), page, pageSize }
}

const columns: DataColumn<School>[] = [
  {
    key: 'name',
    header: 'School',
    cell: (school) => (
      <Text size="xs" c="dimmed">
        {labelOf('SchoolType', school.type, 'staff')}
      </Text>
    ),
  },
  {
    key: 'place',
    header: 'Town',
    cell: (school) => (
      <Stack gap={0}>
        <Text size="sm">{school.town}</Text>
        <Text size="xs" c="dimmed">
          {school.postcode.toUpperCase()}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'contact',
    header: 'Main contact',
    visibleFrom: 'md',
    cell: (school) => (
      <Stack gap={0}>
        <Text size="sm">
          {school.contactName}, {school.contactRole}
        </Text>
        <Text size="xs" c="dimmed">
          {school.contactEmail} · {school.contactPhone}
        </Text>
      </Stack>
    ),
  },
  { key: 'pupils', header: 'Pupils', visibleFrom: 'sm', cell: (school) => `About ${school.pupilCount}` },
  {
    key: 'registration',
    header: 'Registration',
    cell: (school) => (school.registration ? <RegistrationLink registration={school.registration} /> : <Text size="sm">Added by staff</Text>),
  },
  {
    key: 'added',
    header: 'Added',
    visibleFrom: 'lg',
    cell: (school) => <time dateTime={school.createdAt}>{formatDateTime(school.createdAt)}</time>,
  },
]

function AdminSchoolsPage() {
  const { api } = useAppContext()
  const search = Route.useSearch()
  const query = Route.useLoaderDeps()
  const navigate = Route.useNavigate()
  const schools = useQuery({ ...schoolsQueryOptions(api.schools, apiQuery(query)), placeholderData: keepPreviousData })
  const change = (next: Partial<typeof query>) =>
    void navigate({ search: nextListSearch(schoolListSpec, search, next), replace: 'q' in next })

  return (
    <Stack gap="lg" py="md">
      <Stack gap="xs">
        <Title order={1}>Schools</Title>
        <Text>Partner schools whose enrolment was accepted, newest first. Each links back to the registration it came from.</Text>
      </Stack>
      <FilterBar>
        <SearchBox
          label="Search schools"
          description="By the school's name, town or postcode, or its contact."
          value={query.q ?? ''}
          maxLength={schoolListSpec.maxQueryLength}
          onChange={(q) => change({ q: q === '' ? undefined : q })}
        />
      </FilterBar>
      <DataTable
        caption="Schools"
        columns={columns}
        rows={schools.data?.items}
        rowKey={(school) => school.id}
        rowTitle={(school) => ({ label: school.name })}
        linkComponent={RouterLink}
        loading={schools.isPending}
        refreshing={schools.isPlaceholderData}
        error={schools.isError ? { message: errorMessage(schools.error), onRetry: () => void schools.refetch() } : null}
        empty={
          query.q
            ? { title: 'No schools match your search', description: 'Check the spelling, or search by the town or postcode instead.' }
            : {
                title: 'No schools yet',
                description: (
                  <>
                    Schools appear here when a school enrolment is accepted.{' '}
                    <Anchor renderRoot={(props) => <Link {...props} to="/admin/registrations" search={{ type: 'school' }} />}>
                      Review school enrolments
                    </Anchor>
                    .
                  </>
                ),
              }
        }
      />
      {schools.data && schools.data.total > 0 && (
        <ListPagination
          label="School pages"
          page={query.page}
          pageSize={query.pageSize}
          total={schools.data.total}
          pageSizes={schoolListSpec.pageSizes}
          onPageChange={(page) => change({ page })}
          onPageSizeChange={(pageSize) => change({ pageSize })}
        />
      )}
    </Stack>
  )
}
