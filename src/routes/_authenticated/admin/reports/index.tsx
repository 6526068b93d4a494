import { Button, Checkbox, Group, Stack, Text } from '@mantine/core'
import { IconChartBar, IconShieldExclamation } from '@tabler/icons-react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { labelOf, optionsOf, type EnumValue } from '@shared/labels'
import { reportsQueryOptions } from '@/api/lesson-reports'
import { concernsQueryOptions } from '@/api/safeguarding-concerns'
import type { Lesson } from '@/api/lessons'
import type { CsvColumn } from '@/ui/back-office/csv'
import type { DataColumn } from '@/ui/back-office/data-table'
import { ChipFilter } from '@/ui/back-office/filter-bar'
import { formatDateTime } from '@/ui/format-date-time'
import { AnchorLink, ButtonLink } from '@/components/links'
import { useAppContext } from '@/app/use-app-context'
import { ListPage, useListSearch } from '@/routes/_authenticated/-components/list-page'
import { learnerNames } from '@/routes/_authenticated/-components/lesson-words'
import { useIsSafeguardingLead } from '@/routes/_authenticated/admin/-components/concern-leads-only'
import { ApproveSelected, useReportSelection, type ReportSelection } from './-components/report-approve-many'
import { ReportBadges, SentBadge } from './-components/report-badges'
import { LearnerFilter, PeriodFilter, SchoolFilter, TutorFilter } from './-components/report-filters'
import { isToReview, lessonName, lessonStart, reportApiQuery, reportListNarrowed, reportListSpec, reportState, validateReportSearch } from './-components/report-words'

export const Route = createFileRoute('/_authenticated/admin/reports/')({
  staticData: { title: 'Reports' },
  validateSearch: validateReportSearch,
  loaderDeps: ({ search }) => reportApiQuery(search),
  loader: ({ context: { queryClient, api }, deps }) => {
    void queryClient.prefetchQuery(reportsQueryOptions(api.lessonReports, deps))
  },
  component: AdminReportsPage,
})

/** When the report was sent and whether on time, or when it is due. */
function Sent({ lesson }: { lesson: Lesson }) {
  if (lesson.submittedAt) {
    return (
      <Stack gap={4} align="flex-start">
        <Text size="sm">
          <time dateTime={lesson.submittedAt}>{formatDateTime(lesson.submittedAt)}</time>
        </Text>
        {lesson.onTime !== undefined && <SentBadge onTime={lesson.onTime} />}
      </Stack>
    )
  }
  return (
    <Text size="sm" c="dimmed">
      Not sent
      {lesson.reportDueAt && (
        <>
          ; due <time dateTime={lesson.reportDueAt}>{formatDateTime(lesson.reportDueAt)}</time>
        </>
      )}
    </Text>
  )
}

const columns: DataColumn<Lesson, never>[] = [
  {
    key: 'lesson',
    header: 'Lesson',
    cell: (lesson) => (
      <Text size="xs" c="dimmed" hiddenFrom="sm">
        {learnerNames(lesson)} · {lesson.subject}
      </Text>
    ),
  },
  { key: 'learners', header: 'Learners', visibleFrom: 'sm', cell: (lesson) => learnerNames(lesson) },
  { key: 'tutor', header: 'Tutor', visibleFrom: 'sm', cell: (lesson) => lesson.tutor.name },
  { key: 'subject', header: 'Subject', visibleFrom: 'md', cell: (lesson) => lesson.subject },
  { key: 'status', header: 'Status', cell: (lesson) => <ReportBadges lesson={lesson} /> },
  { key: 'sent', header: 'Sent', visibleFrom: 'md', cell: (lesson) => <Sent lesson={lesson} /> },
]

const csvColumns: CsvColumn<Lesson>[] = [
  { header: 'Date', value: (lesson) => lesson.date },
  { header: 'Start', value: (lesson) => lesson.startTime },
  { header: 'Minutes', value: (lesson) => String(lesson.minutes) },
  { header: 'Learners', value: (lesson) => learnerNames(lesson) },
  { header: 'Tutor', value: (lesson) => lesson.tutor.name },
  { header: 'School', value: (lesson) => lesson.school?.name },
  { header: 'Subject', value: (lesson) => lesson.subject },
  { header: 'Status', value: (lesson) => labelOf('LessonStatus', lesson.status, 'staff') },
  { header: 'Sent', value: (lesson) => lesson.submittedAt },
  { header: 'On time', value: (lesson) => (lesson.onTime === undefined ? undefined : lesson.onTime ? 'Yes' : 'No') },
  { header: 'Concern raised', value: (lesson) => (lesson.concernRaised ? 'Yes' : 'No') },
]

/** What a list with no lessons in the chosen state says, before any tutor, learner, school or period narrows it. */
const EMPTY: Record<EnumValue<'ReportState'> | 'all', { title: string; description: string }> = {
  to_review: { title: 'No reports waiting for review', description: 'Reports appear here when tutors send them. Approved and returned reports are under their own filters.' },
  awaiting_report: { title: 'No lessons awaiting a report', description: 'Lessons appear here once they have been taught, until the tutor sends the report.' },
  overdue: { title: 'No overdue reports', description: 'A report is overdue when it has not been sent 48 hours after the lesson ended. Every report is in on time.' },
  returned: { title: 'No reports returned to tutors', description: 'Reports you return with a comment wait here until the tutor sends them again.' },
  approved: { title: 'No approved reports yet', description: 'Reports appear here once you approve them. Start with the reports waiting for review.' },
  all: { title: 'No reports sent yet', description: 'Reports appear here when tutors send them after their lessons.' },
}

/** The row's title: its day and time as a link to the lesson, with a tick box when the report can be approved from the list. */
function RowTitle({ lesson, selection }: { lesson: Lesson; selection: ReportSelection }) {
  const link = (
    <AnchorLink to="/admin/reports/$lessonId" params={{ lessonId: lesson.id }}>
      {lessonStart(lesson)}
    </AnchorLink>
  )
  if (!isToReview(lesson)) return link
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 'var(--mantine-spacing-xs)' }}>
      <Checkbox aria-label={`Select ${lessonName(lesson)}`} checked={selection.isChosen(lesson)} onChange={(event) => selection.toggle(lesson, event.currentTarget.checked)} />
      {link}
    </span>
  )
}

/** The safeguarding concerns still open, for the link beside the title; one row asked for, the count is the total. */
function OpenConcernsLink() {
  const { api } = useAppContext()
  const open = useQuery(concernsQueryOptions(api.safeguardingConcerns, { status: 'open', page: 1, pageSize: 1 }))
  const count = open.data?.statusCounts.open
  return (
    <ButtonLink to="/admin/reports/concerns" variant={count ? 'filled' : 'light'} color={count ? 'red' : undefined} leftSection={<IconShieldExclamation size={16} aria-hidden />}>
      Safeguarding concerns{count === undefined ? '' : ` (${count} open)`}
    </ButtonLink>
  )
}

function AdminReportsPage() {
  const { api } = useAppContext()
  const search = Route.useSearch()
  const base = useListSearch(reportListSpec, search, Route.useNavigate())
  const narrowed = reportListNarrowed(search)
  // The state is a view, not a filter: "Clear filters" keeps it, and an empty state says what that view is for.
  const list = {
    ...base,
    filtered: narrowed,
    clear: () => base.change({ tutorId: undefined, studentId: undefined, schoolId: undefined, from: undefined, to: undefined }),
  }
  const rows = useQuery({ ...reportsQueryOptions(api.lessonReports, reportApiQuery(search)), placeholderData: keepPreviousData })
  const selection = useReportSelection(rows.data?.items)
  const counts = rows.data?.stateCounts
  const state = reportState(search)
  const lead = useIsSafeguardingLead()

  return (
    <ListPage
      title="Reports"
      intro="Lessons and the reports their tutors send, newest first. Read each report, then approve it, or return it to the tutor with a comment. Families and schools read only approved reports."
      list={list}
      result={rows}
      actions={
        <>
          <ButtonLink to="/admin/reports/figures" variant="light" leftSection={<IconChartBar size={16} aria-hidden />}>
            Figures
          </ButtonLink>
          {/* Need-to-know: only the safeguarding leads are shown the concerns, or how many are open. */}
          {lead && <OpenConcernsLink />}
        </>
      }
      filters={
        <>
          <ChipFilter
            label="Status"
            allLabel="All sent"
            allCount={counts ? counts.to_review + counts.returned + counts.approved : undefined}
            options={optionsOf('ReportState').map((option) => ({ ...option, count: counts?.[option.value] }))}
            value={state}
            onChange={(next) => base.change({ state: next === undefined ? 'all' : next === 'to_review' ? undefined : next })}
          />
          <Group gap="md" align="flex-start" wrap="wrap">
            <TutorFilter value={search.tutorId} onChange={(tutorId) => base.change({ tutorId })} />
            <LearnerFilter value={search.studentId} onChange={(studentId) => base.change({ studentId })} />
            <SchoolFilter value={search.schoolId} onChange={(schoolId) => base.change({ schoolId })} />
            <PeriodFilter from={search.from} to={search.to} onChange={(period) => base.change(period)} error={rows.error} />
          </Group>
          <ApproveSelected selection={selection} />
        </>
      }
      caption="Lessons and their reports"
      columns={columns}
      rowKey={(lesson) => lesson.id}
      rowTitle={(lesson) => <RowTitle lesson={lesson} selection={selection} />}
      noun={{ one: 'lesson', many: 'lessons' }}
      empty={{
        ...EMPTY[state ?? 'all'],
        action:
          state === 'approved' ? (
            <Button variant="light" onClick={() => base.change({ state: undefined })}>
              Show reports to review
            </Button>
          ) : undefined,
      }}
      noMatch={{ title: 'No lessons match these filters', description: 'Try another tutor, learner, school or period, or clear them: the status you chose stays as it is.' }}
      csv={{ fileName: 'reports.csv', columns: csvColumns, fetchPage: (page, pageSize) => api.lessonReports.list({ ...reportApiQuery(search), page, pageSize }) }}
    />
  )
}
