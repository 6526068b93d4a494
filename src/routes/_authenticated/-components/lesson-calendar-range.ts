// The calendar's days, apart from the calendar itself: a route's loader reads the range it opens on before the page's
// code (and FullCalendar with it) has loaded. Days are London days, "YYYY-MM-DD", as lessons are booked.

/** Phones and small tablets (Mantine's `sm` breakpoint or less): the calendar opens on the agenda, not the week. */
export const NARROW_SCREEN = '(max-width: 48em)'

/** The agenda's length: a week from the day it starts (today when it opens), so what is next is at its top. */
export const AGENDA_DAYS = 7

const londonDate = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'Europe/London' })

/** The London day of an instant. */
export function londonDayOf(instant: Date): string {
  return londonDate.format(instant)
}

function asUtcDate(day: string): Date {
  return new Date(`${day}T00:00:00Z`)
}

/** A day `days` later (earlier when negative). */
export function addDays(day: string, days: number): string {
  const date = asUtcDate(day)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/** The Monday of the week a day is in (weeks start on Monday). */
export function mondayOf(day: string): string {
  return addDays(day, -((asUtcDate(day).getUTCDay() + 6) % 7))
}

export interface DayRange {
  /** The first day shown. */
  from: string
  /** The last day shown (included). */
  to: string
}

/** The days the calendar opens on: on a narrow screen the agenda from today, on a wide one the week containing today. */
export function openingRange(narrow: boolean, today: string): DayRange {
  if (narrow) return { from: today, to: addDays(today, AGENDA_DAYS - 1) }
  const monday = mondayOf(today)
  return { from: monday, to: addDays(monday, 6) }
}

/**
 * The days between FullCalendar's visible start and its exclusive end, as its `startStr` and `endStr` write them (in
 * the calendar's time zone, London, with or without a time after the date).
 */
export function rangeShown(startStr: string, endStr: string): DayRange {
  return { from: startStr.slice(0, 10), to: addDays(endStr.slice(0, 10), -1) }
}

/** Whether this browser's window is narrow now (never, where there is no window). */
export function isNarrowScreen(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(NARROW_SCREEN).matches
}
