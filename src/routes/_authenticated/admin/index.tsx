import { Alert, Card, Group, List, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import { labelOf } from '@shared/labels'
import { dashboardQueryOptions, type ActivityEntry, type Dashboard } from '@/api/dashboard'
import { selectUser } from '@/machines/auth.selectors'
import { formatDateTime } from '@/ui/format-date-time'
import { AnchorLink } from '@/components/links'
import { toast } from '@/ui/toasts'
import { SecondFactorSetup } from '@/routes/_authenticated/-components/second-factor-setup'
import { errorMessage } from '@/app/server-errors'
import { useAppContext } from '@/app/use-app-context'
import { LoadFailedAlert } from '@/ui/back-office/load-failed-alert'

export const Route = createFileRoute('/_authenticated/admin/')({
  staticData: { title: 'Admin' },
  loader: ({ context: { queryClient, api, auth } }) => {
    if (!selectUser(auth.getSnapshot())?.secondFactorDue) void queryClient.prefetchQuery(dashboardQueryOptions(api.dashboard))
  },
  component: AdminDashboardPage,
})

/**
 * One figure: the number large, what it counts, and the whole card a link to the list it counts. An urgent figure
 * above zero is marked by a coloured edge, and says so to a screen reader too.
 */
function Figure({ value, words, link, urgent = false }: { value: number; words: string; link: (children: ReactNode) => ReactNode; urgent?: boolean }) {
  const flagged = urgent && value > 0
  return (
    <Card withBorder padding="md" component="li" style={flagged ? { borderInlineStart: '4px solid var(--mantine-color-red-filled)' } : undefined}>
      {link(
        <Stack gap={2}>
          <Text fz={32} fw={700} lh={1.1} c="var(--mantine-color-text)">
            {value}
          </Text>
          <Text size="sm">{words}</Text>
        </Stack>,
      )}
    </Card>
  )
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many)

function FigureGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid component="ul" cols={{ base: 1, xs: 2, md: 3 }} spacing="md" p={0} m={0} style={{ listStyle: 'none' }}>
      {children}
    </SimpleGrid>
  )
}

/** The office's queues, most urgent first: reports to read, reports missing, concerns, tutors who may not teach, mail that failed. */
function Queues({ figures }: { figures: Dashboard['figures'] }) {
  return (
    <FigureGrid>
      <Figure
        urgent
        value={figures.reportsToReview}
        words={plural(figures.reportsToReview, 'lesson report to review', 'lesson reports to review')}
        link={(children) => (
          <AnchorLink to="/admin/reports" underline="never" display="block">
            {children}
          </AnchorLink>
        )}
      />
      <Figure
        urgent
        value={figures.reportsOverdue}
        words={plural(figures.reportsOverdue, 'lesson report overdue', 'lesson reports overdue')}
        link={(children) => (
          <AnchorLink to="/admin/reports" search={{ state: 'overdue' }} underline="never" display="block">
            {children}
          </AnchorLink>
        )}
      />
      {/* Only in a safeguarding lead's answer: nobody else learns how many concerns there are (need-to-know). */}
      {figures.concernsToActOn !== undefined && (
        <Figure
          urgent
          value={figures.concernsToActOn}
          words={plural(figures.concernsToActOn, 'safeguarding concern to act on', 'safeguarding concerns to act on')}
          link={(children) => (
            <AnchorLink to="/admin/reports/concerns" underline="never" display="block">
              {children}
            </AnchorLink>
          )}
        />
      )}
      <Figure
        urgent
        value={figures.tutorsWithoutCheck}
        words={plural(figures.tutorsWithoutCheck, 'active tutor without a valid safeguarding check', 'active tutors without a valid safeguarding check')}
        link={(children) => (
          <AnchorLink to="/admin/tutors" search={{ status: 'active', check: 'not_valid' }} underline="never" display="block">
            {children}
          </AnchorLink>
        )}
      />
      <Figure
        urgent
        value={figures.failedMail}
        words={plural(figures.failedMail, 'mail failed this week', 'mails failed this week')}
        link={(children) => (
          <AnchorLink to="/admin/settings/mail" search={{ status: 'failed_this_week' }} underline="never" display="block">
            {children}
          </AnchorLink>
        )}
      />
    </FigureGrid>
  )
}

/** What has come in and waits its turn: new registrations of each kind, learners, invitations, renewals, messages. */
function Waiting({ figures }: { figures: Dashboard['figures'] }) {
  const { newRegistrations: fresh } = figures
  const registrations = (type: 'subject' | 'course' | 'school' | 'tutor', one: string, many: string) => (
    <Figure
      key={type}
      value={fresh[type]}
      words={plural(fresh[type], one, many)}
      link={(children) => (
        <AnchorLink to="/admin/registrations" search={{ status: 'new', type }} underline="never" display="block">
          {children}
        </AnchorLink>
      )}
    />
  )
  return (
    <FigureGrid>
      {registrations('subject', 'new subject enrolment', 'new subject enrolments')}
      {registrations('course', 'new course enrolment', 'new course enrolments')}
      {registrations('school', 'new school enrolment', 'new school enrolments')}
      {registrations('tutor', 'new tutor application', 'new tutor applications')}
      <Figure
        value={figures.studentsWaiting}
        words={plural(figures.studentsWaiting, 'learner waiting for a tutor', 'learners waiting for a tutor')}
        link={(children) => (
          <AnchorLink to="/admin/students" search={{ status: 'waiting' }} underline="never" display="block">
            {children}
          </AnchorLink>
        )}
      />
      <Figure
        value={figures.tutorsInvited}
        words={plural(figures.tutorsInvited, 'tutor invited, not signed in yet', 'tutors invited, not signed in yet')}
        link={(children) => (
          <AnchorLink to="/admin/tutors" search={{ status: 'invited' }} underline="never" display="block">
            {children}
          </AnchorLink>
        )}
      />
      <Figure
        value={figures.checksExpiring}
        words={plural(figures.checksExpiring, 'safeguarding check to renew within 60 days', 'safeguarding checks to renew within 60 days')}
        link={(children) => (
          <AnchorLink to="/admin/tutors" search={{ check: 'expiring' }} underline="never" display="block">
            {children}
          </AnchorLink>
        )}
      />
      <Figure
        value={figures.openMessages}
        words={plural(figures.openMessages, 'contact message not handled', 'contact messages not handled')}
        link={(children) => (
          <AnchorLink to="/admin/contact-messages" search={{ status: 'open' }} underline="never" display="block">
            {children}
          </AnchorLink>
        )}
      />
    </FigureGrid>
  )
}

/** Shown only while mail failed in the last 7 days: people may be waiting for a link or an answer that never came. */
function FailedMail({ count }: { count: number }) {
  if (count === 0) return null
  return (
    <Alert color="red" variant="light" title={`${count} ${plural(count, 'mail', 'mails')} could not be sent`}>
      <Text size="sm">
        The mail server refused {plural(count, 'it', 'them')} for a whole day.{' '}
        <AnchorLink to="/admin/settings/mail" search={{ status: 'failed' }}>
          See what went wrong and send {plural(count, 'it', 'them')} again
        </AnchorLink>
      </Text>
    </Alert>
  )
}

/** The record an activity was about, linked to its page when it has one. */
function Subject({ entry }: { entry: ActivityEntry }) {
  const { subject } = entry
  const name = subject.name ?? `a ${labelOf('ActivitySubject', subject.type).toLowerCase()} since removed`
  if (subject.name === undefined) return <>{name}</>
  switch (subject.type) {
    case 'student':
      return (
        <AnchorLink to="/admin/students/$studentId" params={{ studentId: subject.id }}>
          {name}
        </AnchorLink>
      )
    case 'tutor':
      return (
        <AnchorLink to="/admin/tutors/$tutorId" params={{ tutorId: subject.id }}>
          {name}
        </AnchorLink>
      )
    case 'school':
      return (
        <AnchorLink to="/admin/schools/$schoolId" params={{ schoolId: subject.id }}>
          {name}
        </AnchorLink>
      )
    case 'registration':
      return (
        <AnchorLink to="/admin/registrations/$registrationId" params={{ registrationId: subject.id }}>
          {name}
        </AnchorLink>
      )
    case 'contact_message':
      return (
        <AnchorLink to="/admin/contact-messages/$messageId" params={{ messageId: subject.id }}>
          {name}
        </AnchorLink>
      )
    case 'placement':
      return <>{name}</>
  }
}

function Activity({ activity }: { activity: ActivityEntry[] }) {
  if (activity.length === 0) {
    return <Text size="sm">Nothing has changed yet. Changes to learners, tutors, schools, placements, registrations and messages will appear here.</Text>
  }
  return (
    <List spacing="sm" listStyleType="none" p={0}>
      {activity.map((entry) => (
        <List.Item key={entry.id}>
          <Text size="sm">
            <Text span fw={600}>
              {labelOf('ActivityAction', entry.action)}
            </Text>
            {': '}
            <Subject entry={entry} />
          </Text>
          {entry.detail && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {entry.detail}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {entry.actor ? `${entry.actor.name}, ` : ''}
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
          </Text>
        </List.Item>
      ))}
    </List>
  )
}

function AdminDashboardPage() {
  const { auth } = useAppContext()
  const user = useSelector(auth, selectUser)
  if (user?.secondFactorDue) return <SecondFactorFirst email={user.email} name={user.name} />
  return <AdminDashboard name={user?.name ?? ''} />
}

/** An admin who must set up the second step sees only that until it is done (the server refuses the rest). */
function SecondFactorFirst({ email, name }: { email: string; name: string }) {
  return (
    <Stack gap="lg" py="md" maw={640}>
      <Stack gap="xs">
        <Title order={1}>Welcome, {name}</Title>
        <Text>
          Admin accounts open the records of children and families, so a password alone is not enough: set up the second sign-in step before
          anything else.
        </Text>
      </Stack>
      <Card withBorder padding="lg" component="section" aria-labelledby="second-factor-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="second-factor-title">
            Second sign-in step
          </Title>
          <SecondFactorSetup email={email} onDone={() => toast.success('You can now use the admin area')} />
        </Stack>
      </Card>
    </Stack>
  )
}

function AdminDashboard({ name }: { name: string }) {
  const { api } = useAppContext()
  const dashboard = useQuery(dashboardQueryOptions(api.dashboard))
  return (
    <Stack gap="lg" py="md">
      <Stack gap="xs">
        <Title order={1}>Welcome, {name}</Title>
        <Text>What needs the office now. Each figure opens the list it counts.</Text>
      </Stack>
      {dashboard.isError ? (
        <LoadFailedAlert what="The figures" message={errorMessage(dashboard.error)} onRetry={() => void dashboard.refetch()} />
      ) : dashboard.data === undefined ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" aria-busy="true">
          {Array.from({ length: 13 }, (_, index) => (
            <Skeleton key={index} height={84} />
          ))}
        </SimpleGrid>
      ) : (
        <>
          <FailedMail count={dashboard.data.figures.failedMail} />
          <section aria-labelledby="figures-title">
            <Title order={2} size="h3" id="figures-title" mb="sm">
              Needs attention
            </Title>
            <Queues figures={dashboard.data.figures} />
          </section>
          <section aria-labelledby="waiting-title">
            <Title order={2} size="h3" id="waiting-title" mb="sm">
              New and waiting
            </Title>
            <Waiting figures={dashboard.data.figures} />
          </section>
          <Card withBorder padding="md" component="section" aria-labelledby="activity-title">
            <Group justify="space-between" mb="sm">
              <Title order={2} size="h3" id="activity-title">
                Latest changes
              </Title>
            </Group>
            <Activity activity={dashboard.data.activity} />
          </Card>
        </>
      )}
    </Stack>
  )
}
