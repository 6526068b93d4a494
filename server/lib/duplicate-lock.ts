import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'

/** The same submission again within this time is a double click or a retry, not a new one. */
export const DUPLICATE_WINDOW_MINUTES = 10

/** Lock classes (the first key of the two-key advisory lock): one per kind of submission, any fixed numbers. */
export const LOCK_CLASSES = { contactMessage: 40_417, registration: 40_418 } as const

/**
 * Within the caller's transaction: waits for any other transaction storing a submission with the same key (an
 * advisory lock on the key's first 32 bits, released at commit), and answers since when an earlier copy counts as
 * the same submission. Two identical requests at once thus store one row and answer one reference.
 */
export async function lockSubmission(tx: Db, lockClass: number, key: string, now: Date): Promise<Date> {
  const lockKey = Number.parseInt(key.slice(0, 8), 16) | 0 // the signed 32-bit key the function takes
  await tx.execute(sql`select pg_advisory_xact_lock(${lockClass}::int, ${lockKey}::int)`)
  return new Date(now.getTime() - DUPLICATE_WINDOW_MINUTES * 60_000)
}
