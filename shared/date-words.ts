let calendarDay: Intl.DateTimeFormat | undefined

/**
 * A calendar day (`2026-03-03`, no time of day) as staff read it: "3 Mar 2026". The office's screens and the words
 * the server writes into a record's history (a placement's first and last day, a check's renewal date) both use it,
 * so a history line never shows a day in a second form beside the first. The formatter is made at its first use:
 * making one costs a few milliseconds, and a page that shows no date should not pay for it while it loads.
 */
export function formatDay(isoDate: string): string {
  calendarDay ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })
  return calendarDay.format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`))
}
