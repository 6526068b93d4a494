import { Button, Card, Group, Stack, Text, Title } from '@mantine/core'
import { IconPrinter } from '@tabler/icons-react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { labelOf } from '@shared/labels'
import { londonDay, longLessonDay } from '@shared/lesson-time'
import { termSummaryQueryOptions, type SchoolTermSummary } from '@/api/lesson-figures'
import { BackLabel } from '@/ui/back-office/detail-layout'
import { ArticleSkeleton } from '@/ui/content-skeleton'
import { AnchorLink } from '@/components/links'
import { headFrom } from '@/app/page-head'
import { errorMessage } from '@/app/server-errors'
import { useAppContext } from '@/app/use-app-context'
import { loadRecord } from '@/routes/_authenticated/-components/record-page'
import { SchoolNotFound } from '@/routes/_authenticated/admin/schools/-components/school-not-found'
import { TermSummaryChooser } from '@/routes/_authenticated/admin/schools/-components/term-summary-chooser'
import { TermSummaryExcerpts } from '@/components/term-summary/term-summary-excerpts'
import { TermSummaryLearners } from '@/components/term-summary/term-summary-learners'
import classes from '@/components/term-summary/term-summary-print.module.css'
import { chosenTerm, termSearch, type SchoolTerm } from '@/routes/_authenticated/admin/-components/term-summary-terms'
import { LoadFailedAlert } from '@/ui/back-office/load-failed-alert'

const today = () => londonDay(new Date())

/** "Riverside Primary School — Autumn term 2026" */
const summaryTitle = (schoolName: string, { year, term }: SchoolTerm) => `${schoolName} — ${labelOf('SchoolTerm', term)} ${year}`

export const Route = createFileRoute('/_authenticated/admin/schools/$schoolId/summary')({
  staticData: { title: 'Term summary', notFoundTitle: 'School not found' },
  validateSearch: termSearch,
  // The term is read from the address, not made a loader dependency: choosing another term then keeps this page as it
  // is (and the chooser focused) with the last term's summary showing until the next one arrives, rather than
  // replacing the page with a skeleton. The loader runs on arrival, where it finds an unknown school (404).
  loader: async ({ context: { queryClient, api }, params, location }) => {
    const term = chosenTerm(termSearch(location.search), today())
    const summary = await loadRecord(queryClient, termSummaryQueryOptions(api.lessonFigures, params.schoolId, term), params.schoolId)
    return { schoolName: summary.school.name }
  },
  head: ({ loaderData, match }) =>
    headFrom(
      loaderData && {
        title: summaryTitle(loaderData.schoolName, chosenTerm(match.search, today())),
        description: `Attendance and progress of ${loaderData.schoolName}’s learners over a term, to print for the school.`,
      },
    ),
  pendingComponent: ArticleSkeleton,
  notFoundComponent: SchoolNotFound,
  component: TermSummaryPage,
})

function Summary({ summary }: { summary: SchoolTermSummary }) {
  if (summary.learners.length === 0) {
    return (
      <Text>
        There were no lessons this term for {summary.school.name}’s learners. Choose another term to see its summary.
      </Text>
    )
  }
  return (
    <>
      <Card withBorder padding="md" component="section" aria-labelledby="learners-title">
        <Stack gap="sm">
          <Title order={2} size="h3" id="learners-title">
            Learners
          </Title>
          <TermSummaryLearners
            learners={summary.learners}
            nameOf={(learner) => (
              <AnchorLink to="/admin/students/$studentId" params={{ studentId: learner.id }}>
                {learner.name}
              </AnchorLink>
            )}
          />
        </Stack>
      </Card>
      <Card withBorder padding="md" component="section" aria-labelledby="progress-title">
        <Stack gap="sm">
          <Title order={2} size="h3" id="progress-title">
            Progress
          </Title>
          <Text size="sm">Progress and next steps from the tutors’ reports that the office has approved, by learner and date.</Text>
          <TermSummaryExcerpts summary={summary} />
        </Stack>
      </Card>
    </>
  )
}

/** A school's term on one page, to read or print: its learners' attendance, then what their tutors reported. */
function TermSummaryPage() {
  const { api } = useAppContext()
  const { schoolId } = Route.useParams()
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const chosen = chosenTerm(search, today())
  const summary = useQuery({ ...termSummaryQueryOptions(api.lessonFigures, schoolId, chosen), placeholderData: keepPreviousData })
  // Titled by the summary shown, which is the last term's until the chosen one arrives.
  const shown = summary.data

  return (
    <Stack gap="lg" py="md" className={classes.sheet}>
      <Text size="sm" className={classes.screenOnly}>
        <AnchorLink to="/admin/schools/$schoolId" params={{ schoolId }}>
          <BackLabel>Back to {shown?.school.name ?? 'the school'}</BackLabel>
        </AnchorLink>
      </Text>
      <Stack gap="xs">
        <Title order={1}>{shown ? summaryTitle(shown.school.name, shown) : 'Term summary'}</Title>
        {shown && (
          <Text>
            From <time dateTime={shown.from}>{longLessonDay(shown.from)}</time> to <time dateTime={shown.to}>{longLessonDay(shown.to)}</time>
          </Text>
        )}
      </Stack>
      <Stack gap={4} className={classes.screenOnly}>
        <Group justify="space-between" align="flex-end" gap="sm">
          <TermSummaryChooser chosen={chosen} today={today()} onChoose={(term) => void navigate({ search: term })} />
          <Button variant="default" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
            Print
          </Button>
        </Group>
        <Text size="sm" role="status">
          {summary.isPlaceholderData ? 'Loading the summary of the term you chose…' : ''}
        </Text>
      </Stack>
      {summary.isError ? (
        <LoadFailedAlert what="The summary" message={errorMessage(summary.error)} onRetry={() => void summary.refetch()} className={classes.screenOnly} />
      ) : shown === undefined ? (
        <ArticleSkeleton />
      ) : (
        <Summary summary={shown} />
      )}
    </Stack>
  )
}
