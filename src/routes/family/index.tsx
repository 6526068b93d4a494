import { Alert, Badge, Card, Group, List, Skeleton, Stack, Switch, Text, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { labelOf } from '@shared/labels'
import { longLessonDay } from '@shared/lesson-time'
import { isApiError } from '@/api/errors'
import { familyPageQueryOptions, type FamilyLearner, type FamilyLesson, type FamilyPage, type FamilyReport } from '@/api/family'
import { queryKeys } from '@/api/query-keys'
import { formatDate } from '@/ui/format-date-time'
import { TermSummaryExcerpts } from '@/components/term-summary/term-summary-excerpts'
import { TermSummaryLearners } from '@/components/term-summary/term-summary-learners'
import { errorMessage } from '@/app/server-errors'
import { useAppContext } from '@/app/use-app-context'
import { AskForLink } from './-components/ask-for-link'
import { forgetFamilyLink, keepFamilyLink, keptFamilyLink } from './-components/family-link'
import { inWords } from '@shared/list-words'

interface FamilySearch {
  link?: string
}

export const Route = createFileRoute('/family/')({
  validateSearch: (search: Record<string, unknown>): FamilySearch => (typeof search.link === 'string' && search.link !== '' ? { link: search.link } : {}),
  staticData: { title: 'Your lessons' },
  component: FamilyRoute,
})

/** The link from the address (then kept for the tab, and taken out of the address), or the one kept earlier. */
function useFamilyLink(): string | null {
  const { link: inAddress } = Route.useSearch()
  const navigate = useNavigate()
  const [link] = useState(() => inAddress ?? keptFamilyLink())
  useEffect(() => {
    if (inAddress === undefined) return
    keepFamilyLink(inAddress)
    void navigate({ to: '/family', search: {}, replace: true })
  }, [inAddress, navigate])
  return link
}

function FamilyRoute() {
  const { api } = useAppContext()
  const link = useFamilyLink()
  const page = useQuery({ ...familyPageQueryOptions(api.family, link ?? ''), enabled: link !== null })
  const expired = isApiError(page.error) && page.error.status === 401
  useEffect(() => {
    if (expired) forgetFamilyLink()
  }, [expired])
  if (link === null) return <AskForLink reason="missing" />
  if (expired) return <AskForLink reason="expired" />
  if (page.isError) {
    return (
      <Alert color="red" title="Your page could not be loaded" role="alert">
        {errorMessage(page.error)} Try again in a moment.
      </Alert>
    )
  }
  if (page.data === undefined) return <Skeleton height={320} role="status" aria-busy="true" aria-label="Loading your page" />
  return <FamilyContent page={page.data} link={link} />
}

function FamilyContent({ page, link }: { page: FamilyPage; link: string }) {
  const names = page.learners.map((learner) => learner.name)
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{page.name ? `Hello, ${page.name}` : 'Your lessons'}</Title>
        <Text>
          {names.length === 0
            ? 'There are no learners on this page yet.'
            : `Lesson reports and coming lessons for ${inWords(names)}. Reports appear once the office has read them; what the tutor notes for the office stays with the office.`}
        </Text>
      </Stack>
      {page.learners.map((learner) => (
        <Learner key={learner.id} learner={learner} />
      ))}
      {page.schools.map((summary) => (
        <Card key={summary.school.id} withBorder padding="md" component="section" aria-labelledby={`term-${summary.school.id}`}>
          <Stack gap="sm">
            <Title order={2} size="h3" id={`term-${summary.school.id}`}>
              {summary.school.name}: {labelOf('SchoolTerm', summary.term)} {summary.year}
            </Title>
            {summary.learners.length === 0 ? (
              <Text size="sm">No lessons this term yet.</Text>
            ) : (
              <>
                <TermSummaryLearners learners={summary.learners} />
                <Title order={3} size="h4">
                  Progress this term
                </Title>
                <TermSummaryExcerpts summary={summary} />
              </>
            )}
          </Stack>
        </Card>
      ))}
      <MailChoices page={page} link={link} />
      <Text size="sm" c="dimmed">
        This link works until {formatDate(page.expiresAt.slice(0, 10))}; each report email brings a new one. Please do not forward it: anyone with the link can
        read this page.
      </Text>
    </Stack>
  )
}

function Learner({ learner }: { learner: FamilyLearner }) {
  const { present, late, absent } = learner.attendance
  const marked = present + late + absent
  const id = `learner-${learner.id}`
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h3" id={id}>
            {learner.name}
          </Title>
          {learner.school && (
            <Text size="sm" c="dimmed">
              Taught at {learner.school}
            </Text>
          )}
          {marked > 0 && (
            <Text size="sm">
              At {present + late} of the {marked} lessons below{late > 0 ? `, late to ${late}` : ''}.
            </Text>
          )}
        </Stack>
        <Stack gap="xs">
          <Title order={3} size="h4">
            Coming lessons
          </Title>
          {learner.coming.length === 0 ? (
            <Text size="sm">No lessons are booked yet. The tutor books them and lets you know.</Text>
          ) : (
            <List spacing={4} size="sm" listStyleType="none" p={0}>
              {learner.coming.map((lesson) => (
                <List.Item key={`${lesson.date}T${lesson.startTime}`}>
                  <ComingLesson lesson={lesson} />
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
        <Stack gap="xs">
          <Title order={3} size="h4">
            Reports
          </Title>
          {learner.reports.length === 0 ? (
            <Text size="sm">No reports yet: each appears here once the office has approved it.</Text>
          ) : (
            <Stack component="ol" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
              {learner.reports.map((report) => (
                <Report key={report.lessonId} report={report} />
              ))}
            </Stack>
          )}
        </Stack>
      </Stack>
    </Card>
  )
}

function ComingLesson({ lesson }: { lesson: FamilyLesson }) {
  return (
    <Text size="sm">
      <Text span fw={600}>
        <time dateTime={`${lesson.date}T${lesson.startTime}`}>
          {longLessonDay(lesson.date)} at {lesson.startTime}
        </time>
      </Text>
      {`: ${lesson.subject} with ${lesson.tutor}, ${lesson.minutes} minutes, ${lesson.place ?? labelOf('DeliveryMode', lesson.mode).toLowerCase()}`}
    </Text>
  )
}

function Report({ report }: { report: FamilyReport }) {
  return (
    <li>
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <Text fw={600}>
            <time dateTime={report.date}>{longLessonDay(report.date)}</time>: {report.subject} with {report.tutor}
          </Text>
          {report.attendance && (
            <Badge variant="light" color={report.attendance === 'absent' ? 'red' : report.attendance === 'late' ? 'yellow' : 'green'}>
              {labelOf('Attendance', report.attendance)}
            </Badge>
          )}
        </Group>
        <ReportPart title="What was covered" text={report.covered} />
        <ReportPart title="Progress and next steps" text={report.progress} />
        {report.homework && <ReportPart title="Homework" text={report.homework} />}
      </Stack>
    </li>
  )
}

function ReportPart({ title, text }: { title: string; text: string }) {
  return (
    <div>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {text}
      </Text>
    </div>
  )
}

/** The two kinds of mail, each on or off at once (no form to lose). */
function MailChoices({ page, link }: { page: FamilyPage; link: string }) {
  const { api } = useAppContext()
  const queryClient = useQueryClient()
  const change = useMutation({
    mutationFn: (choice: { reports?: boolean; reminders?: boolean }) => api.family.setMail({ link, ...choice }),
    onSuccess: (mail) => queryClient.setQueryData(queryKeys.family.page(link), { ...page, mail }),
  })
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="mail-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="mail-title">
          Emails
        </Title>
        <Switch
          label="Email me each lesson report"
          checked={page.mail.reports}
          disabled={change.isPending}
          onChange={(event) => change.mutate({ reports: event.currentTarget.checked })}
        />
        <Switch
          label="Remind me the day before each lesson"
          description="And tell me at once when a lesson moves or is cancelled."
          checked={page.mail.reminders}
          disabled={change.isPending}
          onChange={(event) => change.mutate({ reminders: event.currentTarget.checked })}
        />
        {change.isError && (
          <Alert color="red" role="alert" title="Not changed">
            {errorMessage(change.error)}
          </Alert>
        )}
      </Stack>
    </Card>
  )
}
