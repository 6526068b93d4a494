import { aliasedTable, and, arrayContains, count, desc, eq, inArray, or } from 'drizzle-orm'
import { ENUMS } from '../../shared/contract.gen.ts'
import type { components } from '../../src/api/schema.gen.ts'
import type { Db } from '../db/client.ts'
import { auditEvents, users } from '../db/schema.ts'
import type { HistoryChange } from '../lib/history.ts'
import { window, type Page, type PageRequest } from '../lib/paging.ts'

type Schemas = components['schemas']
type HistoryAction = Schemas['HistoryAction']

const actors = aliasedTable(users, 'actors')
const HISTORY_ACTIONS: readonly string[] = ENUMS.HistoryAction

/**
 * A record's history from the audit trail: the events about it, or naming it among their related records (a
 * placement in its learner's and tutor's histories), whose action the contract names, newest first, with who made
 * each change and the fields it changed.
 */
export async function listRecordHistory(
  db: Db,
  subject: { type: Schemas['HistorySubject']; id: string },
  request: PageRequest,
  viewer: { safeguardingLead: boolean },
): Promise<Page<Schemas['HistoryEntry']>> {
  // Need-to-know: beside a lesson, anyone else reads only that a concern was raised, never how it was handled.
  const actions = viewer.safeguardingLead ? HISTORY_ACTIONS : HISTORY_ACTIONS.filter((action) => action !== 'concern.status_changed')
  const filter = and(
    or(and(eq(auditEvents.subjectType, subject.type), eq(auditEvents.subjectId, subject.id)), arrayContains(auditEvents.related, [`${subject.type}:${subject.id}`])),
    inArray(auditEvents.action, [...actions]),
  )
  const { limit, offset } = window(request)
  const [rows, totals] = await Promise.all([
    db
      .select({ event: auditEvents, actorName: actors.name })
      .from(auditEvents)
      .leftJoin(actors, eq(actors.id, auditEvents.actorUserId))
      .where(filter)
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(auditEvents).where(filter),
  ])
  const items = rows.map(({ event, actorName }): Schemas['HistoryEntry'] => {
    // A concern's severity (its detail) is part of what it says.
    const details = event.action.startsWith('concern.') && !viewer.safeguardingLead ? {} : (event.details ?? {})
    const changes = Array.isArray(details.changes) ? (details.changes as HistoryChange[]) : []
    return {
      id: event.id,
      at: event.at.toISOString(),
      ...(event.actorUserId !== null && actorName !== null ? { actor: { id: event.actorUserId, name: actorName } } : {}),
      action: event.action as HistoryAction,
      ...(typeof details.note === 'string' ? { note: details.note } : {}),
      ...(typeof details.detail === 'string' ? { detail: details.detail } : {}),
      changes,
    }
  })
  return { items, total: totals[0]?.total ?? 0, ...request }
}
