import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RESET_MAIL_JOB } from '../../server/auth/handlers.ts'
import { passwordVerifications } from '../../server/auth/passwords.ts'
import { RATE_LIMITS } from '../../server/auth/rate-limit.ts'
import { jobs, passwordResetTokens, rateLimits, users } from '../../server/db/schema.ts'
import { createTestApp, DEFAULT_PASSWORD, type TestApp } from './support/test-app.ts'

/**
 * SECURITY.md: login is throttled per address and per account (per device for a browser the owner signed in from),
 * with counters in the database, and an account is never locked for good, nor locked for its owner by a stranger. 1,000 guesses are thrown at one account; the test counts how many the server really
 * evaluated (a 401 means the password was checked; a 429 means it was not).
 */
const ATTEMPTS = 1000
let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

async function guess(email: string, ip: string): Promise<number> {
  const answer = await t.request('POST', '/api/auth/login', { body: { email, pass: 'Wrong-Guess-123' }, ip })
  // 429: a throttle refused it; 503: too many sign-ins at once for the machine. Both say when to come back.
  if (answer.status === 429 || answer.status === 503) expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0)
  return answer.status
}

/** The windows pass: every counter is moved back past its window, as if the time had gone by. */
async function letTheWindowsPass(): Promise<void> {
  const longest = Math.max(...Object.values(RATE_LIMITS).map((limit) => limit.windowSeconds))
  await t.database.db.update(rateLimits).set({ windowStart: sql`${rateLimits.windowStart} - make_interval(secs => ${longest + 1})` })
}

describe('brute force against one account', () => {
  it.each([
    ['one address', () => '198.18.0.1'],
    ['1,000 addresses', (i: number) => `198.19.${i >> 8}.${i & 255}`],
  ] as const)('from %s: only the per-account allowance is evaluated, and the owner signs in after the window', async (_label, addressFor) => {
    const email = `target-${addressFor(1).replaceAll('.', '-')}@tec.test`
    await t.createUser({ email })
    // The owner signed in from their own browser before the attack, which keeps its device cookie.
    const owner = await t.request('POST', '/api/auth/login', { body: { email, pass: DEFAULT_PASSWORD }, ip: '192.0.2.199' })
    const device = /tec_device=([^;]+)/.exec(owner.headers.get('set-cookie') ?? '')?.[1]
    expect(device).toBeDefined()
    const statuses: number[] = []
    // In batches of 50 at once, as an attacker with a few connections would send them.
    for (let start = 0; start < ATTEMPTS; start += 50) {
      statuses.push(...(await Promise.all(Array.from({ length: 50 }, (_, i) => guess(email, addressFor(start + i))))))
    }
    const evaluated = statuses.filter((status) => status === 401).length
    const refused = statuses.filter((status) => status === 429).length
    const busy = statuses.filter((status) => status === 503).length
    console.info(`brute force from ${_label}: ${evaluated} of ${ATTEMPTS} guesses evaluated, ${refused} refused with 429, ${busy} with 503 (busy)`)
    expect(evaluated + refused + busy).toBe(ATTEMPTS)
    expect(evaluated).toBe(RATE_LIMITS.loginPerAccount.limit)

    // During the window even the right password waits on an unknown device: nothing tells the attacker it was
    // right. The owner's own browser is counted apart, so the attack never locks the owner out.
    const during = await t.request('POST', '/api/auth/login', { body: { email, pass: DEFAULT_PASSWORD }, ip: '192.0.2.200' })
    expect(during.status).toBe(429)
    const ownerDuring = await t.request('POST', '/api/auth/login', { body: { email, pass: DEFAULT_PASSWORD }, ip: '192.0.2.199', headers: { cookie: `tec_device=${device}` } })
    expect(ownerDuring.status).toBe(200)
    await letTheWindowsPass()
    const after = await t.request('POST', '/api/auth/login', { body: { email, pass: DEFAULT_PASSWORD }, ip: '192.0.2.201' })
    expect(after.status).toBe(200)
  }, 60_000)
})

/**
 * An unknown email costs the server the same work as a known one, counted rather than timed (timing it holds only on
 * a quiet machine: bench/enumeration.ts measures the times, beside each other, in `npm run bench`).
 */
describe('account enumeration', () => {
  const PAIRS = 10

  /** Known accounts, each with its unknown twin, so no per-account throttle answers instead; each try from its own address. */
  async function pairs(prefix: string): Promise<{ known: string; unknown: string }[]> {
    const made = []
    for (let i = 0; i < PAIRS; i++) {
      const known = `${prefix}-${i}-${Math.random().toString(36).slice(2)}@tec.test`
      await t.createUser({ email: known })
      made.push({ known, unknown: `nobody-${known}` })
    }
    return made
  }

  it('login answers a wrong password for a known email exactly like an unknown email, each after checking one password', async () => {
    const answers = { known: new Set<string>(), unknown: new Set<string>() }
    const checked = { known: [] as number[], unknown: [] as number[] }
    let n = 0
    for (const pair of await pairs('login')) {
      for (const kind of ['known', 'unknown'] as const) {
        const before = passwordVerifications()
        const answer = await t.request('POST', '/api/auth/login', { body: { email: pair[kind], pass: 'Wrong-Guess-123' }, ip: `10.1.0.${++n}` })
        checked[kind].push(passwordVerifications() - before)
        answers[kind].add(`${answer.status} ${answer.text}`)
      }
    }
    // Every try answers the same, whichever the email.
    expect(answers.known.size).toBe(1)
    expect([...answers.known]).toEqual([...answers.unknown])
    expect([...answers.known][0]).toMatch(/^401 /)
    // The same argon2 work for both: an unknown email is checked against a stand-in hash, never skipped.
    expect(checked.known).toEqual(Array.from({ length: PAIRS }, () => 1))
    expect(checked.unknown).toEqual(checked.known)
  })

  it('forget-password answers a known and an unknown email alike, having done the same work: one mail job due later, no lookup', async () => {
    // The jobs runner stops first, so that a slow moment here cannot let the mail job make its link before the check
    // below reads that none is made yet (the last test of the file: nothing after it needs the runner).
    await t.deps.jobs.stop()
    const answers = { known: new Set<string>(), unknown: new Set<string>() }
    let n = 0
    for (const pair of await pairs('forget')) {
      for (const kind of ['known', 'unknown'] as const) {
        const asked = Date.now()
        const answer = await t.request('POST', '/api/auth/forget-password', { body: { email: pair[kind] }, ip: `10.2.0.${++n}` })
        answers[kind].add(`${answer.status} ${answer.text}`)
        // What the request left behind, read at once: one job to look the email up and mail it, due at a moment a little
        // later (so that work slows neither this answer nor the request after it), and no link made yet.
        const queued = await t.database.db.select().from(jobs).where(and(eq(jobs.kind, RESET_MAIL_JOB), sql`${jobs.payload}->>'email' = ${pair[kind]}`))
        expect(queued, kind).toHaveLength(1)
        expect(queued[0]!.runAt.getTime() - asked, kind).toBeGreaterThanOrEqual(400)
        if (kind === 'known') {
          const links = await t.database.db.select({ id: passwordResetTokens.id }).from(passwordResetTokens).innerJoin(users, eq(users.id, passwordResetTokens.userId)).where(eq(users.email, pair.known))
          expect(links).toEqual([])
        }
      }
    }
    expect(answers.known.size).toBe(1)
    expect([...answers.known]).toEqual([...answers.unknown])
    expect([...answers.known][0]).toMatch(/^202 /)
  })
})
