import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents, rateLimits, sessions, users } from '../../server/db/schema.ts'
import { createTestApp, DEFAULT_PASSWORD, type TestApp } from './support/test-app.ts'
import { until } from './support/until.ts'

const HOUR = 3600_000
let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
  await t.createUser({ email: 'ada@tec.test', role: 'ADMIN', name: 'Ada' })
  await t.createUser({ email: 'tim@tec.test', role: 'TUTOR', name: 'Tim' })
})
afterAll(async () => t?.close())

async function auditActions(userId?: string): Promise<string[]> {
  const rows = await t.database.db.select().from(auditEvents).where(userId ? eq(auditEvents.actorUserId, userId) : sql`true`)
  return rows.map((row) => row.action)
}

describe('sign-in and sessions', () => {
  it('signs in with the email in any case and answers the user, a token and the expiry', async () => {
    const answer = await t.request('POST', '/api/auth/login', { body: { email: '  ADA@tec.test', pass: DEFAULT_PASSWORD }, ip: '10.0.0.1' })
    // Leading spaces are not an email address: the contract refuses them before any work is done.
    expect(answer.status).toBe(400)
    const ok = await t.request('POST', '/api/auth/login', { body: { email: 'ADA@Tec.Test', pass: DEFAULT_PASSWORD } })
    expect(ok.status).toBe(200)
    expect(ok.body.user).toMatchObject({ email: 'ada@tec.test', name: 'Ada', role: 'ADMIN' })
    expect(ok.body.user?.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(ok.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const me = await t.request('GET', '/api/auth/me', { token: ok.body.token })
    expect(me.status).toBe(200)
    expect(me.body).toEqual(ok.body.user)
  })

  it('answers an unknown email exactly like a wrong password', async () => {
    const wrong = await t.request('POST', '/api/auth/login', { body: { email: 'ada@tec.test', pass: 'not-the-password' }, ip: '10.0.0.2' })
    const unknown = await t.request('POST', '/api/auth/login', { body: { email: 'nobody@tec.test', pass: 'not-the-password' }, ip: '10.0.0.2' })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(wrong.status)
    expect(unknown.text).toBe(wrong.text)
    expect(wrong.body).toEqual({ message: 'The email or password is incorrect.' })
  })

  it('keeps a remembered session 30 days and another 12 hours', async () => {
    const remembered = await t.request('POST', '/api/auth/login', { body: { email: 'tim@tec.test', pass: DEFAULT_PASSWORD } })
    const brief = await t.request('POST', '/api/auth/login', { body: { email: 'tim@tec.test', pass: DEFAULT_PASSWORD, remember: false } })
    const fromNow = (answer: typeof brief) => new Date(answer.body.expiresAt as string).getTime() - Date.now()
    expect(fromNow(remembered)).toBeGreaterThan(30 * 24 * HOUR - 60_000)
    expect(fromNow(remembered)).toBeLessThanOrEqual(30 * 24 * HOUR)
    expect(fromNow(brief)).toBeGreaterThan(12 * HOUR - 60_000)
    expect(fromNow(brief)).toBeLessThanOrEqual(12 * HOUR)
  })

  it('ends a session left idle too long, and one past its absolute end', async () => {
    const brief = await t.login('tim@tec.test', DEFAULT_PASSWORD, false)
    const remembered = await t.login('tim@tec.test', DEFAULT_PASSWORD, true)
    const { db } = t.database
    // Simulate time passing by moving the session's clock back, instead of sleeping.
    await db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) }).where(eq(sessions.remember, false))
    expect((await t.request('GET', '/api/auth/me', { token: brief })).status).toBe(401)
    expect((await t.request('GET', '/api/auth/me', { token: remembered })).status).toBe(200)

    await db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 6 * 24 * HOUR) }).where(eq(sessions.remember, true))
    expect((await t.request('GET', '/api/auth/me', { token: remembered })).status).toBe(200)
    // Written straight to the database, a change reaches a session kept in memory as soon as the database tells.
    await db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.remember, true))
    const ended = await until(() => t.request('GET', '/api/auth/me', { token: remembered }), (answer) => answer.status === 401)
    expect(ended.status).toBe(401)
    expect(ended.body).toEqual({ message: 'Your session has ended. Please sign in again.' })
  })

  it('logs out by revoking the token on the server', async () => {
    const token = await t.login('tim@tec.test')
    expect((await t.request('POST', '/api/auth/logout', { token })).status).toBe(204)
    expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(401)
    expect((await t.request('POST', '/api/auth/logout', { token })).status).toBe(401)
  })

  it('refuses missing, malformed and unknown tokens with 401', async () => {
    expect((await t.request('GET', '/api/auth/me')).status).toBe(401)
    expect((await t.request('GET', '/api/auth/me', { headers: { authorization: 'Basic abc' } })).status).toBe(401)
    expect((await t.request('GET', '/api/auth/me', { token: 'x'.repeat(43) })).status).toBe(401)
  })

  it('changes the signed-in user name, trimmed', async () => {
    const token = await t.login('tim@tec.test')
    const answer = await t.request('PATCH', '/api/auth/me', { token, body: { name: '  Timothy  ' } })
    expect(answer.status).toBe(200)
    expect(answer.body.name).toBe('Timothy')
    const blank = await t.request('PATCH', '/api/auth/me', { token, body: { name: '   ' } })
    expect(blank.status).toBe(400)
    expect(blank.body.fields).toEqual({ name: 'This field is required.' })
  })

  it('records sign-in, failed sign-in, logout and profile changes in the audit trail', async () => {
    const [tim] = await t.database.db.select().from(users).where(eq(users.email, 'tim@tec.test'))
    const actions = await auditActions(tim?.id)
    expect(actions).toEqual(expect.arrayContaining(['auth.login', 'auth.logout', 'user.updated']))
    expect(await auditActions()).toContain('auth.login_failed')
    const details = await t.database.db.select({ details: auditEvents.details }).from(auditEvents)
    expect(JSON.stringify(details)).not.toContain(DEFAULT_PASSWORD)
  })
})

describe('sign-in throttling', () => {
  it('allows 10 attempts per account in 15 minutes, answers 429 with Retry-After, and allows again after the window', async () => {
    await t.createUser({ email: 'target@tec.test' })
    const attempt = (ip: string) => t.request('POST', '/api/auth/login', { body: { email: 'target@tec.test', pass: 'wrong-password' }, ip })
    for (let i = 0; i < 10; i++) expect((await attempt(`192.0.2.${i}`)).status).toBe(401)
    const refused = await attempt('192.0.2.99')
    expect(refused.status).toBe(429)
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(15 * 60)
    expect(refused.body).toEqual({ message: 'Too many attempts. Try again in 15 minutes.' })
    // Even the right password waits: the account counter is checked before the password.
    expect((await t.request('POST', '/api/auth/login', { body: { email: 'target@tec.test', pass: DEFAULT_PASSWORD }, ip: '192.0.2.100' })).status).toBe(429)

    await t.database.db.update(rateLimits).set({ windowStart: new Date(Date.now() - 16 * 60_000) }).where(eq(rateLimits.key, 'login:account:target@tec.test'))
    expect((await t.request('POST', '/api/auth/login', { body: { email: 'target@tec.test', pass: DEFAULT_PASSWORD }, ip: '192.0.2.101' })).status).toBe(200)
  })

  it('clears the account counter after a successful sign-in', async () => {
    await t.createUser({ email: 'forgetful@tec.test' })
    const attempt = (pass: string) => t.request('POST', '/api/auth/login', { body: { email: 'forgetful@tec.test', pass }, ip: '192.0.2.200' })
    for (let i = 0; i < 9; i++) expect((await attempt('wrong-password')).status).toBe(401)
    expect((await attempt(DEFAULT_PASSWORD)).status).toBe(200)
    for (let i = 0; i < 9; i++) expect((await attempt('wrong-password')).status).toBe(401)
  })

  it('limits one address to 100 attempts in 15 minutes across accounts', async () => {
    const { db } = t.database
    await db.insert(rateLimits).values({ key: 'login:ip:198.18.0.1', windowStart: new Date(), count: 100 })
    const refused = await t.request('POST', '/api/auth/login', { body: { email: 'someone@tec.test', pass: 'whatever' }, ip: '198.18.0.1' })
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
  })
})
