import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../src/api/schema.gen.ts'
import { mailOutbox, users } from '../../server/db/schema.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'

type Schemas = components['schemas']
type Account = Schemas['StaffAccount'] & Schemas['Error']

let t: TestApp
let admin: string
let adminId: string
let tutorId: string

beforeAll(async () => {
  t = await createTestApp()
  adminId = (await t.createUser({ email: 'office@tec.test', role: 'ADMIN', name: 'Olu Office' })).id
  tutorId = (await t.createUser({ email: 'tutor@tec.test', role: 'TUTOR', name: 'Tess Tutor' })).id
  admin = await t.login('office@tec.test')
})
afterAll(async () => t?.close())

const put = (path: string, body: unknown, token = admin) => t.request<Account>('PUT', `/api/admin/staff${path}`, { body, token })

describe('staff accounts', () => {
  let invited: Schemas['StaffAccount']

  it('lists admins and tutors with their role and status, and finds them by name or email', async () => {
    const all = await t.request<Schemas['StaffAccountPage']>('GET', '/api/admin/staff', { token: admin })
    expect(all.body.items.map((account) => [account.name, account.role, account.status])).toEqual([
      ['Olu Office', 'ADMIN', 'active'],
      ['Tess Tutor', 'TUTOR', 'active'],
    ])
    expect(all.body.items[0]?.lastSignInAt).toBeDefined()
    const found = await t.request<Schemas['StaffAccountPage']>('GET', '/api/admin/staff?q=tess', { token: admin })
    expect(found.body.items.map((account) => account.email)).toEqual(['tutor@tec.test'])
  })

  it('invites an admin, who is mailed a link to choose a password; an email in use is refused', async () => {
    // A safeguarding lead too, so that Olu (the only other lead) may later be made a tutor.
    const answer = await t.request<Account>('POST', '/api/admin/staff', { body: { name: 'Nia New', email: 'Nia.New@tec.test', safeguardingLead: true }, token: admin })
    expect(answer.status).toBe(201)
    invited = answer.body
    expect(invited).toMatchObject({ name: 'Nia New', email: 'nia.new@tec.test', role: 'ADMIN', status: 'invited', safeguardingLead: true })
    await t.deps.jobs.idle()
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'nia.new@tec.test')).orderBy(desc(mailOutbox.createdAt)).limit(1)
    expect(mail?.text).toContain('Olu Office has made you an admin account')
    const token = /reset-password\?token=([A-Za-z0-9_-]{43})&welcome=1/.exec(mail?.text ?? '')?.[1]
    expect(token).toBeDefined()
    const reset = await t.request('PATCH', `/api/auth/reset-password?token=${token}`, { body: { password: 'Chosen-Passphrase-Owl-42' } })
    expect(reset.status).toBe(200)
    const after = await t.request<Schemas['StaffAccountPage']>('GET', '/api/admin/staff?q=nia', { token: admin })
    expect(after.body.items[0]?.status).toBe('active')

    const again = await t.request<Account>('POST', '/api/admin/staff', { body: { name: 'Someone', email: 'tutor@tec.test' }, token: admin })
    expect(again.status).toBe(409)
    expect(again.body.fields?.email).toMatch(/already uses tutor@tec.test/)
  })

  it('never lets an admin change or deactivate themselves', async () => {
    const self = await put(`/${adminId}/status`, { active: false })
    expect(self.status).toBe(409)
    expect(self.body.message).toBe('You cannot change your own role or deactivate your own account. Ask another admin to do it.')
    expect((await put(`/${adminId}/role`, { role: 'TUTOR' })).status).toBe(409)
  })

  it('deactivating ends the account’s sessions and sign-ins; reactivating lets it sign in again', async () => {
    const tutor = await t.login('tutor@tec.test')
    const off = await put(`/${tutorId}/status`, { active: false })
    expect(off.status).toBe(200)
    expect(off.body.status).toBe('deactivated')
    expect((await t.request('GET', '/api/auth/me', { token: tutor })).status).toBe(401)
    const refused = await t.request('POST', '/api/auth/login', { body: { email: 'tutor@tec.test', pass: 'Test-Password-123!' } })
    expect(refused.status).toBe(401)
    // Nor can it get a reset link: the same answer as an unknown email, and no mail.
    const mailsBefore = (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'tutor@tec.test'))).length
    expect((await t.request('POST', '/api/auth/forget-password', { body: { email: 'tutor@tec.test' } })).status).toBe(202)
    await t.deps.jobs.idle()
    expect((await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'tutor@tec.test'))).length).toBe(mailsBefore)
    const on = await put(`/${tutorId}/status`, { active: true })
    expect(on.body.status).toBe('active')
  })

  it('never lets an anonymised account in again, saying why, and marks it as anonymised in the list', async () => {
    const gone = await t.createUser({ email: 'gone@tec.test', role: 'TUTOR', name: 'Former tutor' })
    const at = new Date('2026-10-01T09:00:00.000Z')
    // As anonymising a tutor leaves the account: deactivated, and marked when.
    await t.database.db.update(users).set({ deactivatedAt: at, anonymisedAt: at }).where(eq(users.id, gone.id))
    const refused = await put(`/${gone.id}/status`, { active: true })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe('This account was anonymised, so it cannot be let in again: it no longer names anyone. If the person comes back, invite them afresh.')
    const list = await t.request<Schemas['StaffAccountPage']>('GET', '/api/admin/staff?q=gone%40tec.test', { token: admin })
    expect(list.body.items).toEqual([expect.objectContaining({ id: gone.id, status: 'deactivated', anonymisedAt: at.toISOString() })])
  })

  it('changes roles, and never leaves the office without an active admin', async () => {
    const nia = await t.login('nia.new@tec.test', 'Chosen-Passphrase-Owl-42')
    // Nia makes Olu a tutor; then Nia is the last admin, and Olu (now a tutor) can no longer change anything.
    const demoted = await put(`/${adminId}/role`, { role: 'TUTOR' }, nia)
    expect(demoted.status).toBe(200)
    expect(demoted.body.role).toBe('TUTOR')
    expect((await t.request('GET', '/api/admin/staff', { token: admin })).status).toBe(401)
    const tutors = await t.request<Schemas['TutorPage']>('GET', '/api/admin/tutors?q=olu', { token: nia })
    expect(tutors.body.items.map((row) => row.name)).toEqual(['Olu Office'])

    const promoted = await put(`/${tutorId}/role`, { role: 'ADMIN' }, nia)
    expect(promoted.body.role).toBe('ADMIN')
    // Both safeguarding leads, so the race below is decided by the last-admin rule alone.
    expect((await put(`/${tutorId}/safeguarding-lead`, { safeguardingLead: true }, nia)).body.safeguardingLead).toBe(true)
    // Two admins deactivating each other at the same moment: one wins, the other is refused (or signed out), and
    // the office keeps an active admin.
    const tess = await t.login('tutor@tec.test')
    const answers = await Promise.all([put(`/${tutorId}/status`, { active: false }, nia), put(`/${invited.id}/status`, { active: false }, tess)])
    const statuses = answers.map((answer) => answer.status).sort()
    expect(statuses[0]).toBe(200)
    expect([401, 409]).toContain(statuses[1])
    const admins = await t.request<Schemas['StaffAccountPage']>('GET', '/api/admin/staff?role=ADMIN&status=active', { token: admin })
    expect(admins.status).toBe(401)
    const stillIn = answers[0]?.status === 200 ? nia : tess
    const active = await t.request<Schemas['StaffAccountPage']>('GET', '/api/admin/staff?role=ADMIN&status=active', { token: stillIn })
    expect(active.body.items).toHaveLength(1)
  })

  it('is for the office only', async () => {
    // Olu is a tutor now.
    const tutor = await t.login('office@tec.test')
    expect((await t.request('GET', '/api/admin/staff', { token: tutor })).status).toBe(403)
    expect((await t.request('GET', '/api/admin/staff')).status).toBe(401)
  })
})
