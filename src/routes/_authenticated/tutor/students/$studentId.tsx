import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { labelOf } from '@shared/labels'
import { londonDay, longLessonDay } from '@shared/lesson-time'
import { myLessonsQueryOptions } from '@/api/lessons'
import { myLearnerQueryOptions } from '@/api/my-learners'
import { BackLabel, DetailLayout } from '@/ui/back-office/detail-layout'
import { FactCard } from '@/ui/back-office/fact-card'
import { ArticleSkeleton } from '@/ui/content-skeleton'
import { NotFoundView } from '@/ui/not-found-view'
import { telephoneHref } from '@/ui/telephone-href'
import { AnchorLink } from '@/components/links'
import { RouterLink } from '@/components/router-link'
import { routeTo } from '@/app/route-to'
import { headFrom } from '@/app/page-head'
import { useAppContext } from '@/app/use-app-context'
import { loadRecord } from '@/routes/_authenticated/-components/record-page'
import { PlanLessons } from '@/routes/_authenticated/tutor/-components/lesson-actions'
import { LessonList } from '@/routes/_authenticated/tutor/-components/lesson-list'
import { mailtoHref } from '@/ui/mailto'

export const Route = createFileRoute('/_authenticated/tutor/students/$studentId')({
  staticData: { title: 'Learner', notFoundTitle: 'Learner not found' },
  loader: async ({ context: { queryClient, api }, params }) => {
    const learner = await loadRecord(queryClient, myLearnerQueryOptions(api.myLearners, params.studentId), params.studentId)
    return { title: learner.name, description: 'A learner placed with you' }
  },
  head: ({ loaderData }) => headFrom(loaderData),
  pendingComponent: ArticleSkeleton,
  notFoundComponent: LearnerNotFound,
  component: LearnerPage,
})

function LearnerNotFound() {
  return (
    <NotFoundView
      linkComponent={RouterLink}
      title="We could not find that learner"
      message="They may not be placed with you, or the address is mistyped. Your learners are listed under Learners; if someone is missing, ask the office."
      action={{ to: routeTo({ to: '/tutor/students' }), label: 'Go to your learners' }}
    />
  )
}

function LearnerPage() {
  const { api } = useAppContext()
  const { studentId } = Route.useParams()
  const { data: learner } = useSuspenseQuery(myLearnerQueryOptions(api.myLearners, studentId))
  const today = londonDay(new Date())
  const { data: upcoming } = useSuspenseQuery(myLessonsQueryOptions(api.lessons, { studentId, from: today, pageSize: 10 }))
  const { data: past } = useSuspenseQuery(myLessonsQueryOptions(api.lessons, { studentId, to: today, pageSize: 20 }))
  const pastLessons = past.items.filter((lesson) => !upcoming.items.some((next) => next.id === lesson.id))
  const { contact } = learner
  return (
    <DetailLayout
      back={
        <AnchorLink to="/tutor/students">
          <BackLabel>Back to your learners</BackLabel>
        </AnchorLink>
      }
      title={learner.name}
      subtitle={[learner.yearGroup && labelOf('SchoolYear', learner.yearGroup), learner.school].filter(Boolean).join(' · ')}
      aside={
        <FactCard
          title="Contact"
          facts={[
            ['Name', `${contact.name}${contact.relationship ? ` (${labelOf('ContactRelationship', contact.relationship)})` : ''}`],
            ['Email', <Anchor href={mailtoHref(contact.email)}>{contact.email}</Anchor>],
            ['Phone', <Anchor href={telephoneHref(contact.phone)}>{contact.phone}</Anchor>],
            ['Prefers', contact.preferredContact && labelOf('PreferredContact', contact.preferredContact)],
            ['Address', learner.address && [learner.address.line1, learner.address.line2, learner.address.town, learner.address.postcode].filter(Boolean).join(', ')],
          ]}
        />
      }
    >
      <FactCard
        title="About the learner"
        facts={[
          ['Age', learner.age === undefined ? undefined : String(learner.age)],
          ['Level', learner.level && labelOf('StudyLevel', learner.level)],
          ['Goals', learner.goals],
          ['Needs', learner.needs],
          ['Notes for tutors', learner.notesForTutors],
        ]}
      />
      {learner.placements.map((placement) => (
        <Card key={placement.id} withBorder padding="md" component="section" aria-labelledby={`placement-${placement.id}`}>
          <Stack gap="sm">
            <Group justify="space-between" gap="sm">
              <Title order={2} size="h3" id={`placement-${placement.id}`}>
                {placement.subject}
              </Title>
              <PlanLessons placement={placement} learner={learner.name} />
            </Group>
            <Text size="sm">
              {labelOf('DeliveryMode', placement.mode)} · {labelOf('LessonFrequency', placement.frequency)} from {longLessonDay(placement.startsOn)}
              {placement.lessonMinutes ? ` · ${placement.lessonMinutes} minutes` : ''}
            </Text>
            {placement.notes && <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>From the office: {placement.notes}</Text>}
          </Stack>
        </Card>
      ))}
      <Stack gap="sm" component="section" aria-labelledby="upcoming-title">
        <Title order={2} size="h3" id="upcoming-title">
          Coming lessons
        </Title>
        <LessonList lessons={upcoming.items} label="Coming lessons" empty="No lessons planned yet. Use “Plan lessons” to add one or a weekly series." />
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="past-title">
        <Title order={2} size="h3" id="past-title">
          Past lessons and reports
        </Title>
        <LessonList lessons={pastLessons} label="Past lessons" empty="No lessons have taken place yet." />
      </Stack>
    </DetailLayout>
  )
}
