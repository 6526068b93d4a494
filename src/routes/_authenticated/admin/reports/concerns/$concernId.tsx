import { Alert, Card, Text, Title } from '@mantine/core'
import { IconLock } from '@tabler/icons-react'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { labelOf } from '@shared/labels'
import { concernQueryOptions, type SafeguardingConcern } from '@/api/safeguarding-concerns'
import { BackLabel, DetailLayout } from '@/ui/back-office/detail-layout'
import { FactCard } from '@/ui/back-office/fact-card'
import { StatusBadge } from '@/ui/back-office/status-badge'
import { ArticleSkeleton } from '@/ui/content-skeleton'
import { formatDate, formatDateTime } from '@/ui/format-date-time'
import { AnchorLink } from '@/components/links'
import { headFrom } from '@/app/page-head'
import { useAppContext } from '@/app/use-app-context'
import { RecordHistory } from '@/routes/_authenticated/-components/record-history'
import { CONCERN_HISTORY_WORDS } from '@/routes/_authenticated/-components/history-words'
import { loadRecord } from '@/routes/_authenticated/-components/record-page'
import { SeverityBadge } from '@/routes/_authenticated/admin/reports/-components/concern-badges'
import { ConcernsLeadsOnly, isSafeguardingLead, useIsSafeguardingLead } from '@/routes/_authenticated/admin/-components/concern-leads-only'
import { ConcernNotFound } from '@/routes/_authenticated/admin/reports/-components/concern-not-found'
import { ConcernStatusForm } from '@/routes/_authenticated/admin/reports/-components/concern-status-form'

export const Route = createFileRoute('/_authenticated/admin/reports/concerns/$concernId')({
  staticData: { title: 'Safeguarding concern', notFoundTitle: 'Concern not found' },
  loader: async ({ context: { queryClient, api, auth }, params }) => {
    // Another admin is told why there is nothing here, not answered with an error (the server refuses them).
    if (!isSafeguardingLead(auth)) return { title: 'Safeguarding concern', description: 'Only the designated safeguarding leads can see safeguarding concerns.' }
    const concern = await loadRecord(queryClient, concernQueryOptions(api.safeguardingConcerns, params.concernId), params.concernId)
    return { title: concernTitle(concern), description: `${labelOf('ConcernSeverity', concern.severity)} severity, ${labelOf('ConcernStatus', concern.status).toLowerCase()}` }
  },
  head: ({ loaderData }) => headFrom(loaderData),
  pendingComponent: ArticleSkeleton,
  notFoundComponent: ConcernNotFound,
  component: ConcernRoute,
})

function concernTitle(concern: SafeguardingConcern): string {
  return concern.learner ? `Concern about ${concern.learner.name}` : `Concern from the ${concern.lesson.subject} lesson of ${formatDate(concern.lesson.date)}`
}

const lessonWords = (concern: SafeguardingConcern) => `${concern.lesson.subject} on ${formatDate(concern.lesson.date)}`

function ConcernRoute() {
  return useIsSafeguardingLead() ? <ConcernPage /> : <ConcernsLeadsOnly />
}

function ConcernPage() {
  const { api } = useAppContext()
  const { concernId } = Route.useParams()
  const { data: concern } = useSuspenseQuery(concernQueryOptions(api.safeguardingConcerns, concernId))

  return (
    <DetailLayout
      back={
        <AnchorLink to="/admin/reports/concerns">
          <BackLabel>Back to safeguarding concerns</BackLabel>
        </AnchorLink>
      }
      title={concernTitle(concern)}
      badges={
        <>
          <SeverityBadge severity={concern.severity} size="lg" />
          <StatusBadge of="ConcernStatus" value={concern.status} size="lg" />
        </>
      }
      subtitle={
        <>
          Raised by {concern.tutor.name} on <time dateTime={concern.raisedAt}>{formatDateTime(concern.raisedAt)}</time>, in the report of the {lessonWords(concern)} lesson
        </>
      }
      aside={<RecordHistory subjectType="safeguarding_concern" subjectId={concernId} words={CONCERN_HISTORY_WORDS} />}
    >
      <Alert role="note" color="red" variant="light" icon={<IconLock size={18} aria-hidden />} title="Restricted">
        Only the designated safeguarding leads can see this concern. It is never shown to families or schools, and the tutor sees only that they raised it
        and when.
      </Alert>
      <Card withBorder padding="md" component="section" aria-labelledby="concern-details-title">
        <Title order={2} size="h3" id="concern-details-title" mb="sm">
          What the tutor wrote
        </Title>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{concern.details}</Text>
      </Card>
      <FactCard
        title="The concern"
        facts={[
          ['Severity', labelOf('ConcernSeverity', concern.severity, 'staff')],
          [
            'Learner',
            concern.learner ? (
              <AnchorLink to="/admin/students/$studentId" params={{ studentId: concern.learner.id }}>
                {concern.learner.name}
              </AnchorLink>
            ) : (
              'Not named: the lesson’s learners are on its report page'
            ),
          ],
          [
            'Tutor',
            <AnchorLink to="/admin/tutors/$tutorId" params={{ tutorId: concern.tutor.id }}>
              {concern.tutor.name}
            </AnchorLink>,
          ],
          [
            'Lesson',
            <AnchorLink to="/admin/reports/$lessonId" params={{ lessonId: concern.lesson.id }}>
              {`Report of ${lessonWords(concern)}`}
            </AnchorLink>,
          ],
          ['Raised', <time dateTime={concern.raisedAt}>{formatDateTime(concern.raisedAt)}</time>],
        ]}
      />
      <FactCard
        title="Status"
        facts={[
          ['Status', labelOf('ConcernStatus', concern.status)],
          ['Changed by', concern.statusChangedBy?.name],
          ['Changed', concern.statusChangedAt && <time dateTime={concern.statusChangedAt}>{formatDateTime(concern.statusChangedAt)}</time>],
          ['Note', concern.statusNote ? <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{concern.statusNote}</Text> : 'Nothing recorded yet.'],
        ]}
      />
      <ConcernStatusForm concern={concern} />
    </DetailLayout>
  )
}
