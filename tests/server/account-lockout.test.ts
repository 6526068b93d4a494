import { desc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RATE_LIMITS } from '../../server/auth/rate-limit.ts'
import { auditEvents, mailOutbox, rateLimits } from '../../server/db/schema.ts'
import { createTestApp, DEFAULT_PASSWORD, type TestApp } from './support/test-app.ts'

/**
 * No stranger can lock an account (OWASP's device cookie): a browser the owner signed in from before is counted
 * apart from everyone else's failures; unknown devices stay limited per account; a completed reset clears the
 * account's counters; throttled sign-ins are audited; per-address limits count an IPv6 address by its /64.
 */
let t: TestApp
let sequence = 0
const strangerIp = () => `203.0.${Math.floor(++sequence / 250)}.${sequence % 250}`

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

interface SignIn {
  status: number
  deviceCookie: string | undefined
  setCookie: string | null
}

async function signIn(email: string, pass: string, options: { device?: string; ip?: string } = {}): Promise<SignIn> {
  const answer = await t.request('POST', '/api/auth/login', {
    body: { email, pass },
    ip: options.ip ?? strangerIp(),
    headers: options.device === undefined ? {} : { cookie: `tec_device=${options.device}` },
  })
  const setCookie = answer.headers.get('set-cookie')
  return { status: answer.status, setCookie, deviceCookie: /tec_device=([^;]+)/.exec(setCookie ?? '')?.[1] }
}

/** The owner signs in once from their own browser, which keeps the device cookie the answer sets. */
async function ownersBrowser(email: string): Promise<string> {
  const first = await signIn(email, DEFAULT_PASSWORD, { ip: '192.0.2.10' })
  expect(first.status).toBe(200)
  expect(first.deviceCookie).toMatch(/^[A-Za-z0-9_-]{43}$/)
  return first.deviceCookie!
}

async function strangersFail(email: string, times: number): Promise<number[]> {
  const statuses: number[] = []
  for (let i = 0; i < times; i++) statuses.push((await signIn(email, 'Wrong-Guess-123')).status)
  return statuses
}

describe('no stranger can lock an account', () => {
  it('ten wrong passwords from ten addresses do not keep the owner out of a browser they signed in from before', async () => {
    await t.createUser({ email: 'owner@tec.test' })
    const device = await ownersBrowser('owner@tec.test')
    const statuses = await strangersFail('owner@tec.test', 15)
    expect(statuses.slice(0, RATE_LIMITS.loginPerAccount.limit).every((status) => status === 401)).toBe(true)
    expect(statuses.slice(RATE_LIMITS.loginPerAccount.limit).every((status) => status === 429)).toBe(true)

    // Unknown devices, the right password included, wait out the window; the owner's browser does not.
    expect((await signIn('owner@tec.test', DEFAULT_PASSWORD)).status).toBe(429)
    const owner = await signIn('owner@tec.test', DEFAULT_PASSWORD, { device })
    expect(owner.status).toBe(200)
    // A stranger trying once every 90 seconds keeps the account counter full; the owner still gets in.
    await t.database.db.update(rateLimits).set({ windowStart: sql`${rateLimits.windowStart} - interval '90 seconds'` })
    expect((await strangersFail('owner@tec.test', 1))[0]).toBe(429)
    expect((await signIn('owner@tec.test', DEFAULT_PASSWORD, { device: owner.deviceCookie })).status).toBe(200)
  })

  it('sets the device cookie so scripts cannot read it and other sites cannot send it, and replaces it at each sign-in', async () => {
    await t.createUser({ email: 'cookie@tec.test' })
    const first = await signIn('cookie@tec.test', DEFAULT_PASSWORD)
    expect(first.setCookie).toMatch(/^tec_device=[A-Za-z0-9_-]{43}; Max-Age=31536000; Path=\/api\/auth\/login; HttpOnly; SameSite=Strict$/)
    const second = await signIn('cookie@tec.test', DEFAULT_PASSWORD, { device: first.deviceCookie })
    expect(second.status).toBe(200)
    expect(second.deviceCookie).not.toBe(first.deviceCookie)
    // The replaced token is no longer a trusted device: it counts like any unknown browser.
    await strangersFail('cookie@tec.test', RATE_LIMITS.loginPerAccount.limit)
    expect((await signIn('cookie@tec.test', DEFAULT_PASSWORD, { device: first.deviceCookie })).status).toBe(429)
    expect((await signIn('cookie@tec.test', DEFAULT_PASSWORD, { device: second.deviceCookie })).status).toBe(200)
  })

  it('a trusted browser that keeps failing is throttled on its own, and the account stays open to its owner elsewhere', async () => {
    await t.createUser({ email: 'shared-pc@tec.test' })
    const device = await ownersBrowser('shared-pc@tec.test')
    const statuses: number[] = []
    for (let i = 0; i < 12; i++) statuses.push((await signIn('shared-pc@tec.test', 'Wrong-Guess-123', { device })).status)
    expect(statuses.filter((status) => status === 401)).toHaveLength(RATE_LIMITS.loginPerDevice.limit)
    expect(statuses.slice(-2)).toEqual([429, 429])
    expect((await signIn('shared-pc@tec.test', DEFAULT_PASSWORD)).status).toBe(200)
  })

  it('a forged cookie or another account’s cookie counts as no device', async () => {
    await t.createUser({ email: 'victim@tec.test' })
    await t.createUser({ email: 'attacker@tec.test' })
    const attackersDevice = await ownersBrowser('attacker@tec.test')
    await strangersFail('victim@tec.test', RATE_LIMITS.loginPerAccount.limit)
    for (const device of [attackersDevice, 'A'.repeat(43), 'not a token', '']) {
      expect((await signIn('victim@tec.test', DEFAULT_PASSWORD, { device })).status, device).toBe(429)
    }
  })

  it('a completed password reset clears the account’s counters', async () => {
    await t.createUser({ email: 'reset-me@tec.test' })
    await strangersFail('reset-me@tec.test', RATE_LIMITS.loginPerAccount.limit + 1)
    expect((await signIn('reset-me@tec.test', DEFAULT_PASSWORD)).status).toBe(429)

    expect((await t.request('POST', '/api/auth/forget-password', { body: { email: 'reset-me@tec.test' }, ip: strangerIp() })).status).toBe(202)
    await t.deps.jobs.idle()
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'reset-me@tec.test')).orderBy(desc(mailOutbox.createdAt)).limit(1)
    const token = /token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1]
    const reset = await t.request('PATCH', `/api/auth/reset-password?token=${token}`, { body: { password: 'Reset-Passphrase-Owl-77' }, ip: strangerIp() })
    expect(reset.status, reset.text).toBe(200)
    // From a browser never seen before: the counter the strangers filled is gone with the old password.
    expect((await signIn('reset-me@tec.test', 'Reset-Passphrase-Owl-77')).status).toBe(200)
  })

  it('records every sign-in refused by a throttle in the audit trail, with the counter that refused it', async () => {
    await t.createUser({ email: 'audited@tec.test' })
    const device = await ownersBrowser('audited@tec.test')
    await strangersFail('audited@tec.test', RATE_LIMITS.loginPerAccount.limit + 3)
    for (let i = 0; i <= RATE_LIMITS.loginPerDevice.limit; i++) await signIn('audited@tec.test', 'Wrong-Guess-123', { device })
    const ip = '198.18.77.1'
    await t.database.db.insert(rateLimits).values({ key: `login:ip:${ip}`, windowStart: new Date(), count: RATE_LIMITS.loginPerIp.limit })
    expect((await signIn('audited@tec.test', DEFAULT_PASSWORD, { ip })).status).toBe(429)

    const events = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'auth.login_throttled'))
    const mine = events.filter((event) => event.details?.email === 'audited@tec.test')
    expect(mine.filter((event) => event.details?.counter === 'account')).toHaveLength(3)
    expect(mine.filter((event) => event.details?.counter === 'device')).toHaveLength(1)
    expect(mine.filter((event) => event.details?.counter === 'address' && event.ip === ip)).toHaveLength(1)
  })
})

describe('per-address limits and IPv6', () => {
  const ask = (ip: string, n: number) => t.request('POST', '/api/auth/forget-password', { body: { email: `v6-${n}@tec.test` }, ip })

  it('count every address of one IPv6 /64 together, and another /64 apart', async () => {
    const limit = RATE_LIMITS.forgetPasswordPerIp.limit
    for (let i = 0; i < limit; i++) expect((await ask(`2001:db8:1:2:${i.toString(16)}::${i + 1}`, i)).status).toBe(202)
    const refused = await ask('2001:db8:1:2:ffff:ffff:ffff:ffff', 99)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await ask('2001:db8:1:3::1', 100)).status).toBe(202)
  })

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    const limit = RATE_LIMITS.forgetPasswordPerIp.limit
    for (let i = 0; i < limit; i++) expect((await ask('198.51.100.77', 200 + i)).status).toBe(202)
    expect((await ask('::ffff:198.51.100.77', 300)).status).toBe(429)
  })
})
