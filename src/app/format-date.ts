const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' })

/** A date as British readers write it, e.g. "3 March 2026", on the programme's own clock. */
export function formatDate(isoDateTime: string): string {
  return longDate.format(new Date(isoDateTime))
}
