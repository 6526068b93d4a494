import { and, eq, isNull, lt, or } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { mailOutbox } from '../db/schema.ts'
import type { Schedule } from '../lib/jobs.ts'
import type { Logger } from '../logger.ts'

/** How often sent mail is looked at: a mail carrying a sign-in or reset link loses its body within this of being sent. */
export const MAIL_RETENTION_EVERY_MS = 10 * 60_000

/**
 * Empties the body of sent mail: at once for a mail that carries a sign-in or reset link (nobody is ever shown it),
 * after `keepDays` for the rest. Who it went to, its subject, kind and tries stay, for the Mail screen's record.
 */
export async function purgeSentMailBodies(db: Db, keepDays: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - keepDays * 24 * 3600_000)
  const purged = await db
    .update(mailOutbox)
    .set({ text: '', html: null, bodyPurgedAt: now })
    .where(and(eq(mailOutbox.status, 'sent'), isNull(mailOutbox.bodyPurgedAt), or(eq(mailOutbox.carriesSecretLink, true), lt(mailOutbox.sentAt, cutoff))))
    .returning({ id: mailOutbox.id })
  return purged.length
}

export function mailRetentionSchedule(db: Db, logger: Logger, keepDays: number): Schedule {
  return {
    key: 'purge-sent-mail-bodies',
    everyMs: MAIL_RETENTION_EVERY_MS,
    run: async (now) => {
      const purged = await purgeSentMailBodies(db, keepDays, now)
      if (purged > 0) logger.info({ purged }, 'emptied the bodies of sent mail past its keeping time')
    },
  }
}
