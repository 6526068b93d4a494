/**
 * A moment's calendar day, `YYYY-MM-DD`, as the contract writes a date. In the browser it is the visitor's own day
 * (`'local'`): a form offers today as the visitor sees it. The server reads days in UTC (`'utc'`), so what it stores
 * and checks does not depend on the time zone of the machine it runs on.
 */
export function isoDay(date: Date, calendar: 'local' | 'utc' = 'local'): string {
  if (calendar === 'utc') return date.toISOString().slice(0, 10)
  const pad = (part: number) => String(part).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}
