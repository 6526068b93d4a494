import { createHash } from 'node:crypto'
import { and, asc, count, desc, eq, gt, ilike, inArray, or, type SQL } from 'drizzle-orm'
import { ENUMS } from '../../shared/contract.gen.ts'
import type { components } from '../../src/api/schema.gen.ts'
import type { Db } from '../db/client.ts'
import { contactMessages, users } from '../db/schema.ts'
import { recordAudit } from '../lib/audit.ts'
import type { ChangeContext, UpdateOutcome } from '../lib/history.ts'
import { window, type PageRequest } from '../lib/paging.ts'
import { containsPattern, searchText } from '../lib/search.ts'
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

type Schemas = components['schemas']
type MessageStatus = Schemas['ContactMessageStatus']

export const MESSAGE_ADMIN_MESSAGES = {
  notFound: 'We could not find that message.',
  sameStatus: (status: string) => `This message is already marked ${status}.`,
} as const

/** The statuses a filter stands for: `open` is every message not yet handled. */
export function statusesOf(filter: Schemas['ContactMessageFilter']): MessageStatus[] {
  return filter === 'open' ? ['new', 'read'] : [filter]
}

export interface ContactMessageQuery extends PageRequest {
  q?: string
  status?: Schemas['ContactMessageFilter']
}

export async function listContactMessagePage(db: Db, query: ContactMessageQuery): Promise<Schemas['ContactMessagePage']> {
  const text = searchText(query.q)
  const pattern = text === undefined ? undefined : containsPattern(text)
  const searched: SQL | undefined =
    pattern === undefined
      ? undefined
      : or(ilike(contactMessages.name, pattern), ilike(contactMessages.email, pattern), ilike(contactMessages.subject, pattern), ilike(contactMessages.reference, pattern))
  const filter = and(searched, query.status === undefined ? undefined : inArray(contactMessages.status, statusesOf(query.status)))
  const { limit, offset } = window(query)
  const [rows, totals, byStatus] = await Promise.all([
    db.select().from(contactMessages).where(filter).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(contactMessages).where(filter),
    db.select({ status: contactMessages.status, n: count() }).from(contactMessages).where(searched).groupBy(contactMessages.status),
  ])
  const statusCounts = Object.fromEntries(ENUMS.ContactMessageStatus.map((status) => [status, 0])) as Schemas['ContactMessageStatusCounts']
  for (const row of byStatus) statusCounts[row.status] = row.n
  const items = rows.map((row): Schemas['ContactMessageSummary'] => ({
    id: row.id,
    reference: row.reference,
    name: row.name,
    email: row.email,
    subject: row.subject,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  }))
  return { items, total: totals[0]?.total ?? 0, page: query.page, pageSize: query.pageSize, statusCounts }
}

export async function readContactMessage(db: Db, id: string): Promise<Schemas['ContactMessage'] | undefined> {
  const [found] = await db
    .select({ message: contactMessages, changedBy: { id: users.id, name: users.name } })
    .from(contactMessages)
    .leftJoin(users, eq(users.id, contactMessages.statusChangedBy))
    .where(eq(contactMessages.id, id))
    .limit(1)
  if (!found) return undefined
  const { message, changedBy } = found
  return {
    id: message.id,
    version: message.version,
    reference: message.reference,
    name: message.name,
    email: message.email,
    ...(message.phone === null ? {} : { phone: message.phone }),
    subject: message.subject,
    message: message.message,
    status: message.status,
    ...(changedBy ? { statusChangedBy: changedBy } : {}),
    ...(message.statusChangedAt === null ? {} : { statusChangedAt: message.statusChangedAt.toISOString() }),
    createdAt: message.createdAt.toISOString(),
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
