import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox } from '../../server/db/schema.ts'
import { createTestApp, DEFAULT_PASSWORD, type TestApp } from './support/test-app.ts'

/**
 * Passwords that are not passwords are refused wherever a password is set (change, reset, invitation), with the
 * words the forms show (shared/password-policy.ts): only spaces, one character repeated, the user's own email or
 * name, the site's own words, and what zxcvbn scores as guessable.
 */
const MESSAGES = {
  onlySpaces: 'A password needs more than spaces.',
  oneCharacter: 'A password needs more than one character typed again and again.',
  ownDetails: 'Do not use your email address or your name as your password.',
  guessable: 'This password would be easy to guess. Try three or four unrelated words together.',
  tooCommon: 'This password is too common. Choose something less predictable.',
}

let t: TestApp
let sequence = 0
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

const REFUSED: [string, string][] = [
  [' '.repeat(12), MESSAGES.onlySpaces],
  ['\t \t \t \t \t \t ', MESSAGES.onlySpaces],
  ['aaaaaaaaaaaa', MESSAGES.oneCharacter],
  ['AAAAaaaaAAAAaaaa', MESSAGES.oneCharacter],
  ['ada.lovelace@tec.test', MESSAGES.ownDetails],
  ['Ada.Lovelace@TEC.test!', MESSAGES.ownDetails],
  ['Ada Lovelace 1815', MESSAGES.ownDetails],
  ['adalovelace2026!', MESSAGES.ownDetails],
  ['TecTutoring2026!', MESSAGES.guessable],
  ['Welcome2TEC!!', MESSAGES.guessable],
  ['qwertyuiopasdf', MESSAGES.guessable],
  ['1234567890123', MESSAGES.guessable],
  ['Password1234', MESSAGES.tooCommon],
]

describe('passwords that are not passwords', () => {
  it.each(REFUSED)('change-password refuses %j for an admin: %s', async (password, message) => {
    const email = `ada.lovelace.${++sequence}@tec.test`
    await t.createUser({ email, role: 'ADMIN', name: 'Ada Lovelace' })
    const token = await t.login(email)
    // The owner's email here carries a number; the refused password uses the plain one, which is in her name too.
    const own = password.replace('ada.lovelace@tec.test', email).replace('Ada.Lovelace@TEC.test', email)
    const answer = await t.request('PATCH', '/api/auth/change-password', { token, body: { currentPassword: DEFAULT_PASSWORD, newPassword: own } })
    expect(answer.status, answer.text).toBe(400)
    expect(answer.body).toEqual({ message: 'Check the highlighted fields.', fields: { newPassword: message } })
  })

  it('a reset link refuses them too, and keeps working for a good password', async () => {
    await t.createUser({ email: 'grace.hopper@tec.test', role: 'TUTOR', name: 'Grace Hopper' })
    expect((await t.request('POST', '/api/auth/forget-password', { body: { email: 'grace.hopper@tec.test' } })).status).toBe(202)
    await t.deps.jobs.idle()
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'grace.hopper@tec.test')).orderBy(desc(mailOutbox.createdAt)).limit(1)
    const token = /token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1]
    const reset = (password: string) => t.request('PATCH', `/api/auth/reset-password?token=${token}`, { body: { password } })
    for (const [password, message] of [
      [' '.repeat(12), MESSAGES.onlySpaces],
      ['zzzzzzzzzz', MESSAGES.oneCharacter],
      ['grace.hopper@tec.test', MESSAGES.ownDetails],
      ['GraceHopper1906', MESSAGES.ownDetails],
      ['tutoring-2026', MESSAGES.guessable],
    ] as const) {
      const answer = await reset(password)
      expect(answer.status, password).toBe(400)
      expect(answer.body.fields, password).toEqual({ password: message })
    }
    expect((await reset('Compiler-Cobol-Harbour-59')).status).toBe(200)
  })

  it('accepts passphrases and random passwords', async () => {
    for (const password of ['correct horse battery staple', 'Analytical-Engine-1843', 'Xk9#mQ2$vL7!pR', 'maple harbour lantern quietly']) {
      const email = `good.${++sequence}@tec.test`
      await t.createUser({ email, role: 'ADMIN', name: 'Good Password' })
      const token = await t.login(email)
      const answer = await t.request('PATCH', '/api/auth/change-password', { token, body: { currentPassword: DEFAULT_PASSWORD, newPassword: password } })
      expect(answer.status, `${password}: ${answer.text}`).toBe(200)
    }
  })
})
