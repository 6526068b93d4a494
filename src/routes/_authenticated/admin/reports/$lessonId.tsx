import { Alert, Card, Group, List, Stack, Text, Title } from '@mantine/core'
import { IconLock } from '@tabler/icons-react'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { labelOf } from '@shared/labels'
import { historyQueryOptions } from '@/api/history'
import { reportQueryOptions } from '@/api/lesson-reports'
import type { Lesson, LessonDetail } from '@/api/lessons'
import { BackLabel, DetailLayout } from '@/ui/back-office/detail-layout'
import { FactCard } from '@/ui/back-office/fact-card'
import { StatusBadge } from '@/ui/back-office/status-badge'
import { ArticleSkeleton } from '@/ui/content-skeleton'
import { formatDateTime } from '@/ui/format-date-time'
import { AnchorLink } from '@/components/links'
import { headFrom } from '@/app/page-head'
import { useAppContext } from '@/app/use-app-context'
import { RecordHistory } from '@/routes/_authenticated/-components/record-history'
import { LESSON_HISTORY_WORDS } from '@/routes/_authenticated/-components/history-words'
import { loadRecord } from '@/routes/_authenticated/-components/record-page'
import { learnerNames } from '@/routes/_authenticated/-components/lesson-words'
import { SeverityBadge } from './-components/concern-badges'
import { ReportActions, ShareReport } from './-components/report-actions'
import { SeriesActions } from './-components/series-actions'
import { ReportBadges, SentBadge } from './-components/report-badges'
import { ReportNotFound } from './-components/report-not-found'
import { lessonHours } from './-components/report-words'
import { longLessonDay } from '@shared/lesson-time'
import { inWords } from '@shared/list-words'

export const Route = createFileRoute('/_authenticated/admin/reports/$lessonId')({
  staticData: { title: 'Lesson report', notFoundTitle: 'Lesson not found' },
  loader: async ({ context: { queryClient, api }, params }) => {
    const { lesson } = await loadRecord(queryClient, reportQueryOptions(api.lessonReports, params.lessonId), params.lessonId)
    return { title: `${lesson.subject} with ${learnerNames(lesson)}`, description: `${longLessonDay(lesson.date)}, taught by ${lesson.tutor.name}` }
  },
  head: ({ loaderData }) => headFrom(loaderData),
  pendingComponent: ArticleSkeleton,
  notFoundComponent: ReportNotFound,
  component: ReportPage,
})

const byWhom = (who: { name: string } | undefined) => (who ? ` by ${who.name}` : '')

/** What became of an approved report's family part, as it really happened: sent, on its way, failed, held back or nobody to send it to. */
function FamilyMailNote({ detail, report }: { detail: LessonDetail; report: NonNullable<LessonDetail['report']> }) {
  const mails = report.familyMail ?? []
  if (mails.length === 0) {
    if (report.heldBack) {
      return (
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            Held back from the family and school{byWhom(report.heldBack.by)}
            {report.heldBack.reason ? `: ${report.heldBack.reason}` : ''}. Nothing has been sent.
          </Text>
          <ShareReport detail={detail} />
        </Stack>
      )
    }
    return <Text size="sm">Nothing was sent: no contact email or school contact receiving reports was on record when it was approved.</Text>
  }
  const sent = mails.filter((mail) => mail.status === 'sent' && mail.sentAt)
  const waiting = mails.filter((mail) => mail.status === 'pending' || mail.status === 'stored')
  const failed = mails.filter((mail) => mail.status === 'failed')
  const firstSent = sent[0]?.sentAt
  return (
    <>
      {sent.length > 0 && firstSent && (
        <Text size="sm">
          Sent to {inWords(sent.map((mail) => mail.to))} on <time dateTime={firstSent}>{formatDateTime(firstSent)}</time>.
        </Text>
      )}
      {waiting.length > 0 && <Text size="sm">On its way to {inWords(waiting.map((mail) => mail.to))}.</Text>}
      {failed.length > 0 && (
        <Text size="sm">
          Could not be sent to {inWords(failed.map((mail) => mail.to))}:{' '}
          <AnchorLink to="/admin/settings/mail" search={{ status: 'failed' }}>
            see what went wrong and send it again
          </AnchorLink>
          .
        </Text>
      )}
    </>
  )
}

/** Where the lesson is, when that is not "waiting for you": what happens next, and who does it. */
function StatusNote({ detail }: { detail: LessonDetail }) {
  const { lesson, report } = detail
  switch (lesson.status) {
    case 'planned':
      return <Alert title="Not taught yet">The lesson has not happened yet. Its tutor writes the report once it has ended.</Alert>
    case 'awaiting_report':
      return (
        <Alert color={lesson.overdue ? 'orange' : 'blue'} title={lesson.overdue ? 'The report is overdue' : 'Waiting for the report'}>
          {lesson.tutor.name} has not sent the report yet.
          {lesson.reportDueAt && (
            <>
              {' '}
              It {lesson.overdue ? 'was' : 'is'} due by <time dateTime={lesson.reportDueAt}>{formatDateTime(lesson.reportDueAt)}</time>.
            </>
          )}
          {lesson.overdue && ' Remind them: a report counts as late more than 48 hours after the lesson.'}
        </Alert>
      )
    case 'returned':
      return (
        <Alert color="orange" title="Back with the tutor">
          The report was returned to {lesson.tutor.name}
          {report?.returnedAt && (
            <>
              {' '}
              on <time dateTime={report.returnedAt}>{formatDateTime(report.returnedAt)}</time>
            </>
          )}
          . They change it and send it again; it then waits here for review.
        </Alert>
      )
    case 'resubmitted':
      return (
        <Alert title="Sent again">
          {lesson.tutor.name} changed the report after it was returned. Check it against the comment below, then approve it or return it again.
        </Alert>
      )
    case 'approved':
      return (
        <Alert color="green" title="Approved">
          <Stack gap="xs">
            <Text size="sm">
              Approved{byWhom(report?.approvedBy)}
              {report?.approvedAt && (
                <>
                  {' '}
                  on <time dateTime={report.approvedAt}>{formatDateTime(report.approvedAt)}</time>
                </>
              )}
              ; it can no longer be changed.
            </Text>
            {report && <FamilyMailNote detail={detail} report={report} />}
          </Stack>
        </Alert>
      )
    case 'cancelled':
    case 'missed':
      return <Alert title={labelOf('LessonStatus', lesson.status, 'staff')}>This lesson was not taught, so it has no report. What happened is under “The lesson”.</Alert>
    case 'submitted':
      return null
  }
}

/**
 * The concerns the report raised, shown apart and marked as restricted: a safeguarding lead reads them here; another
 * admin is answered only that one was raised, and when, and is told who has the details (need-to-know).
 */
function Concerns({ detail }: { detail: LessonDetail }) {
  const concerns = detail.concerns ?? []
  if (concerns.length === 0) return null
  if (concerns.some((concern) => concern.details === undefined)) {
    return (
      <Alert role="note" color="red" variant="light" icon={<IconLock size={18} aria-hidden />} title="Safeguarding concern on record">
        The tutor raised {concerns.length === 1 ? 'a safeguarding concern' : `${concerns.length} safeguarding concerns`} in this report (
        {concerns.map((concern, index) => (
          <span key={concern.id}>
            {index > 0 && ', '}
            <time dateTime={concern.raisedAt}>{formatDateTime(concern.raisedAt)}</time>
          </span>
        ))}
        ). The designated safeguarding leads have the details.
      </Alert>
    )
  }
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="concerns-title" style={{ borderColor: 'var(--mantine-color-red-filled)', borderWidth: 2 }}>
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconLock size={20} aria-hidden />
          <Title order={2} size="h3" id="concerns-title">
            Safeguarding {concerns.length === 1 ? 'concern' : 'concerns'} (restricted)
          </Title>
        </Group>
        <Text size="sm">Only the designated safeguarding leads can see this. It is never shown to families or schools, and the tutor sees only that they raised it.</Text>
        {concerns.map((concern) => (
          <Card key={concern.id} withBorder padding="sm" component="article" aria-label={`Concern raised ${formatDateTime(concern.raisedAt)}`}>
            <Stack gap="xs">
              <Group gap="xs" wrap="wrap">
                {concern.severity && <SeverityBadge severity={concern.severity} long />}
                {concern.status && <StatusBadge of="ConcernStatus" value={concern.status} />}
                <Text size="sm" c="dimmed">
                  Raised <time dateTime={concern.raisedAt}>{formatDateTime(concern.raisedAt)}</time>
                </Text>
              </Group>
              <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{concern.details}</Text>
              <Text size="sm">
                <AnchorLink to="/admin/reports/concerns/$concernId" params={{ concernId: concern.id }}>
                  Open the concern raised {formatDateTime(concern.raisedAt)}
                </AnchorLink>{' '}
                to record what was done.
              </Text>
            </Stack>
          </Card>
        ))}
      </Stack>
    </Card>
  )
}

function ReportPart({ title, note, text }: { title: string; note?: string; text: string | undefined }) {
  return (
    <Stack gap={4}>
      <Title order={3} size="h4">
        {title}
      </Title>
      {note && (
        <Text size="sm" c="dimmed">
          {note}
        </Text>
      )}
      {text ? <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{text}</Text> : <Text c="dimmed">Nothing written.</Text>}
    </Stack>
  )
}

/** The report as the tutor last sent it, in the order they wrote it. */
function Report({ detail }: { detail: LessonDetail }) {
  const { report } = detail
  if (!report) return null
  const sentAgain = report.submittedAt !== report.firstSubmittedAt
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="report-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3" id="report-title">
            The report
          </Title>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" c="dimmed">
              {sentAgain ? 'Last sent' : 'Sent'} <time dateTime={report.submittedAt}>{formatDateTime(report.submittedAt)}</time>
              {sentAgain && (
                <>
                  ; first sent <time dateTime={report.firstSubmittedAt}>{formatDateTime(report.firstSubmittedAt)}</time>
                </>
              )}
            </Text>
            <SentBadge onTime={report.onTime} />
          </Group>
        </Stack>
        <ReportPart title="What was covered" text={report.covered} />
        <ReportPart title="Progress and next steps" note="The part families and schools read once the report is approved." text={report.progress} />
        <ReportPart title="Homework" text={report.homework} />
        <ReportPart title="Note for staff" note="For the office only; never shown to families or schools." text={report.staffNote} />
      </Stack>
    </Card>
  )
}

/** Every comment the office sent back with this report, newest first, from the lesson's history. */
function ReturnComments({ detail }: { detail: LessonDetail }) {
  const { api } = useAppContext()
  const { report, lesson } = detail
  const returned = report?.returnedAt !== undefined
  const history = useQuery({ ...historyQueryOptions(api.history, { subjectType: 'lesson', subjectId: lesson.id, page: 1, pageSize: 100 }), enabled: returned })
  if (!report || !returned) return null
  const fromHistory = (history.data?.items ?? [])
    .filter((entry) => entry.action === 'lesson.report_returned' && entry.detail)
    .map((entry) => ({ id: entry.id, at: entry.at, by: entry.actor, comment: entry.detail ?? '' }))
  const comments = fromHistory.length > 0 ? fromHistory : report.returnComment && report.returnedAt ? [{ id: 'last', at: report.returnedAt, by: report.returnedBy, comment: report.returnComment }] : []
  if (comments.length === 0) return null
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="returns-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="returns-title">
          Returned to the tutor
        </Title>
        <List spacing="sm" listStyleType="none">
          {comments.map((item) => (
            <List.Item key={item.id}>
              <Text size="sm" c="dimmed">
                <time dateTime={item.at}>{formatDateTime(item.at)}</time>
                {byWhom(item.by)}
              </Text>
              <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{item.comment}</Text>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Card>
  )
}

function Learners({ lesson }: { lesson: Lesson }) {
  return (
    <Stack gap={2}>
      {lesson.learners.map((learner) => (
        <Text key={learner.id} size="sm">
          <AnchorLink to="/admin/students/$studentId" params={{ studentId: learner.id }}>
            {learner.name}
          </AnchorLink>
          {learner.attendance ? ` (${labelOf('Attendance', learner.attendance).toLowerCase()})` : ''}
        </Text>
      ))}
    </Stack>
  )
}

function LessonFacts({ detail }: { detail: LessonDetail }) {
  const { lesson, report } = detail
  const cancellation = lesson.cancellation
  return (
    <FactCard
      title="The lesson"
      facts={[
        ['Date', longLessonDay(lesson.date)],
        ['Time', lessonHours(lesson)],
        ['Length', `${lesson.minutes} minutes`],
        ['How', labelOf('DeliveryMode', lesson.mode, 'staff')],
        ['Where', lesson.place],
        [
          'Tutor',
          <AnchorLink to="/admin/tutors/$tutorId" params={{ tutorId: lesson.tutor.id }}>
            {lesson.tutor.name}
          </AnchorLink>,
        ],
        [lesson.learners.length === 1 ? 'Learner' : 'Learners', <Learners lesson={lesson} />],
        [
          'School',
          lesson.school && (
            <AnchorLink to="/admin/schools/$schoolId" params={{ schoolId: lesson.school.id }}>
              {lesson.school.name}
            </AnchorLink>
          ),
        ],
        ['Status', labelOf('LessonStatus', lesson.status, 'staff')],
        ['Report due', !lesson.submittedAt && lesson.reportDueAt ? <time dateTime={lesson.reportDueAt}>{formatDateTime(lesson.reportDueAt)}</time> : undefined],
        ['Sent', lesson.submittedAt && <time dateTime={lesson.submittedAt}>{formatDateTime(lesson.submittedAt)}</time>],
        ['First sent', report && report.firstSubmittedAt !== report.submittedAt ? <time dateTime={report.firstSubmittedAt}>{formatDateTime(report.firstSubmittedAt)}</time> : undefined],
        ['On time', lesson.onTime === undefined ? undefined : lesson.onTime ? 'Yes, sent within 48 hours of the lesson' : 'No, sent more than 48 hours after the lesson'],
        [
          'Cancelled',
          cancellation && (
            <>
              By {labelOf('CancelledBy', cancellation.by).toLowerCase()}, {cancellation.late ? 'less than 24 hours before (late)' : 'with notice'}, on{' '}
              <time dateTime={cancellation.at}>{formatDateTime(cancellation.at)}</time>: {cancellation.reason}
            </>
          ),
        ],
        ['Missed', lesson.status === 'missed' ? (lesson.missedNote ?? 'The learner did not come.') : undefined],
      ]}
    />
  )
}

function ReportPage() {
  const { api } = useAppContext()
  const { lessonId } = Route.useParams()
  const { data: detail } = useSuspenseQuery(reportQueryOptions(api.lessonReports, lessonId))
  const { lesson } = detail

  return (
    <DetailLayout
      back={
        <AnchorLink to="/admin/reports">
          <BackLabel>Back to reports</BackLabel>
        </AnchorLink>
      }
      title={`${lesson.subject} with ${learnerNames(lesson)}`}
      badges={<ReportBadges lesson={lesson} size="lg" />}
      subtitle={
        <>
          {longLessonDay(lesson.date)}, {lessonHours(lesson)} · taught by {lesson.tutor.name}
          {lesson.school ? ` at ${lesson.school.name}` : ''}
        </>
      }
      actions={
        <>
          <ReportActions detail={detail} />
          {/* A lesson of a weekly series still to come: the series can be moved, cancelled or paused from it. */}
          {lesson.seriesId !== undefined && lesson.status === 'planned' && <SeriesActions lesson={{ ...lesson, seriesId: lesson.seriesId }} />}
        </>
      }
      aside={
        <>
          <LessonFacts detail={detail} />
          <RecordHistory subjectType="lesson" subjectId={lessonId} words={LESSON_HISTORY_WORDS} />
        </>
      }
    >
      <StatusNote detail={detail} />
      <Concerns detail={detail} />
      <Report detail={detail} />
      <ReturnComments detail={detail} />
    </DetailLayout>
  )
}
