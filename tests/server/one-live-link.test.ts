import { and, desc, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDemoContent } from '../../server/demo/content.ts'
import { mailOutbox, passwordResetTokens, users } from '../../server/db/schema.ts'
import { tutorApplication } from './support/registration-bodies.ts'
import { createTestApp, DEFAULT_PASSWORD, type TestApp } from './support/test-app.ts'

/**
 * One live link per user, of any kind (reset, a tutor's invitation, any later kind): issuing a new one, using one,
 * changing the password or resetting it ends every other. A link mailed before any of these must not work after.
 */
const DEAD = 'This link has expired or was already used. Ask for a new one.'
let t: TestApp
let adminToken: string
let sequence = 0
const ip = () => `172.30.${Math.floor(++sequence / 250)}.${sequence % 250}`

beforeAll(async () => {
  t = await createTestApp()
  await seedDemoContent(t.database.db)
  await t.createUser({ email: 'links-admin@tec.test', role: 'ADMIN' })
  adminToken = await t.login('links-admin@tec.test')
})
afterAll(async () => t?.close())

/** The token in the newest mail to `email` (the outbox keeps mail when no SMTP_URL is set). */
async function latestLinkTo(email: string): Promise<string> {
  await t.deps.jobs.idle()
  const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt)).limit(1)
  const token = /\/reset-password\?token=([A-Za-z0-9_-]{43})(&welcome=1)?$/m.exec(mail?.text ?? '')?.[1]
  if (!token) throw new Error(`no link mailed to ${email}`)
  return token
}

async function askForReset(email: string): Promise<string> {
  const answer = await t.request('POST', '/api/auth/forget-password', { body: { email }, ip: ip() })
  expect(answer.status).toBe(202)
  return latestLinkTo(email)
}

const useLink = (token: string, password = `Fresh-Passphrase-${++sequence}`) =>
  t.request('PATCH', `/api/auth/reset-password?token=${token}`, { body: { password }, ip: ip() })

/** Accepts a tutor application through the inbox, as an admin does, and answers the invitation link's token. */
async function invitedTutor(): Promise<{ email: string; invitation: string }> {
  const body = tutorApplication(++sequence)
  const sent = await t.request<{ reference: string }>('POST', '/api/tutor-applications', { body, ip: ip() })
  expect(sent.status, sent.text).toBe(201)
  const list = await t.request<{ items: { id: string }[] }>('GET', `/api/admin/registrations?q=${sent.body.reference}`, { token: adminToken })
  const id = list.body.items[0]!.id
  const accepted = await t.request('POST', `/api/admin/registrations/${id}/accept`, { token: adminToken, body: {} })
  expect(accepted.status, accepted.text).toBe(200)
  const email = body.personal.email
  return { email, invitation: await latestLinkTo(email) }
}

describe('one live link per user, of any kind', () => {
  it('a password change ends a reset link mailed before it', async () => {
    await t.createUser({ email: 'changer@tec.test' })
    const link = await askForReset('changer@tec.test')
    const session = await t.login('changer@tec.test')
    const changed = await t.request('PATCH', '/api/auth/change-password', { token: session, body: { currentPassword: DEFAULT_PASSWORD, newPassword: 'Changed-Passphrase-31' } })
    expect(changed.status).toBe(200)
    const answer = await useLink(link)
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ message: DEAD, fields: { token: DEAD } })
    expect((await t.request('POST', '/api/auth/login', { body: { email: 'changer@tec.test', pass: 'Changed-Passphrase-31' } })).status).toBe(200)
  })

  it('asking for a reset link ends a tutor’s invitation, and the reset link works', async () => {
    const { email, invitation } = await invitedTutor()
    const reset = await askForReset(email)
    expect((await useLink(invitation)).body).toEqual({ message: DEAD, fields: { token: DEAD } })
    expect((await useLink(reset)).status).toBe(200)
  })

  it('a completed reset ends every other link: none stays live once a password is set', async () => {
    const { email, invitation } = await invitedTutor()
    expect((await useLink(invitation)).status).toBe(200)
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email))
    const live = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, user!.id), isNull(passwordResetTokens.usedAt)))
    expect(live).toEqual([])
    expect((await useLink(invitation)).status).toBe(400)
  })

  it('an invitation issued after a reset link ends the reset link', async () => {
    await t.createUser({ email: 'both@tec.test' })
    const reset = await askForReset('both@tec.test')
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'both@tec.test'))
    // Any later kind of link goes through the same door as the invitation does.
    const { issueLink } = await import('../../server/auth/links.ts')
    const invitation = await t.database.db.transaction((tx) => issueLink(tx, user!, 'invite', 'http://tec.test'))
    expect((await useLink(reset)).status).toBe(400)
    expect((await useLink(new URL(invitation).searchParams.get('token')!)).status).toBe(200)
  })

  it('the database refuses a second live link for one user, whatever its kind', async () => {
    const user = await t.createUser({ email: 'index@tec.test' })
    const row = (purpose: 'reset' | 'invite', n: number) => ({ tokenHash: `${n}`.padStart(64, '0'), userId: user.id, purpose, expiresAt: new Date(Date.now() + 60_000) })
    await t.database.db.insert(passwordResetTokens).values(row('reset', 1))
    await expect(t.database.db.insert(passwordResetTokens).values(row('invite', 2))).rejects.toThrow()
  })
})
