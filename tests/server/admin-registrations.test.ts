import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../src/api/schema.gen.ts'
import { DEMO_SITE_SETTINGS } from '../../server/demo/gallery.ts'
import { seedDemoContent } from '../../server/demo/content.ts'
import { saveSiteSettings } from '../../server/site-settings/records.ts'
import { auditEvents, mailOutbox, passwordResetTokens, registrations, students, users } from '../../server/db/schema.ts'
import { linksIn } from '../../server/mail/templates.ts'
import { contract } from '../../server/contract/document.ts'
import { compileResponseValidator } from '../../server/contract/validators.ts'
import { seedDemoData } from '../../server/demo/seed.ts'
import { readRegistration } from '../../server/registrations/queries.ts'
import { DEMO_REGISTRATIONS } from '../../server/demo/registrations.ts'
import { BODIES, FORM_PATHS } from './support/registration-bodies.ts'
import { createTestApp, openTestDatabase, type TestApp } from './support/test-app.ts'

type Schemas = components['schemas']
type FormType = keyof typeof FORM_PATHS

let t: TestApp
let adminToken: string
let tutorToken: string
let admin: { id: string; name: string }

beforeAll(async () => {
  t = await createTestApp()
  await seedDemoContent(t.database.db)
  await saveSiteSettings(t.database.db, { ...DEMO_SITE_SETTINGS, email: 'team@tec.example' })
  const adminRow = await t.createUser({ email: 'inbox.admin@tec.test', role: 'ADMIN', name: 'Ines Admin' })
  admin = { id: adminRow.id, name: adminRow.name }
  await t.createUser({ email: 'inbox.tutor@tec.test', role: 'TUTOR' })
  adminToken = await t.login('inbox.admin@tec.test')
  tutorToken = await t.login('inbox.tutor@tec.test')
})
afterAll(async () => t?.close())

let sequence = 1000
/** Sends a valid form (each from its own IP and email) and answers the new registration's id and reference. */
async function submit(type: FormType, overrides: Record<string, unknown> = {}): Promise<{ id: string; reference: string; email: string }> {
  const n = ++sequence
  const answer = await t.request<Schemas['RegistrationReceipt']>('POST', FORM_PATHS[type], { ip: `198.20.${Math.floor(n / 250)}.${n % 250}`, body: BODIES[type](n, overrides) })
  if (answer.status !== 201) throw new Error(`submit ${type}: ${answer.status} ${answer.text}`)
  const [row] = await t.database.db.select().from(registrations).where(eq(registrations.reference, answer.body.reference))
  if (!row) throw new Error('not stored')
  return { id: row.id, reference: row.reference, email: row.email }
}

const get = (id: string, token = adminToken) => t.request<Schemas['Registration']>('GET', `/api/admin/registrations/${id}`, { token })
const list = (query: string, token = adminToken) => t.request<Schemas['RegistrationPage']>('GET', `/api/admin/registrations${query}`, { token })
const changeStatus = (id: string, body: Record<string, unknown>, token = adminToken) =>
  t.request<Schemas['Registration']>('POST', `/api/admin/registrations/${id}/status`, { token, body })
const accept = (id: string, body?: Record<string, unknown>, token = adminToken) =>
  t.request<Schemas['Registration']>('POST', `/api/admin/registrations/${id}/accept`, { token, body })
const mailsTo = (email: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))

describe('who may use the inbox', () => {
  it('answers 401 without a token and 403 to a tutor, for every admin operation', async () => {
    const { id } = await submit('subject')
    const calls: [string, string, unknown][] = [
      ['GET', '/api/admin/registrations', undefined],
      ['GET', `/api/admin/registrations/${id}`, undefined],
      ['POST', `/api/admin/registrations/${id}/status`, { status: 'in_review' }],
      ['POST', `/api/admin/registrations/${id}/notes`, { note: 'Called the parent.' }],
      ['POST', `/api/admin/registrations/${id}/accept`, {}],
      ['GET', '/api/admin/students', undefined],
      ['GET', '/api/admin/schools', undefined],
    ]
    for (const [method, path, body] of calls) {
      expect((await t.request(method, path, { body })).status, `${method} ${path}`).toBe(401)
      const forbidden = await t.request(method, path, { body, token: tutorToken })
      expect(forbidden.status, `${method} ${path}`).toBe(403)
      expect(forbidden.body).toEqual({ message: 'You do not have access to this.' })
    }
    expect((await get(id)).body.status).toBe('new')
  })
})

describe('listing, searching, sorting and paging', () => {
  it('searches name, email and reference, ignoring case, and treats % and _ literally', async () => {
    const byName = await submit('tutor', { personal: { name: 'Zebedee Quintrell', email: 'zq.tutor@example.org', phone: '07700 900999', postcode: 'M1 1AE' } })
    const unusual = await submit('subject', { student: { name: 'Percy 100%_Sure', yearGroup: 'year_3' } })

    const found = await list('?q=quintrell')
    expect(found.status).toBe(200)
    expect(found.body.items.map((item) => item.id)).toEqual([byName.id])
    expect(found.body.items[0]).toMatchObject({ type: 'tutor', status: 'new', name: 'Zebedee Quintrell', email: 'zq.tutor@example.org' })
    expect((await list('?q=ZQ.TUTOR@')).body.items.map((item) => item.id)).toEqual([byName.id])
    expect((await list(`?q=${byName.reference.slice(4).toLowerCase()}`)).body.items.map((item) => item.id)).toEqual([byName.id])
    expect((await list(`?q=${encodeURIComponent('100%_s')}`)).body.items.map((item) => item.id)).toEqual([unusual.id])
    expect((await list(`?q=${encodeURIComponent('%')}`)).body.items.map((item) => item.id)).toEqual([unusual.id])
    expect((await list(`?q=${encodeURIComponent("'; drop table registrations; --")}`)).body.total).toBe(0)
    expect((await list('?q=%20%20')).body.total).toBeGreaterThan(1)
  })

  it('filters by type and status, counts each status, sorts and pages', async () => {
    const schoolA = await submit('school', { school: { name: 'Aardvark Infants', type: 'primary', address: { line1: '1 Road', town: 'York', postcode: 'YO1 7HH' } } })
    const schoolB = await submit('school')
    await changeStatus(schoolB.id, { status: 'in_review' })

    const schoolsOnly = await list('?type=school&pageSize=100')
    expect(schoolsOnly.body.items.every((item) => item.type === 'school')).toBe(true)
    expect(schoolsOnly.body.items.map((item) => item.id)).toEqual(expect.arrayContaining([schoolA.id, schoolB.id]))
    const inReview = await list('?type=school&status=in_review&pageSize=100')
    expect(inReview.body.items.map((item) => item.id)).toContain(schoolB.id)
    expect(inReview.body.items.map((item) => item.id)).not.toContain(schoolA.id)
    expect(inReview.body.statusCounts.in_review).toBe(inReview.body.total)
    expect(inReview.body.statusCounts.new).toBe(schoolsOnly.body.items.filter((item) => item.status === 'new').length)

    const newest = await list('?pageSize=100')
    const dates = newest.body.items.map((item) => Date.parse(item.createdAt))
    expect(dates).toEqual([...dates].sort((a, b) => b - a))
    const oldest = await list('?sort=oldest&pageSize=100')
    expect(oldest.body.items.map((item) => item.id)).toEqual([...newest.body.items].reverse().map((item) => item.id))
    const byName = await list('?sort=name&pageSize=100')
    const names = byName.body.items.map((item) => item.name.toLowerCase())
    expect(names).toEqual([...names].sort())

    const page2 = await list('?sort=oldest&page=2&pageSize=2')
    expect(page2.body).toMatchObject({ page: 2, pageSize: 2, total: newest.body.total })
    expect(page2.body.items.map((item) => item.id)).toEqual(oldest.body.items.slice(2, 4).map((item) => item.id))
    expect((await list('')).body.pageSize).toBe(20)
    expect((await list('?pageSize=101&sort=random&type=x')).body).toMatchObject({
      fields: { pageSize: 'Enter a whole number from 1 to 100.', sort: 'Choose one of: newest, oldest, name.', type: 'Choose one of: subject, course, school, tutor.' },
    })
  })
})

describe('one registration', () => {
  it('answers the full answers, the history and what may happen next', async () => {
    const { id, reference } = await submit('course')
    const answer = await get(id)
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      id,
      reference,
      type: 'course',
      status: 'new',
      course: { id: 'gcse-maths-revision', title: 'GCSE Maths Revision' },
      created: {},
      allowedStatuses: ['in_review', 'rejected', 'withdrawn'],
      canAccept: true,
    })
    expect(answer.body.answers).toMatchObject({ courseId: 'gcse-maths-revision', deliveryMode: 'online', privacyConsent: true })
    expect(answer.body.events).toMatchObject([{ kind: 'submitted', toStatus: 'new' }])
    expect(answer.body.events[0]).not.toHaveProperty('actor')
    expect(answer.headers.get('cache-control')).toBe('no-store')
  })

  it('answers 404 for an unknown id and 400 for one that is not a uuid', async () => {
    const unknown = await get('00000000-0000-4000-8000-000000000000')
    expect(unknown).toMatchObject({ status: 404, body: { message: 'We could not find that registration.' } })
    expect((await changeStatus('00000000-0000-4000-8000-000000000000', { status: 'in_review' })).status).toBe(404)
    expect((await t.request('POST', '/api/admin/registrations/00000000-0000-4000-8000-000000000000/notes', { token: adminToken, body: { note: 'x' } })).status).toBe(404)
    expect((await accept('00000000-0000-4000-8000-000000000000')).status).toBe(404)
    const bad = await get('not-a-uuid')
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ fields: { registrationId: 'Enter a valid identifier.' } })
  })
})

describe('status changes', () => {
  it('moves through review, rejection with a reason and a mail, reopening and withdrawal, each recorded and audited', async () => {
    const { id, reference, email } = await submit('subject')
    const review = await changeStatus(id, { status: 'in_review', note: '  Checking tutor availability.  ' })
    expect(review.status).toBe(200)
    expect(review.body).toMatchObject({ status: 'in_review', allowedStatuses: ['new', 'rejected', 'withdrawn'], canAccept: true })
    expect(review.body.events.at(-1)).toMatchObject({
      kind: 'status',
      fromStatus: 'new',
      toStatus: 'in_review',
      note: 'Checking tutor availability.',
      notified: false,
      actor: admin,
    })

    const back = await changeStatus(id, { status: 'new' })
    expect(back.body.status).toBe('new')

    const noReason = await changeStatus(id, { status: 'rejected', reason: '   ' })
    expect(noReason).toMatchObject({ status: 400, body: { fields: { reason: 'Enter a reason; it is kept in the history.' } } })
    expect((await get(id)).body.status).toBe('new')

    const mailsBefore = (await mailsTo(email)).length
    const rejected = await changeStatus(id, { status: 'rejected', reason: 'We have no tutor for Physics in Leeds this term.', notify: true })
    expect(rejected.body).toMatchObject({ status: 'rejected', allowedStatuses: ['in_review'], canAccept: false })
    expect(rejected.body.events.at(-1)).toMatchObject({ kind: 'status', toStatus: 'rejected', reason: 'We have no tutor for Physics in Leeds this term.', notified: true })
    const mails = await mailsTo(email)
    expect(mails).toHaveLength(mailsBefore + 1)
    expect(mails.at(-1)?.subject).toContain(reference)
    expect(mails.at(-1)?.text).toContain('Reason: We have no tutor for Physics in Leeds this term.')

    const illegal = await changeStatus(id, { status: 'new' })
    expect(illegal).toMatchObject({ status: 409, body: { message: 'A registration that is rejected cannot be moved to new.' } })
    const same = await changeStatus(id, { status: 'rejected', reason: 'Again' })
    expect(same).toMatchObject({ status: 409, body: { message: 'This registration is already rejected.' } })

    expect((await changeStatus(id, { status: 'in_review' })).body.status).toBe('in_review')
    const withdrawn = await changeStatus(id, { status: 'withdrawn', reason: 'The family found a tutor.' })
    expect(withdrawn.body.status).toBe('withdrawn')
    expect(await mailsTo(email)).toHaveLength(mailsBefore + 1) // notify defaults to false

    const history = (await get(id)).body.events.map((event) => [event.kind, event.fromStatus, event.toStatus])
    expect(history).toEqual([
      ['submitted', undefined, 'new'],
      ['status', 'new', 'in_review'],
      ['status', 'in_review', 'new'],
      ['status', 'new', 'rejected'],
      ['status', 'rejected', 'in_review'],
      ['status', 'in_review', 'withdrawn'],
    ])
    const audits = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, id), eq(auditEvents.action, 'registration.status_changed')))
    expect(audits).toHaveLength(5)
    expect(audits.every((audit) => audit.actorUserId === admin.id)).toBe(true)
    expect(JSON.stringify(audits.map((audit) => audit.details))).not.toContain('Leeds')
  })

  it('refuses a status the endpoint does not set, and unknown fields', async () => {
    const { id } = await submit('tutor')
    expect((await changeStatus(id, { status: 'accepted' })).body).toMatchObject({ fields: { status: 'Choose one of: new, in_review, rejected, withdrawn.' } })
    expect((await changeStatus(id, { status: 'in_review', by: 'me' })).body).toMatchObject({ fields: { by: 'This field is not allowed.' } })
    expect((await changeStatus(id, { status: 'in_review', note: 'n'.repeat(2001) })).body).toMatchObject({ fields: { note: 'Use at most 2000 characters.' } })
  })

  it('adds notes in any status, with who wrote them, and refuses a blank one', async () => {
    const { id } = await submit('school')
    const note = await t.request<Schemas['Registration']>('POST', `/api/admin/registrations/${id}/notes`, { token: adminToken, body: { note: 'Spoke to the head; keen to start.' } })
    expect(note.status).toBe(200)
    expect(note.body.status).toBe('new')
    expect(note.body.events.at(-1)).toMatchObject({ kind: 'note', note: 'Spoke to the head; keen to start.', actor: admin })
    const blank = await t.request('POST', `/api/admin/registrations/${id}/notes`, { token: adminToken, body: { note: '  ' } })
    expect(blank).toMatchObject({ status: 400, body: { fields: { note: 'This field is required.' } } })
    const [audit] = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.subjectId, id), eq(auditEvents.action, 'registration.note_added')))
    expect(audit?.actorUserId).toBe(admin.id)
  })
})

describe('accepting', () => {
  it('a tutor application creates a TUTOR account whose mailed link sets a password that signs in', async () => {
    const { id, email } = await submit('tutor')
    const accepted = await accept(id, { note: 'Great interview.' })
    expect(accepted.status).toBe(200)
    expect(accepted.body).toMatchObject({ status: 'accepted', allowedStatuses: [], canAccept: false })
    expect(accepted.body.created.tutor).toMatchObject({ email })
    expect(accepted.body.events.at(-1)).toMatchObject({ kind: 'accepted', fromStatus: 'new', toStatus: 'accepted', note: 'Great interview.', notified: true, actor: admin })

    const [user] = await t.database.db.select().from(users).where(eq(users.email, email))
    expect(user).toMatchObject({ role: 'TUTOR', id: accepted.body.created.tutor?.id })
    const [token] = await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user?.id ?? ''))
    expect(token?.purpose).toBe('invite')
    const hours = ((token?.expiresAt.getTime() ?? 0) - Date.now()) / 3600_000
    expect(hours).toBeGreaterThan(71.9)
    expect(hours).toBeLessThanOrEqual(72)

    const invites = (await mailsTo(email)).filter((mail) => mail.subject === 'Welcome to TEC: choose your password')
    expect(invites).toHaveLength(1)
    const link = linksIn(invites[0]?.text ?? '').find((candidate) => candidate.includes('/reset-password?token='))
    // The welcome flag only changes the page's words (server/auth/links.ts).
    expect(link).toMatch(/^http:\/\/tec\.test\/reset-password\?token=[A-Za-z0-9_-]{43}&welcome=1$/)
    const secret = new URL(link ?? '').searchParams.get('token') ?? ''
    const reset = await t.request('PATCH', `/api/auth/reset-password?token=${secret}`, { body: { password: 'Tutor-Password-2026' }, ip: '198.20.250.1' })
    expect(reset.status).toBe(200)
    const login = await t.request('POST', '/api/auth/login', { body: { email, pass: 'Tutor-Password-2026' }, ip: '198.20.250.2' })
    expect(login.status).toBe(200)
    expect(login.body.user).toMatchObject({ email, role: 'TUTOR' })
    const reused = await t.request('PATCH', `/api/auth/reset-password?token=${secret}`, { body: { password: 'Another-Password-1' }, ip: '198.20.250.3' })
    expect(reused.status).toBe(400)

    const again = await accept(id)
    expect(again).toMatchObject({ status: 409, body: { message: 'This registration has already been accepted.' } })
    expect((await changeStatus(id, { status: 'withdrawn', reason: 'x' })).status).toBe(409)
    const audits = await t.database.db.select().from(auditEvents).where(inArray(auditEvents.action, ['registration.accepted', 'user.created']))
    expect(audits.filter((audit) => audit.subjectId === id || audit.subjectId === user?.id).map((audit) => audit.action).sort()).toEqual(['registration.accepted', 'user.created'])
  })

  it('says clearly when the tutor email already has an account, and changes nothing', async () => {
    const existing = await t.createUser({ email: 'already.here@example.org', role: 'TUTOR' })
    const { id } = await submit('tutor', { personal: { name: 'Already Here', email: 'Already.Here@example.org', phone: '07700 900444', postcode: 'M2 3AB' } })
    const refused = await accept(id)
    expect(refused.status).toBe(409)
    expect((refused.body as unknown as Schemas['Error']).message).toContain('An account already uses already.here@example.org')
    const after = await get(id)
    expect(after.body).toMatchObject({ status: 'new', created: {}, canAccept: true })
    expect(await t.database.db.select().from(users).where(eq(users.email, 'already.here@example.org'))).toEqual([expect.objectContaining({ id: existing.id })])
  })

  it('a subject enrolment creates the student, who appears in the students list, and mails the contact', async () => {
    const { id, email } = await submit('subject', { student: { name: 'Wilhelmina Student', age: 12, school: 'Hill School' } })
    const accepted = await accept(id)
    expect(accepted.status).toBe(200)
    expect(accepted.body.created.student).toMatchObject({ name: 'Wilhelmina Student' })
    expect((await mailsTo(email)).some((mail) => mail.subject.startsWith('Your subject enrolment is accepted'))).toBe(true)

    const found = await t.request<Schemas['StudentPage']>('GET', '/api/admin/students?q=wilhelmina', { token: adminToken })
    expect(found.status).toBe(200)
    expect(found.body.total).toBe(1)
    expect(found.body.items[0]).toMatchObject({
      id: accepted.body.created.student?.id,
      name: 'Wilhelmina Student',
      age: 12,
      school: 'Hill School',
      contactEmail: email,
      subjects: ['Maths', 'Physics'],
      deliveryMode: 'home',
      registration: { id, reference: accepted.body.reference },
    })
    expect((await t.request<Schemas['StudentPage']>('GET', `/api/admin/students?q=${encodeURIComponent(email.toUpperCase())}`, { token: adminToken })).body.total).toBe(1)
  })

  it('a course enrolment creates a student on the course; notify false mails nothing', async () => {
    const { id, email } = await submit('course')
    const mailsBefore = (await mailsTo(email)).length
    const accepted = await accept(id, { notify: false })
    expect(accepted.body.events.at(-1)).toMatchObject({ kind: 'accepted', notified: false })
    expect(await mailsTo(email)).toHaveLength(mailsBefore)
    const [student] = await t.database.db.select().from(students).where(eq(students.id, accepted.body.created.student?.id ?? ''))
    expect(student).toMatchObject({ subjects: ['Maths'], deliveryMode: 'online' })
    const listed = await t.request<Schemas['StudentPage']>('GET', `/api/admin/students?q=${encodeURIComponent(student?.name ?? '')}`, { token: adminToken })
    expect(listed.body.items[0]?.course).toEqual({ id: 'gcse-maths-revision', title: 'GCSE Maths Revision' })
  })

  it('a school enrolment creates the school, which appears in the schools list', async () => {
    const { id } = await submit('school', { school: { name: 'Quayside Academy', type: 'secondary', address: { line1: '2 Quay', town: 'Hull', postcode: 'hu1 1aa' } } })
    const accepted = await accept(id)
    expect(accepted.body.created.school).toMatchObject({ name: 'Quayside Academy' })
    const schools = await t.request<Schemas['SchoolPage']>('GET', '/api/admin/schools?q=quayside', { token: adminToken })
    expect(schools.body.items).toMatchObject([{ name: 'Quayside Academy', type: 'secondary', town: 'Hull', postcode: 'HU1 1AA', pupilCount: 40, registration: { id } }])
    expect((await t.request<Schemas['SchoolPage']>('GET', '/api/admin/schools?q=hull&pageSize=1&page=1', { token: adminToken })).body).toMatchObject({ total: 1, pageSize: 1 })
  })

  it('refuses to accept a rejected registration until it is reopened', async () => {
    const { id } = await submit('subject')
    await changeStatus(id, { status: 'rejected', reason: 'Outside our area.' })
    const refused = await accept(id)
    expect(refused).toMatchObject({ status: 409, body: { message: 'This registration is rejected. Reopen it for review before accepting it.' } })
    await changeStatus(id, { status: 'in_review' })
    expect((await accept(id)).status).toBe(200)
  })

  it('accepts once when two admins accept at the same moment', async () => {
    const { id } = await submit('subject')
    const answers = await Promise.all([accept(id), accept(id)])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    const linked = await t.database.db.select().from(registrations).where(eq(registrations.id, id))
    const made = await t.database.db.select().from(students).where(eq(students.id, linked[0]?.studentId ?? ''))
    expect(made).toHaveLength(1)
    expect((await get(id)).body.events.filter((event) => event.kind === 'accepted')).toHaveLength(1)
  })
})

describe('the demo inbox', () => {
  it('holds every type in every status, each answer valid against the contract, accepted ones linked', async () => {
    const database = await openTestDatabase()
    try {
      if (database.kind === 'postgres') return // demo data belongs to a developer's embedded database only
      expect(await seedDemoData(database, { nodeEnv: 'development' })).toBe(true)
      const rows = await database.db.select().from(registrations)
      expect(rows).toHaveLength(DEMO_REGISTRATIONS.length)
      expect(new Set(rows.map((row) => row.type))).toEqual(new Set(['subject', 'course', 'school', 'tutor']))
      expect(new Set(rows.map((row) => row.status))).toEqual(new Set(['new', 'in_review', 'accepted', 'rejected', 'withdrawn']))
      const operation = contract().operations.find((candidate) => candidate.operationId === 'getRegistration')
      const check = compileResponseValidator(contract())
      for (const row of rows) {
        const registration = await readRegistration(database.db, row.id)
        if (!operation) throw new Error('no getRegistration')
        expect(check(operation, 200, registration), row.reference).toEqual([])
        expect(registration?.events.at(-1)?.toStatus ?? registration?.status, row.reference).toBeDefined()
        if (row.status === 'accepted' && row.type !== 'tutor') expect(row.studentId ?? row.schoolId, row.reference).not.toBeNull()
      }
    } finally {
      await database.close()
    }
  })
})
