import { and, eq, like, or } from 'drizzle-orm'
import { generate } from 'otplib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { acceptCode, resealSecrets, secretKeysOf, TOTP } from '../../server/auth/second-factor.ts'
import { open, seal } from '../../server/auth/secret-box.ts'
import { hashToken } from '../../server/auth/tokens.ts'
import { auditEvents, mailOutbox, rateLimits, recoveryCodes, secondFactors, signInChallenges, trustedDevices, tutorProfiles, users } from '../../server/db/schema.ts'
import type { components } from '../../src/api/schema.gen.ts'
import { createTestApp, DEFAULT_PASSWORD, type TestApp } from './support/test-app.ts'

type Schemas = components['schemas']

/**
 * The second sign-in step from a client's side: set-up from the secret, codes at the edges of their time step,
 * replay, recovery codes, throttling, the secret at rest, and admins held to it when the setting says so. The test
 * computes codes from the secret as an authenticator app does.
 */
let t: TestApp
let strict: TestApp
beforeAll(async () => {
  t = await createTestApp()
  strict = await createTestApp({ env: { ADMIN_SECOND_FACTOR: 'required' } })
})
afterAll(async () => {
  await t?.close()
  await strict?.close()
})

const STEP_MS = TOTP.periodSeconds * 1000
let ipCounter = 0
/** Each sign-in from its own address, so the per-address counters stay out of the tests that do not count them. */
const nextIp = () => `198.18.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`

/** The code an authenticator app shows at `at`. */
const codeAt = (secret: string, at: number) => generate({ secret, epoch: Math.floor(at / 1000) })

/** Clears the last accepted step, so a test may use the current code again (as if a step had passed). */
async function forgetLastStep(app: TestApp, userId: string) {
  await app.database.db.update(secondFactors).set({ lastStep: null }).where(eq(secondFactors.userId, userId))
}

/** Signs in with the password and answers the token; sets the second step up from its secret. */
async function withSecondFactor(app: TestApp, email: string, role: 'ADMIN' | 'TUTOR' = 'TUTOR') {
  const user = await app.createUser({ email, role })
  const token = await app.login(email)
  const setup = await app.request<Schemas['SecondFactorSetup']>('POST', '/api/auth/second-factor/setup', { token, body: { password: DEFAULT_PASSWORD } })
  expect(setup.status).toBe(200)
  const confirmed = await app.request<Schemas['RecoveryCodes']>('POST', '/api/auth/second-factor/confirm', { token, body: { code: await codeAt(setup.body.secret, Date.now()) } })
  expect(confirmed.status).toBe(200)
  await forgetLastStep(app, user.id)
  return { user, token, secret: setup.body.secret, recoveryCodes: confirmed.body.codes }
}

async function challengeFor(app: TestApp, email: string, ip = nextIp(), headers: Record<string, string> = {}) {
  const answer = await app.request<Schemas['SecondFactorChallenge']>('POST', '/api/auth/login', { body: { email, pass: DEFAULT_PASSWORD }, ip, headers })
  expect(answer.status).toBe(202)
  return answer.body.challenge
}

const complete = (app: TestApp, body: Record<string, string>, ip = nextIp()) => app.request('POST', '/api/auth/login/second-factor', { body, ip })

describe('the second sign-in step', () => {
  it('sets up from a secret and its otpauth address, confirmed by a code, and answers ten recovery codes once', async () => {
    const user = await t.createUser({ email: 'ines@tec.test' })
    const token = await t.login('ines@tec.test')
    expect((await t.request('GET', '/api/auth/second-factor', { token })).body).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 })
    expect((await t.request('POST', '/api/auth/second-factor/confirm', { token, body: { code: '123456' } })).body.message).toBe(
      'Start the set-up first: it gives you the secret for your authenticator app.',
    )

    const setup = await t.request<Schemas['SecondFactorSetup']>('POST', '/api/auth/second-factor/setup', { token, body: { password: DEFAULT_PASSWORD } })
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(setup.body.otpauthUri).toBe(`otpauth://totp/TEC:ines%40tec.test?secret=${setup.body.secret}&issuer=TEC`)
    // Not on until confirmed: signing in still takes the password alone.
    expect((await t.request('POST', '/api/auth/login', { body: { email: 'ines@tec.test', pass: DEFAULT_PASSWORD }, ip: nextIp() })).status).toBe(200)

    const wrong = await t.request('POST', '/api/auth/second-factor/confirm', { token, body: { code: (Number(await codeAt(setup.body.secret, Date.now())) ^ 1).toString().padStart(6, '0') } })
    expect(wrong.status).toBe(400)
    expect(wrong.body.fields).toEqual({ code: 'That code is not right. Check that your phone shows the time correctly, and enter the newest code.' })

    const confirmed = await t.request<Schemas['RecoveryCodes']>('POST', '/api/auth/second-factor/confirm', { token, body: { code: await codeAt(setup.body.secret, Date.now()) } })
    expect(confirmed.status).toBe(200)
    expect(confirmed.body.codes).toHaveLength(10)
    expect(new Set(confirmed.body.codes).size).toBe(10)
    for (const code of confirmed.body.codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}$/)
    // Only their hashes are stored.
    const stored = await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))
    expect(stored).toHaveLength(10)
    for (const row of stored) for (const code of confirmed.body.codes) expect(row.codeHash).not.toContain(code.replace(/-/g, ''))

    const status = await t.request<Schemas['SecondFactorStatus']>('GET', '/api/auth/second-factor', { token })
    expect(status.body).toMatchObject({ enabled: true, required: false, recoveryCodesLeft: 10 })
    expect((await t.request('GET', '/api/auth/me', { token })).body).toMatchObject({ secondFactor: true, secondFactorDue: false })
    expect((await t.request('POST', '/api/auth/second-factor/setup', { token, body: { password: DEFAULT_PASSWORD } })).status).toBe(409)
    const actions = (await t.database.db.select().from(auditEvents).where(eq(auditEvents.actorUserId, user.id))).map((row) => row.action)
    expect(actions).toEqual(expect.arrayContaining(['auth.second_factor_failed', 'auth.second_factor_on']))
  })

  it('keeps the secret encrypted at rest, bound to its account', async () => {
    const { user, secret } = await withSecondFactor(t, 'rest@tec.test')
    const [row] = await t.database.db.select().from(secondFactors).where(eq(secondFactors.userId, user.id))
    if (!row) throw new Error('no second factor row')
    expect(row.secretCiphertext).not.toContain(secret)
    expect(row.secretCiphertext).toMatch(/^v1\./)
    expect(open(t.deps.config.secondFactorKey, row.secretCiphertext, user.id)).toBe(secret)
    expect(() => open(t.deps.config.secondFactorKey, row.secretCiphertext, '00000000-0000-4000-8000-000000000000')).toThrow()
    expect(() => open(Buffer.alloc(32, 7), row.secretCiphertext, user.id)).toThrow()
  })

  it('says so when the server key changed since the set-up: the code cannot be checked, a recovery code still works', async () => {
    const { user, secret, token, recoveryCodes: codes } = await withSecondFactor(t, 'rekeyed@tec.test')
    const unreadableNow = async () => (await resealSecrets(t.database.db, secretKeysOf(t.deps.config))).unreadable
    const before = await unreadableNow()
    // As if SECOND_FACTOR_KEY had changed: the stored secret was sealed under another key.
    await t.database.db.update(secondFactors).set({ secretCiphertext: seal(Buffer.alloc(32, 9), secret, user.id) }).where(eq(secondFactors.userId, user.id))
    expect(await unreadableNow()).toBe(before + 1)

    const unreadable =
      'Codes from your authenticator app cannot be checked: the server’s secret key has changed since you set the app up. Use one of your recovery codes, and ask an admin to reset your second step.'
    const renewal = await t.request('POST', '/api/auth/second-factor/recovery-codes', { token, body: { code: await codeAt(secret, Date.now()) } })
    expect(renewal.status).toBe(400)
    expect(renewal.body).toEqual({ message: unreadable, fields: { code: unreadable } })

    const challenge = await challengeFor(t, 'rekeyed@tec.test')
    for (let i = 0; i < 6; i++) {
      // Not the person's mistake, so it never uses up the challenge as wrong codes do.
      const answer = await complete(t, { challenge, code: await codeAt(secret, Date.now()) })
      expect(answer.status).toBe(400)
      expect(answer.body.fields).toEqual({ code: unreadable })
    }
    const recovered = await complete(t, { challenge, recoveryCode: codes[0] ?? '' })
    expect(recovered.status).toBe(200)
    const failures = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.actorUserId, user.id), eq(auditEvents.action, 'auth.second_factor_failed')))
    expect(failures).toEqual([])
  })

  it('moves secrets to a new key while the old one is given as the previous key: when used, and all at start', async () => {
    const OLD = Buffer.alloc(32, 1)
    const NEW = Buffer.alloc(32, 2)
    const rotating = await createTestApp({ env: { SECOND_FACTOR_KEY: NEW.toString('base64'), SECOND_FACTOR_PREVIOUS_KEY: OLD.toString('base64') } })
    try {
      /** A person whose secret was sealed before the rotation began, or under a key nobody has now. */
      const sealedUnder = async (email: string, key: Buffer) => {
        const { user, secret } = await withSecondFactor(rotating, email)
        await rotating.database.db.update(secondFactors).set({ secretCiphertext: seal(key, secret, user.id) }).where(eq(secondFactors.userId, user.id))
        return { user, secret }
      }
      const storedFor = async (userId: string) => (await rotating.database.db.select().from(secondFactors).where(eq(secondFactors.userId, userId)))[0]?.secretCiphertext ?? ''

      const used = await sealedUnder('used@tec.test', OLD)
      const signedIn = await complete(rotating, { challenge: await challengeFor(rotating, 'used@tec.test'), code: await codeAt(used.secret, Date.now()) })
      expect(signedIn.status).toBe(200)
      const usedNow = await storedFor(used.user.id)
      expect(open(NEW, usedNow, used.user.id)).toBe(used.secret)
      expect(() => open(OLD, usedNow, used.user.id)).toThrow()

      const idle = await sealedUnder('idle@tec.test', OLD)
      await sealedUnder('lost@tec.test', Buffer.alloc(32, 3))
      expect(await resealSecrets(rotating.database.db, secretKeysOf(rotating.deps.config))).toEqual({ resealed: 1, unreadable: 1 })
      const idleNow = await storedFor(idle.user.id)
      expect(open(NEW, idleNow, idle.user.id)).toBe(idle.secret)
      expect(() => open(OLD, idleNow, idle.user.id)).toThrow()
      expect(await resealSecrets(rotating.database.db, secretKeysOf(rotating.deps.config))).toEqual({ resealed: 0, unreadable: 1 })
    } finally {
      await rotating.close()
    }
  })

  it('answers a right password with a challenge, not a session, and the code completes it once', async () => {
    const { secret } = await withSecondFactor(t, 'jo@tec.test')
    const answer = await t.request<Schemas['SecondFactorChallenge']>('POST', '/api/auth/login', { body: { email: 'jo@tec.test', pass: DEFAULT_PASSWORD }, ip: nextIp() })
    expect(answer.status).toBe(202)
    expect(answer.body.message).toBe('Enter the 6-digit code from your authenticator app.')
    expect(answer.body).not.toHaveProperty('token')
    expect(answer.headers.get('set-cookie')).toBeNull()
    expect(new Date(answer.body.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000)
    // The challenge is not a session.
    expect((await t.request('GET', '/api/auth/me', { token: answer.body.challenge })).status).toBe(401)

    const wrong = await complete(t, { challenge: answer.body.challenge, code: '000000' })
    expect(wrong.status).toBe(400)
    expect(wrong.body.fields).toHaveProperty('code')
    const code = await codeAt(secret, Date.now())
    const signedIn = await complete(t, { challenge: answer.body.challenge, code })
    expect(signedIn.status).toBe(200)
    expect(signedIn.body.user).toMatchObject({ email: 'jo@tec.test', secondFactor: true })
    expect(signedIn.headers.get('set-cookie')).toMatch(/^tec_device=[A-Za-z0-9_-]{43}; Max-Age=31536000; Path=\/api\/auth\/login; HttpOnly; SameSite=Strict$/)
    expect((await t.request('GET', '/api/auth/me', { token: signedIn.body.token })).status).toBe(200)

    // The challenge is used up, and the same code is refused on a new one: a code works once, even within its step.
    expect(await complete(t, { challenge: answer.body.challenge, code })).toMatchObject({ status: 401, body: { message: 'This sign-in has expired or was already used. Sign in again.' } })
    const replay = await complete(t, { challenge: await challengeFor(t, 'jo@tec.test'), code })
    expect(replay.status).toBe(400)
  })

  it('accepts the code of the step before and after the current one, and no further, each step once', async () => {
    const { user, secret } = await withSecondFactor(t, 'edges@tec.test')
    const keys = secretKeysOf(t.deps.config)
    // The middle of a step, and its edges: the last and the first second of it.
    const stepStart = Math.floor(Date.now() / STEP_MS) * STEP_MS
    for (const now of [stepStart + STEP_MS / 2, stepStart, stepStart + STEP_MS - 1000]) {
      for (const [offset, accepted] of [
        [-2, 'wrong'],
        [-1, 'right'],
        [0, 'right'],
        [1, 'right'],
        [2, 'wrong'],
      ] as const) {
        await forgetLastStep(t, user.id)
        const code = await codeAt(secret, now + offset * STEP_MS)
        expect(await acceptCode(t.database.db, keys, user.id, code, new Date(now)), `step ${offset} at ${now - stepStart} ms into the step`).toBe(accepted)
      }
    }
    // Once a step's code is accepted, neither it nor an earlier step's is.
    await forgetLastStep(t, user.id)
    const now = new Date(stepStart + STEP_MS / 2)
    expect(await acceptCode(t.database.db, keys, user.id, await codeAt(secret, now.getTime()), now)).toBe('right')
    expect(await acceptCode(t.database.db, keys, user.id, await codeAt(secret, now.getTime()), now)).toBe('wrong')
    expect(await acceptCode(t.database.db, keys, user.id, await codeAt(secret, now.getTime() - STEP_MS), now)).toBe('wrong')
    expect(await acceptCode(t.database.db, keys, user.id, await codeAt(secret, now.getTime() + STEP_MS), now)).toBe('right')
  })

  it('signs in with each recovery code once, however it is typed, and new codes replace the old', async () => {
    const { token, secret, recoveryCodes: codes } = await withSecondFactor(t, 'kit@tec.test')
    const [first = '', second = ''] = codes
    const typed = ` ${first.toUpperCase().replace(/-/g, ' ')} `
    const signedIn = await complete(t, { challenge: await challengeFor(t, 'kit@tec.test'), recoveryCode: typed })
    expect(signedIn.status).toBe(200)
    const again = await complete(t, { challenge: await challengeFor(t, 'kit@tec.test'), recoveryCode: first })
    expect(again.status).toBe(400)
    expect(again.body.fields).toEqual({ recoveryCode: 'That recovery code is not right, or was already used.' })
    expect((await t.request<Schemas['SecondFactorStatus']>('GET', '/api/auth/second-factor', { token })).body.recoveryCodesLeft).toBe(9)

    const fresh = await t.request<Schemas['RecoveryCodes']>('POST', '/api/auth/second-factor/recovery-codes', { token, body: { code: await codeAt(secret, Date.now()) } })
    expect(fresh.status).toBe(200)
    expect(fresh.body.codes).not.toContain(second)
    expect((await complete(t, { challenge: await challengeFor(t, 'kit@tec.test'), recoveryCode: second })).status).toBe(400)
    expect((await complete(t, { challenge: await challengeFor(t, 'kit@tec.test'), recoveryCode: fresh.body.codes[0] ?? '' })).status).toBe(200)
  })

  it('mails the person when a recovery code signs in, saying from where and how many are left', async () => {
    const { secret, recoveryCodes: codes } = await withSecondFactor(t, 'lou@tec.test')
    const mailsTo = async () => (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'lou@tec.test'))).map((mail) => mail.text)
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'
    const viaRecovery = async (code: string, ip = nextIp()) => {
      const answer = await t.request('POST', '/api/auth/login/second-factor', { body: { challenge: await challengeFor(t, 'lou@tec.test'), recoveryCode: code }, ip, headers: { 'user-agent': firefox } })
      expect(answer.status).toBe(200)
    }

    expect((await complete(t, { challenge: await challengeFor(t, 'lou@tec.test'), code: await codeAt(secret, Date.now()) })).status).toBe(200)
    expect(await mailsTo()).toEqual([])

    await viaRecovery(codes[0] ?? '', '198.51.100.7')
    const [first] = await mailsTo()
    expect(first).toContain('with one of your recovery codes instead of the code from your authenticator app, from Firefox on Linux at address 198.51.100.7.')
    expect(first).toContain('9 recovery codes are left.')
    expect(first).not.toContain('Make new ones')

    for (const code of codes.slice(1, 7)) await viaRecovery(code)
    const texts = await mailsTo()
    expect(texts).toHaveLength(7)
    expect(texts.filter((text) => text.includes('Make new ones'))).toHaveLength(1)
    expect(texts.some((text) => text.includes('Only 3 recovery codes are left. Make new ones, so that losing your phone does not lock you out.'))).toBe(true)
  })

  it('asks for exactly one kind of code', async () => {
    await withSecondFactor(t, 'one@tec.test')
    const challenge = await challengeFor(t, 'one@tec.test')
    const bodies: Record<string, string>[] = [{ challenge }, { challenge, code: '123456', recoveryCode: 'abcd-efgh-jkmn' }]
    for (const body of bodies) {
      const answer = await complete(t, body)
      expect(answer.status).toBe(400)
      expect(answer.body.fields).toEqual({ code: 'Enter the code from your authenticator app, or one of your recovery codes.' })
    }
  })

  it('ends a challenge after five wrong codes, and an expired one, so the person signs in again', async () => {
    const { user, secret } = await withSecondFactor(t, 'lee@tec.test')
    const challenge = await challengeFor(t, 'lee@tec.test')
    for (let i = 1; i <= 4; i++) expect((await complete(t, { challenge, code: '000000' })).status).toBe(400)
    expect(await complete(t, { challenge, code: '000000' })).toMatchObject({ status: 401, body: { message: 'Too many wrong codes. Sign in again.' } })
    expect((await complete(t, { challenge, code: await codeAt(secret, Date.now()) })).status).toBe(401)

    const late = await challengeFor(t, 'lee@tec.test')
    await t.database.db.update(signInChallenges).set({ expiresAt: new Date(Date.now() - 1000) }).where(and(eq(signInChallenges.userId, user.id)))
    expect((await complete(t, { challenge: late, code: await codeAt(secret, Date.now()) })).status).toBe(401)
    expect((await complete(t, { challenge: 'A'.repeat(43), code: '123456' })).status).toBe(401)
  })

  it('throttles codes per account and per address, with Retry-After', async () => {
    await withSecondFactor(t, 'max@tec.test')
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) {
      const challenge = await challengeFor(t, 'max@tec.test')
      const answer = await complete(t, { challenge, code: '000000' })
      statuses.push(answer.status)
      if (answer.status === 429) expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0)
    }
    expect(statuses).toEqual([...Array<number>(10).fill(400), 429])

    const ip = '198.19.7.7'
    const fromOneAddress: number[] = []
    for (let i = 0; i < 101; i++) fromOneAddress.push((await complete(t, { challenge: 'B'.repeat(43), code: '123456' }, ip)).status)
    expect(fromOneAddress.slice(0, 100).every((status) => status === 401)).toBe(true)
    expect(fromOneAddress[100]).toBe(429)
  })

  it('turns off with the password and a code, after which the password alone signs in', async () => {
    const { token, secret, recoveryCodes: codes } = await withSecondFactor(t, 'nat@tec.test')
    const wrongPassword = await t.request('POST', '/api/auth/second-factor/turn-off', { token, body: { password: 'not-it', code: await codeAt(secret, Date.now()) } })
    expect(wrongPassword.body.fields).toEqual({ password: 'The password is incorrect.' })
    expect((await t.request('POST', '/api/auth/second-factor/turn-off', { token, body: { password: DEFAULT_PASSWORD, code: '000000' } })).status).toBe(400)
    const off = await t.request('POST', '/api/auth/second-factor/turn-off', { token, body: { password: DEFAULT_PASSWORD, recoveryCode: codes[0] } })
    expect(off.status).toBe(200)
    expect(off.body).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 })
    expect((await t.request('POST', '/api/auth/login', { body: { email: 'nat@tec.test', pass: DEFAULT_PASSWORD }, ip: nextIp() })).status).toBe(200)
    expect((await t.request('POST', '/api/auth/second-factor/turn-off', { token, body: { password: DEFAULT_PASSWORD, code: '123456' } })).status).toBe(409)
  })
})

describe('admins held to the second step (ADMIN_SECOND_FACTOR=required)', () => {
  it('lets an admin without it do nothing but set it up, then everything', async () => {
    await strict.createUser({ email: 'boss@tec.test', role: 'ADMIN' })
    const token = await strict.login('boss@tec.test')
    expect((await strict.request('GET', '/api/auth/me', { token })).body).toMatchObject({ role: 'ADMIN', secondFactor: false, secondFactorDue: true })
    const refused = await strict.request('GET', '/api/admin/staff', { token })
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe('Set up the second sign-in step (a code from an authenticator app) before using the admin area. /admin shows how.')
    expect((await strict.request('GET', '/api/auth/second-factor', { token })).body).toMatchObject({ enabled: false, required: true })
    expect((await strict.request('GET', '/api/auth/sessions', { token })).status).toBe(200)

    const setup = await strict.request<Schemas['SecondFactorSetup']>('POST', '/api/auth/second-factor/setup', { token, body: { password: DEFAULT_PASSWORD } })
    expect((await strict.request('POST', '/api/auth/second-factor/confirm', { token, body: { code: await codeAt(setup.body.secret, Date.now()) } })).status).toBe(200)
    expect((await strict.request('GET', '/api/admin/staff', { token })).status).toBe(200)
    expect((await strict.request('GET', '/api/auth/me', { token })).body).toMatchObject({ secondFactor: true, secondFactorDue: false })
    const off = await strict.request('POST', '/api/auth/second-factor/turn-off', { token, body: { password: DEFAULT_PASSWORD, code: await codeAt(setup.body.secret, Date.now() + STEP_MS) } })
    expect(off.status).toBe(409)
  })

  it('leaves tutors free to choose', async () => {
    await strict.createUser({ email: 'free@tec.test' })
    const token = await strict.login('free@tec.test')
    expect((await strict.request('GET', '/api/auth/me', { token })).body).toMatchObject({ secondFactorDue: false })
    expect((await strict.request('GET', '/api/tutor/learners', { token })).status).toBe(200)
  })

  it("lets an admin reset another staff member's step: audited, mailed, never their own", async () => {
    const { user: admin, token } = await withSecondFactor(strict, 'chief@tec.test', 'ADMIN')
    const { user: tutor } = await withSecondFactor(strict, 'lost-phone@tec.test')
    const reset = await strict.request<Schemas['StaffAccount']>('DELETE', `/api/admin/staff/${tutor.id}/second-factor`, { token })
    expect(reset.status).toBe(200)
    expect(reset.body).toMatchObject({ email: 'lost-phone@tec.test', secondFactor: false })
    expect((await strict.request('POST', '/api/auth/login', { body: { email: 'lost-phone@tec.test', pass: DEFAULT_PASSWORD }, ip: nextIp() })).status).toBe(200)
    const mails = await strict.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'lost-phone@tec.test'))
    expect(mails.map((mail) => mail.subject)).toContain('The second sign-in step on your TEC account was turned off')
    const [audit] = await strict.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'user.second_factor_reset'), eq(auditEvents.actorUserId, admin.id)))
    expect(audit?.subjectId).toBe(tutor.id)

    expect(await strict.request('DELETE', `/api/admin/staff/${tutor.id}/second-factor`, { token })).toMatchObject({ status: 409 })
    expect(await strict.request('DELETE', `/api/admin/staff/${admin.id}/second-factor`, { token })).toMatchObject({
      status: 409,
      body: { message: 'Turn off your own second sign-in step in your settings.' },
    })
    expect((await strict.request('DELETE', '/api/admin/staff/00000000-0000-4000-8000-000000000000/second-factor', { token })).status).toBe(404)
    const [row] = await strict.database.db.select({ secondFactorAt: users.secondFactorAt }).from(users).where(eq(users.id, tutor.id))
    expect(row?.secondFactorAt).toBeNull()
  })
})

describe('where a person is signed in', () => {
  const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36'
  const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'
  const signIn = async (email: string, userAgent: string, ip: string) => {
    const answer = await t.request('POST', '/api/auth/login', { body: { email, pass: DEFAULT_PASSWORD }, ip, headers: { 'user-agent': userAgent } })
    return answer.body.token as string
  }

  it('lists each live session with its device and address, this one marked; ending one signs that browser out', async () => {
    await t.createUser({ email: 'sam@tec.test' })
    const laptop = await signIn('sam@tec.test', chrome, '203.0.113.20')
    const phone = await signIn('sam@tec.test', iphone, '203.0.113.21')
    const list = await t.request<Schemas['SignedInSession'][]>('GET', '/api/auth/sessions', { token: laptop })
    expect(list.status).toBe(200)
    expect(list.body.map(({ device, address, current }) => ({ device, address, current }))).toEqual(
      expect.arrayContaining([
        { device: 'Chrome on Linux', address: '203.0.113.20', current: true },
        { device: 'Safari on iOS (iPhone)', address: '203.0.113.21', current: false },
      ]),
    )
    const phoneSession = list.body.find((session) => !session.current)
    if (!phoneSession) throw new Error('no other session listed')

    // Another person cannot end it.
    await t.createUser({ email: 'other-sam@tec.test' })
    const stranger = await t.login('other-sam@tec.test')
    expect((await t.request('DELETE', `/api/auth/sessions/${phoneSession.id}`, { token: stranger })).status).toBe(404)

    expect((await t.request('DELETE', `/api/auth/sessions/${phoneSession.id}`, { token: laptop })).status).toBe(204)
    expect((await t.request('GET', '/api/auth/me', { token: phone })).status).toBe(401)
    expect((await t.request('DELETE', `/api/auth/sessions/${phoneSession.id}`, { token: laptop })).status).toBe(404)
    expect((await t.request<Schemas['SignedInSession'][]>('GET', '/api/auth/sessions', { token: laptop })).body).toHaveLength(1)
  })

  it('ends every other session at once, keeping this one', async () => {
    await t.createUser({ email: 'ray@tec.test' })
    const here = await signIn('ray@tec.test', chrome, '203.0.113.30')
    const others = [await signIn('ray@tec.test', iphone, '203.0.113.31'), await signIn('ray@tec.test', chrome, '203.0.113.32')]
    expect(await t.request('POST', '/api/auth/sessions/end-others', { token: here })).toMatchObject({ status: 200, body: { ended: 2 } })
    for (const token of others) expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(401)
    expect((await t.request('GET', '/api/auth/me', { token: here })).status).toBe(200)
    expect(await t.request('POST', '/api/auth/sessions/end-others', { token: here })).toMatchObject({ status: 200, body: { ended: 0 } })
  })

  it('ends a sign-in waiting for its code elsewhere with the other sessions', async () => {
    const { token, secret } = await withSecondFactor(t, 'elsewhere@tec.test')
    const waiting = await challengeFor(t, 'elsewhere@tec.test')
    expect((await t.request('POST', '/api/auth/sessions/end-others', { token })).status).toBe(200)
    expect(await complete(t, { challenge: waiting, code: await codeAt(secret, Date.now()) })).toMatchObject({ status: 401, body: { message: 'This sign-in has expired or was already used. Sign in again.' } })
  })
})

/** The device cookie a completed sign-in set, as the browser sends it back to login. */
function deviceCookieOf(answer: { headers: Headers }): Record<string, string> {
  const cookie = answer.headers.get('set-cookie')?.split(';')[0]
  if (!cookie) throw new Error('no device cookie was set')
  return { cookie }
}

async function adminToken(app: TestApp, email: string) {
  await app.createUser({ email, role: 'ADMIN' })
  return app.login(email)
}

/** Marks a tutor as left through the office's own operation. */
async function markLeft(app: TestApp, admin: string, tutorId: string) {
  const [profile] = await app.database.db.select({ version: tutorProfiles.version }).from(tutorProfiles).where(eq(tutorProfiles.userId, tutorId))
  const answer = await app.request('POST', `/api/admin/tutors/${tutorId}/status`, { token: admin, body: { status: 'left', reason: 'Moved away' }, headers: { 'if-match': `"${profile?.version ?? 0}"` } })
  expect(answer.status).toBe(200)
}

describe('no way back in for an account the office has closed, or a password that has changed', () => {
  it('ends a sign-in waiting for its code when the tutor is marked as left, and the staff list says they left', async () => {
    const admin = await adminToken(t, 'office-left@tec.test')
    const { user, secret, token } = await withSecondFactor(t, 'leaver@tec.test')
    const challenge = await challengeFor(t, 'leaver@tec.test')
    await markLeft(t, admin, user.id)

    expect(await complete(t, { challenge, code: await codeAt(secret, Date.now()) })).toMatchObject({ status: 401, body: { message: 'This sign-in has expired or was already used. Sign in again.' } })
    expect((await t.request('POST', '/api/auth/login', { body: { email: 'leaver@tec.test', pass: DEFAULT_PASSWORD }, ip: nextIp() })).status).toBe(401)
    // The session from before can neither be used nor renewed through a new password.
    expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(401)
    expect((await t.request('PATCH', '/api/auth/change-password', { token, body: { currentPassword: DEFAULT_PASSWORD, newPassword: 'Another-Long-Phrase-42' } })).status).toBe(401)

    const listed = await t.request<Schemas['StaffAccountPage']>('GET', '/api/admin/staff?q=leaver', { token: admin })
    expect(listed.body.items.map(({ email, status }) => ({ email, status }))).toEqual([{ email: 'leaver@tec.test', status: 'left' }])
    const lefts = await t.request<Schemas['StaffAccountPage']>('GET', '/api/admin/staff?status=left', { token: admin })
    expect(lefts.body.items.map((item) => item.email)).toContain('leaver@tec.test')
    const actives = await t.request<Schemas['StaffAccountPage']>('GET', '/api/admin/staff?status=active&q=leaver', { token: admin })
    expect(actives.body.items).toEqual([])
  })

  it('checks the account again when a code completes a sign-in, and at every request of a session', async () => {
    const { user, secret } = await withSecondFactor(t, 'racer@tec.test')
    const challenge = await challengeFor(t, 'racer@tec.test')
    const live = await complete(t, { challenge: await challengeFor(t, 'racer@tec.test'), code: await codeAt(secret, Date.now()) })
    expect(live.status).toBe(200)
    // As if the office marked them as left at the same moment as these were made: nothing ended them, the rules still hold.
    await t.database.db.update(tutorProfiles).set({ status: 'left' }).where(eq(tutorProfiles.userId, user.id))
    await forgetLastStep(t, user.id)
    expect((await complete(t, { challenge, code: await codeAt(secret, Date.now()) })).status).toBe(401)
    expect((await t.request('GET', '/api/auth/me', { token: live.body.token })).status).toBe(401)
    // An admin who was a tutor once is not held to the old tutor record.
    await t.database.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, user.id))
    expect((await t.request('GET', '/api/auth/me', { token: live.body.token })).status).toBe(200)
  })

  it('ends a sign-in begun with the old password once the password is reset or changed, and when the account is deactivated', async () => {
    const admin = await adminToken(t, 'office-reset@tec.test')
    const { user, secret, token } = await withSecondFactor(t, 'reset-me@tec.test')
    const beforeReset = await challengeFor(t, 'reset-me@tec.test')
    expect((await t.request('POST', '/api/auth/forget-password', { body: { email: 'reset-me@tec.test' }, ip: nextIp() })).status).toBe(202)
    await t.deps.jobs.idle()
    const [mail] = await t.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, 'reset-me@tec.test'), eq(mailOutbox.subject, 'Reset your TEC password')))
    const link = /token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1]
    if (!link) throw new Error(`no reset link in ${mail?.text}`)
    expect((await t.request('PATCH', `/api/auth/reset-password?token=${link}`, { body: { password: 'Quite-Different-Phrase-7' } })).status).toBe(200)
    expect((await complete(t, { challenge: beforeReset, code: await codeAt(secret, Date.now()) })).status).toBe(401)

    const passwordNow = async (pass: string) => {
      const answer = await t.request<Schemas['SecondFactorChallenge']>('POST', '/api/auth/login', { body: { email: 'reset-me@tec.test', pass }, ip: nextIp() })
      expect(answer.status).toBe(202)
      return answer.body.challenge
    }
    const beforeChange = await passwordNow('Quite-Different-Phrase-7')
    await forgetLastStep(t, user.id)
    const withCode = await complete(t, { challenge: await passwordNow('Quite-Different-Phrase-7'), code: await codeAt(secret, Date.now()) })
    expect(withCode.status).toBe(200)
    const changed = await t.request('PATCH', '/api/auth/change-password', { token: withCode.body.token, body: { currentPassword: 'Quite-Different-Phrase-7', newPassword: 'Yet-Another-Phrase-88' } })
    expect(changed.status).toBe(200)
    await forgetLastStep(t, user.id)
    expect((await complete(t, { challenge: beforeChange, code: await codeAt(secret, Date.now()) })).status).toBe(401)
    expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(401)

    const beforeDeactivation = await passwordNow('Yet-Another-Phrase-88')
    expect((await t.request('PUT', `/api/admin/staff/${user.id}/status`, { token: admin, body: { active: false } })).status).toBe(200)
    await forgetLastStep(t, user.id)
    expect((await complete(t, { challenge: beforeDeactivation, code: await codeAt(secret, Date.now()) })).status).toBe(401)
  })
})

describe('guessing the code over time', () => {
  const strangerCount = async (userId: string) => (await t.database.db.select().from(secondFactors).where(eq(secondFactors.userId, userId)))[0]?.strangerWrongCodes
  const mailsTo = async (email: string) => (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).map((mail) => mail.subject)
  /** As if every 15-minute window of this account had passed: its throttles' rows go (the lifetime counts stay). */
  const windowsPassFor = async (user: { id: string; email: string }) => {
    await t.database.db.delete(rateLimits).where(or(like(rateLimits.key, `%${user.id}%`), like(rateLimits.key, `%${user.email}%`)))
  }

  it("counts the owner's known browser apart from strangers, whose wrong codes neither the owner's sign-in nor time forgives", async () => {
    const { user, secret } = await withSecondFactor(t, 'owner@tec.test')
    // The owner signs in once, so this browser is known from now on.
    const first = await complete(t, { challenge: await challengeFor(t, 'owner@tec.test'), code: await codeAt(secret, Date.now()) })
    const ownBrowser = deviceCookieOf(first)

    const strangers: number[] = []
    for (let i = 0; i < 11; i++) strangers.push((await complete(t, { challenge: await challengeFor(t, 'owner@tec.test'), code: '000000' })).status)
    expect(strangers).toEqual([...Array<number>(10).fill(400), 429])
    expect(await strangerCount(user.id)).toBe(10)

    // Strangers are throttled; the owner's own browser is not, and signing in there forgives the strangers nothing.
    await forgetLastStep(t, user.id)
    const owner = await complete(t, { challenge: await challengeFor(t, 'owner@tec.test', nextIp(), ownBrowser), code: await codeAt(secret, Date.now()) })
    expect(owner.status).toBe(200)
    expect(await strangerCount(user.id)).toBe(10)
    expect((await complete(t, { challenge: await challengeFor(t, 'owner@tec.test'), code: '000000' })).status).toBe(429)
    // The owner's typos are counted on their browser's own counter, and mail nobody.
    const before = (await mailsTo('owner@tec.test')).length
    expect((await complete(t, { challenge: await challengeFor(t, 'owner@tec.test', nextIp(), deviceCookieOf(owner)), code: '000000' })).status).toBe(400)
    expect(await strangerCount(user.id)).toBe(10)
    expect(await mailsTo('owner@tec.test')).toHaveLength(before)
  })

  it('stops strangers for good at 100 wrong codes until the password is new, and tells the owner', async () => {
    const { user, secret } = await withSecondFactor(t, 'guessed@tec.test')
    const known = await complete(t, { challenge: await challengeFor(t, 'guessed@tec.test'), code: await codeAt(secret, Date.now()) })
    const ownBrowser = deviceCookieOf(known)

    // A right password then a wrong code from a browser the account does not know: the owner hears of it once an hour.
    expect((await complete(t, { challenge: await challengeFor(t, 'guessed@tec.test'), code: '000000' })).status).toBe(400)
    expect((await complete(t, { challenge: await challengeFor(t, 'guessed@tec.test'), code: '000000' })).status).toBe(400)
    expect(await mailsTo('guessed@tec.test')).toEqual(['Someone used your TEC password, then a wrong code'])

    // 97 more over the months (moved on by editing the count, as the windows would have passed between them).
    await t.database.db.update(secondFactors).set({ strangerWrongCodes: 99 }).where(eq(secondFactors.userId, user.id))
    await windowsPassFor(user)
    const pending = await challengeFor(t, 'guessed@tec.test')
    expect((await complete(t, { challenge: await challengeFor(t, 'guessed@tec.test'), code: '000000' })).status).toBe(400)
    expect(await strangerCount(user.id)).toBe(100)
    expect(await mailsTo('guessed@tec.test')).toContain('Sign-ins to your TEC account from new browsers are stopped')

    // From now on no unknown browser gets to try a code, even the right one, whatever time passes.
    await windowsPassFor(user)
    const locked = 'Too many wrong codes have been tried on this account from browsers it has not signed in from. To sign in here, set a new password with “Forgot your password?”, or sign in from a browser you have used before.'
    expect(await complete(t, { challenge: pending, code: await codeAt(secret, Date.now()) })).toMatchObject({ status: 401, body: { message: locked } })
    expect(await t.request('POST', '/api/auth/login', { body: { email: 'guessed@tec.test', pass: DEFAULT_PASSWORD }, ip: nextIp() })).toMatchObject({ status: 401, body: { message: locked } })
    // The owner's known browser still signs in, and may set a new password, which lets new browsers try again.
    await forgetLastStep(t, user.id)
    const owner = await complete(t, { challenge: await challengeFor(t, 'guessed@tec.test', nextIp(), ownBrowser), code: await codeAt(secret, Date.now()) })
    expect(owner.status).toBe(200)
    expect(await strangerCount(user.id)).toBe(100)
    expect((await t.request('PATCH', '/api/auth/change-password', { token: owner.body.token, body: { currentPassword: DEFAULT_PASSWORD, newPassword: 'Fresh-Start-Phrase-31' } })).status).toBe(200)
    expect(await strangerCount(user.id)).toBe(0)
    const again = await t.request('POST', '/api/auth/login', { body: { email: 'guessed@tec.test', pass: 'Fresh-Start-Phrase-31' }, ip: nextIp() })
    expect(again.status).toBe(202)
  })

  it('trusts a known browser no more after 100 wrong codes in a row, while a right code ends a run', async () => {
    const { user, secret } = await withSecondFactor(t, 'shared-pc@tec.test')
    const known = await complete(t, { challenge: await challengeFor(t, 'shared-pc@tec.test'), code: await codeAt(secret, Date.now()) })
    const browser = deviceCookieOf(known)
    // The browser's row, found by the token its cookie holds (the account has another, from its password-only days).
    const deviceRows = () => t.database.db.select().from(trustedDevices).where(eq(trustedDevices.tokenHash, hashToken(browser.cookie?.split('=')[1] ?? '')))
    const wrongFromBrowser = async () => (await complete(t, { challenge: await challengeFor(t, 'shared-pc@tec.test', nextIp(), browser), code: '000000' })).status

    expect(await wrongFromBrowser()).toBe(400)
    expect((await deviceRows())[0]?.wrongCodes).toBe(1)
    await forgetLastStep(t, user.id)
    const right = await complete(t, { challenge: await challengeFor(t, 'shared-pc@tec.test', nextIp(), browser), code: await codeAt(secret, Date.now()) })
    expect(right.status).toBe(200)
    Object.assign(browser, deviceCookieOf(right))
    expect((await deviceRows())[0]?.wrongCodes).toBe(0)

    // 98 wrong in a row over the months (moved on by editing the count), then one more, then the last.
    await t.database.db.update(trustedDevices).set({ wrongCodes: 98 }).where(eq(trustedDevices.id, (await deviceRows())[0]?.id ?? ''))
    await windowsPassFor(user)
    expect(await wrongFromBrowser()).toBe(400)
    expect(await strangerCount(user.id)).toBe(0)
    expect(await wrongFromBrowser()).toBe(400)
    expect(await deviceRows()).toEqual([])
    // Its cookie is a stranger's now: its next wrong code counts towards the account's limit for strangers.
    expect(await wrongFromBrowser()).toBe(400)
    expect(await strangerCount(user.id)).toBe(1)
  })

  it("gives the settings' codes a count of their own, so a stolen session cannot throttle the owner's sign-in", async () => {
    const { user, secret, token } = await withSecondFactor(t, 'stolen@tec.test')
    const settings: number[] = []
    for (let i = 0; i < 11; i++) settings.push((await t.request('POST', '/api/auth/second-factor/recovery-codes', { token, body: { code: '000000' } })).status)
    expect(settings).toEqual([...Array<number>(10).fill(400), 429])
    expect((await t.request('POST', '/api/auth/second-factor/turn-off', { token, body: { password: DEFAULT_PASSWORD, code: '000000' } })).status).toBe(429)
    await forgetLastStep(t, user.id)
    expect((await complete(t, { challenge: await challengeFor(t, 'stolen@tec.test'), code: await codeAt(secret, Date.now()) })).status).toBe(200)
    expect(await strangerCount(user.id)).toBe(0)
  })
})

describe('changing the second step asks for the password, and ends what it should', () => {
  it('asks for the password again before the set-up, counting wrong ones', async () => {
    await t.createUser({ email: 'setter@tec.test' })
    const token = await t.login('setter@tec.test')
    expect((await t.request('POST', '/api/auth/second-factor/setup', { token })).status).toBe(400)
    const wrong = await t.request('POST', '/api/auth/second-factor/setup', { token, body: { password: 'not-my-password' } })
    expect(wrong).toMatchObject({ status: 400, body: { fields: { password: 'The password is incorrect.' } } })
    const statuses: number[] = []
    for (let i = 0; i < 10; i++) statuses.push((await t.request('POST', '/api/auth/second-factor/setup', { token, body: { password: 'not-my-password' } })).status)
    expect(statuses.at(-1)).toBe(429)
    await t.database.db.delete(rateLimits).where(eq(rateLimits.key, `change-password:user:${(await t.database.db.select().from(users).where(eq(users.email, 'setter@tec.test')))[0]?.id}`))
    expect((await t.request('POST', '/api/auth/second-factor/setup', { token, body: { password: DEFAULT_PASSWORD } })).status).toBe(200)
  })

  it("ends the person's other sessions when the step is turned on, and all of them when an admin resets it", async () => {
    await t.createUser({ email: 'two-browsers@tec.test' })
    const here = await t.login('two-browsers@tec.test')
    const elsewhere = await t.login('two-browsers@tec.test')
    const setup = await t.request<Schemas['SecondFactorSetup']>('POST', '/api/auth/second-factor/setup', { token: here, body: { password: DEFAULT_PASSWORD } })
    expect((await t.request('POST', '/api/auth/second-factor/confirm', { token: here, body: { code: await codeAt(setup.body.secret, Date.now()) } })).status).toBe(200)
    expect((await t.request('GET', '/api/auth/me', { token: elsewhere })).status).toBe(401)
    expect((await t.request('GET', '/api/auth/me', { token: here })).status).toBe(200)

    const admin = await adminToken(t, 'office-phone@tec.test')
    const [person] = await t.database.db.select().from(users).where(eq(users.email, 'two-browsers@tec.test'))
    const waiting = await challengeFor(t, 'two-browsers@tec.test')
    expect((await t.request('DELETE', `/api/admin/staff/${person?.id}/second-factor`, { token: admin })).status).toBe(200)
    expect((await t.request('GET', '/api/auth/me', { token: here })).status).toBe(401)
    expect((await complete(t, { challenge: waiting, code: '123456' })).status).toBe(401)
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'two-browsers@tec.test'))
    expect(mail?.text).toContain('You have been signed out everywhere.')
  })
})
