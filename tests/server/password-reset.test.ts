import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RESET_MAIL_JOB } from '../../server/auth/handlers.ts'
import { auditEvents, jobs, mailOutbox, passwordResetTokens, rateLimits } from '../../server/db/schema.ts'
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts'
import { createTestApp, DEFAULT_PASSWORD, type TestApp } from './support/test-app.ts'
import { until } from './support/until.ts'

const SENT = 'If an account uses that email, we have sent it a link to set a new password. The link works for 30 minutes.'
const DEAD = 'This link has expired or was already used. Ask for a new one.'
const NEW_PASSWORD = 'Brand-New-Passphrase-42'

let t: TestApp
let sink: SmtpSink

beforeAll(async () => {
  sink = await startSmtpSink()
  t = await createTestApp({ env: { SMTP_URL: sink.url } })
})
afterAll(async () => {
  await t?.close()
  await sink?.close()
})

/** Asks for a link and answers the token from the mail the SMTP sink caught. */
async function requestLink(email: string): Promise<string> {
  const before = sink.messages.length
  const answer = await t.request('POST', '/api/auth/forget-password', { body: { email }, ip: `172.16.0.${Math.floor(Math.random() * 250)}` })
  expect(answer.status).toBe(202)
  // The link is made and mailed a moment after the answer (half a second to two): that moment is brought to now.
  await t.database.db.update(jobs).set({ runAt: new Date() }).where(and(eq(jobs.kind, RESET_MAIL_JOB), eq(jobs.state, 'pending')))
  t.deps.jobs.kick()
  await until(() => Promise.resolve(sink.messages.length), (count) => count > before)
  const mail = sink.messages.at(-1)
  const token = /\/reset-password\?token=([A-Za-z0-9_-]{43})$/m.exec(mail?.text ?? '')?.[1]
  if (!token || sink.messages.length === before) throw new Error('no reset mail arrived')
  return token
}

const reset = (token: string, password = NEW_PASSWORD, ip = '172.17.0.1') =>
  t.request('PATCH', `/api/auth/reset-password?token=${token}`, { body: { password }, ip })

describe('forgotten passwords', () => {
  it('answers the same for known and unknown emails, and mails a link only to a real account', async () => {
    await t.createUser({ email: 'rosa@tec.test', name: 'Rosa' })
    const known = await t.request('POST', '/api/auth/forget-password', { body: { email: 'rosa@tec.test' } })
    const unknown = await t.request('POST', '/api/auth/forget-password', { body: { email: 'ghost@tec.test' } })
    expect(known.status).toBe(202)
    expect(unknown.status).toBe(202)
    expect(unknown.text).toBe(known.text)
    expect(known.body).toEqual({ message: SENT })

    const mail = await sink.waitForMail('rosa@tec.test')
    expect(mail.subject).toBe('Reset your TEC password')
    expect(mail.from?.address).toBe('no-reply@tec.test')
    expect(mail.text).toMatch(/^http:\/\/tec\.test\/reset-password\?token=[A-Za-z0-9_-]{43}$/m)
    await expect(sink.waitForMail('ghost@tec.test', { timeout: 300 })).rejects.toThrow()
    const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'rosa@tec.test'))
    expect(row?.status).toBe('sent')
  })

  it('sets a new password once; the used link and the old password stop working', async () => {
    await t.createUser({ email: 'sam@tec.test' })
    const session = await t.login('sam@tec.test')
    const token = await requestLink('sam@tec.test')
    const answer = await reset(token)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ message: 'Your password has been changed. Sign in with your new password.' })

    const again = await reset(token, 'Another-Passphrase-43')
    expect(again.status).toBe(400)
    expect(again.body).toEqual({ message: DEAD, fields: { token: DEAD } })
    // Every session of the user ended with the reset.
    expect((await t.request('GET', '/api/auth/me', { token: session })).status).toBe(401)
    expect((await t.request('POST', '/api/auth/login', { body: { email: 'sam@tec.test', pass: DEFAULT_PASSWORD } })).status).toBe(401)
    expect((await t.request('POST', '/api/auth/login', { body: { email: 'sam@tec.test', pass: NEW_PASSWORD } })).status).toBe(200)
    const actions = (await t.database.db.select().from(auditEvents)).map((row) => row.action)
    expect(actions).toEqual(expect.arrayContaining(['auth.password_reset_requested', 'auth.password_reset']))
  })

  it('refuses an expired link and an unknown one', async () => {
    await t.createUser({ email: 'eve@tec.test' })
    const token = await requestLink('eve@tec.test')
    await t.database.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) })
    expect((await reset(token)).body).toEqual({ message: DEAD, fields: { token: DEAD } })
    expect((await reset('A'.repeat(43))).status).toBe(400)
  })

  it('keeps one live link per user: a new request replaces the earlier link', async () => {
    await t.createUser({ email: 'lea@tec.test' })
    const first = await requestLink('lea@tec.test')
    const second = await requestLink('lea@tec.test')
    expect((await reset(first)).status).toBe(400)
    expect((await reset(second)).status).toBe(200)
  })

  it('checks the new password before using up the link', async () => {
    await t.createUser({ email: 'boss@tec.test', role: 'ADMIN' })
    const token = await requestLink('boss@tec.test')
    const short = await reset(token, 'Eleven-char')
    expect(short.status).toBe(400)
    expect(short.body.fields).toEqual({ password: 'Use at least 12 characters for an admin account.' })
    const common = await reset(token, 'password1234')
    expect(common.body.fields).toEqual({ password: 'This password is too common. Choose something less predictable.' })
    expect((await reset(token, 'A-Long-Admin-Passphrase')).status).toBe(200)
  })

  it('lets exactly one of 20 simultaneous uses of a link succeed', async () => {
    await t.createUser({ email: 'race@tec.test' })
    const token = await requestLink('race@tec.test')
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => reset(token, `Racing-Passphrase-${i}`, `172.18.0.${i}`)))
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1)
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(19)
  })

  it('throttles requests per account and per address', async () => {
    const ask = (email: string, ip: string) => t.request('POST', '/api/auth/forget-password', { body: { email }, ip })
    for (let i = 0; i < 5; i++) expect((await ask('much@tec.test', `172.19.0.${i}`)).status).toBe(202)
    const refused = await ask('much@tec.test', '172.19.0.99')
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)

    for (let i = 0; i < 20; i++) expect((await ask(`person${i}@tec.test`, '172.20.0.1')).status).toBe(202)
    expect((await ask('one-more@tec.test', '172.20.0.1')).status).toBe(429)
    await t.database.db.update(rateLimits).set({ windowStart: new Date(Date.now() - 61 * 60_000) }).where(eq(rateLimits.key, 'forget:ip:172.20.0.1'))
    expect((await ask('one-more@tec.test', '172.20.0.1')).status).toBe(202)
  })

  it('throttles reset attempts per address', async () => {
    await t.database.db.insert(rateLimits).values({ key: 'reset:ip:172.21.0.1', windowStart: new Date(), count: 20 })
    const refused = await reset('B'.repeat(43), NEW_PASSWORD, '172.21.0.1')
    expect(refused.status).toBe(429)
  })
})
