import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../src/api/schema.gen.ts'
import { seedDemoContent } from '../../server/demo/content.ts'
import { registrations, students } from '../../server/db/schema.ts'
import { BODIES, FORM_PATHS } from './support/registration-bodies.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'

type Schemas = components['schemas']
type StudentRecord = Schemas['StudentRecord']
type SchoolRecord = Schemas['SchoolRecord']

/**
 * Student and school records as the office keeps them: created by hand or by accepting an enrolment, read whole,
 * changed only from the version the editor read (a concurrent change is a 409, never a lost edit), and every
 * change in the record's history with who made it and which fields changed.
 */
let t: TestApp
let token: string
const STALE = 'Someone else changed this record since you opened it. Reload it to see their changes, then make yours again.'

beforeAll(async () => {
  t = await createTestApp()
  await seedDemoContent(t.database.db)
  await t.createUser({ email: 'records.admin@tec.test', role: 'ADMIN', name: 'Rita Records' })
  token = await t.login('records.admin@tec.test')
})
afterAll(async () => t?.close())

let sequence = 0
function studentInput(overrides: Partial<Schemas['StudentInput']> = {}): Schemas['StudentInput'] {
  const n = ++sequence
  return {
    name: `Maya Patel ${String.fromCharCode(65 + (n % 26))}`,
    age: 12,
    yearGroup: 'year_7',
    contact: { name: 'Asha Patel', relationship: 'parent', email: `Asha.${n}@Example.org`, phone: '0113 496 0101', preferredContact: 'phone' },
    subjects: ['Maths'],
    level: 'ks3',
    deliveryMode: 'online',
    availability: { days: ['monday', 'wednesday'], times: ['after_school'] },
    goals: '  Confidence with fractions.  ',
    status: 'waiting',
    ...overrides,
  }
}

function schoolInput(overrides: Partial<Schemas['SchoolInput']> = {}): Schemas['SchoolInput'] {
  const n = ++sequence
  return {
    name: `Hillside Primary ${n}`,
    type: 'primary',
    address: { line1: '2 Hill Road', town: 'Leeds', postcode: 'ls6 1aa' },
    contacts: [
      { name: 'Joan Ward', role: 'Head teacher', email: `head.${n}@hillside.example`, phone: '0113 496 0200' },
      { name: 'Ravi Shah', role: 'Office manager', email: `office.${n}@hillside.example`, phone: '0113 496 0201' },
    ],
    safeguardingLead: { name: 'Joan Ward', email: `dsl.${n}@hillside.example` },
    pupilCount: 30,
    ...overrides,
  }
}

const create = <T extends object = { fields?: Record<string, string> }>(path: string, body: unknown) => t.request<T>('POST', `/api/admin/${path}`, { token, body })
const update = <T extends object>(path: string, version: number | string, body: unknown) =>
  t.request<T>('PUT', `/api/admin/${path}`, { token, body, headers: { 'if-match': typeof version === 'number' ? `"${version}"` : version } })
const history = (subjectType: string, id: string) =>
  t.request<Schemas['HistoryPage']>('GET', `/api/admin/history?subjectType=${subjectType}&subjectId=${id}`, { token })

describe('student records', () => {
  it('creates a student by hand, cleaned, with version 1 as its ETag, and its history says who added it', async () => {
    const answer = await create<StudentRecord>('students', studentInput())
    expect(answer.status, answer.text).toBe(201)
    expect(answer.headers.get('etag')).toBe('"1"')
    expect(answer.body.version).toBe(1)
    expect(answer.body.fields.goals).toBe('Confidence with fractions.')
    expect(answer.body.fields.contact.email).toMatch(/^asha\.\d+@example\.org$/)
    expect(answer.body.fields.status).toBe('waiting')
    const read = await t.request<StudentRecord>('GET', `/api/admin/students/${answer.body.id}`, { token })
    expect(read.body).toEqual(answer.body)
    const entries = await history('student', answer.body.id)
    expect(entries.body.items).toMatchObject([{ action: 'student.created', actor: { name: 'Rita Records' }, changes: [] }])
  })

  it('answers a message per field for what the schema and the office rules refuse', async () => {
    const school = (await create<SchoolRecord>('schools', schoolInput())).body
    const cases: [Partial<Schemas['StudentInput']>, Record<string, string>][] = [
      [{ name: '   ' }, { name: 'This field is required.' }],
      [{ schoolId: '00000000-0000-4000-8000-000000000000' }, { schoolId: 'Choose a school from the list of partner schools.' }],
      [{ schoolId: school.id, schoolName: 'Another school' }, { schoolName: 'Choose a partner school or type the name of another school, not both.' }],
      [{ deliveryMode: 'home' }, { address: 'Enter the address where lessons will happen.' }],
      [{ subjects: ['Maths', 'Underwater basket weaving'] }, { 'subjects.1': 'Choose a subject from the list.' }],
      [{ contact: { name: 'Asha', email: 'not-an-email', phone: '0113' } }, { 'contact.email': 'Enter an email address like name@example.com.', 'contact.phone': 'Use at least 6 characters.' }],
    ]
    for (const [overrides, fields] of cases) {
      const answer = await create('students', studentInput(overrides))
      expect(answer.status, JSON.stringify(overrides)).toBe(400)
      expect(answer.body.fields, JSON.stringify(overrides)).toEqual(fields)
    }
  })

  it('changes a student from the version read, records each changed field, and refuses the edit made from the older version', async () => {
    const created = (await create<StudentRecord>('students', studentInput())).body
    const first = await update<StudentRecord>(`students/${created.id}`, 1, { ...created.fields, status: 'active', needs: 'Dyslexia: coloured overlays help.' })
    expect(first.status, first.text).toBe(200)
    expect(first.body.version).toBe(2)
    expect(first.headers.get('etag')).toBe('"2"')
    // A second editor who opened the record at version 1 saves later: refused, and the first change stays.
    const second = await update(`students/${created.id}`, 1, { ...created.fields, goals: 'Overwrite everything' })
    expect(second.status).toBe(409)
    expect(second.body).toEqual({ message: STALE })
    const now = (await t.request<StudentRecord>('GET', `/api/admin/students/${created.id}`, { token })).body
    expect(now.fields).toMatchObject({ status: 'active', needs: 'Dyslexia: coloured overlays help.', goals: 'Confidence with fractions.' })

    const entries = (await history('student', created.id)).body.items
    expect(entries[0]).toMatchObject({
      action: 'student.updated',
      actor: { name: 'Rita Records' },
      changes: [
        { field: 'status', from: 'waiting', to: 'active' },
        { field: 'needs', to: 'Dyslexia: coloured overlays help.' },
      ],
    })
    // Saving without a change keeps the version, and writes no history.
    const same = await update<StudentRecord>(`students/${created.id}`, 2, now.fields)
    expect(same.body.version).toBe(2)
    expect((await history('student', created.id)).body.total).toBe(entries.length)
  })

  it('answers 404 for an unknown student and 400 for a missing or malformed If-Match', async () => {
    expect((await t.request('GET', '/api/admin/students/00000000-0000-4000-8000-000000000000', { token })).status).toBe(404)
    expect((await update('students/00000000-0000-4000-8000-000000000000', 1, studentInput())).status).toBe(404)
    const created = (await create<StudentRecord>('students', studentInput())).body
    const missing = await t.request('PUT', `/api/admin/students/${created.id}`, { token, body: created.fields })
    expect(missing.status).toBe(400)
    expect(missing.body.fields).toEqual({ 'If-Match': 'This field is required.' })
    expect((await update(`students/${created.id}`, 'version 1', created.fields)).status).toBe(400)
  })

  it('lists students by status with the count of each status under the same search', async () => {
    const marker = `Zephyrine ${Date.now()}`
    for (const status of ['waiting', 'waiting', 'active', 'finished'] as const) await create('students', studentInput({ name: `${marker} ${status}`, status }))
    const all = await t.request<Schemas['StudentPage']>('GET', `/api/admin/students?q=${encodeURIComponent(marker)}`, { token })
    expect(all.body.total).toBe(4)
    expect(all.body.statusCounts).toEqual({ waiting: 2, active: 1, paused: 0, finished: 1 })
    const waiting = await t.request<Schemas['StudentPage']>('GET', `/api/admin/students?q=${encodeURIComponent(marker)}&status=waiting`, { token })
    expect(waiting.body.items.map((row) => row.status)).toEqual(['waiting', 'waiting'])
    expect(waiting.body.statusCounts).toEqual(all.body.statusCounts)
  })

  it('accepting a subject enrolment makes a waiting student with what the form said, its history naming the registration', async () => {
    const n = ++sequence
    const sent = await t.request<{ reference: string }>('POST', FORM_PATHS.subject, { body: BODIES.subject(n), ip: `198.51.200.${n % 250}` })
    expect(sent.status, sent.text).toBe(201)
    const [row] = await t.database.db.select().from(registrations).where(eq(registrations.reference, sent.body.reference))
    const accepted = await t.request<Schemas['Registration']>('POST', `/api/admin/registrations/${row!.id}/accept`, { token, body: { notify: false } })
    expect(accepted.status, accepted.text).toBe(200)
    const studentId = accepted.body.created.student!.id
    const record = (await t.request<StudentRecord>('GET', `/api/admin/students/${studentId}`, { token })).body
    expect(record.fields).toMatchObject({
      status: 'waiting',
      level: 'gcse',
      subjects: ['Maths', 'Physics'],
      availability: { days: ['tuesday', 'thursday'], times: ['after_school'] },
      address: { line1: '14 Elm Grove', town: 'Leeds', postcode: 'LS6 2AB' },
      contact: { relationship: 'parent', preferredContact: 'email' },
    })
    expect(record.registration).toEqual({ id: row!.id, reference: sent.body.reference })
    expect((await history('student', studentId)).body.items).toMatchObject([{ action: 'student.created', note: sent.body.reference, actor: { name: 'Rita Records' } }])
  })
})

describe('school records', () => {
  it('creates a school with several contacts, the first its main contact in the list', async () => {
    const answer = await create<SchoolRecord>('schools', schoolInput())
    expect(answer.status, answer.text).toBe(201)
    expect(answer.body.fields.address.postcode).toBe('LS6 1AA')
    expect(answer.body.fields.contacts).toHaveLength(2)
    const listed = await t.request<Schemas['SchoolPage']>('GET', `/api/admin/schools?q=${encodeURIComponent('Office manager')}`, { token })
    expect(listed.body.items.map((school) => school.id)).toContain(answer.body.id)
    expect(listed.body.items.find((school) => school.id === answer.body.id)).toMatchObject({ contactName: 'Joan Ward', contactRole: 'Head teacher' })
  })

  it('changes a school from the version read and refuses the older version, recording the changed contact fields', async () => {
    const created = (await create<SchoolRecord>('schools', schoolInput())).body
    const contacts = [...created.fields.contacts]
    contacts[1] = { ...contacts[1]!, phone: '0113 496 0999' }
    const first = await update<SchoolRecord>(`schools/${created.id}`, 1, { ...created.fields, contacts })
    expect(first.status, first.text).toBe(200)
    expect((await update(`schools/${created.id}`, 1, { ...created.fields, notes: 'Lost edit' })).status).toBe(409)
    const [entry] = (await history('school', created.id)).body.items
    expect(entry).toMatchObject({ action: 'school.updated', changes: [{ field: 'contacts.1.phone', from: '0113 496 0201', to: '0113 496 0999' }] })
  })

  it('refuses to delete a school with learners, saying how many, and deletes one without', async () => {
    const school = (await create<SchoolRecord>('schools', schoolInput())).body
    const learner = (await create<StudentRecord>('students', studentInput({ schoolId: school.id }))).body
    const withLearner = (await t.request<SchoolRecord>('GET', `/api/admin/schools/${school.id}`, { token })).body
    expect(withLearner.students).toEqual([{ id: learner.id, name: learner.fields.name, status: 'waiting' }])
    const refused = await t.request('DELETE', `/api/admin/schools/${school.id}`, { token, headers: { 'if-match': '"1"' } })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe('This school has 1 learner on record. Move them to another school first, or keep the school.')

    await update(`students/${learner.id}`, 1, { ...learner.fields, schoolId: undefined, schoolName: 'Another school' })
    expect((await t.request('DELETE', `/api/admin/schools/${school.id}`, { token, headers: { 'if-match': '"2"' } })).status).toBe(409)
    const deleted = await t.request('DELETE', `/api/admin/schools/${school.id}`, { token, headers: { 'if-match': '"1"' } })
    expect(deleted.status).toBe(204)
    expect((await t.request('GET', `/api/admin/schools/${school.id}`, { token })).status).toBe(404)
    const [stillThere] = await t.database.db.select().from(students).where(eq(students.id, learner.id))
    expect(stillThere?.school).toBe('Another school')
  })
})
