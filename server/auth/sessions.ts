import { and, eq, gt, isNull, ne, not, sql } from 'drizzle-orm'
import { SESSION_TABLES, type ChangeFeed } from '../db/changes.ts'
import type { Db } from '../db/client.ts'
import type { Authenticated } from '../contract/types.ts'
import { KeptUntilChange } from '../lib/kept.ts'
import { sessions, signInChallenges, tutorProfiles, users } from '../db/schema.ts'
import { hashToken, newToken, TOKEN_PATTERN } from './tokens.ts'

/** SECURITY.md: remember me 30 days absolute / 7 days idle; without it 12 hours absolute / 30 minutes idle. */
export const SESSION_LIMITS = {
  remember: { absoluteSeconds: 30 * 24 * 3600, idleSeconds: 7 * 24 * 3600 },
  brief: { absoluteSeconds: 12 * 3600, idleSeconds: 30 * 60 },
} as const

/** last_seen_at is written at most this often, so a busy client does not cost one UPDATE per request. */
const LAST_SEEN_RESOLUTION_MS = 60_000
const USER_AGENT_MAX_LENGTH = 512

export interface NewSession {
  id: string
  token: string
  expiresAt: Date
}

export interface SessionOrigin {
  ip: string
  userAgent: string | undefined
}

/**
 * The account is a tutor the office marked as left on the Tutors screen; an admin who was a tutor once is not held to
 * that record. Written out: drizzle may leave a column unqualified in a one-table select, which inside the subquery
 * would name the subquery's own table.
 */
export const tutorHasLeft = sql<boolean>`("users"."role" = 'TUTOR' and exists (select 1 from tutor_profiles tp where tp.user_id = "users"."id" and tp.status = 'left'))`

/**
 * The account may still sign in: not deactivated, and not a tutor who left. The rule for a challenge and a session; a
 * password sign-in checks the same from the row it reads, to record which of them refused it.
 */
export const maySignIn = and(isNull(users.deactivatedAt), not(tutorHasLeft))

/** Whether a user is a tutor who has left (and so may not sign in, nor be mailed a reset link). */
export async function hasLeft(db: Db, userId: string): Promise<boolean> {
  const [profile] = await db.select({ status: tutorProfiles.status }).from(tutorProfiles).where(eq(tutorProfiles.userId, userId)).limit(1)
  return profile?.status === 'left'
}

export async function createSession(db: Db, userId: string, remember: boolean, origin: SessionOrigin, now = new Date()): Promise<NewSession> {
  const limits = remember ? SESSION_LIMITS.remember : SESSION_LIMITS.brief
  const token = newToken()
  const expiresAt = new Date(now.getTime() + limits.absoluteSeconds * 1000)
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      userId,
      remember,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      idleTimeoutSeconds: limits.idleSeconds,
      ip: origin.ip,
      userAgent: origin.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
    })
    .returning({ id: sessions.id })
  if (!row) throw new Error('Inserting a session returned no row.')
  return { id: row.id, token, expiresAt }
}

/** Sessions left idle beyond their limit by `at`. */
export const idleBy = (at: Date) => sql`${sessions.lastSeenAt} + make_interval(secs => ${sessions.idleTimeoutSeconds}) <= ${at.toISOString()}::timestamptz`

/** Sessions that still sign someone in at `now`, by the same rules as `authenticate`: not ended, not past their end, not idle too long. */
export const liveAt = (now: Date) => and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now), not(idleBy(now)))

/** The live session and user a bearer token belongs to, or null when it is unknown, revoked, expired or idle too long. */
export async function authenticate(db: Db, token: string, now = new Date()): Promise<Authenticated | null> {
  if (!TOKEN_PATTERN.test(token)) return null
  const [found] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    // A deactivated account's or a departed tutor's sessions end when that is recorded; this also ends one a sign-in
    // racing it made.
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), maySignIn))
    .limit(1)
  if (!found) return null
  const { session } = found
  const idleEndsAt = session.lastSeenAt.getTime() + session.idleTimeoutSeconds * 1000
  if (now >= session.expiresAt || now.getTime() >= idleEndsAt) return null
  if (now.getTime() - session.lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, session.id))
    return { session: { ...session, lastSeenAt: now }, user: found.user }
  }
  return found
}

/**
 * Whether a session `authenticate` answered may be trusted again without the database: it has not expired and was
 * seen within the last minute (so its idle limit, 30 minutes at the least, cannot have passed, and the next use
 * after that minute goes to the database, which records it). Its ending is heard separately (the change feed).
 */
export function isFreshlySeen(found: Authenticated, now = Date.now()): boolean {
  return now < found.session.expiresAt.getTime() && now - found.session.lastSeenAt.getTime() < LAST_SEEN_RESOLUTION_MS
}

export async function revokeSession(db: Db, sessionId: string, now = new Date()): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
}

/**
 * Ends every live session of a user, or every one but `exceptSessionId`, and every sign-in of theirs still waiting
 * for its second step's code: a challenge is a session not yet made, and whatever ends the sessions (leaving,
 * deactivation, a new password, a reset second step, "sign out everywhere else") must end it too. Answers how many
 * sessions it ended; one already over (revoked, past its end or idle too long) is left as it is.
 */
export async function revokeUserSessions(db: Db, userId: string, options: { exceptSessionId?: string } = {}, now = new Date()): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), options.exceptSessionId === undefined ? undefined : ne(sessions.id, options.exceptSessionId), liveAt(now)))
    .returning({ id: sessions.id })
  await db.delete(signInChallenges).where(eq(signInChallenges.userId, userId))
  return ended.length
}

/** Sessions kept in memory per process: far more than the staff who sign in; past it the oldest go first. */
const MAX_KEPT_SESSIONS = 10_000

/** Sessions as `authenticate` found them, by token hash, until the database tells of a change to sessions or accounts. */
export function keptSessions(feed: ChangeFeed): KeptUntilChange<Authenticated> {
  return new KeptUntilChange<Authenticated>(feed, {
    heard: (table) => table === undefined || SESSION_TABLES.has(table),
    maxEntries: MAX_KEPT_SESSIONS,
    maxWeight: MAX_KEPT_SESSIONS,
    weigh: () => 1,
    maxAgeMs: LAST_SEEN_RESOLUTION_MS,
  })
}
