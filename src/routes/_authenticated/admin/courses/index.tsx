import { Stack, Text } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { courseRecordsQueryOptions, type CourseRow } from '@/api/course-records'
import { labelOf, optionsOf } from '@shared/labels'
import type { CsvColumn } from '@/ui/back-office/csv'
import type { DataColumn } from '@/ui/back-office/data-table'
import { ChipFilter } from '@/ui/back-office/filter-bar'
import { resolveListSearch, validateListSearch, type ResolvedListSearch } from '@/ui/back-office/list-search'
import { StatusBadge } from '@/ui/back-office/status-badge'
import { formatDateTime } from '@/ui/format-date-time'
import { AnchorLink, ButtonLink } from '@/components/links'
import { useAppContext } from '@/app/use-app-context'
import { ListPage, useListSearch } from '@/routes/_authenticated/-components/list-page'
import { courseListSpec } from '@/routes/_authenticated/-components/list-specs'
import { recordsWords } from './-components/course-words'
import { FeaturedOrder } from './-components/featured-order'

export const Route = createFileRoute('/_authenticated/admin/courses/')({
  staticData: { title: 'Courses' },
  validateSearch: (search) => validateListSearch(courseListSpec, search),
  loaderDeps: ({ search }) => resolveListSearch(courseListSpec, search),
  loader: ({ context: { queryClient, api }, deps }) => {
    void queryClient.prefetchQuery(courseRecordsQueryOptions(api.courseRecords, apiQuery(deps)))
  },
  component: AdminCoursesPage,
})

type CourseListSearch = ResolvedListSearch<(typeof courseListSpec)['filters'], never>

/** What listCourseRecords takes: search, status and page. */
function apiQuery({ q, status, page, pageSize }: Pick<CourseListSearch, 'q' | 'status' | 'page' | 'pageSize'>) {
  return { ...(q ? { q } : {}), ...(status ? { status } : {}), page, pageSize }
}

const modesWords = (row: CourseRow) => row.modes.map((mode) => labelOf('DeliveryMode', mode, 'staff')).join(', ')

const columns: DataColumn<CourseRow, never>[] = [
  {
    key: 'course',
    header: 'Course',
    cell: (row) => (
      <Text size="xs" c="dimmed">
        {row.level}
      </Text>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    cell: (row) => <StatusBadge of="CourseStatus" value={row.status} />,
  },
  { key: 'featured', header: 'Featured', visibleFrom: 'sm', cell: (row) => (row.featured ? 'Yes' : 'No') },
  {
    key: 'modes',
    header: 'Taught',
    visibleFrom: 'md',
    cell: (row) => (
      <Stack gap={0}>
        <Text size="sm">{modesWords(row)}</Text>
        <Text size="xs" c="dimmed">
          {row.subjects.join(', ')}
        </Text>
      </Stack>
    ),
  },
  { key: 'records', header: 'On record', visibleFrom: 'md', cell: (row) => recordsWords(row.enrolments, row.placements) },
  {
    key: 'updated',
    header: 'Updated',
    visibleFrom: 'lg',
    cell: (row) => <time dateTime={row.updatedAt}>{formatDateTime(row.updatedAt)}</time>,
  },
]

const csvColumns: CsvColumn<CourseRow>[] = [
  { header: 'Course', value: (row) => row.title },
  { header: 'Address', value: (row) => `/courses/${row.slug}` },
  { header: 'Status', value: (row) => labelOf('CourseStatus', row.status) },
  { header: 'Featured', value: (row) => (row.featured ? 'Yes' : 'No') },
  { header: 'Level', value: (row) => row.level },
  { header: 'Taught', value: modesWords },
  { header: 'Subjects', value: (row) => row.subjects.join(', ') },
  { header: 'Enrolments', value: (row) => row.enrolments },
  { header: 'Placements', value: (row) => row.placements },
  { header: 'Updated', value: (row) => row.updatedAt },
]

function AdminCoursesPage() {
  const { api } = useAppContext()
  const list = useListSearch(courseListSpec, Route.useSearch(), Route.useNavigate())
  const rows = useQuery({ ...courseRecordsQueryOptions(api.courseRecords, apiQuery(list.query)), placeholderData: keepPreviousData })
  const counts = rows.data?.counts

  return (
    <Stack gap="lg" pb="md">
      <ListPage
        title="Courses"
        intro="Every course the site offers or offered: drafts only the office sees, published courses on the site, and archived ones kept for their records. Featured courses come first."
        list={list}
        result={rows}
        search={{ label: 'Search courses', description: 'By title, subject or level.' }}
        filters={
          <ChipFilter
            label="Status"
            allLabel="All courses"
            allCount={counts ? counts.draft + counts.published + counts.archived : undefined}
            options={optionsOf('CourseStatus').map((option) => ({ ...option, count: counts?.[option.value] }))}
            value={list.query.status}
            onChange={(status) => list.change({ status })}
          />
        }
        caption="Courses"
        columns={columns}
        rowKey={(row) => row.id}
        rowTitle={(row) => (
          <AnchorLink to="/admin/courses/$courseId" params={{ courseId: row.id }}>
            {row.title}
          </AnchorLink>
        )}
        actions={
          <ButtonLink to="/admin/courses/new" leftSection={<IconPlus size={16} aria-hidden />}>
            Add a course
          </ButtonLink>
        }
        noun={{ one: 'course', many: 'courses' }}
        empty={{
          title: 'No courses yet',
          description: 'Add the first course: it starts as a draft that only the office sees, and shows on the site once you publish it.',
          action: (
            <ButtonLink to="/admin/courses/new" variant="light" leftSection={<IconPlus size={16} aria-hidden />}>
              Add a course
            </ButtonLink>
          ),
        }}
        noMatch={{ title: 'No courses match your search', description: 'Check the spelling, search by a subject or level instead, or choose another status.' }}
        csv={{ fileName: 'courses.csv', columns: csvColumns, fetchPage: (page, pageSize) => api.courseRecords.list({ ...apiQuery(list.query), page, pageSize }) }}
      />
      <FeaturedOrder />
    </Stack>
  )
}
