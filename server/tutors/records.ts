import { and, count, eq } from 'drizzle-orm'
import type { components } from '../../src/api/schema.gen.ts'
import { formatDay } from '../../shared/date-words.ts'
import { labelOf } from '../../shared/labels.ts'
import { endLinks, issueLink } from '../auth/links.ts'
import { revokeUserSessions } from '../auth/sessions.ts'
import type { FieldErrors } from '../contract/validators.ts'
import type { Db } from '../db/client.ts'
import type { AppDeps } from '../deps.ts'
import { placements, safeguardingChecks, tutorProfiles, users, type TutorStatus, type UserRow } from '../db/schema.ts'
import { recordAudit } from '../lib/audit.ts'
import { changesBetween, type ChangeContext, type UpdateOutcome } from '../lib/history.ts'
import { checkSchema, cleanInput } from '../contract/input.ts'
import { INVITE_LINK_HOURS } from '../link-lifetimes.ts'
import { tutorInviteMail } from '../mail/templates.ts'
import { readSubjects } from '../subjects/queries.ts'
import { tutorFields, type TutorProfileInput } from './queries.ts'

type Schemas = components['schemas']

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

/** A check in a line, for the history (the labels are the staff's; the history is read by staff only). */
function checkSummary(input: Schemas['SafeguardingCheckInput']): string {
  const parts = [`${labelOf('SafeguardingCheckType', input.type)} ${input.reference}`, `issued ${formatDay(input.issuedOn)}`]
  if (input.expiresOn) parts.push(`renew by ${formatDay(input.expiresOn)}`)
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
