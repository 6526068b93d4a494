import { Alert, Card, Group, Stack, Text, Title } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useState } from 'react'
import { labelOf } from '@shared/labels'
import { myLessonQueryOptions, type MyLessonDetail } from '@/api/lessons'
import { BackLabel, DetailLayout } from '@/ui/back-office/detail-layout'
import { FactCard } from '@/ui/back-office/fact-card'
import { ArticleSkeleton } from '@/ui/content-skeleton'
import { formatDateTime } from '@/ui/format-date-time'
import { NotFoundView } from '@/ui/not-found-view'
import { AnchorLink } from '@/components/links'
import { RouterLink } from '@/components/router-link'
import { headFrom } from '@/app/page-head'
import { routeTo } from '@/app/route-to'
import { useAppContext } from '@/app/use-app-context'
import { loadRecord } from '@/routes/_authenticated/-components/record-page'
import { CancelLesson, MarkLessonMissed, MoveLesson } from '@/routes/_authenticated/tutor/-components/lesson-actions'
import { LessonStatusBadges } from '@/routes/_authenticated/tutor/-components/lesson-list'
import { learnerNames, lessonWhen } from '@/routes/_authenticated/-components/lesson-words'
import { ReportForm } from '@/routes/_authenticated/tutor/-components/report-form'
import { longLessonDay } from '@shared/lesson-time'

export const Route = createFileRoute('/_authenticated/tutor/reports/$lessonId')({
  staticData: { title: 'Lesson', notFoundTitle: 'Lesson not found' },
  loader: async ({ context: { queryClient, api }, params }) => {
    const detail = await loadRecord(queryClient, myLessonQueryOptions(api.lessons, params.lessonId), params.lessonId)
    return { title: `${detail.lesson.subject} with ${learnerNames(detail.lesson)}`, description: longLessonDay(detail.lesson.date) }
  },
  head: ({ loaderData }) => headFrom(loaderData),
  pendingComponent: ArticleSkeleton,
  notFoundComponent: LessonNotFound,
  component: LessonPage,
})

function LessonNotFound() {
  return (
    <NotFoundView
      linkComponent={RouterLink}
      title="We could not find that lesson"
      message="It may belong to another tutor, or the address is mistyped. Your lessons are on your dashboard and your learners’ pages."
      action={{ to: routeTo({ to: '/tutor/reports' }), label: 'Go to your reports' }}
    />
  )
}

/** The report as the office has it now, read-only once approved (or while no form is shown). */
function SentReport({ detail }: { detail: MyLessonDetail }) {
  const { report } = detail
  if (!report) return null
  return (
    <FactCard
      title="The report as sent"
      facts={[
        ['Sent', `${formatDateTime(report.submittedAt)}${report.onTime ? '' : ' (first sent late)'}`],
        ['Covered', <Text style={{ whiteSpace: 'pre-wrap' }}>{report.covered}</Text>],
        ['Progress and next steps', <Text style={{ whiteSpace: 'pre-wrap' }}>{report.progress}</Text>],
        ['Homework', report.homework],
        ['Note for the office', report.staffNote],
        ['Approved', report.approvedAt && `${formatDateTime(report.approvedAt)}${report.approvedBy ? ` by ${report.approvedBy.name}` : ''}`],
      ]}
    />
  )
}

function LessonPage() {
  const { api } = useAppContext()
  const { lessonId } = Route.useParams()
  const { data: detail } = useSuspenseQuery(myLessonQueryOptions(api.lessons, lessonId))
  const { lesson, moves } = detail
  const [firstLearner] = lesson.learners
  // The lesson whose report was just sent from this page: its sent state takes the focus.
  const [sentHere, setSentHere] = useState<string | null>(null)
  return (
    <DetailLayout
      back={
        <AnchorLink to="/tutor/reports">
          <BackLabel>Back to your reports</BackLabel>
        </AnchorLink>
      }
      title={`${lesson.subject} with ${learnerNames(lesson)}`}
      badges={<LessonStatusBadges lesson={lesson} />}
      subtitle={`${longLessonDay(lesson.date)}, ${lessonWhen(lesson).split(', ')[1] ?? ''}`}
      actions={
        (moves.includes('MOVE') || moves.includes('CANCEL') || moves.includes('MARK_MISSED')) && (
          <Group gap="sm">
            {moves.includes('MOVE') && <MoveLesson lesson={lesson} />}
            {moves.includes('MARK_MISSED') && <MarkLessonMissed lesson={lesson} />}
            {moves.includes('CANCEL') && <CancelLesson lesson={lesson} />}
          </Group>
        )
      }
      aside={
        <FactCard
          title="The lesson"
          facts={[
            ['When', `${longLessonDay(lesson.date)}, ${lessonWhen(lesson).split(', ')[1] ?? ''} (${lesson.minutes} minutes)`],
            ['Learners', lesson.learners.map((learner) => `${learner.name}${learner.attendance ? ` (${labelOf('Attendance', learner.attendance).toLowerCase()})` : ''}`).join(', ')],
            ['How', labelOf('DeliveryMode', lesson.mode)],
            ['Where', lesson.place],
            ['School', lesson.school?.name],
            ['Report due', lesson.status === 'awaiting_report' && lesson.reportDueAt ? formatDateTime(lesson.reportDueAt) : undefined],
            ['Cancelled', lesson.cancellation && `By ${labelOf('CancelledBy', lesson.cancellation.by).toLowerCase()}, ${lesson.cancellation.late ? 'late' : 'with notice'}: ${lesson.cancellation.reason}`],
            ['Missed', lesson.status === 'missed' ? (lesson.missedNote ?? 'The learner did not come.') : undefined],
          ]}
        />
      }
    >
      {lesson.status === 'planned' && (
        <Text>
          The report can be written once the lesson has ended.
          {firstLearner && (
            <>
              {' '}
              See <AnchorLink to="/tutor/students/$studentId" params={{ studentId: firstLearner.id }}>{firstLearner.name}’s page</AnchorLink> for their goals and needs.
            </>
          )}
        </Text>
      )}
      {lesson.status === 'approved' && (
        <Alert color="green" variant="light" title="Approved">
          The office has approved this report. It can no longer be changed.
        </Alert>
      )}
      {detail.concerns && detail.concerns.length > 0 && (
        <Card withBorder padding="sm">
          <Stack gap={4}>
            <Title order={2} size="h4">
              Safeguarding concerns you raised
            </Title>
            {/* That they raised it and when: what it says and how it is handled are kept by the safeguarding leads. */}
            {detail.concerns.map((concern) => (
              <Text key={concern.id} size="sm">
                You raised a concern that went to our safeguarding leads on <time dateTime={concern.raisedAt}>{formatDateTime(concern.raisedAt)}</time>.
              </Text>
            ))}
            <Text size="sm" c="dimmed">
              Our safeguarding leads keep what you wrote and handle it. If you have more to tell them, raise a new concern or call them.
            </Text>
          </Stack>
        </Card>
      )}
      {/* A new version (sent, changed, moved, reviewed) starts the form afresh: a report just changed shows as sent again. */}
      <ReportForm key={`${lesson.id}-${lesson.version}`} detail={detail} justSent={sentHere === lesson.id} onSent={() => setSentHere(lesson.id)} />
      <SentReport detail={detail} />
    </DetailLayout>
  )
}
