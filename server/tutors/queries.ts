import { and, arrayContains, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import { ENUMS } from '../../shared/contract.gen.ts'
import type { components } from '../../src/api/schema.gen.ts'
import { labelOf } from '../../shared/labels.ts'
import { endLinks, issueLink, LINK_LIFETIMES_MS } from '../auth/links.ts'
import { revokeUserSessions } from '../auth/sessions.ts'
import type { FieldErrors } from '../contract/validators.ts'
import type { Db } from '../db/client.ts'
import type { AppDeps } from '../deps.ts'
import { placements, registrations, safeguardingChecks, sessions, tutorProfiles, users, type SafeguardingCheckRow, type TutorProfileRow, type TutorStatus, type UserRow } from '../db/schema.ts'
import { recordAudit } from '../lib/audit.ts'
import { changesBetween, type ChangeContext, type UpdateOutcome } from '../lib/history.ts'
import { checkSchema, cleanInput } from '../lib/input.ts'
import { tutorInviteMail } from '../mail/templates.ts'
import { window, type Page, type PageRequest } from '../lib/paging.ts'
import { containsPattern, searchText } from '../lib/search.ts'
import { readSubjects } from '../subjects/queries.ts'

type Schemas = components['schemas']
export type TutorProfileInput = Schemas['TutorProfileInput']
export type CheckState = Schemas['CheckState']

export const TUTOR_MESSAGES = {
  notFound: 'We could not find that tutor.',
  required: 'This field is required.',
  nameRequired: 'Enter the tutor’s name.',
  accountExists: (email: string) => `An account already uses ${email}. Find that person in the lists, or invite the tutor with another address.`,
  unknownSubject: 'Choose a subject from the list.',
  sameStatus: (status: string) => `This tutor is already ${status}.`,
  stillInvited: 'This tutor has not chosen a password yet. They become active when they use their invitation link.',
  stillTeaching: (count: number) =>
    `This tutor still teaches ${count} ${count === 1 ? 'learner' : 'learners'}. Move or end those placements on the tutor's page first, so no learner is left with a tutor who has gone.`,
  checkDates: 'The renewal date must come after the date the check was issued.',
} as const

/** A check is flagged this many days before the office wants it renewed. */
export const CHECK_WARNING_DAYS = 60

const isoDay = (date: Date) => date.toISOString().slice(0, 10)

/**
 * Whether a tutor may work with learners as far as checks go: the newest check (by issue date) is current, ends
 * within 60 days, has ended, or there is none.
 */
export function checkStateOf(newest: Pick<SafeguardingCheckRow, 'expiresOn'> | undefined, today = new Date()): CheckState {
  if (!newest) return 'none'
  if (newest.expiresOn === null) return 'current'
  if (newest.expiresOn < isoDay(today)) return 'expired'
  const warnFrom = isoDay(new Date(today.getTime() + CHECK_WARNING_DAYS * 24 * 3600 * 1000))
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
  check?: CheckState
  sort: 'name' | 'newest'
}

/**
 * Tutors who have not left whose newest check (by issue date) is in this state today, as checkStateOf says, in SQL:
 * a left tutor's check needs nothing from the office.
 */
function checkStateIs(state: CheckState, today = new Date()): SQL {
  return sql`${tutorProfiles.status} <> 'left' and ${checkStateSql(state, today)}`
}

function checkStateSql(state: CheckState, today: Date): SQL {
  const newestExpiry = sql`(select sc.expires_on from ${safeguardingChecks} sc where sc.tutor_id = ${tutorProfiles.userId} order by sc.issued_on desc, sc.recorded_at desc limit 1)`
  const hasCheck = sql`exists (select 1 from ${safeguardingChecks} sc where sc.tutor_id = ${tutorProfiles.userId})`
  const day = isoDay(today)
  const warnFrom = isoDay(new Date(today.getTime() + CHECK_WARNING_DAYS * 24 * 3600 * 1000))
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

/** The profile columns for the fields (every one written, so a field cleared in the form is cleared here). */
export function profileColumns(input: Omit<TutorProfileInput, 'name'>) {
  return {
    phone: input.phone ?? null,
    postcode: input.postcode?.toUpperCase() ?? null,
    subjects: input.subjects,
    levels: input.levels,
    modes: input.modes,
    travelArea: input.travelArea ?? null,
    maxTravelMiles: input.maxTravelMiles ?? null,
    availabilityDays: input.availability?.days ?? [],
    availabilityTimes: input.availability?.times ?? [],
    hoursPerWeek: input.hoursPerWeek ?? null,
    highestQualification: input.highestQualification ?? null,
    qualifiedTeacher: input.qualifiedTeacher ?? null,
    qualifications: input.qualifications ?? null,
    experienceYears: input.experienceYears ?? null,
    experience: input.experience ?? null,
    notes: input.notes ?? null,
  }
}

/** Cleans a body the contract validator let through and checks it again, then that its subjects are offered. */
export async function checkTutorProfileInput(db: Db, body: TutorProfileInput): Promise<{ input: TutorProfileInput; problems: FieldErrors }> {
  const input = cleanInput(body) as TutorProfileInput
  if (input.postcode) input.postcode = input.postcode.toUpperCase()
  const problems = checkSchema('TutorProfileInput', input)
  if (Object.keys(problems).length > 0) return { input, problems }
  const offered = new Set((await readSubjects(db)).map((subject) => subject.toLowerCase()))
  input.subjects.forEach((subject, index) => {
    if (!offered.has(subject.toLowerCase())) problems[`subjects.${index}`] ??= TUTOR_MESSAGES.unknownSubject
  })
  return { input, problems }
}

export const INVITE_LINK_HOURS = LINK_LIFETIMES_MS.invite / 3600_000

/**
 * A TUTOR account with its profile, within the caller's transaction: a password nobody knows until the tutor chooses
 * one through the invitation link mailed here (through the outbox, 72 hours), and the audit events. Answers undefined
 * when an account already uses the email.
 */
export async function createTutorAccount(
  tx: Db,
  deps: Pick<AppDeps, 'mailer' | 'config'>,
  account: { name: string; email: string; passwordHash: string },
  profile: Omit<TutorProfileInput, 'name'>,
  context: ChangeContext & { why: 'accepted' | 'invited' },
): Promise<UserRow | undefined> {
  const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, account.email)).limit(1)
  if (existing) return undefined
  const [user] = await tx.insert(users).values({ ...account, role: 'TUTOR', invitedAt: new Date() }).returning()
  if (!user) throw new Error('The user insert returned no row.')
  const link = await issueLink(tx, user, 'invite', deps.config.publicUrl)
  await deps.mailer.enqueue(tx, tutorInviteMail(user, link, INVITE_LINK_HOURS, context.why))
  await recordAudit(tx, {
    action: 'user.created',
    actorUserId: context.actorId,
    subject: { type: 'user', id: user.id },
    ip: context.request.ip,
    details: { role: 'TUTOR', ...(context.note === undefined ? {} : { registration: context.note }) },
  })
  await insertTutorProfile(tx, user.id, profile, context)
  return user
}

/**
 * A new tutor's profile, within the caller's transaction (the TUTOR account exists already): from an accepted
 * application or a direct invitation it is `invited` until the tutor chooses a password; an account made with a
 * password (the command line, the demo) is `active` at once.
 */
export async function insertTutorProfile(
  tx: Db,
  userId: string,
  profile: Omit<TutorProfileInput, 'name'>,
  context: ChangeContext,
  status: TutorStatus = 'invited',
): Promise<void> {
  await tx.insert(tutorProfiles).values({ userId, status, ...profileColumns(profile) })
  await recordAudit(tx, {
    action: status === 'invited' ? 'tutor.invited' : 'tutor.created',
    actorUserId: context.actorId,
    subject: { type: 'tutor', id: userId },
    ip: context.request.ip,
    details: { changes: [], ...(context.note === undefined ? {} : { note: context.note }) },
  })
}

/** Changes a tutor's profile made from `version`, within the caller's transaction (see updateStudentRecord). */
export async function updateTutorProfile(tx: Db, id: string, version: number, input: TutorProfileInput, context: ChangeContext): Promise<UpdateOutcome> {
  const [found] = await tx.select({ user: users, profile: tutorProfiles }).from(tutorProfiles).innerJoin(users, eq(users.id, tutorProfiles.userId)).where(eq(tutorProfiles.userId, id)).for('update').limit(1)
  if (!found) return 'missing'
  if (found.profile.version !== version) return 'stale'
  const changes = changesBetween(tutorFields(found.user, found.profile), input)
  if (changes.length === 0) return 'unchanged'
  const now = new Date()
  if (input.name !== found.user.name) await tx.update(users).set({ name: input.name, updatedAt: now }).where(eq(users.id, id))
  await tx
    .update(tutorProfiles)
    .set({ ...profileColumns(input), version: found.profile.version + 1, updatedAt: now })
    .where(eq(tutorProfiles.userId, id))
  await recordAudit(tx, { action: 'tutor.updated', actorUserId: context.actorId, subject: { type: 'tutor', id }, ip: context.request.ip, details: { changes } })
  return 'updated'
}

/** A profile with nothing in it yet, for an account made by name and email alone. */
export const EMPTY_PROFILE: Omit<TutorProfileInput, 'name'> = { subjects: [], levels: [], modes: [] }

export type StatusOutcome = UpdateOutcome | { refused: string }

/**
 * Moves a tutor between active, paused and left, from `version`, within the caller's transaction. Leaving ends
 * every session and link of theirs at once; their history and records stay. An invited tutor becomes active only
 * by choosing a password.
 */
export async function changeTutorStatusRecord(
  tx: Db,
  id: string,
  version: number,
  change: { status: Exclude<TutorStatus, 'invited'>; reason?: string },
  context: ChangeContext,
): Promise<StatusOutcome> {
  const [profile] = await tx.select().from(tutorProfiles).where(eq(tutorProfiles.userId, id)).for('update').limit(1)
  if (!profile) return 'missing'
  if (profile.version !== version) return 'stale'
  if (profile.status === change.status) return { refused: TUTOR_MESSAGES.sameStatus(change.status) }
  if (profile.status === 'invited' && change.status === 'active') return { refused: TUTOR_MESSAGES.stillInvited }
  if (change.status === 'left') {
    const [current] = await tx.select({ n: count() }).from(placements).where(and(eq(placements.tutorId, id), eq(placements.status, 'active')))
    if ((current?.n ?? 0) > 0) return { refused: TUTOR_MESSAGES.stillTeaching(current?.n ?? 0) }
  }
  const now = new Date()
  await tx.update(tutorProfiles).set({ status: change.status, version: profile.version + 1, updatedAt: now }).where(eq(tutorProfiles.userId, id))
  if (change.status === 'left') {
    await revokeUserSessions(tx, id, {}, now)
    await endLinks(tx, id)
  }
  await recordAudit(tx, {
    action: 'tutor.status_changed',
    actorUserId: context.actorId,
    subject: { type: 'tutor', id },
    ip: context.request.ip,
    details: { changes: [{ field: 'status', from: profile.status, to: change.status }], ...(change.reason === undefined ? {} : { detail: change.reason }) },
  })
  return 'updated'
}

/** The tutor chose their first password through the invitation: an invited tutor is active from now on. */
export async function activateInvitedTutor(tx: Db, userId: string, ip: string | null): Promise<void> {
  const activated = await tx
    .update(tutorProfiles)
    .set({ status: 'active', version: sql`${tutorProfiles.version} + 1`, updatedAt: new Date() })
    .where(and(eq(tutorProfiles.userId, userId), eq(tutorProfiles.status, 'invited')))
    .returning({ userId: tutorProfiles.userId })
  if (activated.length === 0) return
  await recordAudit(tx, {
    action: 'tutor.status_changed',
    actorUserId: userId,
    subject: { type: 'tutor', id: userId },
    ip,
    details: { changes: [{ field: 'status', from: 'invited', to: 'active' }], detail: 'Chose a password through the invitation' },
  })
}

/** Whether a user is a tutor who has left (and so may not sign in, nor be mailed a reset link). */
export async function hasLeft(db: Db, userId: string): Promise<boolean> {
  const [profile] = await db.select({ status: tutorProfiles.status }).from(tutorProfiles).where(eq(tutorProfiles.userId, userId)).limit(1)
  return profile?.status === 'left'
}

/** A check in a line, for the history (the labels are the staff's; the history is read by staff only). */
function checkSummary(input: Schemas['SafeguardingCheckInput']): string {
  const parts = [`${labelOf('SafeguardingCheckType', input.type)} ${input.reference}`, `issued ${input.issuedOn}`]
  if (input.expiresOn) parts.push(`renew by ${input.expiresOn}`)
  if (input.onUpdateService) parts.push('on the Update Service')
  return parts.join(', ')
}

/** Records a check seen by the office, within the caller's transaction; the tutor's history says so. */
export async function recordCheck(tx: Db, tutorId: string, input: Schemas['SafeguardingCheckInput'], context: ChangeContext & { actorId: string }): Promise<'recorded' | 'missing'> {
  const [profile] = await tx.select({ userId: tutorProfiles.userId }).from(tutorProfiles).where(eq(tutorProfiles.userId, tutorId)).for('update').limit(1)
  if (!profile) return 'missing'
  await tx.insert(safeguardingChecks).values({
    tutorId,
    type: input.type,
    reference: input.reference,
    issuedOn: input.issuedOn,
    expiresOn: input.expiresOn ?? null,
    onUpdateService: input.onUpdateService ?? false,
    recordedBy: context.actorId,
  })
  // The version stays, so an edit form opened before the check was recorded still saves: checks are not its fields.
  await tx.update(tutorProfiles).set({ updatedAt: new Date() }).where(eq(tutorProfiles.userId, tutorId))
  await recordAudit(tx, {
    action: 'tutor.check_recorded',
    actorUserId: context.actorId,
    subject: { type: 'tutor', id: tutorId },
    ip: context.request.ip,
    details: { changes: [], detail: checkSummary(input) },
  })
  return 'recorded'
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
