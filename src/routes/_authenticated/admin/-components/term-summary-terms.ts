import { ENUMS } from '@shared/contract.gen'
import type { SchoolTermName } from '@shared/lesson-time'

/** A school term of a calendar year, as the term summary's address holds it (`?year=2026&term=autumn`). */
export interface SchoolTerm {
  year: number
  term: SchoolTermName
}

/** The years the API accepts for a term summary. */
const FIRST_YEAR = 2000
const LAST_YEAR = 2100

/** The term a London day ("2026-11-23") falls in: autumn September–December, spring January–March, summer April–August. */
export function termOf(day: string): SchoolTerm {
  const year = Number(day.slice(0, 4))
  const month = Number(day.slice(5, 7))
  return { year, term: month >= 9 ? 'autumn' : month >= 4 ? 'summer' : 'spring' }
}

/** `?year=&term=` as a term, each left out when it is not one the API accepts (the page then shows the current term's). */
export function termSearch(search: Record<string, unknown>): Partial<SchoolTerm> {
  const year = Number(search.year)
  const term = search.term
  return {
    ...(Number.isInteger(year) && year >= FIRST_YEAR && year <= LAST_YEAR ? { year } : {}),
    ...(typeof term === 'string' && (ENUMS.SchoolTerm as readonly string[]).includes(term) ? { term: term as SchoolTermName } : {}),
  }
}

/** The term the page shows: the one in the address, its missing parts taken from the term `today` is in. */
export function chosenTerm(search: Partial<SchoolTerm>, today: string): SchoolTerm {
  const current = termOf(today)
  return { year: search.year ?? current.year, term: search.term ?? current.term }
}

/** The years to choose from: the last few and the next one, newest first, with the chosen one kept if it is further off. */
export function yearChoices(chosen: number, today: string): number[] {
  const thisYear = termOf(today).year
  const years = Array.from({ length: 7 }, (_, index) => thisYear + 1 - index)
  return years.includes(chosen) ? years : [...years, chosen].sort((a, b) => b - a)
}
