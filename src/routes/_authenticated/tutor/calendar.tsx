import { Container, Stack, Text, Title } from '@mantine/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useCallback, useState } from 'react'
import { myLessonsBetweenQueryOptions, type Lesson } from '@/api/lessons'
import { useAppContext } from '@/app/use-app-context'
import { AnchorLink } from '@/components/links'
import { LoadFailedAlert } from '@/ui/back-office/load-failed-alert'
import { ArticleSkeleton } from '@/ui/content-skeleton'
import { LessonCalendar } from '@/routes/_authenticated/-components/lesson-calendar'
import { isNarrowScreen, londonDayOf, openingRange, type DayRange } from '@/routes/_authenticated/-components/lesson-calendar-range'

/** The days the calendar opens on, in this window: the agenda from today on a phone, this week on a wider screen. */
const openingDays = (): DayRange => openingRange(isNarrowScreen(), londonDayOf(new Date()))

export const Route = createFileRoute('/_authenticated/tutor/calendar')({
  staticData: { title: 'Calendar' },
  loader: ({ context: { queryClient, api } }) => queryClient.ensureQueryData(myLessonsBetweenQueryOptions(api.lessons, openingDays())),
  pendingComponent: ArticleSkeleton,
  component: TutorCalendarPage,
})

const lessonPage = (lesson: Lesson) => `/tutor/reports/${lesson.id}`

/** The tutor's lessons by agenda, day, week or month; each one a tap from its page. */
function TutorCalendarPage() {
  const { api } = useAppContext()
  const [range, setRange] = useState(openingDays)
  // The days shown before keep their lessons while the next ones are read, with the calendar's spinner.
  const lessons = useQuery({ ...myLessonsBetweenQueryOptions(api.lessons, range), placeholderData: keepPreviousData })
  const showDays = useCallback((from: string, to: string) => setRange((shown) => (shown.from === from && shown.to === to ? shown : { from, to })), [])
  return (
    <Container py="xl" px={0}>
      <Stack gap="md">
        <Title order={1}>Calendar</Title>
        {lessons.isError && <LoadFailedAlert what="Your lessons" message={lessons.error.message} onRetry={() => void lessons.refetch()} />}
        <LessonCalendar
          lessons={lessons.data ?? []}
          loading={lessons.isFetching}
          onRangeChange={showDays}
          hrefOf={lessonPage}
          emptyContent={
            <Text size="sm" component="span">
              No lessons on these days. Plan lessons from a learner’s page under <AnchorLink to="/tutor/students">Learners</AnchorLink>.
            </Text>
          }
        />
      </Stack>
    </Container>
  )
}
