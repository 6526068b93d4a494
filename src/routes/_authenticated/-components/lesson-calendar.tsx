import FullCalendar from '@fullcalendar/react'
import type { DatesSetInfo, EventClickInfo, EventDisplayInfo, EventInput } from '@fullcalendar/react'
import dayGridPlugin from '@fullcalendar/react/daygrid'
import listPlugin from '@fullcalendar/react/list'
import enGb from '@fullcalendar/react/locales/en-gb'
import classicTheme from '@fullcalendar/react/themes/classic'
import timeGridPlugin from '@fullcalendar/react/timegrid'
import '@fullcalendar/react/skeleton.css'
import '@fullcalendar/react/themes/classic/theme.css'
import '@fullcalendar/react/themes/classic/palette.css'
import { Loader, Text, Title, useComputedColorScheme, VisuallyHidden } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useNavigate } from '@tanstack/react-router'
import { useId, useMemo, type ReactNode } from 'react'
import { ENUMS } from '@shared/contract.gen'
import { labelOf, type Audience } from '@shared/labels'
import { LESSON_TIME_ZONE, REPORT_DUE_HOURS } from '@shared/lesson-time'
import { statusColor } from '@shared/status-colors'
import type { Lesson } from '@/api/lessons'
import { learnerNames } from './lesson-words'
import { AGENDA_DAYS, NARROW_SCREEN, rangeShown } from './lesson-calendar-range'
import classes from './lesson-calendar.module.css'

/** The views offered, by FullCalendar's names: the agenda (a list of a week from a day), a day, a week, a month. */
const AGENDA = 'agenda'
const DAY = 'timeGridDay'
const WEEK = 'timeGridWeek'
const MONTH = 'dayGridMonth'

const HOURS_AND_MINUTES = { hour: '2-digit', minute: '2-digit', hour12: false } as const
/** The hours a day or week shows at least; lessons earlier or later stretch them. */
const FIRST_HOUR = 7
const LAST_HOUR = 21

const PLUGINS = [classicTheme, dayGridPlugin, timeGridPlugin, listPlugin]

export interface LessonCalendarProps {
  lessons: Lesson[]
  /** The lessons of the days shown are being read: a small spinner beside the arrows says so. */
  loading: boolean
  /** The days shown changed (London days, `to` included): read their lessons. Called once as the calendar opens. */
  onRangeChange: (from: string, to: string) => void
  /** Each lesson's page: the lesson is a link to it, opened inside the app. */
  hrefOf: (lesson: Lesson) => string
  /** What the agenda says when the days shown hold no lesson, with what to do next. */
  emptyContent: ReactNode
  /** Whose words the statuses are in: the tutor's (`public`) or the office's. */
  audience?: Audience
  /** Each lesson's name in the calendar: "Maths with Ada Lovelace" unless given (the office's adds the tutor). */
  titleOf?: (lesson: Lesson) => string
  /** The key also explains how a lesson that clashes is marked (the office's calendar, whose lessons say so). */
  marksClashes?: boolean
}

/** "Maths with Ada Lovelace" */
function lessonTitle(lesson: Pick<Lesson, 'subject' | 'learners'>): string {
  return `${lesson.subject} with ${learnerNames(lesson)}`
}

function hourOf(time: string): number {
  return Number(time.slice(0, 2))
}

/** The hours to show in a day or week: 07:00 to 21:00, stretched to the earliest start and latest end of the lessons. */
function hoursShown(lessons: Lesson[]): { slotMinTime: string; slotMaxTime: string } {
  let first = FIRST_HOUR
  let last = LAST_HOUR
  for (const lesson of lessons) {
    const start = hourOf(lesson.startTime)
    const endMinutes = start * 60 + Number(lesson.startTime.slice(3, 5)) + lesson.minutes
    first = Math.min(first, start)
    last = Math.max(last, Math.min(24, Math.ceil(endMinutes / 60)))
  }
  const hh = (hour: number) => `${String(hour).padStart(2, '0')}:00`
  return { slotMinTime: hh(first), slotMaxTime: hh(last) }
}

/** "clashes with 1 other lesson" */
function clashWords(count: number): string {
  return `clashes with ${count} other ${count === 1 ? 'lesson' : 'lessons'}`
}

/**
 * "Clash", seen, in red on white as "Overdue" is. It is heard last instead, as "clashes with 2 other lessons" (which
 * holds the word seen): `ClashWords`.
 */
function ClashFlag() {
  return (
    <span className={classes.overdue} aria-hidden="true">
      Clash
    </span>
  )
}

function ClashWords({ count }: { count: number }) {
  return <VisuallyHidden component="span">, {clashWords(count)}</VisuallyHidden>
}

/**
 * A lesson's words inside the calendar: when, who, its status (seen in the agenda, heard elsewhere), "Overdue", and
 * "Clash" when it overlaps another lesson of its tutor or a learner.
 */
function LessonEvent({ info, audience, narrow }: { info: EventDisplayInfo; audience: Audience; narrow: boolean }) {
  const lesson = info.event.extendedProps.lesson as Lesson
  const status = labelOf('LessonStatus', lesson.status, audience)
  const inAgenda = info.view.type === AGENDA
  const clashes = lesson.clashes?.length ?? 0
  if (narrow && info.view.type === MONTH) {
    // A phone's month has room for the time only: the rest is heard, and seen a tap away in the day.
    return (
      <span className={`${classes.event} ${classes.inGrid}`}>
        <span className={`${classes.time} ${lesson.status === 'cancelled' ? classes.struck : ''}`}>{lesson.startTime}</span>
        <VisuallyHidden component="span">
          {' '}
          {info.event.title}, {status}
          {lesson.overdue && ', Overdue'}
          {clashes > 0 && `, ${clashWords(clashes)}`}
        </VisuallyHidden>
      </span>
    )
  }
  const overdue = lesson.overdue && (
    <span className={classes.overdue}>
      <VisuallyHidden component="span">, </VisuallyHidden>
      Overdue
    </span>
  )
  return (
    <span className={`${classes.event} ${inAgenda ? '' : classes.inGrid}`}>
      {info.timeText && <span className={classes.time}>{info.timeText}</span>}{' '}
      {/* In a day or week a short lesson shows its first lines only: "Clash" and "Overdue" come before the names there. */}
      {!inAgenda && clashes > 0 && <ClashFlag />}
      {!inAgenda && overdue}{' '}
      <span className={lesson.status === 'cancelled' ? classes.struck : undefined}>{info.event.title}</span>
      {inAgenda ? (
        <span className={classes.status}>
          <VisuallyHidden component="span">, </VisuallyHidden>
          {status}
        </span>
      ) : (
        <VisuallyHidden component="span">, {status}</VisuallyHidden>
      )}
      {inAgenda && overdue}
      {inAgenda && clashes > 0 && <ClashFlag />}
      {clashes > 0 && <ClashWords count={clashes} />}
    </span>
  )
}

/** What each colour means, in the statuses' own words, under the calendar. */
function StatusKey({ audience, marksClashes }: { audience: Audience; marksClashes: boolean }) {
  const id = useId()
  return (
    <section aria-labelledby={id} className={classes.key}>
      <Title order={2} size="h5" id={id}>
        What the colours mean
      </Title>
      <ul className={classes.keyList}>
        {ENUMS.LessonStatus.map((status) => (
          <li key={status} className={classes.keyItem}>
            <span className={`${classes.swatch} ${classes[statusColor('LessonStatus', status)]}`} aria-hidden="true" />
            <span className={status === 'cancelled' ? classes.struck : undefined}>{labelOf('LessonStatus', status, audience)}</span>
          </li>
        ))}
        <li className={classes.keyItem}>
          <span className={classes.overdue}>Overdue</span>
          <Text span size="sm">
            <VisuallyHidden component="span">: </VisuallyHidden>a report more than {REPORT_DUE_HOURS} hours late
          </Text>
        </li>
        {marksClashes && (
          <li className={classes.keyItem}>
            <span className={classes.overdue}>Clash</span>
            <Text span size="sm">
              <VisuallyHidden component="span">: </VisuallyHidden>at the same time as another lesson of its tutor or a learner, ringed in red
            </Text>
          </li>
        )}
      </ul>
    </section>
  )
}

/**
 * A person's lessons by agenda, day, week or month (FullCalendar 7), phone first: a narrow screen opens on the agenda
 * from today, a wide one on this week. Each lesson is a link to its page, coloured by its status and saying it in
 * words; cancelled ones are struck through. The caller reads the lessons of the days shown (`onRangeChange`).
 */
export function LessonCalendar({ lessons, loading, onRangeChange, hrefOf, emptyContent, audience = 'public', titleOf = lessonTitle, marksClashes = false }: LessonCalendarProps) {
  const colorScheme = useComputedColorScheme('light')
  const narrow = useMediaQuery(NARROW_SCREEN, undefined, { getInitialValueInEffect: false }) ?? false
  const navigate = useNavigate()

  const events = useMemo(
    () =>
      lessons.map(
        (lesson): EventInput => ({
          id: lesson.id,
          title: titleOf(lesson),
          start: lesson.startsAt,
          end: lesson.endsAt,
          // A real link (FullCalendar writes `href="undefined"` for an undefined url, so the key is always given a page).
          url: hrefOf(lesson),
          className: `${classes.lesson} ${classes[statusColor('LessonStatus', lesson.status)]}${lesson.clashes?.length ? ` ${classes.clash}` : ''}`,
          extendedProps: { lesson },
        }),
      ),
    [lessons, hrefOf, titleOf],
  )
  const hours = useMemo(() => hoursShown(lessons), [lessons])

  const opened = (info: EventClickInfo) => {
    const click = info.jsEvent
    // A click with a key held, or not the main button, is the browser's: a new tab or window.
    if (click.button !== 0 || click.metaKey || click.ctrlKey || click.shiftKey || click.altKey || !info.event.url) return
    click.preventDefault()
    void navigate({ href: info.event.url })
  }

  return (
    <div className={classes.root}>
      <FullCalendar
        // FullCalendar reads its first view once: a window that crosses the breakpoint opens the calendar anew.
        key={narrow ? 'narrow' : 'wide'}
        plugins={PLUGINS}
        initialView={narrow ? AGENDA : WEEK}
        views={{
          [AGENDA]: { type: 'list', duration: { days: AGENDA_DAYS }, titleFormat: { day: 'numeric', month: 'short', year: 'numeric' } },
          // The week's day headers as links fail axe (a link in a column header); a day is one tap away in the month.
          // Its title names the days ("30 Nov – 6 Dec 2026"), not only the month.
          [WEEK]: { navLinks: false, titleFormat: { day: 'numeric', month: 'short', year: 'numeric' } },
          [MONTH]: { dayMaxEvents: narrow ? 2 : 3 },
        }}
        locale={enGb}
        timeZone={LESSON_TIME_ZONE}
        firstDay={1}
        colorScheme={colorScheme}
        className={classes.calendar}
        popoverClass={classes.popover}
        headingLevel={2}
        headerToolbar={{ start: 'title', end: 'loading prev,today,next' }}
        footerToolbar={{ center: narrow ? `${AGENDA},${DAY},${MONTH}` : `${AGENDA},${DAY},${WEEK},${MONTH}` }}
        toolbarElements={{
          loading: (
            <span role="status" className={classes.loading}>
              {loading && (
                <>
                  <Loader size="xs" aria-hidden="true" />
                  <VisuallyHidden component="span">Loading lessons</VisuallyHidden>
                </>
              )}
            </span>
          ),
        }}
        // "Previous week", "Next month"; the agenda is a number of days, not a unit FullCalendar can name ("Previous " otherwise).
        prevHint={(unitText: string, unit: string) => `Previous ${unit ? unitText.toLowerCase() : `${AGENDA_DAYS} days`}`}
        nextHint={(unitText: string, unit: string) => `Next ${unit ? unitText.toLowerCase() : `${AGENDA_DAYS} days`}`}
        buttons={{
          // Without a hint of its own the Today button is named "This week" and the like, which axe finds at odds with its text.
          today: { text: 'Today', hint: 'Today' },
          [AGENDA]: { text: 'Agenda' },
          [DAY]: { text: 'Day' },
          [WEEK]: { text: 'Week' },
          [MONTH]: { text: 'Month' },
        }}
        navLinks
        // "+2", heard as "+2 more lessons" (FullCalendar's own words are "+2" on a phone, "+2 more" wider).
        moreLinkContent={(info: { num: number }) => (
          <>
            +{info.num}
            <VisuallyHidden component="span"> more {info.num === 1 ? 'lesson' : 'lessons'}</VisuallyHidden>
          </>
        )}
        moreLinkHint={(num: number) => `Show ${num} more ${num === 1 ? 'lesson' : 'lessons'}`}
        eventTimeFormat={HOURS_AND_MINUTES}
        slotHeaderFormat={HOURS_AND_MINUTES}
        slotMinTime={hours.slotMinTime}
        slotMaxTime={hours.slotMaxTime}
        // Taller half hours than FullCalendar's own (about 25 px): an hour's lesson shows its time, names and any "Overdue".
        slotMinHeight={34}
        allDaySlot={false}
        nowIndicator
        height="auto"
        events={events}
        // On a phone a month's lesson is a coloured bar with its time; wider, a dot before its time and names.
        eventDisplay={narrow ? 'block' : 'auto'}
        eventColor="var(--lesson-fill)"
        eventContrastColor="var(--mantine-color-white)"
        eventContent={(info: EventDisplayInfo) => <LessonEvent info={info} audience={audience} narrow={narrow} />}
        eventClick={opened}
        noEventsClass={classes.noLessons}
        noEventsContent={
          loading ? (
            <Text span size="sm">
              Loading lessons…
            </Text>
          ) : (
            emptyContent
          )
        }
        datesSet={(info: DatesSetInfo) => {
          const { from, to } = rangeShown(info.startStr, info.endStr)
          onRangeChange(from, to)
        }}
      />
      <StatusKey audience={audience} marksClashes={marksClashes} />
    </div>
  )
}
