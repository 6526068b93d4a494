import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../src/api/schema.gen.ts'
import { auditEvents, mailOutbox } from '../../server/db/schema.ts'
import { contactMessageMail, resetPasswordMail, type MailMessage } from '../../server/mail/templates.ts'
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts'
import { until } from './support/until.ts'
import { createTestApp, noDatabase, type TestApp } from './support/test-app.ts'

type Schemas = components['schemas']

/**
 * Settings → Mail as an admin uses it, against a real SMTP sink that refuses the first mails (451, as a busy server
 * does): waiting, sent and failed mail with their tries and last error in plain words, never the words of a mail that
 * carries a password link, failed mail resent one by one or all at once (each with a new day of tries), and the
 * dashboard's figure while mail failed in the last week.
 */
let t: TestApp
let sink: SmtpSink
let admin: string
let tutor: string
const RESET_LINK = 'http://tec.test/reset-password#token=never-shown-0123456789'
const MISSING_ID = '00000000-0000-4000-8000-000000000000'
/** The invitation, then the three mails made to fail, then the first resent one's first try. */
const REFUSALS = 5

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000)
const rowTo = async (to: string) => (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)))[0]
const get = <T extends object>(url: string, token = admin) => t.request<T>('GET', `/api${url}`, { token })
const post = <T extends object>(url: string, token = admin, body?: unknown) => t.request<T>('POST', `/api${url}`, { token, body })

/** Queues mail already a day old, as if it had been tried since yesterday, then lets the mailer try it. */
async function queuedYesterday(...messages: MailMessage[]) {
  await t.database.db.transaction(async (tx) => {
    for (const message of messages) {
      await t.deps.mailer.enqueue(tx, message)
      await tx.update(mailOutbox).set({ queuedAt: hoursAgo(25), createdAt: hoursAgo(25) }).where(eq(mailOutbox.to, message.to))
    }
  })
  t.deps.mailer.kick()
}

beforeAll(async () => {
  if (noDatabase) return
  sink = await startSmtpSink({ refuse: REFUSALS })
  t = await createTestApp({ env: { SMTP_URL: sink.url, MAIL_FROM: 'TEC Office <office@tec.example.org>' } })
  await t.createUser({ email: 'mail.admin@tec.test', role: 'ADMIN', name: 'Mona Mail' })
  await t.createUser({ email: 'mail.tutor@tec.test', role: 'TUTOR', name: 'Tom Tutor' })
  admin = await t.login('mail.admin@tec.test')
  tutor = await t.login('mail.tutor@tec.test')

  // A real invitation through the API: refused once, so it waits for its next try.
  expect((await post('/admin/staff', admin, { name: 'Ada New', email: 'ada.new@example.org' })).status).toBe(201)
  await until(() => rowTo('ada.new@example.org'), (row) => row?.lastError != null)
  // Three mails tried since yesterday, refused once more: given up.
  await queuedYesterday(
    resetPasswordMail({ email: 'reset.me@example.org', name: 'Rita Reset' }, RESET_LINK, 30),
    contactMessageMail('office@example.org', { reference: 'MSG-AAAAA', name: 'Carl Contact', email: 'carl@example.org', phone: null, subject: 'Lessons', message: 'Do you teach chemistry?' }),
    contactMessageMail('second@example.org', { reference: 'MSG-BBBBB', name: 'Cleo Contact', email: 'cleo@example.org', phone: null, subject: 'Fees', message: 'What are your fees?' }),
  )
  for (const to of ['reset.me@example.org', 'office@example.org', 'second@example.org']) await until(() => rowTo(to), (row) => row?.status === 'failed')
})
afterAll(async () => {
  await t?.close()
  await sink?.close()
})

describe.skipIf(noDatabase)('Settings → Mail', () => {
  it('is for admins only', async () => {
    expect((await get('/admin/mail', tutor)).status).toBe(403)
    expect((await post('/admin/mail/resend-failed', tutor)).status).toBe(403)
    expect((await post(`/admin/mail/${MISSING_ID}/resend`, tutor)).status).toBe(403)
    expect((await get(`/admin/mail/${MISSING_ID}`)).status).toBe(404)
  })

  it('lists mail newest first with its kind, tries and last error in plain words, and counts each status', async () => {
    const failed = await get<Schemas['MailPage']>('/admin/mail?status=failed')
    expect(failed.status).toBe(200)
    expect(failed.body.statusCounts).toEqual({ pending: 1, stored: 0, sent: 0, failed: 3 })
    expect(failed.body.total).toBe(3)
    const reset = failed.body.items.find((mail) => mail.to === 'reset.me@example.org')
    expect(reset).toMatchObject({ subject: 'Reset your TEC password', kind: 'password_reset', status: 'failed', attempts: 1 })
    expect(reset?.lastError?.code).toBe('451')
    expect(reset?.lastError?.plain).toBe('The mail server could not take this mail for now (code 451), for example because it was busy. Sending it again later usually works.')
    expect(reset?.lastError?.detail).toContain('Mailbox busy')
    expect(reset).not.toHaveProperty('nextAttemptAt')

    const waiting = await get<Schemas['MailPage']>('/admin/mail?status=pending')
    expect(waiting.body.items).toHaveLength(1)
    const [invited] = waiting.body.items
    expect(invited).toMatchObject({ to: 'ada.new@example.org', kind: 'staff_invitation', status: 'pending', attempts: 1 })
    expect(Date.parse(invited!.nextAttemptAt!)).toBeGreaterThan(Date.now())
    expect(invited?.lastError?.code).toBe('451')
    const all = await get<Schemas['MailPage']>('/admin/mail')
    expect(all.body.items[0]?.to).toBe('ada.new@example.org')
    // Neither the list nor the mail itself ever holds the words of a mail that carries a password link.
    expect(all.text).not.toContain('never-shown')
    const opened = await get<Schemas['MailDetail']>(`/admin/mail/${reset?.id}`)
    expect(opened.body).toMatchObject({ kind: 'password_reset', carriesSecretLink: true })
    expect(opened.body.withheld).toContain('its words are never shown here')
    expect(opened.body).not.toHaveProperty('text')
    expect(opened.text).not.toContain('never-shown')
    const invitation = await get<Schemas['MailDetail']>(`/admin/mail/${invited?.id}`)
    expect(invitation.body.carriesSecretLink).toBe(true)
    expect(invitation.body.withheld).toContain('its words are never shown here')
    expect(invitation.body).not.toHaveProperty('text')
    const contact = failed.body.items.find((mail) => mail.to === 'office@example.org')
    const readable = (await get<Schemas['MailDetail']>(`/admin/mail/${contact?.id}`)).body
    expect(readable).toMatchObject({ kind: 'contact_message', carriesSecretLink: false })
    expect(readable.text).toContain('Do you teach chemistry?')
    expect(readable).not.toHaveProperty('withheld')
  })

  it('shows on the dashboard how many mails failed in the last 7 days', async () => {
    const figures = async () => (await get<Schemas['Dashboard']>('/admin/dashboard')).body.figures.failedMail
    expect(await figures()).toBe(3)
    // One was given up eight days ago: it is no longer news for the dashboard, though the Mail screen still lists it.
    const given = await rowTo('second@example.org')
    await t.database.db.update(mailOutbox).set({ nextAttemptAt: new Date(Date.now() - 8 * 24 * 3600_000) }).where(eq(mailOutbox.to, 'second@example.org'))
    expect(await figures()).toBe(2)
    await t.database.db.update(mailOutbox).set({ nextAttemptAt: given!.nextAttemptAt }).where(eq(mailOutbox.to, 'second@example.org'))
  })

  it('resends one failed mail with a new day of tries, and refuses to resend one that has not failed', async () => {
    const reset = await rowTo('reset.me@example.org')
    const resent = await post<Schemas['MailSummary']>(`/admin/mail/${reset!.id}/resend`)
    expect(resent.status).toBe(200)
    expect(resent.body).toMatchObject({ status: 'pending', attempts: 0 })
    expect(resent.body).not.toHaveProperty('lastError')
    // Refused once more (the sink's last refusal): it waits for another try instead of failing, as its day starts again.
    const retried = await until(() => rowTo('reset.me@example.org'), (row) => row?.attempts === 1 && row.lastError !== null)
    expect(retried).toMatchObject({ status: 'pending', attempts: 1 })
    expect(retried!.createdAt.getTime()).toBe(reset!.createdAt.getTime())
    await t.database.db.update(mailOutbox).set({ nextAttemptAt: new Date() }).where(eq(mailOutbox.to, 'reset.me@example.org'))
    t.deps.mailer.kick()
    expect((await sink.waitForMail('reset.me@example.org')).text).toContain(RESET_LINK)
    await until(() => rowTo('reset.me@example.org'), (row) => row?.status === 'sent')

    const again = await post<Schemas['Error']>(`/admin/mail/${reset!.id}/resend`)
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('Only a failed mail can be sent again, and this one is not (it is sent). Reload the list to see where it is now.')
    expect((await post(`/admin/mail/${MISSING_ID}/resend`)).status).toBe(404)
    const audited = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'mail.resent'), eq(auditEvents.subjectId, reset!.id)))
    expect(audited).toHaveLength(1)
  })

  it('resends every failed mail at once and says how many', async () => {
    const answer = await post<Schemas['MailResent']>('/admin/mail/resend-failed')
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ resent: 2 })
    await sink.waitForMail('office@example.org')
    await sink.waitForMail('second@example.org')
    const counts = await until(
      async () => (await get<Schemas['MailPage']>('/admin/mail')).body.statusCounts,
      (statusCounts) => statusCounts.sent === 3,
    )
    expect(counts).toEqual({ pending: 1, stored: 0, sent: 3, failed: 0 })
    expect((await get<Schemas['Dashboard']>('/admin/dashboard')).body.figures.failedMail).toBe(0)
    expect((await post<Schemas['MailResent']>('/admin/mail/resend-failed')).body).toEqual({ resent: 0 })
  })
})
