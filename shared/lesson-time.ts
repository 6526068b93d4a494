import { TZDate } from '@date-fns/tz'
import { addDays, addWeeks, differenceInCalendarDays, format, startOfMonth, startOfWeek } from 'date-fns'
import { LIMITS } from './contract.gen.ts'

/**
 * Lessons happen on London's clock: a lesson is booked for a day and a time there, stored as the instant it starts,
 * and shown back in London time whatever the zone of the server, the database or the browser. A weekly series keeps
 * its time of day across the clock change.
 */
export const LESSON_TIME_ZONE = 'Europe/London'

/** A report counts as late this long after its lesson ended; a lesson awaiting one longer is overdue. */
export const REPORT_DUE_HOURS = 48

/** A cancellation with less notice than this before the lesson starts is a late one. */
export const CANCELLATION_NOTICE_HOURS = 24

/** The most lessons one plan may make (the contract's LessonPlan repeat.times), and the furthest ahead one may be booked. */
export const SERIES_LIMIT = LIMITS.LessonPlan.repeat.times.maximum
export const PLAN_AHEAD_DAYS = 366

const HOUR = 3_600_000

/** The instant a lesson booked for this London day ("2026-11-23") and time ("16:30") starts. */
export function lessonInstant(day: string, time: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  const [hours, minutes] = time.split(':').map(Number) as [number, number]
  return new Date(new TZDate(year, month - 1, date, hours, minutes, LESSON_TIME_ZONE).getTime())
}

function inLondon(instant: Date): TZDate {
  return new TZDate(instant.getTime(), LESSON_TIME_ZONE)
}

/** The London day of an instant, "YYYY-MM-DD". */
export function londonDay(instant: Date): string {
  return format(inLondon(instant), 'yyyy-MM-dd')
}

/** The London time of day of an instant, "HH:MM". */
export function londonTime(instant: Date): string {
  return format(inLondon(instant), 'HH:mm')
}

/** A London day as people write it: "Monday 7 December 2026". */
export function longLessonDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  return format(new Date(year, month - 1, date), 'EEEE d MMMM yyyy')
}

/** The London month of an instant, "YYYY-MM". */
export function londonMonth(instant: Date): string {
  return format(inLondon(instant), 'yyyy-MM')
}

/** The instant a London day begins. */
export function startOfLondonDay(day: string): Date {
  return lessonInstant(day, '00:00')
}

/** The instant the London day after this one begins (the end of a period that includes `day`). */
export function endOfLondonDay(day: string): Date {
  return startOfLondonDay(shiftDay(day, 1))
}

/** A day `days` later (or earlier, when negative), "YYYY-MM-DD". */
export function shiftDay(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  return format(addDays(new Date(year, month - 1, date), days), 'yyyy-MM-dd')
}

/** How many days from one London day to another. */
export function daysBetween(from: string, to: string): number {
  const parse = (day: string) => {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number]
    return new Date(year, month - 1, date)
  }
  return differenceInCalendarDays(parse(to), parse(from))
}

/** The Monday that starts this instant's London week, and the Monday after it. */
export function londonWeek(instant: Date): { from: string; to: string } {
  const monday = startOfWeek(inLondon(instant), { weekStartsOn: 1 })
  return { from: format(monday, 'yyyy-MM-dd'), to: format(addWeeks(monday, 1), 'yyyy-MM-dd') }
}

/** The first day of this instant's London month, and of the month after it. */
export function londonMonthBounds(instant: Date): { from: string; to: string } {
  const first = startOfMonth(inLondon(instant))
  const next = startOfMonth(addDays(first, 32))
  return { from: format(first, 'yyyy-MM-dd'), to: format(next, 'yyyy-MM-dd') }
}

/**
 * The days of a weekly series from `first`: every seventh day until `until` (inclusive), or `times` days in all;
 * one day when neither is given. Never more than SERIES_LIMIT. A series leaves out the days `skip` names (the
 * holidays), and `times` then counts lessons, not weeks; a single lesson is planned on the day chosen.
 */
export function weeklyDays(first: string, repeat: { until?: string; times?: number } = {}, skip: (day: string) => boolean = () => false): string[] {
  if (repeat.until === undefined && repeat.times === undefined) return [first]
  if (repeat.times === undefined) {
    const weeks = Math.floor(daysBetween(first, repeat.until ?? first) / 7) + 1
    return Array.from({ length: Math.max(0, weeks) }, (_, week) => shiftDay(first, week * 7))
      .filter((day) => !skip(day))
      .slice(0, SERIES_LIMIT)
  }
  // So many lessons, the weeks skipped not counted: a holiday moves the last lesson on a week.
  const wanted = Math.max(0, Math.min(repeat.times, SERIES_LIMIT))
  const days: string[] = []
  for (let week = 0; days.length < wanted && week < SERIES_LIMIT * 2; week += 1) {
    const day = shiftDay(first, week * 7)
    if (!skip(day)) days.push(day)
  }
  return days
}

/** When a lesson's report becomes late. */
export function reportDueAt(endsAt: Date): Date {
  return new Date(endsAt.getTime() + REPORT_DUE_HOURS * HOUR)
}

/** Whether a cancellation at `at` gives less notice than CANCELLATION_NOTICE_HOURS before `startsAt`. */
export function isLateCancellation(startsAt: Date, at: Date): boolean {
  return startsAt.getTime() - at.getTime() < CANCELLATION_NOTICE_HOURS * HOUR
}

/** The months a period touches, "YYYY-MM", in order. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = []
  let [year, month] = from.split('-').map(Number) as [number, number]
  const last = to.slice(0, 7)
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`
    if (key > last || months.length > 240) break
    months.push(key)
    month += 1
    if (month > 12) {
      month = 1
      year += 1
    }
  }
  return months
}

export type SchoolTermName = 'autumn' | 'spring' | 'summer'

/** A school term's first and last day: autumn September–December, spring January–March, summer April–August. */
export function termDays(year: number, term: SchoolTermName): { from: string; to: string } {
  const bounds = { autumn: ['09-01', '12-31'], spring: ['01-01', '03-31'], summer: ['04-01', '08-31'] } as const
  const [from, to] = bounds[term]
  return { from: `${year}-${from}`, to: `${year}-${to}` }
}
