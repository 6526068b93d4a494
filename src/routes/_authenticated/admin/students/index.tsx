import { Anchor, Stack, Text, Title } from '@mantine/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { studentsQueryOptions, type Student } from '../../../../api/students'
import { DataTable, type DataColumn } from '../../../../ui/back-office/data-table'
import { FilterBar, SearchBox } from '../../../../ui/back-office/filter-bar'
import { ListPagination } from '../../../../ui/back-office/list-pagination'
import { nextListSearch, resolveListSearch, validateListSearch } from '../../../../ui/back-office/list-search'
import { formatDateTime } from '../../../../ui/format-date-time'
import { RegistrationLink } from '../registrations/-components/registration-link'
import { studentListSpec } from '../../-components/list-specs'
import { labelOf } from '../../../../labels/labels'
import { RouterLink } from '../../../-components/router-link'
import { errorMessage } from '../../../-lib/server-errors'
import { useAppContext } from '../../../-lib/use-app-context'

export const Route = createFileRoute('/_authenticated/admin/students/')({
  staticData: { title: 'Students' },
  validateSearch: (search) => validateListSearch(studentListSpec, search),
  loaderDeps: ({ search }) => resolveListSearch(studentListSpec, search),
  loader: ({ context: { queryClient, api }, deps }) => {
    void queryClient.prefetchQuery(studentsQueryOptions(api.students, apiQuery(deps)))
  },
  component: AdminStudentsPage,
})

/** What listStudents takes: the tab is the page's own. */
function apiQuery({ q, page, pageSize }: { q?: string; page: number; pageSize: number }) {
  return { ...(q ? { q } : {}), page, pageSize }
}

const columns: DataColumn<Student>[] = [
  {
    key: 'name',
    header: 'Student',
    cell: (student) => (
      <Text size="xs" c="dimmed">
        {[student.age === undefined ? null : `Age ${student.age}`, student.yearGroup ? labelOf('SchoolYear', student.yearGroup) : null, student.school]
          .filter(Boolean)
          .join(' · ')}
      </Text>
    ),
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

function AdminStudentsPage() {
  const { api } = useAppContext()
  const search = Route.useSearch()
  const query = Route.useLoaderDeps()
  const navigate = Route.useNavigate()
  const students = useQuery({ ...studentsQueryOptions(api.students, apiQuery(query)), placeholderData: keepPreviousData })
  const change = (next: Partial<typeof query>) =>
    void navigate({ search: nextListSearch(studentListSpec, search, next), replace: 'q' in next })

  return (
    <Stack gap="lg" py="md">
      <Stack gap="xs">
        <Title order={1}>Students</Title>
        <Text>Every learner whose enrolment was accepted, newest first. Each links back to the registration it came from.</Text>
      </Stack>
      <FilterBar>
        <SearchBox
          label="Search students"
          description="By the student's or the contact's name or email."
          value={query.q ?? ''}
          maxLength={studentListSpec.maxQueryLength}
          onChange={(q) => change({ q: q === '' ? undefined : q })}
        />
      </FilterBar>
      <DataTable
        caption="Students"
        columns={columns}
        rows={students.data?.items}
        rowKey={(student) => student.id}
        rowTitle={(student) => ({ label: student.name })}
        linkComponent={RouterLink}
        loading={students.isPending}
        refreshing={students.isPlaceholderData}
        error={students.isError ? { message: errorMessage(students.error), onRetry: () => void students.refetch() } : null}
        empty={
          query.q
            ? { title: 'No students match your search', description: 'Check the spelling, or search by the contact’s email instead.' }
            : {
                title: 'No students yet',
                description: (
                  <>
                    Students appear here when an enrolment is accepted.{' '}
                    <Anchor renderRoot={(props) => <Link {...props} to="/admin/registrations" search={{ status: 'new' }} />}>
                      Review new registrations
                    </Anchor>
                    .
                  </>
                ),
              }
        }
      />
      {students.data && students.data.total > 0 && (
        <ListPagination
          label="Student pages"
          page={query.page}
          pageSize={query.pageSize}
          total={students.data.total}
          pageSizes={studentListSpec.pageSizes}
          onPageChange={(page) => change({ page })}
          onPageSizeChange={(pageSize) => change({ pageSize })}
        />
      )}
    </Stack>
  )
}
