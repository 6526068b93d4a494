import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents } from '../../server/db/schema.ts'
import { createTestApp, DEFAULT_PASSWORD, type TestApp } from './support/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

const change = (token: string, currentPassword: string, newPassword: string) =>
  t.request('PATCH', '/api/auth/change-password', { token, body: { currentPassword, newPassword } })

describe('changing the password', () => {
  it('answers 400 on currentPassword (not 401) for a wrong current password, keeping the session', async () => {
    await t.createUser({ email: 'kim@tec.test' })
    const token = await t.login('kim@tec.test')
    const answer = await change(token, 'not-my-password', 'Fresh-Passphrase-1')
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ message: 'Check the highlighted fields.', fields: { currentPassword: 'The current password is incorrect.' } })
    expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(200)
  })

  it('issues a new token and ends every earlier session, keeping Remember me', async () => {
    await t.createUser({ email: 'lou@tec.test' })
    const current = await t.login('lou@tec.test', DEFAULT_PASSWORD, false)
    const elsewhere = await t.login('lou@tec.test')
    const answer = await change(current, DEFAULT_PASSWORD, 'Fresh-Passphrase-2')
    expect(answer.status).toBe(200)
    expect(answer.body.user?.email).toBe('lou@tec.test')
    expect(new Date(answer.body.expiresAt as string).getTime() - Date.now()).toBeLessThanOrEqual(12 * 3600_000)
    expect((await t.request('GET', '/api/auth/me', { token: answer.body.token as string })).status).toBe(200)
    expect((await t.request('GET', '/api/auth/me', { token: current })).status).toBe(401)
    expect((await t.request('GET', '/api/auth/me', { token: elsewhere })).status).toBe(401)
    expect((await t.request('POST', '/api/auth/login', { body: { email: 'lou@tec.test', pass: 'Fresh-Passphrase-2' } })).status).toBe(200)
    const actions = (await t.database.db.select().from(auditEvents)).map((row) => row.action)
    expect(actions).toContain('auth.password_changed')
  })

  it('applies the password policy to the new password', async () => {
    await t.createUser({ email: 'root@tec.test', role: 'ADMIN' })
    const admin = await t.login('root@tec.test')
    expect((await change(admin, DEFAULT_PASSWORD, 'Only-11-chr')).body.fields).toEqual({ newPassword: 'Use at least 12 characters for an admin account.' })
    expect((await change(admin, DEFAULT_PASSWORD, 'Qwerty123456')).body.fields).toEqual({ newPassword: 'This password is too common. Choose something less predictable.' })
    expect((await change(admin, DEFAULT_PASSWORD, DEFAULT_PASSWORD)).body.fields).toEqual({ newPassword: 'Choose a password different from the current one.' })
    const short = await change(admin, DEFAULT_PASSWORD, 'short')
    expect(short.status).toBe(400)
    expect(short.body.fields).toEqual({ newPassword: 'Use at least 8 characters.' })

    await t.createUser({ email: 'tutor-eleven@tec.test', role: 'TUTOR' })
    const tutor = await t.login('tutor-eleven@tec.test')
    expect((await change(tutor, DEFAULT_PASSWORD, 'Only-11-chr')).status).toBe(200)
  })
})
