import { Alert, Card, EmptyState, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core'
import { IconChartBar } from '@tabler/icons-react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { londonDay, longLessonDay, REPORT_DUE_HOURS } from '@shared/lesson-time'
import { figuresQueryOptions, type LessonFigures } from '@/api/lesson-figures'
import { errorMessage } from '@/app/server-errors'
import { useAppContext } from '@/app/use-app-context'
import { FigureBarChart, type FigureBar } from './-components/figures-bar-chart'
import { chosenPeriod, periodProblem, periodSearch, type Period } from './-components/figures-period'
import { FiguresPeriodForm } from './-components/figures-period-form'
import { FigureSection } from './-components/figures-section'
import { FigureTable, formatCount, formatPercent, type FigureRow } from './-components/figures-table'
import { LoadFailedAlert } from '@/ui/back-office/load-failed-alert'

export const Route = createFileRoute('/_authenticated/admin/reports/figures')({
  staticData: { title: 'Figures' },
  validateSearch: periodSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient, api }, deps }) => {
    const period = chosenPeriod(deps, londonDay(new Date()))
    if (!periodProblem(period)) void queryClient.prefetchQuery(figuresQueryOptions(api.lessonFigures, period))
  },
  component: FiguresPage,
})

/** Tutors and schools the chart has room for; the table lists them all. */
const CHART_ROWS = 10

const rowsOf = (counts: LessonFigures['byMonth']): FigureRow[] => counts.map(({ key, label, delivered }) => ({ key, label, value: delivered }))
const barsOf = (rows: FigureRow[]): FigureBar[] => rows.map(({ label, value }) => ({ label, value }))

/** The lead of a tutor's or school's figure, saying when the chart leaves some out. */
function rankedLead(words: string, rows: FigureRow[]) {
  return rows.length > CHART_ROWS ? `${words} The chart shows the ${CHART_ROWS} with the most; the table lists all ${rows.length}.` : words
}

/** The period's headline numbers, each with what it counts. */
function Totals({ figures }: { figures: LessonFigures }) {
  const { attendance, reports } = figures
  const marks = attendance.present + attendance.late + attendance.absent
  const sent = reports.onTime + reports.late
  // A percentage of nothing would say 0%, so a rate with no marks or no reports behind it is left out.
  const totals = [
    { value: formatCount(figures.delivered), words: figures.delivered === 1 ? 'lesson delivered' : 'lessons delivered', shown: true },
    { value: formatPercent(attendance.rate), words: 'attendance: learners marked present or late', shown: marks > 0 },
    { value: formatPercent(sent === 0 ? 0 : reports.onTime / sent), words: `of reports sent within ${REPORT_DUE_HOURS} hours`, shown: sent > 0 },
  ].filter((total) => total.shown)
  return (
    <section aria-labelledby="totals-title">
      <Title order={2} size="h3" id="totals-title" mb="sm">
        In total
      </Title>
      <SimpleGrid component="ul" cols={{ base: 1, xs: 3 }} spacing="md" p={0} m={0} style={{ listStyle: 'none' }}>
        {totals.map(({ value, words }) => (
          <Card key={words} withBorder padding="md" component="li">
            <Text fz={32} fw={700} lh={1.1}>
              {value}
            </Text>
            <Text size="sm">{words}</Text>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  )
}

function Figures({ figures }: { figures: LessonFigures }) {
  const period: Period = { from: figures.from, to: figures.to }
  const { attendance, reports } = figures
  const marks = attendance.present + attendance.late + attendance.absent
  const tutors = rowsOf(figures.byTutor)
  const schools = rowsOf(figures.bySchool)
  const months = rowsOf(figures.byMonth)
  const modes = rowsOf(figures.byMode)
  const attendanceRows: (FigureRow & { color: FigureBar['color'] })[] = [
    { key: 'present', label: 'Present', value: attendance.present, color: 'var(--figures-good)' },
    { key: 'late', label: 'Late', value: attendance.late, color: 'var(--figures-warning)' },
    { key: 'absent', label: 'Absent', value: attendance.absent, color: 'var(--figures-bad)' },
  ]
  const reportRows: (FigureRow & { color: FigureBar['color'] })[] = [
    { key: 'on-time', label: 'On time', value: reports.onTime, color: 'var(--figures-good)' },
    { key: 'late', label: 'Late', value: reports.late, color: 'var(--figures-warning)' },
  ]
  return (
    <>
      <Totals figures={figures} />
      <FigureSection
        figure="month"
        period={period}
        lead="Lessons whose report has been sent, by the month they took place in."
        chart={<FigureBarChart bars={barsOf(months)} />}
        table={<FigureTable caption="Lessons delivered in each month" header="Month" rows={months} />}
      />
      <FigureSection
        figure="mode"
        period={period}
        lead="Where the lessons took place: at home, at school, online or in the community."
        chart={<FigureBarChart bars={barsOf(modes)} />}
        table={<FigureTable caption="Lessons delivered in each way" header="Mode" rows={modes} withShare />}
      />
      <FigureSection
        figure="attendance"
        period={period}
        lead={
          marks === 0
            ? 'No learner was marked present, late or absent in this period.'
            : `Each learner’s mark at each lesson. ${formatPercent(attendance.rate)} of ${formatCount(marks)} marks were present or late.`
        }
        chart={<FigureBarChart bars={attendanceRows} valueName="Marks" />}
        table={<FigureTable caption="Learners’ attendance marks" header="Mark" valueHeader="Marks" rows={attendanceRows} withShare />}
      />
      <FigureSection
        figure="reports"
        period={period}
        lead={`A report is on time when the tutor sends it within ${REPORT_DUE_HOURS} hours of the lesson’s end.`}
        chart={<FigureBarChart bars={reportRows} valueName="Reports" />}
        table={<FigureTable caption="Reports sent on time and late" header="Report" valueHeader="Reports" rows={reportRows} withShare />}
      />
      <FigureSection
        figure="tutor"
        period={period}
        lead={rankedLead('Tutors with at least one lesson delivered, the most first.', tutors)}
        chart={<FigureBarChart bars={barsOf(tutors.slice(0, CHART_ROWS))} layout="rows" />}
        table={<FigureTable caption="Lessons delivered by each tutor" header="Tutor" rows={tutors} />}
      />
      <FigureSection
        figure="school"
        period={period}
        lead={rankedLead('Lessons by their learners’ school, the most first; “No school” counts learners not linked to one.', schools)}
        chart={<FigureBarChart bars={barsOf(schools.slice(0, CHART_ROWS))} layout="rows" />}
        table={<FigureTable caption="Lessons delivered to each school’s learners" header="School" rows={schools} />}
      />
    </>
  )
}

function FiguresPage() {
  const { api } = useAppContext()
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const today = londonDay(new Date())
  const period = chosenPeriod(search, today)
  const problem = periodProblem(period)
  // The last period's figures stay on screen (marked busy) while the next period's load, so the form keeps its place.
  const figures = useQuery({ ...figuresQueryOptions(api.lessonFigures, period), enabled: problem === undefined, placeholderData: keepPreviousData })
  const shown = figures.data
  const empty = shown !== undefined && shown.delivered === 0 && shown.attendance.present + shown.attendance.late + shown.attendance.absent === 0

  return (
    <Stack gap="lg" py="md">
      <Stack gap="xs">
        <Title order={1}>Figures</Title>
        <Text>Lessons delivered, attendance and reports for a period. A lesson counts once its tutor has sent the report.</Text>
      </Stack>
      <FiguresPeriodForm period={period} today={today} onChoose={(chosen) => void navigate({ search: chosen })} />
      {problem ? (
        <Alert color="red" variant="light" role="alert" title="These days do not make a period">
          {problem.from ?? problem.to} Choose the days again above.
        </Alert>
      ) : figures.isError ? (
        <LoadFailedAlert what="The figures" message={errorMessage(figures.error)} onRetry={() => void figures.refetch()} />
      ) : shown === undefined ? (
        <Stack gap="md" aria-busy="true">
          <Skeleton height={24} width="60%" />
          <Skeleton height={96} />
          <Skeleton height={320} />
        </Stack>
      ) : (
        <Stack gap="lg" aria-busy={figures.isPlaceholderData}>
          <div>
            <Text>
              From <time dateTime={shown.from}>{longLessonDay(shown.from)}</time> to <time dateTime={shown.to}>{longLessonDay(shown.to)}</time>.
            </Text>
            <Text size="sm" role="status">
              {figures.isPlaceholderData ? 'Loading the figures for the period you chose…' : ''}
            </Text>
          </div>
          {empty ? (
            <EmptyState
              py="xl"
              icon={<IconChartBar aria-hidden />}
              withIndicatorBackground
              title="No lessons were delivered in this period"
              description="Widen the period, for example to this school year, or choose earlier days: a lesson counts once its report has been sent."
            />
          ) : (
            <Figures figures={shown} />
          )}
        </Stack>
      )}
    </Stack>
  )
}
