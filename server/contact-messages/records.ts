import { createHash } from 'node:crypto'
import { and, asc, eq, gt } from 'drizzle-orm'
import type { components } from '../../src/api/schema.gen.ts'
import type { Db } from '../db/client.ts'
import { contactMessages } from '../db/schema.ts'
import { recordAudit } from '../lib/audit.ts'
import { LOCK_CLASSES, lockSubmission } from '../lib/duplicate-lock.ts'
import type { ChangeContext, UpdateOutcome } from '../lib/history.ts'
import { referenceCode } from '../lib/reference-codes.ts'
import { MESSAGE_ADMIN_MESSAGES } from './queries.ts'

type MessageStatus = components['schemas']['ContactMessageStatus']

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

/** Moves a message to another status from `version`, within the caller's transaction, with its audit event. */
export async function changeContactMessageStatusRecord(tx: Db, id: string, version: number, status: MessageStatus, context: ChangeContext): Promise<UpdateOutcome | { refused: string }> {
  const [message] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update').limit(1)
  if (!message) return 'missing'
  if (message.version !== version) return 'stale'
  if (message.status === status) return { refused: MESSAGE_ADMIN_MESSAGES.sameStatus(status) }
  await tx
    .update(contactMessages)
    .set({ status, version: message.version + 1, statusChangedBy: context.actorId, statusChangedAt: new Date() })
    .where(eq(contactMessages.id, id))
  await recordAudit(tx, {
    action: 'contact_message.status_changed',
    actorUserId: context.actorId,
    subject: { type: 'contact_message', id },
    ip: context.request.ip,
    details: { changes: [{ field: 'status', from: message.status, to: status }], detail: `${message.reference}: ${message.subject}` },
  })
  return 'updated'
}
