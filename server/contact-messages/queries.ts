import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm'
import { ENUMS } from '../../shared/contract.gen.ts'
import type { components } from '../../src/api/schema.gen.ts'
import type { Db } from '../db/client.ts'
import { contactMessages, users } from '../db/schema.ts'
import { window, type PageRequest } from '../lib/paging.ts'
import { containsPattern, searchText } from '../lib/search.ts'

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
