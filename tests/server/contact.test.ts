import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../src/api/schema.gen.ts'
import { saveSiteSettings } from '../../server/site-settings/records.ts'
import { contactMessages, mailOutbox } from '../../server/db/schema.ts'
import { DEMO_SITE_SETTINGS } from '../../server/demo/gallery.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'

type Receipt = components['schemas']['ContactMessageReceipt']

let t: TestApp
const TEAM_EMAIL = 'enquiries@tec.example'
const RECEIVED = 'Thank you. We have received your message and will reply within two working days.'
const REFERENCE = /^MSG-[0-9ABCDEFGHJKMNPQRSTVWXYZ]{5}$/

beforeAll(async () => {
  t = await createTestApp()
  await saveSiteSettings(t.database.db, { ...DEMO_SITE_SETTINGS, email: TEAM_EMAIL })
})
afterAll(async () => t?.close())

let sequence = 0
/** A valid message from its own IP and email, so no two tests share a throttle or a fingerprint. */
function freshMessage(overrides: Record<string, unknown> = {}) {
  sequence += 1
  return {
    ip: `198.18.${Math.floor(sequence / 250)}.${sequence % 250}`,
    body: {
      name: 'Sam Rivers',
      email: `sam.${sequence}@example.org`,
      phone: '+44 7700 900123',
      subject: 'Maths tutoring for my daughter',
      message: `Hello, my daughter is in Year 10 and would like help with algebra (${sequence}). Could someone call me?`,
      ...overrides,
    },
  }
}

const send = (options: { ip: string; body: unknown }) => t.request<Receipt>('POST', '/api/contact-messages', options)

async function storedCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(contactMessages)
  return row?.n ?? 0
}

async function mailsTo(email: string) {
  return t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))
}

describe('POST /api/contact-messages', () => {
  it('stores a message, answers 202 with a reference and queues a notification to the team', async () => {
    const message = freshMessage({ name: '  Sam Rivers  ', email: 'Sam.Rivers@Example.org', phone: '  ' })
    const before = await mailsTo(TEAM_EMAIL)
    const answer = await send(message)
    expect(answer.status).toBe(202)
    expect(answer.body.message).toBe(RECEIVED)
    expect(answer.body.reference).toMatch(REFERENCE)

    const [row] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.reference, answer.body.reference))
    expect(row).toMatchObject({ name: 'Sam Rivers', email: 'sam.rivers@example.org', phone: null, status: 'new', ip: message.ip })
    expect(row?.fingerprint).toMatch(/^[a-f0-9]{64}$/)

    const after = await mailsTo(TEAM_EMAIL)
    expect(after.length).toBe(before.length + 1)
    const mail = after.find((candidate) => candidate.subject === `New contact message ${answer.body.reference}`)
    expect(mail?.text).toContain('From: Sam Rivers')
    expect(mail?.text).toContain('Email: sam.rivers@example.org')
    expect(mail?.text).toContain(message.body.message)
    // The visitor's address is never mailed: anyone can type someone else's.
    expect(await mailsTo('sam.rivers@example.org')).toEqual([])
  })

  it('answers a message per field for whitespace-only, too long, malformed and unknown fields', async () => {
    const blank = await send(freshMessage({ name: '   ', subject: '\t ', message: '      \n     ' }))
    expect(blank.status).toBe(400)
    expect(blank.body).toEqual({
      message: 'Check the highlighted fields.',
      fields: { name: 'This field is required.', subject: 'This field is required.', message: 'This field is required.' },
    })
    const padded = await send(freshMessage({ message: '    too short    ' }))
    expect(padded.body).toMatchObject({ fields: { message: 'Use at least 10 characters.' } })

    const invalid = await send(freshMessage({ name: 'n'.repeat(101), email: 'not-an-email', phone: 'call me', subject: 's'.repeat(151), message: 'm'.repeat(5001), extra: 1 }))
    expect(invalid.status).toBe(400)
    expect(invalid.body).toMatchObject({
      fields: {
        name: 'Use at most 100 characters.',
        email: 'Enter an email address like name@example.com.',
        phone: 'Use only digits, spaces and + ( ) - . in a phone number.',
        subject: 'Use at most 150 characters.',
        message: 'Use at most 5000 characters.',
        extra: 'This field is not allowed.',
      },
    })
    const wrongTypes = await send(freshMessage({ name: 42, website: false }))
    expect(wrongTypes.body).toMatchObject({ fields: { name: 'This must be text.', website: 'This must be text.' } })
    const missing = await t.request('POST', '/api/contact-messages', { ip: '198.18.200.1', body: {} })
    expect(missing.body.fields).toEqual({
      name: 'This field is required.',
      email: 'This field is required.',
      subject: 'This field is required.',
      message: 'This field is required.',
    })
  })

  it('answers a filled honeypot like a real message but stores and mails nothing', async () => {
    const before = await storedCount()
    const mailsBefore = await mailsTo(TEAM_EMAIL)
    const answer = await send(freshMessage({ website: 'https://cheap-pills.example' }))
    expect(answer.status).toBe(202)
    expect(answer.body.message).toBe(RECEIVED)
    expect(answer.body.reference).toMatch(REFERENCE)
    expect(await storedCount()).toBe(before)
    expect(await mailsTo(TEAM_EMAIL)).toHaveLength(mailsBefore.length)
  })

  it('answers the first reference for the same message sent again within 10 minutes and stores it once', async () => {
    const first = freshMessage()
    const answer = await send(first)
    const before = await storedCount()
    // The same message with different spacing and case, from another address, is still the same message.
    const again = await send({
      ip: '198.18.201.1',
      body: { ...first.body, email: first.body.email.toUpperCase(), message: `  ${first.body.message.replace(' ', '   ')} ` },
    })
    expect(again.status).toBe(202)
    expect(again.body.reference).toBe(answer.body.reference)
    expect(await storedCount()).toBe(before)
    // A different message from the same person is new.
    const other = await send({ ip: first.ip, body: { ...first.body, message: `${first.body.message} Thanks!` } })
    expect(other.body.reference).not.toBe(answer.body.reference)
  })

  it('stores a double click (two identical requests at once) once, with one reference', async () => {
    const message = freshMessage()
    const before = await storedCount()
    const mailsBefore = await mailsTo(TEAM_EMAIL)
    const answers = await Promise.all([send(message), send(message), send(message)])
    expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202])
    expect(new Set(answers.map((answer) => answer.body.reference)).size).toBe(1)
    expect(await storedCount()).toBe(before + 1)
    expect(await mailsTo(TEAM_EMAIL)).toHaveLength(mailsBefore.length + 1)
  })

  it('throttles five messages an hour per IP with 429 and Retry-After', async () => {
    const ip = '198.18.210.1'
    for (let index = 0; index < 5; index++) expect((await send({ ip, body: freshMessage().body })).status).toBe(202)
    const before = await storedCount()
    const refused = await send({ ip, body: freshMessage().body })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000)
    expect(refused.body).toEqual({ message: 'Too many attempts. Try again in 60 minutes.' })
    expect(await storedCount()).toBe(before)
  })

  it('throttles three messages an hour per email, whatever the IP', async () => {
    const email = 'busy.sender@example.org'
    for (let index = 0; index < 3; index++) expect((await send(freshMessage({ email }))).status).toBe(202)
    const refused = await send(freshMessage({ email: 'Busy.Sender@example.org' }))
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})
