import Bowser from 'bowser'
import { and, desc, eq } from 'drizzle-orm'
import type { Handler } from '../contract/types.ts'
import { sessions } from '../db/schema.ts'
import { recordAudit } from '../lib/audit.ts'
import { liveAt, revokeUserSessions } from './sessions.ts'

export const UNKNOWN_DEVICE = 'Unknown device'

/** "Chrome on Linux", "Safari on iOS (iPhone)": enough for a person to tell their browsers apart. */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return UNKNOWN_DEVICE
  const { browser, os, platform } = Bowser.parse(userAgent)
  const system = [os.name, platform.model ? `(${platform.model})` : ''].filter(Boolean).join(' ')
  if (!browser.name) return system || UNKNOWN_DEVICE
  return system ? `${browser.name} on ${system}` : browser.name
}

export const listMySessions: Handler<'listMySessions'> = async ({ session }, deps) => {
  const { user, session: current } = session()
  const rows = await deps.database.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, user.id), liveAt(new Date())))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
  return {
    status: 200,
    body: rows.map((row) => ({
      id: row.id,
      device: deviceName(row.userAgent),
      address: row.ip ?? 'Unknown',
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      current: row.id === current.id,
    })),
  }
}

export const endMySession: Handler<'endMySession'> = async ({ params, request, session }, deps) => {
  const { user } = session()
  const ended = await deps.database.db.transaction(async (tx) => {
    const now = new Date()
    const [row] = await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.id, params.sessionId), eq(sessions.userId, user.id), liveAt(now)))
      .returning({ id: sessions.id })
    if (row) await recordAudit(tx, { action: 'auth.session_ended', actorUserId: user.id, subject: { type: 'user', id: user.id }, ip: request.ip, details: { session: row.id } })
    return row !== undefined
  })
  return ended ? { status: 204, body: undefined } : { status: 404, body: { message: 'That session has already ended.' } }
}

export const endOtherSessions: Handler<'endOtherSessions'> = async ({ request, session }, deps) => {
  const { user, session: current } = session()
  const ended = await deps.database.db.transaction(async (tx) => {
    const count = await revokeUserSessions(tx, user.id, { exceptSessionId: current.id })
    if (count > 0) await recordAudit(tx, { action: 'auth.other_sessions_ended', actorUserId: user.id, subject: { type: 'user', id: user.id }, ip: request.ip, details: { ended: count } })
    return count
  })
  return { status: 200, body: { ended } }
}
