import { eq } from 'drizzle-orm'
import type { components } from '../../src/api/schema.gen.ts'
import type { Db } from '../db/client.ts'
import { termCalendar, users, type TermPeriodValue } from '../db/schema.ts'
import { recordAudit } from '../lib/audit.ts'
import type { ChangeContext, UpdateOutcome } from '../lib/history.ts'

type Schemas = components['schemas']
export type TermCalendar = Schemas['TermCalendar']
export type TermCalendarRecord = Schemas['TermCalendarRecord']

export const TERM_CALENDAR_MESSAGES = {
  endsBeforeStart: 'The last day cannot come before the first.',
  nameMissing: 'Enter its name.',
  termsOverlap: (other: string) => `This term overlaps ${other}: terms cannot share days.`,
  holidaysOverlap: (other: string) => `This holiday overlaps ${other}: put them together as one, or move one.`,
} as const

/** Never saved: version 1 with no terms and no holidays, from the install's first moment. */
const NEVER_SAVED = new Date(0)

const soonestFirst = (periods: TermPeriodValue[]) => [...periods].sort((a, b) => a.startsOn.localeCompare(b.startsOn) || a.endsOn.localeCompare(b.endsOn))

export async function readTermCalendar(db: Db): Promise<TermCalendarRecord> {
  const [row] = await db
    .select({ calendar: termCalendar, by: { id: users.id, name: users.name } })
    .from(termCalendar)
    .leftJoin(users, eq(users.id, termCalendar.updatedBy))
    .where(eq(termCalendar.id, 1))
    .limit(1)
  if (!row) return { version: 1, terms: [], holidays: [], updatedAt: NEVER_SAVED.toISOString() }
  const { calendar, by } = row
  return {
    version: calendar.version,
    terms: soonestFirst(calendar.terms),
    holidays: soonestFirst(calendar.holidays),
    updatedAt: calendar.updatedAt.toISOString(),
    ...(by === null ? {} : { updatedBy: by }),
  }
}

/** The holidays, soonest first, for the lessons' series to skip. */
export async function holidaysOf(db: Db): Promise<TermPeriodValue[]> {
  const [row] = await db.select({ holidays: termCalendar.holidays }).from(termCalendar).where(eq(termCalendar.id, 1)).limit(1)
  return soonestFirst(row?.holidays ?? [])
}

/** The holiday a London day falls in, if any. */
export function holidayOn(holidays: TermPeriodValue[], day: string): TermPeriodValue | undefined {
  return holidays.find((holiday) => holiday.startsOn <= day && day <= holiday.endsOn)
}

/**
 * What is wrong with a calendar, by field ("holidays.2.endsOn"): a period ending before it starts, or two terms (or
 * two holidays) sharing a day; empty when it can be saved.
 */
export function termCalendarProblems(calendar: TermCalendar): Record<string, string> {
  const problems: Record<string, string> = {}
  for (const kind of ['terms', 'holidays'] as const) {
    const periods = calendar[kind]
    periods.forEach((period, index) => {
      if (period.endsOn < period.startsOn) problems[`${kind}.${index}.endsOn`] = TERM_CALENDAR_MESSAGES.endsBeforeStart
    })
    periods.forEach((period, index) => {
      if (period.name.trim() === '') problems[`${kind}.${index}.name`] = TERM_CALENDAR_MESSAGES.nameMissing
    })
    // Soonest first, each against the period reaching furthest so far: a long one can cover several after it.
    const order = periods.map((period, index) => ({ period, index })).sort((a, b) => a.period.startsOn.localeCompare(b.period.startsOn))
    let furthest: TermPeriodValue | undefined
    for (const { period, index } of order) {
      if (furthest !== undefined && period.startsOn <= furthest.endsOn) {
        const field = `${kind}.${index}.startsOn`
        if (problems[field] === undefined) problems[field] = kind === 'terms' ? TERM_CALENDAR_MESSAGES.termsOverlap(furthest.name) : TERM_CALENDAR_MESSAGES.holidaysOverlap(furthest.name)
      }
      if (furthest === undefined || period.endsOn > furthest.endsOn) furthest = period
    }
  }
  return problems
}

/** Saves the calendar at the version the form was read at; audited with how many terms and holidays it holds. */
export async function saveTermCalendar(tx: Db, version: number, input: TermCalendar, context: ChangeContext): Promise<Exclude<UpdateOutcome, 'missing'>> {
  const [row] = await tx.select().from(termCalendar).where(eq(termCalendar.id, 1)).for('update').limit(1)
  const current = row?.version ?? 1
  if (current !== version) return 'stale'
  const clean = (periods: TermPeriodValue[]) => soonestFirst(periods.map((period) => ({ name: period.name.trim(), startsOn: period.startsOn, endsOn: period.endsOn })))
  const terms = clean(input.terms)
  const holidays = clean(input.holidays)
  if (row && JSON.stringify(soonestFirst(row.terms)) === JSON.stringify(terms) && JSON.stringify(soonestFirst(row.holidays)) === JSON.stringify(holidays)) return 'unchanged'
  const values = { terms, holidays, version: current + 1, updatedAt: new Date(), updatedBy: context.actorId }
  const [saved] = await tx
    .insert(termCalendar)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: termCalendar.id, set: values, setWhere: eq(termCalendar.version, current) })
    .returning({ id: termCalendar.id })
  if (!saved) return 'stale'
  await recordAudit(tx, { action: 'term_calendar.updated', actorUserId: context.actorId, ip: context.request.ip, details: { detail: `${terms.length} terms, ${holidays.length} holidays` } })
  return 'updated'
}
