import { and, eq, isNull, lt, notInArray, or } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { mailOutbox } from '../db/schema.ts'
import type { Schedule } from '../lib/jobs.ts'
import { LINK_LIFETIMES_MS } from '../link-lifetimes.ts'
import type { Logger } from '../logger.ts'
import { INVITATION_KINDS } from './outbox.ts'

/** How often mail is looked at: a mail carrying a sign-in or reset link loses its body within this of being sent or given up. */
export const MAIL_RETENTION_EVERY_MS = 10 * 60_000

/**
 * Empties the body of sent and failed mail: at once for a mail that carries a sign-in or reset link (nobody is ever
 * shown it, and a failed one whose link has expired cannot be sent again), after `keepDays` for the rest, counted from
 * when it was sent or given up (a failed mail keeps that moment in next_attempt_at). Who it went to, its subject, kind and tries stay, for
 * the Mail screen's record. Waiting mail keeps its body, since it is still to be sent.
 */
export async function purgeMailBodies(db: Db, keepDays: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - keepDays * 24 * 3600_000)
  // A failed invitation can still be sent again while its link works (server/mail/outbox.ts), so it keeps its body until then.
  const deadLink = or(notInArray(mailOutbox.kind, INVITATION_KINDS), lt(mailOutbox.createdAt, new Date(now.getTime() - LINK_LIFETIMES_MS.invite)))
  const purged = await db
    .update(mailOutbox)
    .set({ text: '', html: null, bodyPurgedAt: now })
    .where(
      and(
        isNull(mailOutbox.bodyPurgedAt),
        or(
          and(eq(mailOutbox.status, 'sent'), or(eq(mailOutbox.carriesSecretLink, true), lt(mailOutbox.sentAt, cutoff))),
          and(eq(mailOutbox.status, 'failed'), or(and(eq(mailOutbox.carriesSecretLink, true), deadLink), lt(mailOutbox.nextAttemptAt, cutoff))),
        ),
      ),
    )
    .returning({ id: mailOutbox.id })
  return purged.length
}

export function mailRetentionSchedule(db: Db, logger: Logger, keepDays: number): Schedule {
  return {
    key: 'purge-sent-mail-bodies',
    everyMs: MAIL_RETENTION_EVERY_MS,
    run: async (now) => {
      const purged = await purgeMailBodies(db, keepDays, now)
      if (purged > 0) logger.info({ purged }, 'emptied the bodies of sent and failed mail past its keeping time')
    },
  }
}
