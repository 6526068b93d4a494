import { and, eq, isNotNull, lt, or } from 'drizzle-orm'
import { idleBy } from './auth/sessions.ts'
import type { Db } from './db/client.ts'
import { jobs, passwordResetTokens, sessions, signInChallenges, trustedDevices } from './db/schema.ts'
import type { Schedule } from './lib/jobs.ts'
import type { Logger } from './logger.ts'

export const HOUSEKEEPING = {
  /** How often the server clears out rows that can no longer be used. */
  intervalMs: 60 * 60 * 1000,
  /** The first round, soon after start but not in its way. */
  firstRunMs: 60 * 1000,
  /** Kept this long after they stopped working, for anyone looking into a recent sign-in problem. */
  graceMs: 24 * 60 * 60 * 1000,
  /** A job given up is kept this long for the operator to look into (its last error, its payload's ids), then deleted. */
  keepFailedJobsMs: 30 * 24 * 60 * 60 * 1000,
} as const

/** Deletes jobs given up more than keepFailedJobsMs ago (by when they were stored: a failed job is not run again). */
export async function purgeFailedJobs(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - HOUSEKEEPING.keepFailedJobsMs)
  const deleted = await db.delete(jobs).where(and(eq(jobs.state, 'failed'), lt(jobs.createdAt, cutoff))).returning({ id: jobs.id })
  return deleted.length
}

/**
 * Deletes sessions that ended (revoked, past their absolute end, or idle too long), reset or invite tokens that
 * were used or expired, device cookies that expired, and half-done sign-ins (challenges) that expired, more than a
 * day ago. Nothing deleted could still sign anyone in.
 */
export async function purgeEndedCredentials(db: Db, now = new Date()): Promise<{ sessions: number; tokens: number; devices: number; challenges: number }> {
  const cutoff = new Date(now.getTime() - HOUSEKEEPING.graceMs)
  const endedSessions = await db
    .delete(sessions)
    .where(
      or(
        and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, cutoff)),
        lt(sessions.expiresAt, cutoff),
        idleBy(cutoff),
      ),
    )
    .returning({ id: sessions.id })
  const endedTokens = await db
    .delete(passwordResetTokens)
    .where(or(and(isNotNull(passwordResetTokens.usedAt), lt(passwordResetTokens.usedAt, cutoff)), lt(passwordResetTokens.expiresAt, cutoff)))
    .returning({ id: passwordResetTokens.id })
  const endedDevices = await db.delete(trustedDevices).where(lt(trustedDevices.expiresAt, cutoff)).returning({ id: trustedDevices.id })
  const endedChallenges = await db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, cutoff)).returning({ id: signInChallenges.id })
  return { sessions: endedSessions.length, tokens: endedTokens.length, devices: endedDevices.length, challenges: endedChallenges.length }
}

/** The hourly schedule (server/jobs): one process runs each round; a failed round is logged and run again next hour. */
export function housekeepingSchedule(db: Db, logger: Logger): Schedule {
  return {
    key: 'housekeeping',
    everyMs: HOUSEKEEPING.intervalMs,
    firstInMs: HOUSEKEEPING.firstRunMs,
    run: async (now) => {
      const purged = await purgeEndedCredentials(db, now)
      const failedJobs = await purgeFailedJobs(db, now)
      if (purged.sessions + purged.tokens + purged.devices + purged.challenges + failedJobs > 0) {
        logger.info({ ...purged, failedJobs }, 'purged ended sessions, tokens, device cookies, sign-in challenges and old failed jobs')
      }
    },
  }
}
