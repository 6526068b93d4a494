import { Stack, Text } from '@mantine/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { schoolsQueryOptions, type School } from '@/api/schools'
import { IconPlus } from '@tabler/icons-react'
import { labelOf } from '@shared/labels'
import type { CsvColumn } from '@/ui/back-office/csv'
import type { DataColumn } from '@/ui/back-office/data-table'
import { resolveListSearch, validateListSearch } from '@/ui/back-office/list-search'
import { formatDateTime } from '@/ui/format-date-time'
import { AnchorLink, ButtonLink } from '@/components/links'
import { useAppContext } from '@/app/use-app-context'
import { ListPage, useListSearch } from '@/routes/_authenticated/-components/list-page'
import { schoolListSpec } from '@/routes/_authenticated/-components/list-specs'
import { RegistrationLink } from '@/routes/_authenticated/admin/-components/registration-link'

export const Route = createFileRoute('/_authenticated/admin/schools/')({
  staticData: { title: 'Schools' },
  validateSearch: (search) => validateListSearch(schoolListSpec, search),
  loaderDeps: ({ search }) => resolveListSearch(schoolListSpec, search),
  loader: ({ context: { queryClient, api }, deps }) => {
    void queryClient.prefetchQuery(schoolsQueryOptions(api.schools, apiQuery(deps)))
  },
  component: AdminSchoolsPage,
})

/** What the list operation takes: search and page. */
function apiQuery({ q, page, pageSize }: { q?: string; page: number; pageSize: number }) {
  return { ...(q ? { q } : {}), page, pageSize }
}

const columns: DataColumn<School, never>[] = [
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
  { key: 'pupils', header: 'Pupils', visibleFrom: 'sm', cell: (school) => (school.pupilCount === undefined ? 'Not recorded' : `About ${school.pupilCount}`) },
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

const csvColumns: CsvColumn<School>[] = [
  { header: 'School', value: (school) => school.name },
  { header: 'Type', value: (school) => labelOf('SchoolType', school.type, 'staff') },
  { header: 'Town', value: (school) => school.town },
  { header: 'Postcode', value: (school) => school.postcode.toUpperCase() },
  { header: 'Main contact', value: (school) => school.contactName },
  { header: 'Role', value: (school) => school.contactRole },
  { header: 'Email', value: (school) => school.contactEmail },
  { header: 'Phone', value: (school) => school.contactPhone },
  { header: 'Pupils', value: (school) => school.pupilCount },
  { header: 'Registration', value: (school) => school.registration?.reference },
  { header: 'Added', value: (school) => school.createdAt },
]

function AdminSchoolsPage() {
  const { api } = useAppContext()
  const list = useListSearch(schoolListSpec, Route.useSearch(), Route.useNavigate())
  const rows = useQuery({ ...schoolsQueryOptions(api.schools, apiQuery(list.query)), placeholderData: keepPreviousData })

  return (
    <ListPage
      title="Schools"
      intro="Partner schools, newest first: those whose enrolment was accepted and those the office added."
      list={list}
      result={rows}
      search={{ label: 'Search schools', description: "By the school's name, town or postcode, or its contact." }}
      caption="Schools"
      columns={columns}
      rowKey={(row) => row.id}
      rowTitle={(row) => (
        <AnchorLink to="/admin/schools/$schoolId" params={{ schoolId: row.id }}>
          {row.name}
        </AnchorLink>
      )}
      actions={
        <ButtonLink to="/admin/schools/new" leftSection={<IconPlus size={16} aria-hidden />}>
          Add a school
        </ButtonLink>
      }
      noun={{ one: 'school', many: 'schools' }}
      empty={{
        title: 'No schools yet',
        description: (
          <>
            Schools appear here when a school enrolment is accepted.{' '}
            <AnchorLink to="/admin/registrations" search={{ type: 'school' }}>
              Review school enrolments
            </AnchorLink>
            .
          </>
        ),
      }}
      noMatch={{ title: 'No schools match your search', description: 'Check the spelling, or search by the town or postcode instead.' }}
      csv={{ fileName: 'schools.csv', columns: csvColumns, fetchPage: (page, pageSize, purpose) => api.schools.list({ ...apiQuery(list.query), page, pageSize, purpose }) }}
    />
  )
}
