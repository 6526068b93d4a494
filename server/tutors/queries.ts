import { and, arrayContains, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import { ENUMS } from '../../shared/contract.gen.ts'
import type { components } from '../../src/api/schema.gen.ts'
import { isoDay } from '../../shared/dates.ts'
import type { Db } from '../db/client.ts'
import { registrations, safeguardingChecks, sessions, tutorProfiles, users, type SafeguardingCheckRow, type TutorProfileRow, type TutorStatus, type UserRow } from '../db/schema.ts'
import { window, type Page, type PageRequest } from '../lib/paging.ts'
import { containsPattern, searchText } from '../lib/search.ts'

type Schemas = components['schemas']
export type TutorProfileInput = Schemas['TutorProfileInput']
export type CheckState = Schemas['CheckState']

/** A check is flagged this many days before the office wants it renewed. */
export const CHECK_WARNING_DAYS = 60

/**
 * Whether a tutor may work with learners as far as checks go: the newest check (by issue date) is current, ends
 * within 60 days, has ended, or there is none.
 */
export function checkStateOf(newest: Pick<SafeguardingCheckRow, 'expiresOn'> | undefined, today = new Date()): CheckState {
  if (!newest) return 'none'
  if (newest.expiresOn === null) return 'current'
  if (newest.expiresOn < isoDay(today, 'utc')) return 'expired'
  const warnFrom = isoDay(new Date(today.getTime() + CHECK_WARNING_DAYS * 24 * 3600 * 1000), 'utc')
  return newest.expiresOn <= warnFrom ? 'expiring' : 'current'
}

/** The newest check of each of these tutors. */
export async function newestChecks(db: Db, tutorIds: readonly string[]): Promise<Map<string, SafeguardingCheckRow>> {
  if (tutorIds.length === 0) return new Map()
  const rows = await db
    .selectDistinctOn([safeguardingChecks.tutorId])
    .from(safeguardingChecks)
    .where(inArray(safeguardingChecks.tutorId, [...tutorIds]))
    .orderBy(safeguardingChecks.tutorId, desc(safeguardingChecks.issuedOn), desc(safeguardingChecks.recordedAt))
  return new Map(rows.map((row) => [row.tutorId, row]))
}

export interface TutorQuery extends PageRequest {
  q?: string
  status?: TutorStatus
  subject?: string
  mode?: Schemas['DeliveryMode']
  area?: string
  check?: Schemas['CheckFilter']
  sort: 'name' | 'newest'
}

/**
 * Tutors who have not left whose newest check (by issue date) is in this state today, as checkStateOf says, in SQL
 * (not_valid: expired or none, so they may not work with learners): a left tutor's check needs nothing from the office.
 */
function checkStateIs(filter: Schemas['CheckFilter'], today = new Date()): SQL {
  const state = filter === 'not_valid' ? sql`(${checkStateSql('expired', today)} or ${checkStateSql('none', today)})` : checkStateSql(filter, today)
  return sql`${tutorProfiles.status} <> 'left' and ${state}`
}

function checkStateSql(state: CheckState, today: Date): SQL {
  const newestExpiry = sql`(select sc.expires_on from ${safeguardingChecks} sc where sc.tutor_id = ${tutorProfiles.userId} order by sc.issued_on desc, sc.recorded_at desc limit 1)`
  const hasCheck = sql`exists (select 1 from ${safeguardingChecks} sc where sc.tutor_id = ${tutorProfiles.userId})`
  const day = isoDay(today, 'utc')
  const warnFrom = isoDay(new Date(today.getTime() + CHECK_WARNING_DAYS * 24 * 3600 * 1000), 'utc')
  switch (state) {
    case 'none':
      return sql`not ${hasCheck}`
    case 'expired':
      return sql`${newestExpiry} < ${day}::date`
    case 'expiring':
      return sql`${newestExpiry} between ${day}::date and ${warnFrom}::date`
    case 'current':
      return sql`${hasCheck} and coalesce(${newestExpiry} > ${warnFrom}::date, true)`
  }
}

/** The search and filters of the tutor list but status, which the status counts leave out. */
export function tutorConditions(query: Omit<TutorQuery, 'status' | 'sort' | 'page' | 'pageSize'>): SQL | undefined {
  const text = searchText(query.q)
  // An admin who was a tutor keeps their profile on record, but is not one of the tutors.
  const conditions: (SQL | undefined)[] = [eq(users.role, 'TUTOR')]
  if (text !== undefined) {
    const pattern = containsPattern(text)
    conditions.push(or(ilike(users.name, pattern), ilike(users.email, pattern), sql`array_to_string(${tutorProfiles.subjects}, ' ') ilike ${pattern}`))
  }
  if (query.subject !== undefined) conditions.push(sql`lower(${query.subject}) = any(select lower(s) from unnest(${tutorProfiles.subjects}) as s)`)
  if (query.mode !== undefined) conditions.push(arrayContains(tutorProfiles.modes, [query.mode]))
  const area = searchText(query.area)
  if (area !== undefined) conditions.push(or(ilike(tutorProfiles.travelArea, containsPattern(area)), ilike(tutorProfiles.postcode, containsPattern(area))))
  if (query.check !== undefined) conditions.push(checkStateIs(query.check))
  return and(...conditions)
}

export async function listTutorPage(db: Db, query: TutorQuery): Promise<Page<Schemas['TutorSummary']> & { statusCounts: Schemas['TutorStatusCounts'] }> {
  const narrowed = tutorConditions(query)
  const filter = and(narrowed, query.status === undefined ? undefined : eq(tutorProfiles.status, query.status))
  const { limit, offset } = window(query)
  const order = query.sort === 'newest' ? [desc(tutorProfiles.createdAt), desc(users.id)] : [asc(sql`lower(${users.name})`), asc(users.id)]
  const [rows, totals, byStatus] = await Promise.all([
    db.select({ user: users, profile: tutorProfiles }).from(tutorProfiles).innerJoin(users, eq(users.id, tutorProfiles.userId)).where(filter).orderBy(...order).limit(limit).offset(offset),
    db.select({ total: count() }).from(tutorProfiles).innerJoin(users, eq(users.id, tutorProfiles.userId)).where(filter),
    db.select({ status: tutorProfiles.status, n: count() }).from(tutorProfiles).innerJoin(users, eq(users.id, tutorProfiles.userId)).where(narrowed).groupBy(tutorProfiles.status),
  ])
  const statusCounts = Object.fromEntries(ENUMS.TutorStatus.map((status) => [status, 0])) as Schemas['TutorStatusCounts']
  for (const row of byStatus) statusCounts[row.status] = row.n
  const checks = await newestChecks(db, rows.map((row) => row.user.id))
  const items = rows.map(({ user, profile }): Schemas['TutorSummary'] => {
    const newest = checks.get(user.id)
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      status: profile.status,
      accountDeactivated: user.deactivatedAt !== null,
      subjects: profile.subjects,
      modes: profile.modes as Schemas['DeliveryMode'][],
      ...(profile.travelArea === null ? {} : { travelArea: profile.travelArea }),
      checkState: checkStateOf(newest),
      ...(newest?.expiresOn ? { checkExpiresOn: newest.expiresOn } : {}),
      createdAt: profile.createdAt.toISOString(),
    }
  })
  return { items, total: totals[0]?.total ?? 0, page: query.page, pageSize: query.pageSize, statusCounts }
}

/** A profile's fields as the contract has them: what the edit form shows and sends back. */
export function tutorFields(user: Pick<UserRow, 'name'>, row: TutorProfileRow): TutorProfileInput {
  const optional = <T>(value: T | null) => value ?? undefined
  return {
    name: user.name,
    phone: optional(row.phone),
    postcode: optional(row.postcode),
    subjects: row.subjects,
    levels: row.levels as Schemas['StudyLevel'][],
    modes: row.modes as Schemas['DeliveryMode'][],
    travelArea: optional(row.travelArea),
    maxTravelMiles: optional(row.maxTravelMiles),
    availability:
      row.availabilityDays.length + row.availabilityTimes.length > 0
        ? { days: row.availabilityDays as Schemas['Weekday'][], times: row.availabilityTimes as Schemas['TimeOfDay'][] }
        : undefined,
    hoursPerWeek: optional(row.hoursPerWeek),
    highestQualification: optional(row.highestQualification) as Schemas['HighestQualification'] | undefined,
    qualifiedTeacher: optional(row.qualifiedTeacher),
    qualifications: optional(row.qualifications),
    experienceYears: optional(row.experienceYears),
    experience: optional(row.experience),
    notes: optional(row.notes),
  }
}

/** One tutor in full, or undefined when there is none with that id. */
export async function readTutorRecord(db: Db, id: string): Promise<Schemas['TutorRecord'] | undefined> {
  const [found] = await db
    .select({ user: users, profile: tutorProfiles, registration: { id: registrations.id, reference: registrations.reference } })
    .from(tutorProfiles)
    .innerJoin(users, eq(users.id, tutorProfiles.userId))
    .leftJoin(registrations, eq(registrations.userId, users.id))
    .where(eq(tutorProfiles.userId, id))
    .limit(1)
  if (!found) return undefined
  const [checks, lastSession] = await Promise.all([
    db
      .select({ check: safeguardingChecks, recorderName: users.name })
      .from(safeguardingChecks)
      .leftJoin(users, eq(users.id, safeguardingChecks.recordedBy))
      .where(eq(safeguardingChecks.tutorId, id))
      .orderBy(desc(safeguardingChecks.issuedOn), desc(safeguardingChecks.recordedAt)),
    db.select({ at: sessions.createdAt }).from(sessions).where(eq(sessions.userId, id)).orderBy(desc(sessions.createdAt)).limit(1),
  ])
  const { user, profile, registration } = found
  return {
    id: user.id,
    version: profile.version,
    email: user.email,
    status: profile.status,
    accountDeactivated: user.deactivatedAt !== null,
    ...(user.anonymisedAt === null ? {} : { anonymisedAt: user.anonymisedAt.toISOString() }),
    fields: tutorFields(user, profile),
    checks: checks.map(({ check, recorderName }) => ({
      id: check.id,
      type: check.type,
      reference: check.reference,
      issuedOn: check.issuedOn,
      ...(check.expiresOn === null ? {} : { expiresOn: check.expiresOn }),
      onUpdateService: check.onUpdateService,
      ...(check.recordedBy !== null && recorderName !== null ? { recordedBy: { id: check.recordedBy, name: recorderName } } : {}),
      recordedAt: check.recordedAt.toISOString(),
    })),
    checkState: checkStateOf(checks[0]?.check),
    ...(registration ? { registration } : {}),
    ...(lastSession[0] ? { lastSignInAt: lastSession[0].at.toISOString() } : {}),
    createdAt: profile.createdAt.toISOString(),
    updatedAt: profile.updatedAt.toISOString(),
  }
}
