import { createHash } from 'node:crypto'
import { and, asc, eq, gt } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { contactMessages } from '../db/schema.ts'
import { LOCK_CLASSES, lockSubmission } from '../lib/duplicate-lock.ts'
import { referenceCode } from '../lib/reference-codes.ts'

const REFERENCE_LENGTH = 5
/** Enough to recognise a browser; a header can be far longer and is the sender's to choose. */
const USER_AGENT_MAX_LENGTH = 500

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
  const since = await lockSubmission(tx, LOCK_CLASSES.contactMessage, fingerprint, now)
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
