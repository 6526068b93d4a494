import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { passwordResetTokens, tutorProfiles } from '../db/schema.ts'
import { recordAudit } from '../lib/audit.ts'
import { LINK_LIFETIMES_MS, type LinkPurpose } from '../link-lifetimes.ts'
import { hashToken, newToken } from './tokens.ts'

/**
 * One live link per user, of any kind: every link that sets a password goes through here. Within the caller's
 * transaction, ends the user's other unused links (the database's one-live-link index holds the rule too) and
 * answers the new link, built on PUBLIC_URL, never on the request's Host.
 */
export async function issueLink(tx: Db, user: { id: string }, purpose: LinkPurpose, publicUrl: string, now = new Date()): Promise<string> {
  const token = newToken()
  await endLinks(tx, user.id)
  await tx.insert(passwordResetTokens).values({
    tokenHash: hashToken(token),
    userId: user.id,
    purpose,
    createdAt: now,
    expiresAt: new Date(now.getTime() + LINK_LIFETIMES_MS[purpose]),
  })
  // The page words an invitation as a welcome ("Choose your password"); the flag changes only its words, since the
  // token alone decides what the link may do. It follows the token, so the address still starts the same way.
  return `${publicUrl}/reset-password?token=${token}${purpose === 'invite' ? '&welcome=1' : ''}`
}

/** Ends every unused link of the user: after a password change or reset, and when a new link is issued. */
export async function endLinks(tx: Db, userId: string): Promise<void> {
  await tx.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)))
}

/** The condition a link must meet to be used: this token, unused, not expired. */
export function liveLink(token: string, now = new Date()) {
  return and(eq(passwordResetTokens.tokenHash, hashToken(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now))
}

/**
 * Uses a link, within the caller's transaction. The conditional UPDATE is the single-use guarantee: of many
 * racing requests, one gets the row back. Answers whose link it was, or undefined when it is not live.
 */
export async function useLink(tx: Db, token: string, now = new Date()): Promise<{ userId: string; purpose: LinkPurpose } | undefined> {
  const [used] = await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(liveLink(token, now))
    .returning({ userId: passwordResetTokens.userId, purpose: passwordResetTokens.purpose })
  return used
}

/** The tutor chose their first password through the invitation: an invited tutor is active from now on. */
export async function activateInvitedTutor(tx: Db, userId: string, ip: string | null): Promise<void> {
  const activated = await tx
    .update(tutorProfiles)
    .set({ status: 'active', version: sql`${tutorProfiles.version} + 1`, updatedAt: new Date() })
    .where(and(eq(tutorProfiles.userId, userId), eq(tutorProfiles.status, 'invited')))
    .returning({ userId: tutorProfiles.userId })
  if (activated.length === 0) return
  await recordAudit(tx, {
    action: 'tutor.status_changed',
    actorUserId: userId,
    subject: { type: 'tutor', id: userId },
    ip,
    details: { changes: [{ field: 'status', from: 'invited', to: 'active' }], detail: 'Chose a password through the invitation' },
  })
}
