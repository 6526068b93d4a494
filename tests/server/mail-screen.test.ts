import { and, eq, sql } from 'drizzle-orm'
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../src/api/schema.gen.ts'
import { auditEvents, mailOutbox, users } from '../../server/db/schema.ts'
import { MAIL_SCREEN_MESSAGES } from '../../server/mail/outbox.ts'
import { purgeMailBodies } from '../../server/mail/retention.ts'
import { adminInviteMail, contactMessageMail, resetPasswordMail, tutorInviteMail, type MailMessage } from '../../server/mail/templates.ts'
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts'
import { until } from './support/until.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'

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

describe('Settings → Mail', () => {
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
    // Its link worked for 30 minutes and the mail was given up after a day: the row says why it cannot be resent.
    expect(reset?.resendRefused).toBe(MAIL_SCREEN_MESSAGES.expiredReset)
    expect(reset?.resendRefused).toContain('"Forgot your password?"')
    expect(failed.body.items.find((mail) => mail.to === 'office@example.org')).not.toHaveProperty('resendRefused')

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
    // Each opening is recorded, whether or not its words were shown; the list is not.
    const [me] = await t.database.db.select().from(users).where(eq(users.email, 'mail.admin@tec.test'))
    const reads = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'mail.read'))
    expect(reads.map((event) => ({ subjectId: event.subjectId, actorUserId: event.actorUserId, details: event.details }))).toEqual(
      expect.arrayContaining([
        { subjectId: contact?.id, actorUserId: me!.id, details: { kind: 'contact_message', shown: true } },
        { subjectId: reset?.id, actorUserId: me!.id, details: { kind: 'password_reset', shown: false } },
      ]),
    )
    expect(reads).toHaveLength(3)
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
    const contact = await rowTo('office@example.org')
    const resent = await post<Schemas['MailSummary']>(`/admin/mail/${contact!.id}/resend`)
    expect(resent.status).toBe(200)
    expect(resent.body).toMatchObject({ status: 'pending', attempts: 0 })
    expect(resent.body).not.toHaveProperty('lastError')
    // Refused once more (the sink's last refusal): it waits for another try instead of failing, as its day starts again.
    const retried = await until(() => rowTo('office@example.org'), (row) => row?.attempts === 1 && row.lastError !== null)
    expect(retried).toMatchObject({ status: 'pending', attempts: 1 })
    expect(retried!.createdAt.getTime()).toBe(contact!.createdAt.getTime())
    await t.database.db.update(mailOutbox).set({ nextAttemptAt: new Date() }).where(eq(mailOutbox.to, 'office@example.org'))
    t.deps.mailer.kick()
    expect((await sink.waitForMail('office@example.org')).text).toContain('Do you teach chemistry?')
    await until(() => rowTo('office@example.org'), (row) => row?.status === 'sent')

    const again = await post<Schemas['Error']>(`/admin/mail/${contact!.id}/resend`)
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('Only a failed mail can be sent again, and this one is not (it is sent). Reload the list to see where it is now.')
    expect((await post(`/admin/mail/${MISSING_ID}/resend`)).status).toBe(404)
    const audited = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'mail.resent'), eq(auditEvents.subjectId, contact!.id)))
    expect(audited).toHaveLength(1)
  })

  it('refuses to resend a password reset, whose link has expired, and says what to do instead', async () => {
    const reset = await rowTo('reset.me@example.org')
    const refused = await post<Schemas['Error']>(`/admin/mail/${reset!.id}/resend`)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(MAIL_SCREEN_MESSAGES.expiredReset)
    expect(await rowTo('reset.me@example.org')).toMatchObject({ status: 'failed', attempts: 1 })
    expect(await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'mail.resent'), eq(auditEvents.subjectId, reset!.id)))).toEqual([])
  })

  it('resends every failed mail at once and says how many', async () => {
    const answer = await post<Schemas['MailResent']>('/admin/mail/resend-failed')
    expect(answer.status).toBe(200)
    // The password reset is left as it is: its link has expired.
    expect(answer.body).toEqual({ resent: 1, skipped: 1, skippedReason: MAIL_SCREEN_MESSAGES.skipped(1) })
    expect(answer.body.skippedReason).toContain('1 failed mail was left as it is')
    await sink.waitForMail('second@example.org')
    const counts = await until(
      async () => (await get<Schemas['MailPage']>('/admin/mail')).body.statusCounts,
      (statusCounts) => statusCounts.sent === 2,
    )
    expect(counts).toEqual({ pending: 1, stored: 0, sent: 2, failed: 1 })
    expect(await rowTo('reset.me@example.org')).toMatchObject({ status: 'failed' })
    expect((await get<Schemas['Dashboard']>('/admin/dashboard')).body.figures.failedMail).toBe(1)
    expect((await post<Schemas['MailResent']>('/admin/mail/resend-failed')).body).toEqual({ resent: 0, skipped: 1, skippedReason: MAIL_SCREEN_MESSAGES.skipped(1) })
  })

  it('resends a failed invitation while its link works, and refuses one whose link has expired or whose words were deleted', async () => {
    const invite = (to: string) => adminInviteMail({ email: to, name: 'Ivy Invite' }, 'http://tec.test/reset-password?token=invite-0123&welcome=1', 72, 'Mona Mail')
    const failedSince = async (message: MailMessage, createdHoursAgo: number, purged = false) => {
      const [row] = await t.database.db
        .insert(mailOutbox)
        .values({ ...message, status: 'failed', attempts: 9, createdAt: hoursAgo(createdHoursAgo), queuedAt: hoursAgo(createdHoursAgo), nextAttemptAt: hoursAgo(1), lastError: 'Mailbox busy', ...(purged ? { text: '', html: null, bodyPurgedAt: hoursAgo(1) } : {}) })
        .returning()
      return row!
    }
    const live = await failedSince(invite('invite.live@example.org'), 30)
    const expired = await failedSince(tutorInviteMail({ email: 'invite.old@example.org', name: 'Otto Old' }, 'http://tec.test/reset-password?token=old-0123&welcome=1', 72, 'invited'), 73)
    const purged = await failedSince(contactMessageMail('purged@example.org', { reference: 'MSG-CCCCC', name: 'Pia', email: 'pia@example.org', phone: null, subject: 'Hi', message: 'Hello' }), 24 * 40, true)

    const listed = (await get<Schemas['MailPage']>('/admin/mail?status=failed')).body.items
    expect(listed.find((mail) => mail.id === live.id)).not.toHaveProperty('resendRefused')
    expect(listed.find((mail) => mail.id === expired.id)?.resendRefused).toBe(MAIL_SCREEN_MESSAGES.expiredInvitation)
    expect(listed.find((mail) => mail.id === purged.id)?.resendRefused).toBe(MAIL_SCREEN_MESSAGES.purgedResend)

    const refusedOld = await post<Schemas['Error']>(`/admin/mail/${expired.id}/resend`)
    expect(refusedOld.status).toBe(409)
    expect(refusedOld.body.message).toContain('72 hours and has expired')
    const refusedPurged = await post<Schemas['Error']>(`/admin/mail/${purged.id}/resend`)
    expect(refusedPurged.status).toBe(409)
    expect(refusedPurged.body.message).toBe(MAIL_SCREEN_MESSAGES.purgedResend)

    const resent = await post<Schemas['MailSummary']>(`/admin/mail/${live.id}/resend`)
    expect(resent.status).toBe(200)
    expect(resent.body).toMatchObject({ status: 'pending', attempts: 0 })
    await sink.waitForMail('invite.live@example.org')
    expect(await rowTo('invite.old@example.org')).toMatchObject({ status: 'failed' })
    expect(await rowTo('purged@example.org')).toMatchObject({ status: 'failed' })
  })

  it('empties the words of failed mail: at once when its link has expired, else the kept days after it was given up', async () => {
    const failed = (to: string, message: Partial<MailMessage>, createdHoursAgo: number, givenUpDaysAgo: number) => ({
      to,
      subject: 'A mail',
      text: 'Some words',
      html: null,
      kind: 'other' as const,
      carriesSecretLink: false,
      ...message,
      status: 'failed' as const,
      createdAt: hoursAgo(createdHoursAgo),
      nextAttemptAt: hoursAgo(givenUpDaysAgo * 24),
    })
    const link = 'http://tec.test/reset-password?token=purge-0123'
    await t.database.db.insert(mailOutbox).values([
      failed('purge.reset@example.org', resetPasswordMail({ email: 'purge.reset@example.org', name: 'Rex' }, link, 30), 25, 0),
      failed('purge.invite.live@example.org', tutorInviteMail({ email: 'purge.invite.live@example.org', name: 'Ina' }, `${link}&welcome=1`, 72, 'invited'), 25, 0),
      failed('purge.invite.old@example.org', tutorInviteMail({ email: 'purge.invite.old@example.org', name: 'Ian' }, `${link}&welcome=1`, 72, 'invited'), 73, 2),
      failed('purge.recent@example.org', { kind: 'placement_started', text: 'Lessons with Lily on Mondays' }, 50, 29),
      failed('purge.old@example.org', { kind: 'placement_started', text: 'Lessons with Leo on Tuesdays' }, 800, 31),
    ])
    await purgeMailBodies(t.database.db, 30)
    const texts = Object.fromEntries(
      (await t.database.db.select({ to: mailOutbox.to, text: mailOutbox.text }).from(mailOutbox)).filter((row) => row.to.startsWith('purge.')).map((row) => [row.to, row.text]),
    )
    // An invitation given up a day after it was written can still be sent again for two more days: it keeps its words.
    expect(texts['purge.invite.live@example.org']).toContain('/reset-password?token=')
    expect({ ...texts, 'purge.invite.live@example.org': 'kept' }).toEqual({
      'purge.reset@example.org': '',
      'purge.invite.live@example.org': 'kept',
      'purge.invite.old@example.org': '',
      'purge.recent@example.org': 'Lessons with Lily on Mondays',
      'purge.old@example.org': '',
    })
    expect(await rowTo('purge.old@example.org')).toMatchObject({ status: 'failed', subject: 'A mail', html: null, kind: 'placement_started' })
  })

  it('marks mail stored before kinds were recorded that holds a password or invitation link (migration 0027), so its words are withheld', async () => {
    // As migration 0023 left them: the column defaults, whatever the mail held.
    const before = (to: string, subject: string, text: string) => ({ to, subject, text, html: null, status: 'sent' as const, sentAt: new Date() })
    const rows = await t.database.db
      .insert(mailOutbox)
      .values([
        before('old.reset@example.org', 'Reset your TEC password', 'Hello Rae,\n\nhttp://tec.test/reset-password?token=old-reset-0123\n\nThe link works once, for 30 minutes.'),
        before('old.tutor@example.org', 'Welcome to TEC: choose your password', 'Welcome to TEC: your tutor application has been accepted.\n\nhttp://tec.test/reset-password?token=old-tutor-0123\n'),
        before('old.admin@example.org', 'Welcome to TEC: choose your password', "Mona Mail has made you an admin account for TEC's office.\n\nhttp://tec.test/reset-password?token=old-admin-0123&welcome=1\n"),
        before('old.contact@example.org', 'New contact message MSG-DDDDD', 'Do you teach biology?'),
      ])
      .returning()
    const idOf = (to: string) => rows.find((row) => row.to === to)!.id
    const shown = await get<Schemas['MailDetail']>(`/admin/mail/${idOf('old.reset@example.org')}`)
    expect(shown.body).toMatchObject({ kind: 'other', carriesSecretLink: false })

    await t.database.db.execute(sql.raw(readFileSync(new URL('../../server/db/migrations/0027_mail_secret_links_backfill.sql', import.meta.url), 'utf8')))
    const kinds = Object.fromEntries(
      (await t.database.db.select().from(mailOutbox)).filter((row) => row.to.startsWith('old.')).map((row) => [row.to, [row.kind, row.carriesSecretLink]]),
    )
    expect(kinds).toEqual({
      'old.reset@example.org': ['password_reset', true],
      'old.tutor@example.org': ['tutor_invitation', true],
      'old.admin@example.org': ['staff_invitation', true],
      'old.contact@example.org': ['other', false],
    })
    const withheld = await get<Schemas['MailDetail']>(`/admin/mail/${idOf('old.reset@example.org')}`)
    expect(withheld.body).toMatchObject({ kind: 'password_reset', carriesSecretLink: true, withheld: MAIL_SCREEN_MESSAGES.secretLink })
    expect(withheld.text).not.toContain('old-reset-0123')
    // The purge now empties them too.
    await purgeMailBodies(t.database.db, 30)
    expect((await rowTo('old.admin@example.org'))?.text).toBe('')
    expect((await rowTo('old.contact@example.org'))?.text).toBe('Do you teach biology?')
  })
})
