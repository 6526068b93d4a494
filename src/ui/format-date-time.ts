import { formatDay } from '@shared/date-words'

/**
 * Each formatter is made at its first use: making one costs a few milliseconds (tens on a slow phone), and a page
 * that shows no date should not pay for it while it loads.
 */
export function madeOnce(make: () => Intl.DateTimeFormat): () => Intl.DateTimeFormat {
  let made: Intl.DateTimeFormat | undefined
  return () => (made ??= make())
}

const dateTime = madeOnce(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Europe/London',
    }),
)

/** A moment as staff read it in lists and histories, e.g. "3 Mar 2026, 14:05", on the programme's clock. */
export function formatDateTime(isoDateTime: string): string {
  return dateTime().format(new Date(isoDateTime))
}

/** A calendar day (`2026-03-03`, no time of day) as staff read it: "3 Mar 2026"; the server writes days this way too. */
export function formatDate(isoDate: string): string {
  return formatDay(isoDate)
}

const timeOfDay = madeOnce(() => new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' }))

/** The time of day of a moment, e.g. "14:05", on the programme's clock: for "Saved at 14:05". */
export function formatTime(isoDateTime: string): string {
  return timeOfDay().format(new Date(isoDateTime))
}

const calendarYear = madeOnce(() => new Intl.DateTimeFormat('en-GB', { year: 'numeric', timeZone: 'Europe/London' }))

/** This year on the programme's clock: the same on the server that renders a page and in any visitor's browser. */
export function currentYear(): string {
  return calendarYear().format(new Date())
}
