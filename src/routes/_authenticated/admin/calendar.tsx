import { Alert, Button, Collapse, Group, List, Stack, Text, Title } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconAlertTriangle, IconFilter, IconX } from '@tabler/icons-react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { Fragment, useCallback, useId, useMemo, useState } from 'react'
import { optionsOf } from '@shared/labels'
import type { Lesson } from '@/api/lessons'
import { officeLessonsBetweenQueryOptions } from '@/api/office-calendar'
import { useAppContext } from '@/app/use-app-context'
import { AnchorLink } from '@/components/links'
import { FilterBar, SelectFilter } from '@/ui/back-office/filter-bar'
import { LoadFailedAlert } from '@/ui/back-office/load-failed-alert'
import { ArticleSkeleton } from '@/ui/content-skeleton'
import { LessonCalendar } from '@/routes/_authenticated/-components/lesson-calendar'
import { isNarrowScreen, londonDayOf, NARROW_SCREEN, openingRange, type DayRange } from '@/routes/_authenticated/-components/lesson-calendar-range'
import { filterCount, validateCalendarSearch, type CalendarSearch } from '@/routes/_authenticated/admin/-components/calendar-search'
import { clashNotices, officeLessonTitle } from '@/routes/_authenticated/admin/-components/clash-words'
import { LearnerFilter, SchoolFilter, TutorFilter } from '@/routes/_authenticated/admin/-components/record-filters'

/** The days the calendar opens on, in this window: the agenda from today on a phone, this week on a wider screen. */
const openingDays = (): DayRange => openingRange(isNarrowScreen(), londonDayOf(new Date()))

export const Route = createFileRoute('/_authenticated/admin/calendar')({
  staticData: { title: 'Calendar' },
  validateSearch: validateCalendarSearch,
  // The days it opens on, as the address narrows them. A change of filter on the page reads the days then shown, not
  // these, so the loader stays out of it (and the calendar keeps its place).
  loader: ({ context: { queryClient, api }, location, cause }) =>
    cause === 'stay' ? undefined : queryClient.ensureQueryData(officeLessonsBetweenQueryOptions(api.officeCalendar, { ...openingDays(), ...validateCalendarSearch(location.search) })),
  pendingComponent: ArticleSkeleton,
  component: OfficeCalendarPage,
})

const lessonPage = (lesson: Lesson) => `/admin/reports/${lesson.id}`

/**
 * The tutor, school, learner and way of teaching, side by side on a wide screen; on a phone one under another, folded
 * away behind "Filters" (saying how many are chosen) so the calendar comes first.
 */
function CalendarFilters({ search, onChange, onClear }: { search: CalendarSearch; onChange: (change: Partial<CalendarSearch>) => void; onClear: () => void }) {
  const narrow = useMediaQuery(NARROW_SCREEN, undefined, { getInitialValueInEffect: false }) ?? false
  const [open, setOpen] = useState(false)
  const fieldsId = useId()
  const chosen = filterCount(search)
  const clear = chosen > 0 && (
    <Button variant="default" leftSection={<IconX size={16} aria-hidden />} onClick={onClear}>
      Clear filters
    </Button>
  )
  const fields = (
    <Group gap="md" align="flex-end" wrap="wrap">
      <TutorFilter value={search.tutorId} onChange={(tutorId) => onChange({ tutorId })} />
      <SchoolFilter value={search.schoolId} onChange={(schoolId) => onChange({ schoolId })} />
      <LearnerFilter value={search.studentId} onChange={(studentId) => onChange({ studentId })} />
      <SelectFilter label="Way of teaching" placeholder="Any way" options={optionsOf('DeliveryMode', 'staff')} value={search.mode} onChange={(mode) => onChange({ mode })} />
      {!narrow && clear}
    </Group>
  )
  if (!narrow) return <FilterBar>{fields}</FilterBar>
  return (
    <FilterBar>
      <Group gap="sm">
        <Button variant="light" leftSection={<IconFilter size={16} aria-hidden />} aria-expanded={open} aria-controls={fieldsId} onClick={() => setOpen((was) => !was)}>
          {open ? 'Hide filters' : 'Filters'}
          {chosen > 0 && ` (${chosen} chosen)`}
        </Button>
        {clear}
      </Group>
      <Collapse expanded={open} id={fieldsId}>
        {fields}
      </Collapse>
    </FilterBar>
  )
}

/**
 * The clashes among the lessons shown, above the calendar: each person booked twice at a time, in a sentence naming
 * the lessons, each a link to its page. Nothing when none clash.
 */
function Clashes({ lessons }: { lessons: Lesson[] }) {
  const notices = useMemo(() => clashNotices(lessons), [lessons])
  if (notices.length === 0) return null
  return (
    <Alert
      color="red"
      variant="light"
      // A region to find, not an alert to announce: it comes back with every change of days or filters.
      role="region"
      icon={<IconAlertTriangle size={20} aria-hidden />}
      title={notices.length === 1 ? 'A clash on these days' : `${notices.length} clashes on these days`}
    >
      <Stack gap="xs">
        <List size="sm" spacing="xs">
          {notices.map((notice) => (
            <List.Item key={notice.key}>
              {notice.parts.map((part, index) =>
                typeof part === 'string' ? (
                  <Fragment key={index}>{part}</Fragment>
                ) : (
                  <AnchorLink key={index} to="/admin/reports/$lessonId" params={{ lessonId: part.lesson.id }}>
                    {part.text}
                  </AnchorLink>
                ),
              )}
            </List.Item>
          ))}
        </List>
        <Text size="sm">Open a lesson to move or cancel it. In the calendar, a lesson that clashes is ringed in red and says “Clash”.</Text>
      </Stack>
    </Alert>
  )
}

/** Every lesson of the office by agenda, day, week or month, narrowed by tutor, school, learner and way of teaching. */
function OfficeCalendarPage() {
  const { api } = useAppContext()
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const [range, setRange] = useState(openingDays)
  // The days shown before keep their lessons while the next ones are read, with the calendar's spinner.
  const lessons = useQuery({ ...officeLessonsBetweenQueryOptions(api.officeCalendar, { ...range, ...search }), placeholderData: keepPreviousData })
  const showDays = useCallback((from: string, to: string) => setRange((shown) => (shown.from === from && shown.to === to ? shown : { from, to })), [])
  const filtered = filterCount(search) > 0
  const change = (next: Partial<CalendarSearch>) => void navigate({ search: (current) => validateCalendarSearch({ ...current, ...next }) })
  const clear = () => void navigate({ search: {} })

  return (
    <Stack gap="lg" py="md">
      <Stack gap="xs" maw={720}>
        <Title order={1}>Calendar</Title>
        <Text>Every lesson, by day. Narrow it to a tutor, a school, a learner or a way of teaching; each lesson opens its page.</Text>
      </Stack>
      <CalendarFilters search={search} onChange={change} onClear={clear} />
      {lessons.isError && <LoadFailedAlert what="The lessons" message={lessons.error.message} onRetry={() => void lessons.refetch()} />}
      <Clashes lessons={lessons.data ?? []} />
      <LessonCalendar
        lessons={lessons.data ?? []}
        loading={lessons.isFetching}
        onRangeChange={showDays}
        hrefOf={lessonPage}
        titleOf={officeLessonTitle}
        audience="staff"
        marksClashes
        emptyContent={
          filtered ? (
            <Text size="sm" component="span">
              No lessons on these days match these filters. Try other days, or clear the filters.
            </Text>
          ) : (
            <Text size="sm" component="span">
              No lessons on these days. Tutors plan lessons from the pages of the learners placed with them: place a learner with a tutor first, under{' '}
              <AnchorLink to="/admin/students">Learners</AnchorLink>.
            </Text>
          )
        }
      />
    </Stack>
  )
}
