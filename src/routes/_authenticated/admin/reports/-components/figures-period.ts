import { daysBetween, shiftDay, termDays } from '@shared/lesson-time'
import type { LessonFigure } from '@/api/lesson-figures'
import { termOf } from '@/routes/_authenticated/admin/-components/term-summary-terms'

/** The days the figures cover, first and last included, as London days ("2026-09-01"). */
export interface Period {
  from: string
  to: string
}

/** The longest period the API gives figures for (two years), in days. */
export const LONGEST_PERIOD_DAYS = 731

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** A real calendar day written "YYYY-MM-DD" (not 2026-02-30). */
export function isDay(value: unknown): value is string {
  return typeof value === 'string' && DAY.test(value) && shiftDay(value, 0) === value
}

/** `?from=&to=` as days, each left out when it is not one (the page then uses its default). */
export function periodSearch(search: Record<string, unknown>): Partial<Period> {
  return { ...(isDay(search.from) ? { from: search.from } : {}), ...(isDay(search.to) ? { to: search.to } : {}) }
}

/** The first day of the school year `today` is in: 1 September. */
export function schoolYearStart(today: string): string {
  const year = Number(today.slice(0, 4))
  return `${Number(today.slice(5, 7)) >= 9 ? year : year - 1}-09-01`
}

/** The period the page shows: the address's days, or from the school year's first day to today. */
export function chosenPeriod(search: Partial<Period>, today: string): Period {
  return { from: search.from ?? schoolYearStart(today), to: search.to ?? today }
}

/** What is wrong with a period, by field, in the words the API uses; undefined when the API will accept it. */
export function periodProblem({ from, to }: Period): Partial<Period> | undefined {
  if (!isDay(from)) return { from: 'Enter the first day as a date.' }
  if (!isDay(to)) return { to: 'Enter the last day as a date.' }
  if (to < from) return { to: 'The last day cannot come before the first.' }
  if (daysBetween(from, to) > LONGEST_PERIOD_DAYS) return { to: 'Choose a period of two years or less.' }
  return undefined
}

/** The periods offered with one click, each ending today. */
export function quickPeriods(today: string): { label: string; period: Period }[] {
  const { year, term } = termOf(today)
  return [
    { label: 'This term', period: { from: termDays(year, term).from, to: today } },
    { label: 'Last 30 days', period: { from: shiftDay(today, -29), to: today } },
    { label: 'This school year', period: { from: schoolYearStart(today), to: today } },
  ]
}

/** The name a figure's CSV is saved under, e.g. tec-month-2026-09-01-to-2026-11-23.csv (the server's own name too). */
export function figureFileName(figure: LessonFigure, { from, to }: Period): string {
  return `tec-${figure}-${from}-to-${to}.csv`
}
