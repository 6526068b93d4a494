import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authenticate, createSession, revokeSession } from '../../server/auth/sessions.ts'
import { hashToken, newToken } from '../../server/auth/tokens.ts'
import { passwordResetTokens, sessions, signInChallenges, trustedDevices } from '../../server/db/schema.ts'
import { purgeEndedCredentials } from '../../server/housekeeping.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR
let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

describe('housekeeping', () => {
  it('deletes sessions and tokens that stopped working over a day ago, and nothing that still works', async () => {
    const db = t.database.db
    const user = await t.createUser({ email: 'housekeeping@tec.test' })
    const origin = { ip: '192.0.2.1', userAgent: 'test' }
    const now = new Date()
    const live = await createSession(db, user.id, true, origin, now)
    const revokedLongAgo = await createSession(db, user.id, true, origin, new Date(now.getTime() - 3 * DAY))
    await revokeSession(db, revokedLongAgo.id, new Date(now.getTime() - 2 * DAY))
    const revokedRecently = await createSession(db, user.id, true, origin, now)
    await revokeSession(db, revokedRecently.id, new Date(now.getTime() - HOUR))
    const expiredLongAgo = await createSession(db, user.id, true, origin, new Date(now.getTime() - 40 * DAY))
    const idleLongAgo = await createSession(db, user.id, false, origin, new Date(now.getTime() - 3 * DAY))

    // At most one unused link per user, so the expired unused one belongs to someone else.
    const other = await t.createUser({ email: 'housekeeping-other@tec.test' })
    const token = (createdAgo: number, expiresIn: number, usedAgo?: number, owner = user.id) => ({
      tokenHash: hashToken(newToken()),
      userId: owner,
      purpose: 'reset' as const,
      createdAt: new Date(now.getTime() - createdAgo),
      expiresAt: new Date(now.getTime() + expiresIn),
      usedAt: usedAgo === undefined ? null : new Date(now.getTime() - usedAgo),
    })
    const [liveToken, usedLongAgo, expiredToken, usedRecently] = await db
      .insert(passwordResetTokens)
      .values([token(0, 30 * 60 * 1000), token(3 * DAY, -3 * DAY, 2 * DAY), token(3 * DAY, -2 * DAY, undefined, other.id), token(HOUR, 0, HOUR / 2)])
      .returning({ id: passwordResetTokens.id })

    const device = (expiresIn: number) => ({ tokenHash: hashToken(newToken()), userId: user.id, expiresAt: new Date(now.getTime() + expiresIn) })
    const [liveDevice] = await db.insert(trustedDevices).values([device(DAY), device(-2 * DAY), device(-HOUR)]).returning({ id: trustedDevices.id })

    // Half-done sign-ins: one still open, one expired an hour ago (kept a day), one expired two days ago.
    const challenge = (expiresIn: number) => ({ tokenHash: hashToken(newToken()), userId: user.id, remember: true, expiresAt: new Date(now.getTime() + expiresIn) })
    const [openChallenge, recentChallenge] = await db.insert(signInChallenges).values([challenge(5 * 60 * 1000), challenge(-HOUR), challenge(-2 * DAY)]).returning({ id: signInChallenges.id })

    expect(await purgeEndedCredentials(db, now)).toEqual({ sessions: 3, tokens: 2, devices: 1, challenges: 1 })
    const challengeIds = (await db.select({ id: signInChallenges.id }).from(signInChallenges).where(eq(signInChallenges.userId, user.id))).map((row) => row.id)
    expect(challengeIds.sort()).toEqual([openChallenge!.id, recentChallenge!.id].sort())
    const deviceIds = (await db.select({ id: trustedDevices.id }).from(trustedDevices).where(eq(trustedDevices.userId, user.id))).map((row) => row.id)
    expect(deviceIds).toHaveLength(2)
    expect(deviceIds).toContain(liveDevice!.id)
    const sessionIds = (await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id))).map((row) => row.id).sort()
    expect(sessionIds).toEqual([live.id, revokedRecently.id].sort())
    expect(sessionIds).not.toContain(expiredLongAgo.id)
    expect(sessionIds).not.toContain(idleLongAgo.id)
    const tokenIds = (await db.select({ id: passwordResetTokens.id }).from(passwordResetTokens).where(inArray(passwordResetTokens.userId, [user.id, other.id]))).map((row) => row.id)
    expect(tokenIds.sort()).toEqual([liveToken!.id, usedRecently!.id].sort())
    expect(tokenIds).not.toContain(usedLongAgo!.id)
    expect(tokenIds).not.toContain(expiredToken!.id)
    // The live session still signs its holder in.
    expect((await authenticate(db, live.token))?.user.id).toBe(user.id)
  })
})
