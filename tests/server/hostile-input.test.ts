import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contract } from '../../server/contract/document.ts'
import { DEMO_SITE_SETTINGS } from '../../server/demo/gallery.ts'
import { seedDemoContent } from '../../server/demo/content.ts'
import { LESSON_MESSAGES } from '../../server/lessons/messages.ts'
import { saveSiteSettings } from '../../server/site-settings/records.ts'
import { contactMessages, mailOutbox, media, registrations, users } from '../../server/db/schema.ts'
import { BODIES, FORM_PATHS, subjectEnrolment } from './support/registration-bodies.ts'
import { createTestApp, DEFAULT_PASSWORD, type TestApp } from './support/test-app.ts'

/**
 * What an attacker sends to a form or a query, beyond what the contract's schemas describe: fields named like
 * the properties every JavaScript object inherits, bodies nested thousands of levels deep, NUL bytes and other
 * control characters, direction-changing characters and web addresses in names.
 */
let t: TestApp
let adminToken: string
let tutorToken: string
const TEAM_EMAIL = 'office@tec.example'
const CHECK_FIELDS = 'Check the highlighted fields.'
const NOT_ALLOWED = 'This field is not allowed.'
const CONTROL = 'Remove the control characters from this text.'
const NAME_ONLY = 'Enter just a name, without web or email addresses or special characters.'

beforeAll(async () => {
  t = await createTestApp()
  await seedDemoContent(t.database.db)
  await saveSiteSettings(t.database.db, { ...DEMO_SITE_SETTINGS, email: TEAM_EMAIL })
  await t.createUser({ email: 'hostile-admin@tec.test', role: 'ADMIN', name: 'Hostile Admin' })
  adminToken = await t.login('hostile-admin@tec.test')
  await t.createUser({ email: 'hostile-tutor@tec.test', role: 'TUTOR', name: 'Hostile Tutor' })
  tutorToken = await t.login('hostile-tutor@tec.test')
})
afterAll(async () => t?.close())

let sequence = 0
const nextIp = () => `198.51.${Math.floor(++sequence / 250)}.${sequence % 250}`

async function rowCounts() {
  const [stored] = await t.database.db.select({ n: count() }).from(registrations)
  const [messages] = await t.database.db.select({ n: count() }).from(contactMessages)
  const [mails] = await t.database.db.select({ n: count() }).from(mailOutbox)
  return { registrations: stored?.n, messages: messages?.n, mails: mails?.n }
}

/** A JSON text whose first key is `name` holding `value` (as text, so `__proto__` stays a plain key), then the body. */
function withLeadingField(name: string, value: string, body: object): string {
  return `{${JSON.stringify(name)}: ${value}, ${JSON.stringify(body).slice(1)}`
}

const PROTOTYPE_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', '__defineGetter__']

describe('fields named like built-in object properties', () => {
  it.each(PROTOTYPE_NAMES)('a body field named %s is refused by every public form, naming it, and nothing is stored', async (name) => {
    const before = await rowCounts()
    for (const [type, path] of Object.entries(FORM_PATHS)) {
      const body = BODIES[type as keyof typeof BODIES](++sequence)
      const answer = await t.request('POST', path, { rawBody: withLeadingField(name, '{"polluted": true}', body), ip: nextIp() })
      expect(answer.status, `${type}: ${answer.text}`).toBe(400)
      expect(answer.body).toEqual({ message: CHECK_FIELDS, fields: { [name]: NOT_ALLOWED } })
    }
    const contact = await t.request('POST', '/api/contact-messages', {
      rawBody: withLeadingField(name, '1', { name: 'Sam Rivers', email: 'sam@example.org', subject: 'Hello', message: 'A question about lessons.' }),
      ip: nextIp(),
    })
    expect(contact.status).toBe(400)
    expect(contact.body.fields).toEqual({ [name]: NOT_ALLOWED })
    // Nested objects too: the contact person of an enrolment.
    const nested = subjectEnrolment(++sequence)
    const answer = await t.request('POST', FORM_PATHS.subject, {
      rawBody: JSON.stringify(nested).replace('"contact":{', `"contact":{${JSON.stringify(name)}:"x",`),
      ip: nextIp(),
    })
    expect(answer.body.fields).toEqual({ [`contact.${name}`]: NOT_ALLOWED })
    expect(await rowCounts()).toEqual(before)
  })

  it.each(PROTOTYPE_NAMES)('a query parameter named %s is refused on public and staff reads', async (name) => {
    for (const [path, token] of [
      ['/api/subjects', undefined],
      ['/api/courses', undefined],
      ['/api/admin/registrations', adminToken],
      ['/api/admin/students', adminToken],
    ] as const) {
      const answer = await t.request('GET', `${path}?${encodeURIComponent(name)}=x`, { token })
      expect(answer.status, `${path}?${name}: ${answer.text}`).toBe(400)
      expect(answer.body.fields).toEqual({ [name]: NOT_ALLOWED })
    }
  })

  // Every form upload of the contract, with a value its schema takes for each path parameter.
  const uploads = contract().operations.filter((operation) => operation.requestBody?.mediaType === 'multipart/form-data')
  const pathValues: Record<string, string> = { mediaId: 'a'.repeat(64) }
  const onePixelPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')

  it.each(PROTOTYPE_NAMES)('a form field named %s is refused by every upload, naming it, and nothing is stored', async (name) => {
    expect(uploads.length).toBeGreaterThan(0)
    const [before] = await t.database.db.select({ n: count() }).from(media)
    for (const operation of uploads) {
      const path = operation.path.replace(/\{([^}]+)\}/g, (_, parameter: string) => {
        const value = pathValues[parameter]
        if (value === undefined) throw new Error(`${operation.operationId}: give the test a value for {${parameter}}`)
        return value
      })
      const form = new FormData()
      form.append('file', new File([onePixelPng], 'dot.png', { type: 'image/png' }))
      form.append(name, 'polluted')
      const answer = await t.request(operation.method.toUpperCase(), `/api${path}`, { form, token: adminToken, headers: { 'if-match': '"1"' } })
      expect(answer.status, `${operation.operationId}: ${answer.text}`).toBe(400)
      expect(answer.body).toEqual({ message: CHECK_FIELDS, fields: { [name]: NOT_ALLOWED } })
    }
    const [after] = await t.database.db.select({ n: count() }).from(media)
    expect(after?.n).toBe(before?.n)
  })

  it('a body nested thousands of levels deep is a 400 without a crash, and the server answers the next request', async () => {
    const before = await rowCounts()
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`
    const answer = await t.request('POST', FORM_PATHS.subject, { rawBody: withLeadingField('constructor', deep, subjectEnrolment(++sequence)), ip: nextIp() })
    expect(answer.status).toBe(400)
    expect(answer.body.message).toBe('The body is nested too deeply. Send the fields the form asks for.')
    const arrays = await t.request('POST', '/api/contact-messages', { rawBody: `${'['.repeat(30_000)}${']'.repeat(30_000)}`, ip: nextIp() })
    expect(arrays.status).toBe(400)
    expect((await t.request('GET', '/api/subjects')).status).toBe(200)
    expect(await rowCounts()).toEqual(before)
  })
})

describe('control characters', () => {
  const contactMessage = (fields: Record<string, string>) => ({
    body: { name: 'Sam Rivers', email: 'sam@example.org', subject: 'Lessons', message: 'A question about lessons.', ...fields },
    ip: nextIp(),
  })

  it('a NUL byte in any text field of the contact form is a 400 naming the field', async () => {
    const before = await rowCounts()
    for (const field of ['name', 'subject', 'message', 'email']) {
      const answer = await t.request('POST', '/api/contact-messages', contactMessage({ [field]: `before\u0000after@example.org` }))
      expect(answer.status, answer.text).toBe(400)
      expect(answer.body.fields?.[field], answer.text).toBe(CONTROL)
    }
    const escape = await t.request('POST', '/api/contact-messages', contactMessage({ message: 'A bell \u0007 and an escape \u001b[31m in a message' }))
    expect(escape.body.fields).toEqual({ message: CONTROL })
    expect(await rowCounts()).toEqual(before)
  })

  it('keeps tabs and line breaks in long answers', async () => {
    const answer = await t.request('POST', '/api/contact-messages', contactMessage({ message: 'First line\r\nSecond line\n\tindented' }))
    expect(answer.status, answer.text).toBe(202)
  })

  it('a NUL byte or a broken character in an enrolment, nested or in a list, is a 400 naming the field', async () => {
    const before = await rowCounts()
    const cases: [Record<string, unknown>, string][] = [
      [{ goals: 'Algebra\u0000' }, 'goals'],
      [{ contact: { ...subjectEnrolment(0).contact, name: 'Priya\u0000Shah' } }, 'contact.name'],
      [{ subjects: ['Maths', 'Phys\u0000ics'] }, 'subjects.1'],
      [{ learningNeeds: 'Dyslexia \ud800' }, 'learningNeeds'],
    ]
    for (const [overrides, field] of cases) {
      const answer = await t.request('POST', FORM_PATHS.subject, { body: subjectEnrolment(++sequence, overrides), ip: nextIp() })
      expect(answer.status, answer.text).toBe(400)
      expect(answer.body.fields?.[field], answer.text).toMatch(/control characters|broken character/)
    }
    expect(await rowCounts()).toEqual(before)
  })

  it('a NUL byte in the admin search, a path or a staff name is a 400, never a 500', async () => {
    const search = await t.request('GET', `/api/admin/registrations?q=${encodeURIComponent('anya\u0000')}`, { token: adminToken })
    expect(search.status).toBe(400)
    expect(search.body.fields).toEqual({ q: CONTROL })
    const students = await t.request('GET', `/api/admin/students?q=%00`, { token: adminToken })
    expect(students.body.fields).toEqual({ q: CONTROL })
    const path = await t.request('GET', `/api/courses/${encodeURIComponent('maths\u0000')}`)
    expect(path.status).toBe(400)
    const name = await t.request('PATCH', '/api/auth/me', { body: { name: 'Ada\u0000' }, token: adminToken })
    expect(name.status).toBe(400)
    expect(name.body.fields).toEqual({ name: CONTROL })
  })

  it('refused requests do not count against the sender’s form quota', async () => {
    const ip = nextIp()
    for (let i = 0; i < 12; i++) {
      const refused = await t.request('POST', FORM_PATHS.subject, { body: subjectEnrolment(++sequence, { goals: `Try ${i}\u0000` }), ip })
      expect(refused.status).toBe(400)
    }
    for (let i = 0; i < 5; i++) {
      const refused = await t.request('POST', '/api/contact-messages', { ...contactMessage({ message: `Message number ${i}\u0000` }), ip })
      expect(refused.status).toBe(400)
    }
    // The quotas are 10 registrations and 5 contact messages an hour per address: every one is still free.
    for (let i = 0; i < 10; i++) {
      const accepted = await t.request('POST', FORM_PATHS.subject, { body: subjectEnrolment(++sequence), ip })
      expect(accepted.status, accepted.text).toBe(201)
    }
    const message = await t.request('POST', '/api/contact-messages', { ...contactMessage({ message: 'Now a real question about lessons.' }), ip })
    expect(message.status, message.text).toBe(202)
  })
})

describe('names are only names', () => {
  const phishing = [
    'URGENT: verify your bank at https://bank-secure.example/login',
    'Call now www.cheap-loans.example',
    'Visit bank-secure.com today',
    'Reply to support@bank.example',
    'See evil.example/path',
  ]
  const hidden = ['Ada\u202eevil', 'Ada\u2066x\u2069', 'Ada\u200fLovelace', 'Ada\u0085Lovelace']

  it.each([...phishing, ...hidden])('refuses %j in every person-name field', async (name) => {
    const before = await rowCounts()
    const contact = { ...subjectEnrolment(0).contact, name }
    const enrolment = await t.request('POST', FORM_PATHS.subject, { body: subjectEnrolment(++sequence, { contact }), ip: nextIp() })
    expect(enrolment.status, enrolment.text).toBe(400)
    expect(enrolment.body.fields?.['contact.name']).toBe(NAME_ONLY)
    const student = await t.request('POST', FORM_PATHS.subject, { body: subjectEnrolment(++sequence, { student: { name, yearGroup: 'year_10' } }), ip: nextIp() })
    expect(student.body.fields?.['student.name']).toBe(NAME_ONLY)
    const message = await t.request('POST', '/api/contact-messages', { body: { name, email: 'sam@example.org', subject: 'Hi', message: 'A question about lessons.' }, ip: nextIp() })
    expect(message.body.fields?.name).toBe(NAME_ONLY)
    const me = await t.request('PATCH', '/api/auth/me', { body: { name }, token: adminToken })
    expect(me.status).toBe(400)
    expect(await rowCounts()).toEqual(before)
  })

  it('accepts the names people have', async () => {
    for (const name of ["Siobhán O'Neill-Ó Briain", 'José María de la Cruz', 'Nguyễn Thị Minh Khai', '王秀英', 'J. R. R. Tolkien', 'Dr Amara Okafor', 'محمد عبد الله']) {
      const answer = await t.request('PATCH', '/api/auth/me', { body: { name }, token: adminToken })
      expect(answer.status, `${name}: ${answer.text}`).toBe(200)
    }
    const [row] = await t.database.db.select({ name: users.name }).from(users).where(eq(users.email, 'hostile-admin@tec.test'))
    expect(row?.name).toBe('محمد عبد الله')
  })

  it('mail to the address an enrolment gives quotes the name and the reference, nothing else the sender wrote', async () => {
    const n = ++sequence
    const email = `unconfirmed.${n}@example.org`
    const body = subjectEnrolment(n, {
      contact: { ...subjectEnrolment(n).contact, email, name: 'Priya Shah' },
      goals: 'Your account is suspended: verify at https://bank-secure.example now',
      learningNeeds: 'Call 0800 000 000 to claim your prize',
      student: { name: 'Prize Department', yearGroup: 'year_10', school: 'https://bank-secure.example' },
    })
    const answer = await t.request<{ reference: string }>('POST', FORM_PATHS.subject, { body, ip: nextIp() })
    expect(answer.status, answer.text).toBe(201)
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))
    expect(mails).toHaveLength(1)
    const mail = mails[0]!
    expect(mail.text).toContain('Hello Priya Shah,')
    expect(mail.text).toContain(answer.body.reference)
    for (const theirs of ['bank-secure', 'suspended', 'prize', 'Prize Department', '0800']) {
      expect(`${mail.subject}\n${mail.text}\n${mail.html ?? ''}`.toLowerCase()).not.toContain(theirs.toLowerCase())
    }
  })
})

describe('dates the contract takes', () => {
  const DATE = 'Enter a valid date, in the years 1900 to 2200.'
  const DATE_TIME = 'Enter a valid date and time, in the years 1900 to 2200.'
  const figures = (from: string, to: string) => t.request('GET', `/api/admin/lesson-figures?from=${from}&to=${to}`, { token: adminToken })

  it('a period of lesson figures outside the years 1900 to 2200 is a 400 naming each date, never a 500', async () => {
    const outside: [string, string, Record<string, string>][] = [
      ['0000-01-01', '0001-01-01', { from: DATE, to: DATE }],
      ['1899-12-31', '1900-01-01', { from: DATE }],
      ['2200-12-31', '2201-01-01', { to: DATE }],
      ['9999-12-30', '9999-12-31', { from: DATE, to: DATE }],
    ]
    for (const [from, to, fields] of outside) {
      const answer = await figures(from, to)
      expect(answer.status, `${from} to ${to}: ${answer.text}`).toBe(400)
      expect(answer.body.fields, `${from} to ${to}`).toEqual(fields)
    }
    // The first and last days of the range are dates like any other.
    expect((await figures('1900-01-01', '1900-12-31')).status).toBe(200)
    expect((await figures('2200-12-01', '2200-12-31')).status).toBe(200)
    // The figures' own rules still answer at the field: the period's order and length.
    expect((await figures('2026-02-01', '2026-01-01')).body.fields).toEqual({ to: LESSON_MESSAGES.periodOrder })
    expect((await figures('1900-01-01', '2200-12-31')).body.fields).toEqual({ to: LESSON_MESSAGES.periodTooLong })
  })

  it('a date out of range in a body or a tutor’s query is a 400 at its field', async () => {
    const placement = await t.request('POST', '/api/admin/placements', {
      body: { studentId: crypto.randomUUID(), tutorId: crypto.randomUUID(), subject: 'Maths', mode: 'online', startsOn: '0001-01-01', frequency: 'weekly' },
      token: adminToken,
    })
    expect(placement.status, placement.text).toBe(400)
    expect(placement.body.fields).toEqual({ startsOn: DATE })
    const lessons = await t.request('GET', '/api/tutor/lessons?from=2200-12-25&to=2201-01-01', { token: tutorToken })
    expect(lessons.body.fields).toEqual({ to: DATE })
    for (const publishAt of ['0000-01-01T00:00:00Z', '2201-01-01T09:00:00Z']) {
      const schedule = await t.request('PUT', `/api/admin/blog-posts/${crypto.randomUUID()}/status`, { body: { status: 'scheduled', publishAt }, token: adminToken, headers: { 'if-match': '"1"' } })
      expect(schedule.status, schedule.text).toBe(400)
      expect(schedule.body.fields).toEqual({ publishAt: DATE_TIME })
    }
  })
})

describe('email addresses people give', () => {
  const EMAIL = 'Enter an email address like name@example.com.'
  // Each would pass the usual email format, and each part after `?`, `&` or `#` would become a header or an anchor of a
  // mailto: link made from it.
  const odd = ['x?bcc=spy%40evil.example&y=@example.com', 'a&cc=spy@example.com', 'office#x@example.com', 'a/b@example.com', 'a%20b@example.com', 'a`b@example.com']

  it.each(odd)('refuses %j on the contact form, an enrolment and a staff invitation', async (email) => {
    const before = await rowCounts()
    const contact = await t.request('POST', '/api/contact-messages', { body: { name: 'Sam Rivers', email, subject: 'Hello', message: 'A question about lessons.' }, ip: nextIp() })
    expect(contact.status, contact.text).toBe(400)
    expect(contact.body.fields).toEqual({ email: EMAIL })
    const enrolment = await t.request('POST', FORM_PATHS.subject, { body: subjectEnrolment(++sequence, { contact: { ...subjectEnrolment(0).contact, email } }), ip: nextIp() })
    expect(enrolment.status, enrolment.text).toBe(400)
    expect(enrolment.body.fields).toEqual({ 'contact.email': EMAIL })
    const invitation = await t.request('POST', '/api/admin/staff', { body: { name: 'New Admin', email }, token: adminToken })
    expect(invitation.status, invitation.text).toBe(400)
    expect(invitation.body.fields).toEqual({ email: EMAIL })
    expect(await rowCounts()).toEqual(before)
  })

  it('still signs in, and sends a reset link to, an account made before the rule tightened', async () => {
    // `npm run user:create` took such an address before; its owner must not be locked out by the new rule.
    await t.createUser({ email: 'a!b@tec.test', role: 'ADMIN' })
    expect((await t.request('POST', '/api/auth/login', { body: { email: 'a!b@tec.test', pass: DEFAULT_PASSWORD }, ip: nextIp() })).status).toBe(200)
    expect((await t.request('POST', '/api/auth/forget-password', { body: { email: 'a!b@tec.test' }, ip: nextIp() })).status).toBe(202)
    // Something that is not an address at all is still refused at its field.
    const junk = await t.request('POST', '/api/auth/login', { body: { email: 'not an address', pass: DEFAULT_PASSWORD }, ip: nextIp() })
    expect(junk).toMatchObject({ status: 400, body: { fields: { email: EMAIL } } })
  })

  it('takes the addresses people have', async () => {
    for (const email of ["o'neill+lessons@example.co.uk", 'first.last-name_2@mail.example.org', 'SAM@EXAMPLE.COM']) {
      const answer = await t.request('POST', '/api/contact-messages', { body: { name: 'Sam Rivers', email, subject: 'Hello', message: `A question about lessons from ${email}.` }, ip: nextIp() })
      expect(answer.status, `${email}: ${answer.text}`).toBe(202)
    }
  })
})
