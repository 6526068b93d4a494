import { Group, Stack, Text } from '@mantine/core'
import { IconUserPlus } from '@tabler/icons-react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { subjectsQueryOptions } from '@/api/subjects'
import { tutorsQueryOptions, type TutorSummary } from '@/api/tutors'
import { labelOf, optionsOf } from '@shared/labels'
import type { CsvColumn } from '@/ui/back-office/csv'
import type { DataColumn } from '@/ui/back-office/data-table'
import { ChipFilter, SearchBox, SelectFilter } from '@/ui/back-office/filter-bar'
import { resolveListSearch, validateListSearch, type ResolvedListSearch } from '@/ui/back-office/list-search'
import { StatusBadge } from '@/ui/back-office/status-badge'
import { formatDateTime } from '@/ui/format-date-time'
import { AnchorLink, ButtonLink } from '@/components/links'
import { useAppContext } from '@/app/use-app-context'
import { ListPage, useListSearch } from '@/routes/_authenticated/-components/list-page'
import { tutorListSpec } from '@/routes/_authenticated/-components/list-specs'
import { TutorStatusBadges } from './-components/tutor-status-badges'

export const Route = createFileRoute('/_authenticated/admin/tutors/')({
  staticData: { title: 'Tutors' },
  validateSearch: (search) => validateListSearch(tutorListSpec, search),
  loaderDeps: ({ search }) => resolveListSearch(tutorListSpec, search),
  loader: ({ context: { queryClient, api }, deps }) => {
    void queryClient.prefetchQuery(tutorsQueryOptions(api.tutors, apiQuery(deps)))
  },
  component: AdminTutorsPage,
})

type TutorListSearch = ResolvedListSearch<(typeof tutorListSpec)['filters'], (typeof tutorListSpec)['sorts'][number]>

/** What listTutors takes: the address's state, defaults and all. */
function apiQuery({ q, status, subject, mode, area, check, sort, page, pageSize }: TutorListSearch) {
  return { ...(q ? { q } : {}), ...(status ? { status } : {}), ...(subject ? { subject } : {}), ...(mode ? { mode } : {}), ...(area ? { area } : {}), ...(check ? { check } : {}), sort, page, pageSize }
}

const columns: DataColumn<TutorSummary, 'name' | 'newest'>[] = [
  {
    key: 'name',
    header: 'Tutor',
    sort: { ascending: 'name' },
    cell: (tutor) => (
      <Text size="xs" c="dimmed">
        {tutor.email}
      </Text>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    cell: (tutor) => <TutorStatusBadges tutor={tutor} />,
  },
  {
    key: 'teaches',
    header: 'Teaches',
    cell: (tutor) => (
      <Stack gap={0}>
        <Text size="sm">{tutor.subjects.length > 0 ? tutor.subjects.join(', ') : 'No subjects yet'}</Text>
        <Text size="xs" c="dimmed">
          {[tutor.modes.map((mode) => labelOf('DeliveryMode', mode, 'staff')).join(', '), tutor.travelArea].filter(Boolean).join(' · ')}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'check',
    header: 'Safeguarding check',
    // The newest check's state, and the date it ends when it has one.
    cell: (tutor) => <StatusBadge of="CheckState" value={tutor.checkState} date={{ words: 'to', on: tutor.checkExpiresOn }} />,
  },
  {
    key: 'added',
    header: 'Added',
    sort: { descending: 'newest' },
    visibleFrom: 'lg',
    cell: (tutor) => <time dateTime={tutor.createdAt}>{formatDateTime(tutor.createdAt)}</time>,
  },
]

const csvColumns: CsvColumn<TutorSummary>[] = [
  { header: 'Tutor', value: (tutor) => tutor.name },
  { header: 'Email', value: (tutor) => tutor.email },
  { header: 'Status', value: (tutor) => labelOf('TutorStatus', tutor.status) },
  { header: 'Account deactivated', value: (tutor) => (tutor.accountDeactivated ? 'Yes' : 'No') },
  { header: 'Subjects', value: (tutor) => tutor.subjects.join(', ') },
  { header: 'Teaches', value: (tutor) => tutor.modes.map((mode) => labelOf('DeliveryMode', mode, 'staff')).join(', ') },
  { header: 'Travels to', value: (tutor) => tutor.travelArea },
  { header: 'Safeguarding check', value: (tutor) => labelOf('CheckState', tutor.checkState) },
  { header: 'Check renewal', value: (tutor) => tutor.checkExpiresOn },
  { header: 'Added', value: (tutor) => tutor.createdAt },
]

function AdminTutorsPage() {
  const { api } = useAppContext()
  const list = useListSearch(tutorListSpec, Route.useSearch(), Route.useNavigate())
  const rows = useQuery({ ...tutorsQueryOptions(api.tutors, apiQuery(list.query)), placeholderData: keepPreviousData })
  const subjects = useQuery(subjectsQueryOptions(api.subjects))
  const counts = rows.data?.statusCounts

  return (
    <ListPage
      title="Tutors"
      intro="Every tutor: those whose application was accepted and those the office invited. Paused tutors get no new learners; tutors who left cannot sign in."
      list={list}
      result={rows}
      search={{ label: 'Search tutors', description: 'By name, email or subject.' }}
      caption="Tutors"
      columns={columns}
      rowKey={(row) => row.id}
      rowTitle={(row) => (
        <AnchorLink to="/admin/tutors/$tutorId" params={{ tutorId: row.id }}>
          {row.name}
        </AnchorLink>
      )}
      actions={
        <ButtonLink to="/admin/tutors/new" leftSection={<IconUserPlus size={16} aria-hidden />}>
          Invite a tutor
        </ButtonLink>
      }
      filters={
        <>
          <ChipFilter
            label="Status"
            allLabel="All tutors"
            allCount={counts ? Object.values(counts).reduce((sum, n) => sum + n, 0) : undefined}
            options={optionsOf('TutorStatus').map((option) => ({ ...option, count: counts?.[option.value] }))}
            value={list.query.status}
            onChange={(status) => list.change({ status })}
          />
          <Group gap="md" align="flex-start" wrap="wrap">
            <SelectFilter
              label="Subject"
              placeholder="Any subject"
              searchable
              options={(subjects.data?.items ?? []).map((subject) => ({ value: subject, label: subject }))}
              value={list.query.subject}
              onChange={(subject) => list.change({ subject })}
            />
            <SelectFilter
              label="Teaches"
              placeholder="Any way"
              options={optionsOf('DeliveryMode', 'staff')}
              value={list.query.mode}
              onChange={(mode) => list.change({ mode })}
            />
            <SelectFilter
              label="Safeguarding check"
              placeholder="Any check"
              options={optionsOf('CheckFilter')}
              value={list.query.check}
              onChange={(check) => list.change({ check })}
            />
            <SearchBox
              label="Area"
              description="A town, area or postcode they travel to."
              value={list.query.area ?? ''}
              maxLength={tutorListSpec.filters.area.maxLength}
              onChange={(area) => list.change({ area: area === '' ? undefined : area })}
            />
          </Group>
        </>
      }
      noun={{ one: 'tutor', many: 'tutors' }}
      empty={{
        title: 'No tutors yet',
        description: (
          <>
            Tutors appear here when their application is accepted, or when you invite one.{' '}
            <AnchorLink to="/admin/registrations" search={{ type: 'tutor', status: 'new' }}>
              Review new tutor applications
            </AnchorLink>
            .
          </>
        ),
      }}
      noMatch={{ title: 'No tutors match your search', description: 'Check the spelling, or widen the filters: another subject, any way of teaching, a nearby town.' }}
      csv={{ fileName: 'tutors.csv', columns: csvColumns, fetchPage: (page, pageSize, purpose) => api.tutors.list({ ...apiQuery(list.query), page, pageSize, purpose }) }}
    />
  )
}
