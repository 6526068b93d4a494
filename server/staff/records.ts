import { and, asc, count, eq, ilike, isNotNull, isNull, ne, not, or, sql, type SQL } from 'drizzle-orm'
import type { components } from '../../src/api/schema.gen.ts'
import { hashPassword } from '../auth/passwords.ts'
import { endLinks, issueLink } from '../auth/links.ts'
import { turnOff } from '../auth/second-factor.ts'
import { hasLeft, revokeUserSessions, tutorHasLeft } from '../auth/sessions.ts'
import { newToken } from '../auth/tokens.ts'
import type { Db } from '../db/client.ts'
import { tutorProfiles, users, type UserRow } from '../db/schema.ts'
import type { AppDeps } from '../deps.ts'
import { recordAudit } from '../lib/audit.ts'
import type { ChangeContext } from '../lib/history.ts'
import { window } from '../lib/paging.ts'
import { containsPattern, searchText } from '../lib/search.ts'
import { INVITE_LINK_HOURS } from '../link-lifetimes.ts'
import { adminInviteMail, secondFactorResetMail } from '../mail/templates.ts'
import { EMPTY_PROFILE, insertTutorProfile } from '../tutors/records.ts'

type Schemas = components['schemas']
export type StaffAccount = Schemas['StaffAccount']
type Role = Schemas['Role']
type StaffStatus = Schemas['StaffStatus']

export const STAFF_MESSAGES = {
  notFound: 'We could not find that account.',
  accountExists: (email: string) => `An account already uses ${email}. Find it in the list and change its role instead.`,
  notYourself: 'You cannot change your own role or deactivate your own account. Ask another admin to do it.',
  lastAdmin: 'This is the last active admin: the office would have nobody left to run it. Make another account an admin first.',
  lastLead:
    'This is the last active safeguarding lead: nobody would be left to read and handle safeguarding concerns. Make another admin a safeguarding lead first.',
  leadsAreAdmins: 'Only admins can be safeguarding leads. Make this account an admin first.',
  leadGivesLead: 'Only a safeguarding lead can make someone a safeguarding lead.',
  notYourOwnSecondFactor: 'Turn off your own second sign-in step in your settings.',
  noSecondFactor: 'This account does not have the second sign-in step on, so there is nothing to reset.',
  tutorLeft: 'This tutor is marked as left, so they cannot sign in. Make them active on the Tutors screen first.',
  anonymised: 'This account was anonymised, so it cannot be let in again: it no longer names anyone. If the person comes back, invite them afresh.',
} as const


const statusOf = (user: Pick<UserRow, 'invitedAt' | 'deactivatedAt'>, left: boolean): StaffStatus =>
  user.deactivatedAt !== null ? 'deactivated' : left ? 'left' : user.invitedAt !== null ? 'invited' : 'active'

// A tutor marked as left reads as such here too, so this list and the tutors list say the same of one person.
const STATUS_FILTER: Record<StaffStatus, SQL> = {
  deactivated: isNotNull(users.deactivatedAt),
  left: and(isNull(users.deactivatedAt), tutorHasLeft) as SQL,
  invited: and(isNull(users.deactivatedAt), not(tutorHasLeft), isNotNull(users.invitedAt)) as SQL,
  active: and(isNull(users.deactivatedAt), not(tutorHasLeft), isNull(users.invitedAt)) as SQL,
}

// Written out: in a one-table select drizzle may leave column names unqualified, which inside this subquery would
// read the sessions table's own id.
const lastSignIn = sql<Date | null>`(select max(s.created_at) from sessions s where s.user_id = "users"."id")`

function accountOf(user: UserRow, lastSignInAt: Date | string | null, left: boolean): StaffAccount {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    status: statusOf(user, left),
    secondFactor: user.secondFactorAt !== null,
    safeguardingLead: user.safeguardingLead,
    ...(lastSignInAt === null ? {} : { lastSignInAt: new Date(lastSignInAt).toISOString() }),
    createdAt: user.createdAt.toISOString(),
    ...(user.anonymisedAt === null ? {} : { anonymisedAt: user.anonymisedAt.toISOString() }),
  }
}

export interface StaffQuery {
  q?: string
  role?: Role
  status?: StaffStatus
  page: number
  pageSize: number
}

export async function listStaffPage(db: Db, query: StaffQuery): Promise<Schemas['StaffAccountPage']> {
  const text = searchText(query.q)
  const pattern = text === undefined ? undefined : containsPattern(text)
  const filter = and(
    pattern === undefined ? undefined : or(ilike(users.name, pattern), ilike(users.email, pattern)),
    query.role === undefined ? undefined : eq(users.role, query.role),
    query.status === undefined ? undefined : STATUS_FILTER[query.status],
  )
  const { limit, offset } = window(query)
  const [rows, totals] = await Promise.all([
    db.select({ user: users, lastSignIn, left: tutorHasLeft }).from(users).where(filter).orderBy(asc(users.name), asc(users.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(users).where(filter),
  ])
  return { items: rows.map((row) => accountOf(row.user, row.lastSignIn, row.left)), total: totals[0]?.total ?? 0, page: query.page, pageSize: query.pageSize }
}

export async function readStaffAccount(db: Db, id: string): Promise<StaffAccount | undefined> {
  const [row] = await db.select({ user: users, lastSignIn, left: tutorHasLeft }).from(users).where(eq(users.id, id)).limit(1)
  return row ? accountOf(row.user, row.lastSignIn, row.left) : undefined
}

/**
 * An admin account whose owner chooses the password through the mailed link (nobody knows the one it starts with).
 * Undefined when an account already uses the email.
 */
export async function inviteAdminAccount(
  tx: Db,
  deps: Pick<AppDeps, 'mailer' | 'config'>,
  invitation: { name: string; email: string; safeguardingLead: boolean },
  inviter: { id: string; name: string },
  context: ChangeContext,
): Promise<UserRow | undefined> {
  const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, invitation.email)).limit(1)
  if (existing) return undefined
  const passwordHash = await hashPassword(newToken())
  const [user] = await tx.insert(users).values({ ...invitation, role: 'ADMIN', passwordHash, invitedAt: new Date() }).returning()
  if (!user) throw new Error('The user insert returned no row.')
  const link = await issueLink(tx, user, 'invite', deps.config.publicUrl)
  await deps.mailer.enqueue(tx, adminInviteMail(user, link, INVITE_LINK_HOURS, inviter.name))
  await recordAudit(tx, { action: 'user.created', actorUserId: context.actorId, subject: { type: 'user', id: user.id }, ip: context.request.ip, details: { role: 'ADMIN', invited: true, safeguardingLead: invitation.safeguardingLead } })
  return user
}

type Refusal = { refused: string }

/**
 * The rules for changing an account: never your own, and never leaving the office without an active admin. Every
 * active admin's row is locked first, in one order, then the target's: two admins deactivating each other at once
 * wait on each other instead of deadlocking, and the second then sees the first's change and is refused.
 */
async function lockForChange(tx: Db, id: string): Promise<UserRow | undefined> {
  await tx.select({ id: users.id }).from(users).where(and(eq(users.role, 'ADMIN'), isNull(users.deactivatedAt))).orderBy(asc(users.id)).for('update')
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update').limit(1)
  return row
}

async function checkChange(tx: Db, target: UserRow, actorId: string, losesAdmin: boolean): Promise<Refusal | undefined> {
  if (target.id === actorId) return { refused: STAFF_MESSAGES.notYourself }
  if (!losesAdmin) return undefined
  const [others] = await tx.select({ n: count() }).from(users).where(and(eq(users.role, 'ADMIN'), isNull(users.deactivatedAt), ne(users.id, target.id)))
  if ((others?.n ?? 0) === 0) return { refused: STAFF_MESSAGES.lastAdmin }
  return target.safeguardingLead ? lastLeadRefusal(tx, target) : undefined
}

/**
 * Like the last admin: the office always keeps an active safeguarding lead, or nobody could read a concern (nor give
 * the mark again, which only a lead may). Called under lockForChange, whose lock on every active admin holds the count.
 */
async function lastLeadRefusal(tx: Db, target: UserRow): Promise<Refusal | undefined> {
  const [others] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'ADMIN'), eq(users.safeguardingLead, true), isNull(users.deactivatedAt), ne(users.id, target.id)))
  return (others?.n ?? 0) === 0 ? { refused: STAFF_MESSAGES.lastLead } : undefined
}

const isActiveAdmin = (user: UserRow) => user.role === 'ADMIN' && user.deactivatedAt === null

export async function changeRole(tx: Db, id: string, role: Role, context: ChangeContext & { actorId: string }): Promise<'missing' | 'changed' | 'unchanged' | Refusal> {
  const user = await lockForChange(tx, id)
  if (!user) return 'missing'
  if (user.role === role) return user.id === context.actorId ? { refused: STAFF_MESSAGES.notYourself } : 'unchanged'
  const refusal = await checkChange(tx, user, context.actorId, isActiveAdmin(user) && role !== 'ADMIN')
  if (refusal) return refusal
  if (role === 'ADMIN' && (await hasLeft(tx, id))) return { refused: STAFF_MESSAGES.tutorLeft }
  // Only admins hold the mark (the schema checks it too): an admin made a tutor loses it.
  const losesLead = user.safeguardingLead && role !== 'ADMIN'
  await tx.update(users).set({ role, ...(losesLead ? { safeguardingLead: false } : {}), updatedAt: new Date() }).where(eq(users.id, id))
  // A tutor needs a profile for the tutor area and the office's tutor list; one who was a tutor before keeps theirs.
  if (role === 'TUTOR') {
    const [profile] = await tx.select({ userId: tutorProfiles.userId }).from(tutorProfiles).where(eq(tutorProfiles.userId, id)).limit(1)
    if (!profile) await insertTutorProfile(tx, id, EMPTY_PROFILE, context, user.invitedAt === null ? 'active' : 'invited')
  }
  // Sessions carry what the role allowed: the account signs in again under its new role.
  await revokeUserSessions(tx, id)
  await recordAudit(tx, { action: 'user.role_changed', actorUserId: context.actorId, subject: { type: 'user', id }, ip: context.request.ip, details: { changes: [{ field: 'role', from: user.role, to: role }, ...(losesLead ? [{ field: 'safeguardingLead', from: true, to: false }] : [])] } })
  return 'changed'
}

export async function changeActive(tx: Db, id: string, active: boolean, context: ChangeContext & { actorId: string }): Promise<'missing' | 'changed' | 'unchanged' | Refusal> {
  const user = await lockForChange(tx, id)
  if (!user) return 'missing'
  if ((user.deactivatedAt === null) === active) return user.id === context.actorId ? { refused: STAFF_MESSAGES.notYourself } : 'unchanged'
  // Anonymising left the account deactivated for good: letting it in again would give a sign-in to a name that stands for nobody.
  if (active && user.anonymisedAt !== null) return { refused: STAFF_MESSAGES.anonymised }
  const refusal = await checkChange(tx, user, context.actorId, !active && isActiveAdmin(user))
  if (refusal) return refusal
  const now = new Date()
  await tx.update(users).set({ deactivatedAt: active ? null : now, updatedAt: now }).where(eq(users.id, id))
  if (!active) {
    // Signed out everywhere, and any invitation or reset link mailed before stops working.
    await revokeUserSessions(tx, id, {}, now)
    await endLinks(tx, id)
  }
  await recordAudit(tx, { action: active ? 'user.reactivated' : 'user.deactivated', actorUserId: context.actorId, subject: { type: 'user', id }, ip: context.request.ip })
  return 'changed'
}

/**
 * Turns a staff member's second step off for them (a lost phone), within the caller's transaction: audited, and the
 * person is mailed (so an unexpected reset does not pass unnoticed). Never one's own; 'missing' for no such account.
 */
export async function resetSecondFactor(tx: Db, deps: AppDeps, id: string, actor: UserRow, context: ChangeContext): Promise<'missing' | { refused: string } | 'reset'> {
  const [user] = await tx.select().from(users).where(eq(users.id, id)).for('update')
  if (!user) return 'missing'
  if (user.id === actor.id) return { refused: STAFF_MESSAGES.notYourOwnSecondFactor }
  if (user.secondFactorAt === null) return { refused: STAFF_MESSAGES.noSecondFactor }
  await turnOff(tx, user.id)
  // The phone may be in someone else's hands: whatever it let in ends too, and the person signs in again.
  await revokeUserSessions(tx, user.id)
  await deps.mailer.enqueue(tx, secondFactorResetMail(user, actor.name, deps.config.publicUrl))
  await recordAudit(tx, { action: 'user.second_factor_reset', actorUserId: context.actorId, subject: { type: 'user', id }, ip: context.request.ip })
  return 'reset'
}

/**
 * Gives an admin the safeguarding lead mark or takes it away, audited. Only admins hold it ('not admin'), and the last
 * active lead keeps it: taking one's own is allowed while another lead remains (a deputy stepping down).
 */
export async function changeSafeguardingLead(
  tx: Db,
  id: string,
  lead: boolean,
  context: ChangeContext & { actorId: string },
): Promise<'missing' | 'changed' | 'unchanged' | 'not admin' | Refusal> {
  const user = await lockForChange(tx, id)
  if (!user) return 'missing'
  if (user.safeguardingLead === lead) return 'unchanged'
  if (lead && user.role !== 'ADMIN') return 'not admin'
  if (!lead && user.deactivatedAt === null) {
    const refusal = await lastLeadRefusal(tx, user)
    if (refusal) return refusal
  }
  await tx.update(users).set({ safeguardingLead: lead, updatedAt: new Date() }).where(eq(users.id, id))
  await recordAudit(tx, {
    action: 'user.safeguarding_lead_changed',
    actorUserId: context.actorId,
    subject: { type: 'user', id },
    ip: context.request.ip,
    details: { changes: [{ field: 'safeguardingLead', from: user.safeguardingLead, to: lead }] },
  })
  return 'changed'
}
