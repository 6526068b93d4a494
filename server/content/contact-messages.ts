import { createHash, randomInt } from 'node:crypto'
import { and, asc, eq, gt, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { contactMessages } from '../db/schema.ts'

/** Crockford's base32 without I, L, O and U, so a reference read out on the phone cannot be misheard. */
const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
const REFERENCE_LENGTH = 5
/** The same message again within this time is a double click or a retry, not a new message. */
export const DUPLICATE_WINDOW_MINUTES = 10
/** Enough to recognise a browser; a header can be far longer and is the sender's to choose. */
const USER_AGENT_MAX_LENGTH = 500
/** Any fixed number: the first key of the advisory locks that serialise identical messages. */
const DUPLICATE_LOCK_CLASS = 40_417

/** `length` random characters of the reference alphabet (32 possibilities each). */
export function referenceCode(length: number): string {
  let code = ''
  for (let index = 0; index < length; index++) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]
  return code
}

/** A reference such as MSG-7K3Q9 (32^5, about 33 million of them). */
export function newReference(): string {
  return `MSG-${referenceCode(REFERENCE_LENGTH)}`
}

export interface ContactMessageFields {
  name: string
  /** Already normalised (trimmed, lowercased). */
  email: string
  phone: string | null
  subject: string
  message: string
}

const collapse = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase()

/** Two sends that differ only in spacing or letter case are the same message. */
export function messageFingerprint(fields: Pick<ContactMessageFields, 'email' | 'subject' | 'message'>): string {
  return createHash('sha256')
    .update([fields.email, collapse(fields.subject), collapse(fields.message)].join('\u0000'))
    .digest('hex')
}

/**
 * Within the caller's transaction: waits for any other transaction storing the same message (an advisory lock
 * on the fingerprint, released at commit), then answers the reference of that message if one was stored in the
 * last few minutes. Two identical requests at once thus store one message and answer one reference.
 */
export async function recentDuplicate(tx: Db, fingerprint: string, now: Date): Promise<string | undefined> {
  const lockKey = Number.parseInt(fingerprint.slice(0, 8), 16) | 0 // the signed 32-bit key the function takes
  await tx.execute(sql`select pg_advisory_xact_lock(${DUPLICATE_LOCK_CLASS}::int, ${lockKey}::int)`)
  const since = new Date(now.getTime() - DUPLICATE_WINDOW_MINUTES * 60_000)
  const [found] = await tx
    .select({ reference: contactMessages.reference })
    .from(contactMessages)
    .where(and(eq(contactMessages.fingerprint, fingerprint), gt(contactMessages.createdAt, since)))
    .orderBy(asc(contactMessages.createdAt))
    .limit(1)
  return found?.reference
}

/** Stores the message under a fresh reference (drawing again on the rare clash) and answers the reference. */
export async function storeContactMessage(
  tx: Db,
  fields: ContactMessageFields & { fingerprint: string; ip: string; userAgent: string | undefined; createdAt: Date },
): Promise<string> {
  for (;;) {
    const [stored] = await tx
      .insert(contactMessages)
      .values({ ...fields, reference: newReference(), userAgent: fields.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null })
      .onConflictDoNothing({ target: contactMessages.reference })
      .returning({ reference: contactMessages.reference })
    if (stored) return stored.reference
  }
}
