import { Alert, Card, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { tutorOverviewQueryOptions } from '@/api/lessons'
import { selectUser } from '@/machines/auth.selectors'
import { ArticleSkeleton } from '@/ui/content-skeleton'
import { AnchorLink } from '@/components/links'
import { useAppContext } from '@/app/use-app-context'
import { LessonList } from './-components/lesson-list'
import { NextLesson } from './-components/next-lesson'

export const Route = createFileRoute('/_authenticated/tutor/')({
  staticData: { title: 'Tutor' },
  loader: ({ context: { queryClient, api } }) => queryClient.ensureQueryData(tutorOverviewQueryOptions(api.lessons)),
  pendingComponent: ArticleSkeleton,
  component: TutorDashboardPage,
})

const monthName = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' })

function Figure({ value, label }: { value: string; label: string }) {
  return (
    <Card withBorder padding="md">
      <Text fz={28} fw={700} lh={1.1}>
        {value}
      </Text>
      <Text size="sm">{label}</Text>
    </Card>
  )
}

/** The tutor's home: the next lesson and what comes after it, the reports to write, and how the month is going. */
function TutorDashboardPage() {
  const { auth, api } = useAppContext()
  const user = useSelector(auth, selectUser)
  const { data } = useSuspenseQuery(tutorOverviewQueryOptions(api.lessons))
  const { figures } = data
  const toDo = data.awaitingReport.length + data.returned.length
  // The next lesson still on comes first; the others, cancelled ones too, are listed after it.
  const next = data.coming.find((item) => item.lesson.status !== 'cancelled')
  const after = data.coming.filter((item) => item !== next).map((item) => item.lesson)
  // A report still overdue counts as late: it will not be sent within 48 hours now.
  const due = figures.reportsThisMonth + figures.reportsOverdue
  const onTime = due === 0 ? '–' : `${Math.round((figures.reportsOnTime / due) * 100)}%`
  return (
    <Container py="xl" px={0}>
      <Stack gap="xl">
        <Stack gap={4}>
          <Title order={1}>Welcome, {user?.name ?? ''}</Title>
          <Text>
            {toDo === 0 ? 'Nothing to do right now: every lesson that has happened has its report.' : `${toDo} ${toDo === 1 ? 'report needs' : 'reports need'} your attention.`}
          </Text>
        </Stack>

        <Stack gap="sm" component="section" aria-labelledby="next-title">
          <Title order={2} id="next-title">
            Next lesson
          </Title>
          {next ? (
            <NextLesson coming={next} />
          ) : (
            <Text size="sm">
              No lessons coming up. Plan lessons from a learner’s page under <AnchorLink to="/tutor/students">Learners</AnchorLink>.
            </Text>
          )}
          {after.length > 0 && (
            <>
              <Title order={3} size="h4">
                Coming up
              </Title>
              <LessonList lessons={after} label="Coming lessons" empty="" />
            </>
          )}
          <Text size="sm">
            <AnchorLink to="/tutor/calendar">See all your lessons in the calendar</AnchorLink>
          </Text>
        </Stack>

        <Stack gap="sm" component="section" aria-labelledby="to-do-title">
          <Title order={2} id="to-do-title">
            To do
          </Title>
          {data.returned.length > 0 && (
            <Stack gap="xs">
              <Title order={3} size="h4">
                Reports returned by the office
              </Title>
              <LessonList
                lessons={data.returned}
                label="Reports returned by the office"
                empty=""
                extra={(lesson) =>
                  lesson.returnComment && (
                    <Alert variant="light" color="red" p="xs" title="The office asks">
                      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                        {lesson.returnComment}
                      </Text>
                    </Alert>
                  )
                }
              />
            </Stack>
          )}
          <Stack gap="xs">
            <Title order={3} size="h4">
              Lessons awaiting a report
            </Title>
            <Text size="sm" c="dimmed">
              Oldest first. A report is overdue 48 hours after the lesson ended.
            </Text>
            <LessonList lessons={data.awaitingReport} label="Lessons awaiting a report" empty="No lessons are waiting for a report." />
          </Stack>
        </Stack>

        <Stack gap="sm" component="section" aria-labelledby="figures-title">
          <Title order={2} id="figures-title">
            {monthName.format(new Date(`${figures.month}-01T00:00:00Z`))}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            <Figure value={String(figures.taughtThisMonth)} label="lessons taught and reported" />
            <Figure value={String(figures.reportsThisMonth)} label="reports sent" />
            <Figure value={onTime} label="of reports sent within 48 hours" />
          </SimpleGrid>
        </Stack>
      </Stack>
    </Container>
  )
}
