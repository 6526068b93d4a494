import type { SchoolTerm } from '@/api/registrations'
import { labelOf, type Option } from '@shared/labels'

/**
 * The terms a school can start in: from the current term to the last term of the calendar year after next,
 * as the server allows. A term counts as current until its end, holidays included: spring until 14 April,
 * summer until 31 August, autumn until 31 December (months below are 0-based).
 */
const TERMS: { term: SchoolTerm; endMonth: number; endDay: number }[] = [
  { term: 'spring', endMonth: 3, endDay: 14 },
  { term: 'summer', endMonth: 7, endDay: 31 },
  { term: 'autumn', endMonth: 11, endDay: 31 },
]

export function startTermOptions(today: Date = new Date()): Option<string>[] {
  const year = today.getFullYear()
  const todayKey = Date.UTC(year, today.getMonth(), today.getDate())
  const options: Option<string>[] = []
  for (let startYear = year; startYear <= year + 2; startYear += 1) {
    for (const { term, endMonth, endDay } of TERMS) {
      if (Date.UTC(startYear, endMonth, endDay) < todayKey) continue
      options.push({ value: `${term}-${startYear}`, label: `${labelOf('SchoolTerm', term)} ${startYear}` })
    }
  }
  return options
}

/** `spring-2027` as the contract's two fields. */
export function parseStartTerm(value: string): { startTerm: SchoolTerm; startYear: number } {
  const [term, year] = value.split('-')
  const found = TERMS.find((entry) => entry.term === term)
  if (!found || !year) throw new Error(`Not a start term: ${value}`)
  return { startTerm: found.term, startYear: Number(year) }
}
