import { eq, inArray, lt, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { rateLimits } from '../db/schema.ts'
import { addressBlock } from './address-block.ts'

export interface Limit {
  /** Attempts allowed per window. */
  limit: number
  windowSeconds: number
}

/**
 * Every throttle in one place (SECURITY.md: per IP and per account, never a permanent lockout).
 * Login counts attempts before the password is checked: per account from unknown devices, and per device for a
 * browser holding the account's device cookie (OWASP's device-cookie design), so a stranger's failures never
 * lock the owner out; a success clears its own counter, a completed password reset all of the account's.
 */
export const RATE_LIMITS = {
  loginPerIp: { limit: 100, windowSeconds: 15 * 60 },
  loginPerAccount: { limit: 10, windowSeconds: 15 * 60 },
  loginPerDevice: { limit: 10, windowSeconds: 15 * 60 },
  forgetPasswordPerIp: { limit: 20, windowSeconds: 60 * 60 },
  forgetPasswordPerAccount: { limit: 5, windowSeconds: 60 * 60 },
  resetPerIp: { limit: 20, windowSeconds: 15 * 60 },
  // Codes of the second step (sign-in, set-up, turning it off): guessing 6 digits must stay hopeless.
  secondFactorPerAccount: { limit: 10, windowSeconds: 15 * 60 },
  secondFactorPerIp: { limit: 100, windowSeconds: 15 * 60 },
  // Someone holding a stolen session must not be able to guess the current password at leisure.
  changePasswordPerAccount: { limit: 10, windowSeconds: 15 * 60 },
  // The public contact form: enough for a person with follow-ups, too few to flood the team's inbox.
  contactPerIp: { limit: 5, windowSeconds: 60 * 60 },
  contactPerEmail: { limit: 3, windowSeconds: 60 * 60 },
  // The enrolment and tutor forms together: a family enrolling several children, or a school and its staff,
  // fits easily; a bot does not. A double click counts, but stores once (duplicate protection).
  registrationPerIp: { limit: 10, windowSeconds: 60 * 60 },
  registrationPerEmail: { limit: 5, windowSeconds: 60 * 60 },
  // The family page: a family reading it often fits; guessing links, or scraping one, does not.
  familyPagePerIp: { limit: 120, windowSeconds: 15 * 60 },
  familyLinkPerIp: { limit: 10, windowSeconds: 60 * 60 },
  familyLinkPerEmail: { limit: 3, windowSeconds: 60 * 60 },
  familyMailPerIp: { limit: 30, windowSeconds: 15 * 60 },
  // A tutor's calendar feed: phones and calendar services read it every few minutes to hours, from shared addresses.
  calendarFeedPerFeed: { limit: 60, windowSeconds: 15 * 60 },
  calendarFeedMissesPerIp: { limit: 30, windowSeconds: 15 * 60 },
} as const satisfies Record<string, Limit>

/** The counter key of a per-address limit: IPv6 addresses count by their /64 (see addressBlock). */
export function addressKey(scope: string, ip: string): string {
  return `${scope}:ip:${addressBlock(ip)}`
}

export interface RateDecision {
  allowed: boolean
  /** Seconds until the window resets (at least 1); meaningful when not allowed. */
  retryAfterSeconds: number
}

/** Expired rows are swept on roughly one hit in this many, so the table stays small without a timer. */
const SWEEP_ONE_IN = 50
/** Longer than every window above, so a sweep never deletes a counter that still matters. */
const SWEEP_AFTER_SECONDS = 24 * 3600

/**
 * Counts one attempt against `key` in a fixed window. One atomic upsert does read, reset and increment, so the
 * count is right with many requests and many processes sharing one database.
 */
export async function hit(db: Db, key: string, { limit, windowSeconds }: Limit, now = new Date()): Promise<RateDecision> {
  const windowEndsBefore = new Date(now.getTime() - windowSeconds * 1000)
  const expired = sql`${rateLimits.windowStart} <= ${windowEndsBefore.toISOString()}::timestamptz`
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${expired} then excluded.window_start else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart })
  if (!row) throw new Error('The rate-limit upsert returned no row.')
  if (Math.random() * SWEEP_ONE_IN < 1) await sweep(db, now)
  const resetsAt = row.windowStart.getTime() + windowSeconds * 1000
  return { allowed: row.count <= limit, retryAfterSeconds: Math.max(1, Math.ceil((resetsAt - now.getTime()) / 1000)) }
}

/** Takes back one attempt counted on `key` (one that turned out right), leaving what others tried counted. */
export async function giveBack(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key))
}

export async function clear(db: Db, ...keys: string[]): Promise<void> {
  if (keys.length > 0) await db.delete(rateLimits).where(inArray(rateLimits.key, keys))
}

export async function sweep(db: Db, now = new Date()): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - SWEEP_AFTER_SECONDS * 1000)))
}
