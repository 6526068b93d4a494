import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox } from '../../server/db/schema.ts'
import { Mailer, MAIL_DELIVERY, retryDelayMs, type MailSettings } from '../../server/mail/mailer.ts'
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts'
import { until } from './support/until.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'

/**
 * Mail as an organisation sends it: from its own address, kept while no mail server is set and sent once one is, and
 * tried again for a day (a minute, doubling to six hours) before it is marked failed, against a real SMTP sink.
 */
let t: TestApp
const sinks: SmtpSink[] = []
const mailers: Mailer[] = []
beforeAll(async () => {
  t = await createTestApp()
})
// Each test's mailer stops with it, so none sends another test's mail through its own sink.
afterEach(async () => {
  for (const mailer of mailers.splice(0)) await mailer.stop()
  for (const sink of sinks.splice(0)) await sink.close()
})
afterAll(async () => t?.close())

async function sinkAndMailer(settings: Partial<MailSettings> = {}, refuse = 0) {
  const sink = await startSmtpSink({ refuse })
  sinks.push(sink)
  const mailer = new Mailer(t.database.db, t.deps.logger, { smtpUrl: sink.url, mailFrom: 'TEC Office <office@tec.example.org>', mailReplyTo: undefined, ...settings })
  mailers.push(mailer)
  return { sink, mailer }
}

const letter = (to: string) => ({ to, subject: `For ${to}`, text: 'Hello.', html: null, kind: 'other' as const, carriesSecretLink: false })
const rowTo = async (to: string) => (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)))[0]

describe('mail delivery', () => {
  it('sends as MAIL_FROM with MAIL_REPLY_TO, and sends mail kept while no mail server was set once one is', async () => {
    // The app under test has no SMTP_URL: its mail is kept.
    await t.deps.mailer.enqueue(t.database.db, letter('kept@example.org'))
    expect((await rowTo('kept@example.org'))?.status).toBe('stored')

    const { sink, mailer } = await sinkAndMailer({ mailReplyTo: 'help@tec.example.org' })
    await mailer.start()
    const mail = await sink.waitForMail('kept@example.org')
    expect(mail.from).toMatchObject({ name: 'TEC Office', address: 'office@tec.example.org' })
    expect(mail.replyTo).toEqual([expect.objectContaining({ address: 'help@tec.example.org' })])
    expect(mail.subject).toBe('For kept@example.org')
    expect((await until(() => rowTo('kept@example.org'), (row) => row?.status === 'sent'))?.status).toBe('sent')
  })

  it('gives mail kept for days while no mail server was set a new day of tries once one is', async () => {
    await t.deps.mailer.enqueue(t.database.db, letter('kept-for-days@example.org'))
    const threeDaysAgo = new Date(Date.now() - 72 * 3600_000)
    await t.database.db.update(mailOutbox).set({ queuedAt: threeDaysAgo, createdAt: threeDaysAgo }).where(eq(mailOutbox.to, 'kept-for-days@example.org'))

    const { mailer } = await sinkAndMailer({}, 1000)
    const started = Date.now()
    await mailer.start()
    const refused = await until(() => rowTo('kept-for-days@example.org'), (row) => row?.lastError != null)
    // Refused once, it waits for its next try instead of being given up: its day started when the mail server was set.
    expect(refused).toMatchObject({ status: 'pending', attempts: 1 })
    expect(refused!.queuedAt.getTime()).toBeGreaterThanOrEqual(started - 1000)
    expect(refused!.createdAt.getTime()).toBe(threeDaysAgo.getTime())
  })

  it('tries a refused mail again a minute later, and sends it then', async () => {
    const { sink, mailer } = await sinkAndMailer({}, 1)
    await mailer.start()
    const before = Date.now()
    await mailer.enqueue(t.database.db, letter('busy@example.org'))
    mailer.kick()
    const refused = await until(() => rowTo('busy@example.org'), (row) => row?.lastError != null)
    expect(refused).toMatchObject({ status: 'pending', attempts: 1 })
    expect(refused?.lastError).toContain('Mailbox busy')
    expect(refused!.nextAttemptAt.getTime() - before).toBeGreaterThanOrEqual(MAIL_DELIVERY.backoffBaseMs)
    expect(sink.messages).toHaveLength(0)

    // The minute has passed (moved on by editing the row, as the mailer reads the time from it).
    await t.database.db.update(mailOutbox).set({ nextAttemptAt: new Date() }).where(eq(mailOutbox.to, 'busy@example.org'))
    mailer.kick()
    await sink.waitForMail('busy@example.org')
    expect(await until(() => rowTo('busy@example.org'), (row) => row?.status === 'sent')).toMatchObject({ status: 'sent', attempts: 2, lastError: null })
  })

  it('waits a minute, doubling to six hours, between tries, and marks a mail failed only a day after it was queued', async () => {
    expect([1, 2, 3, 4, 8, 9, 10, 30, 100].map((attempt) => retryDelayMs(attempt) / 60_000)).toEqual([1, 2, 4, 8, 128, 256, 360, 360, 360])
    const { mailer } = await sinkAndMailer({}, 1000)
    await mailer.start()
    await mailer.enqueue(t.database.db, letter('almost-a-day@example.org'))
    await mailer.enqueue(t.database.db, letter('a-day@example.org'))
    const hours = (n: number) => new Date(Date.now() - n * 3600_000)
    await t.database.db.update(mailOutbox).set({ queuedAt: hours(23) }).where(eq(mailOutbox.to, 'almost-a-day@example.org'))
    await t.database.db.update(mailOutbox).set({ queuedAt: hours(24) }).where(eq(mailOutbox.to, 'a-day@example.org'))
    mailer.kick()
    expect(await until(() => rowTo('almost-a-day@example.org'), (row) => row?.attempts === 1 && row.lastError != null)).toMatchObject({ status: 'pending' })
    expect(await until(() => rowTo('a-day@example.org'), (row) => row?.status === 'failed')).toMatchObject({ status: 'failed', attempts: 1 })
  })
})
