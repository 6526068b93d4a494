import { Stack, Text } from '@mantine/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { studentsQueryOptions, type Student, type StudentStatus } from '@/api/students'
import { labelOf, optionsOf } from '@shared/labels'
import { ChipFilter } from '@/ui/back-office/filter-bar'
import { IconPlus } from '@tabler/icons-react'
import type { CsvColumn } from '@/ui/back-office/csv'
import type { DataColumn } from '@/ui/back-office/data-table'
import { resolveListSearch, validateListSearch } from '@/ui/back-office/list-search'
import { StatusBadge } from '@/ui/back-office/status-badge'
import { formatDateTime } from '@/ui/format-date-time'
import { AnchorLink, ButtonLink } from '@/components/links'
import { useAppContext } from '@/app/use-app-context'
import { ListPage, useListSearch } from '@/routes/_authenticated/-components/list-page'
import { studentListSpec } from '@/routes/_authenticated/-components/list-specs'
import { RegistrationLink } from '@/routes/_authenticated/admin/-components/registration-link'

export const Route = createFileRoute('/_authenticated/admin/students/')({
  staticData: { title: 'Learners' },
  validateSearch: (search) => validateListSearch(studentListSpec, search),
  loaderDeps: ({ search }) => resolveListSearch(studentListSpec, search),
  loader: ({ context: { queryClient, api }, deps }) => {
    void queryClient.prefetchQuery(studentsQueryOptions(api.students, apiQuery(deps)))
  },
  component: AdminStudentsPage,
})

/** What listStudents takes: status, search and page (the address's `tab` is the page's own). */
function apiQuery({ q, status, page, pageSize }: { q?: string; status?: StudentStatus; page: number; pageSize: number }) {
  return { ...(q ? { q } : {}), ...(status ? { status } : {}), page, pageSize }
}

const columns: DataColumn<Student, never>[] = [
  {
    key: 'name',
    header: 'Learner',
    cell: (student) => (
      <Text size="xs" c="dimmed">
        {[student.age === undefined ? null : `Age ${student.age}`, student.yearGroup ? labelOf('SchoolYear', student.yearGroup) : null, student.school]
          .filter(Boolean)
          .join(' · ')}
      </Text>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    cell: (student) => <StatusBadge of="StudentStatus" value={student.status} audience="short" />,
  },
  {
    key: 'learning',
    header: 'Learning',
    cell: (student) => (
      <Stack gap={0}>
        <Text size="sm">{student.course?.title ?? student.subjects.join(', ')}</Text>
        <Text size="xs" c="dimmed">
          {labelOf('DeliveryMode', student.deliveryMode, 'staff')}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'contact',
    header: 'Contact',
    visibleFrom: 'md',
    cell: (student) => (
      <Stack gap={0}>
        <Text size="sm">{student.contactName}</Text>
        <Text size="xs" c="dimmed">
          {student.contactEmail} · {student.contactPhone}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'registration',
    header: 'Registration',
    cell: (student) =>
      student.registration ? (
        <RegistrationLink registration={student.registration} />
      ) : (
        <Text size="sm">Added by staff</Text>
      ),
  },
  {
    key: 'added',
    header: 'Added',
    visibleFrom: 'lg',
    cell: (student) => <time dateTime={student.createdAt}>{formatDateTime(student.createdAt)}</time>,
  },
]

const csvColumns: CsvColumn<Student>[] = [
  { header: 'Learner', value: (student) => student.name },
  { header: 'Status', value: (student) => labelOf('StudentStatus', student.status) },
  { header: 'Age', value: (student) => student.age },
  { header: 'Year group', value: (student) => (student.yearGroup ? labelOf('SchoolYear', student.yearGroup) : '') },
  { header: 'School', value: (student) => student.school },
  { header: 'Learning', value: (student) => student.course?.title ?? student.subjects.join(', ') },
  { header: 'Where', value: (student) => labelOf('DeliveryMode', student.deliveryMode, 'staff') },
  { header: 'Contact', value: (student) => student.contactName },
  { header: 'Contact email', value: (student) => student.contactEmail },
  { header: 'Contact phone', value: (student) => student.contactPhone },
  { header: 'Registration', value: (student) => student.registration?.reference },
  { header: 'Added', value: (student) => student.createdAt },
]

function AdminStudentsPage() {
  const { api } = useAppContext()
  const list = useListSearch(studentListSpec, Route.useSearch(), Route.useNavigate())
  const rows = useQuery({ ...studentsQueryOptions(api.students, apiQuery(list.query)), placeholderData: keepPreviousData })

  return (
    <ListPage
      title="Learners"
      intro="Every learner, newest first: those whose enrolment was accepted and those the office added."
      list={list}
      result={rows}
      search={{ label: 'Search learners', description: "By the learner's or the contact's name or email." }}
      caption="Learners"
      columns={columns}
      rowKey={(row) => row.id}
      rowTitle={(row) => (
        <AnchorLink to="/admin/students/$studentId" params={{ studentId: row.id }}>
          {row.name}
        </AnchorLink>
      )}
      actions={
        <ButtonLink to="/admin/students/new" leftSection={<IconPlus size={16} aria-hidden />}>
          Add a learner
        </ButtonLink>
      }
      filters={
        <ChipFilter
          label="Status"
          allLabel="All learners"
          allCount={rows.data ? Object.values(rows.data.statusCounts).reduce((sum, n) => sum + n, 0) : undefined}
          options={optionsOf('StudentStatus', 'short').map((option) => ({ ...option, count: rows.data?.statusCounts[option.value] }))}
          value={list.query.status}
          onChange={(status) => list.change({ status })}
        />
      }
      noun={{ one: 'student', many: 'students' }}
      empty={{
        title: 'No learners yet',
        description: (
          <>
            Students appear here when an enrolment is accepted.{' '}
            <AnchorLink to="/admin/registrations" search={{ status: 'new' }}>
              Review new registrations
            </AnchorLink>
            .
          </>
        ),
      }}
      noMatch={{ title: 'No learners match your search', description: 'Check the spelling, or search by the contact’s email instead.' }}
      csv={{ fileName: 'learners.csv', columns: csvColumns, fetchPage: (page, pageSize, purpose) => api.students.list({ ...apiQuery(list.query), page, pageSize, purpose }) }}
    />
  )
}
