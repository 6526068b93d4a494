/**
 * The years every date in the contract lies in (`format: date` and `date-time`, checked by the server's validator
 * for every field that holds one). Wide enough for anything the office records (a certificate issued long ago, a
 * course planned far ahead), and narrow enough that date arithmetic never meets year 0 or a year JavaScript's
 * `Date` cannot hold.
 */
export const DATE_YEARS = { first: 1900, last: 2200 } as const

/** Whether a contract date or date-time (already in its format: `YYYY-MM-DD…`) falls in DATE_YEARS. */
export function isWithinDateYears(value: string): boolean {
  const year = Number(value.slice(0, 4))
  return year >= DATE_YEARS.first && year <= DATE_YEARS.last
}
