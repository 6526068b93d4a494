import { and, isNotNull, lt, or } from 'drizzle-orm'
import { idleBy } from './auth/sessions.ts'
import type { Db } from './db/client.ts'
import { passwordResetTokens, sessions, signInChallenges, trustedDevices } from './db/schema.ts'
import type { Logger } from './logger.ts'

export const HOUSEKEEPING = {
  /** How often the server clears out rows that can no longer be used. */
  intervalMs: 60 * 60 * 1000,
  /** The first round, soon after start but not in its way. */
  firstRunMs: 60 * 1000,
  /** Kept this long after they stopped working, for anyone looking into a recent sign-in problem. */
  graceMs: 24 * 60 * 60 * 1000,
} as const

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

/** Runs the purge every hour in the background; a failed round is logged and tried again next time. */
export function startHousekeeping(db: Db, logger: Logger): { stop: () => void } {
  const round = () => {
    purgeEndedCredentials(db)
      .then((purged) => {
        if (purged.sessions + purged.tokens + purged.devices + purged.challenges > 0) logger.info(purged, 'purged ended sessions, tokens, device cookies and sign-in challenges')
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'housekeeping round failed'))
  }
  const first = setTimeout(round, HOUSEKEEPING.firstRunMs)
  const every = setInterval(round, HOUSEKEEPING.intervalMs)
  first.unref()
  every.unref()
  return {
    stop: () => {
      clearTimeout(first)
      clearInterval(every)
    },
  }
}
