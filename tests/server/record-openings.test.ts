import { and, eq, inArray, notInArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../src/api/schema.gen.ts'
import { DEMO_PASSWORD, writeDemoData } from '../../server/demo/seed.ts'
import { lessonLearners, lessons, recordOpenings, registrations, safeguardingConcerns, schools, students, users } from '../../server/db/schema.ts'
import { createLogger } from '../../server/logger.ts'
import { OpeningsRecorder } from '../../server/lib/openings-recorder.ts'
import { createTestApp, rowsOf, type TestApp } from './support/test-app.ts'

type Schemas = components['schemas']
type OpeningPage = Schemas['RecordOpeningPage']

/**
 * Who opened a record (issue 28, point 4): opening a learner, a tutor, a school, a lesson report or a concern, and
 * downloading a list as CSV, is recorded with who and when, written in batches off the request's path; the
 * safeguarding leads read it, newest first, as "Who opened this record".
 */
let t: TestApp
let lead = ''
let office = ''
let tutor = ''
let tutorId = ''
const ids = { student: '', tutor: '', school: '', lesson: '', concern: '', tutorLesson: '', tutorLearner: '', otherLearner: '' }
const MISSING_ID = '00000000-0000-4000-8000-000000000000'

beforeAll(async () => {
  t = await createTestApp()
  await writeDemoData(t.database)
  const { db } = t.database
  const leadRow = await t.createUser({ email: 'lena.lead@tec.test', role: 'ADMIN', name: 'Lena Lead' })
  const officeRow = await t.createUser({ email: 'otto.office@tec.test', role: 'ADMIN', name: 'Otto Office' })
  // Said outright, whatever an admin made for a test is by default: one lead, one admin who is not.
  await db.update(users).set({ safeguardingLead: true }).where(eq(users.id, leadRow.id))
  await db.update(users).set({ safeguardingLead: false }).where(eq(users.id, officeRow.id))
  lead = await t.login('lena.lead@tec.test')
  office = await t.login('otto.office@tec.test')
  tutor = await t.login('tutor@tec.test', DEMO_PASSWORD)

  // The demo's concern names a learner who also has lessons: the learner whose openings the lead reads.
  const [concern] = await db.select().from(safeguardingConcerns).limit(1)
  if (!concern?.studentId) throw new Error('the demo data has no concern naming a learner')
  ids.concern = concern.id
  ids.student = concern.studentId
  ids.lesson = concern.lessonId
  const [tutorRow] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'tutor@tec.test'))
  tutorId = tutorRow?.id ?? ''
  ids.tutor = tutorId
  const [school] = await db.select({ id: schools.id }).from(schools).limit(1)
  ids.school = school?.id ?? ''
  const [taught] = await db
    .select({ lessonId: lessons.id, studentId: lessonLearners.studentId })
    .from(lessons)
    .innerJoin(lessonLearners, eq(lessonLearners.lessonId, lessons.id))
    .where(eq(lessons.tutorId, tutorId))
    .limit(1)
  ids.tutorLesson = taught?.lessonId ?? ''
  const mine = await t.request<Schemas['MyLearnerList']>('GET', '/api/tutor/learners', { token: tutor })
  ids.tutorLearner = mine.body.items[0]?.studentId ?? ''
  // A learner who was not in the concern's lesson, whose list must not show that lesson's report.
  const [other] = await db
    .select({ id: students.id })
    .from(students)
    .where(notInArray(students.id, db.select({ id: lessonLearners.studentId }).from(lessonLearners).where(eq(lessonLearners.lessonId, ids.lesson))))
    .limit(1)
  ids.otherLearner = other?.id ?? ''
  expect(Object.values(ids).every((id) => id !== '')).toBe(true)
})
afterAll(async () => t?.close())

/** The subject's openings as a lead reads them, once everything recorded so far is written. */
async function openingsOf(subjectType: Schemas['RecordOpeningSubject'], subjectId?: string, query = ''): Promise<OpeningPage> {
  await t.deps.openings.flush()
  const answer = await t.request<OpeningPage>('GET', `/api/admin/record-openings?subjectType=${subjectType}${subjectId ? `&subjectId=${subjectId}` : ''}${query}`, { token: lead })
  expect(answer.status, answer.text).toBe(200)
  return answer.body
}

const rowCount = async () => (await rowsOf<{ n: number }>(t.database, sql`select count(*)::int as n from record_openings`))[0]?.n ?? 0

describe('who opened a record', () => {
  it('records each opening of a learner, tutor, school, report and concern: who, when and what', async () => {
    const before = Date.now()
    const opened = [
      ['student', ids.student, `/api/admin/students/${ids.student}`, lead],
      ['tutor', ids.tutor, `/api/admin/tutors/${ids.tutor}`, office],
      ['school', ids.school, `/api/admin/schools/${ids.school}`, office],
      ['lesson_report', ids.lesson, `/api/admin/reports/${ids.lesson}`, office],
      ['concern', ids.concern, `/api/admin/safeguarding-concerns/${ids.concern}`, lead],
      ['lesson_report', ids.tutorLesson, `/api/tutor/lessons/${ids.tutorLesson}`, tutor],
      ['student', ids.tutorLearner, `/api/tutor/learners/${ids.tutorLearner}`, tutor],
    ] as const
    const names = new Map([
      [lead, 'Lena Lead'],
      [office, 'Otto Office'],
      [tutor, 'Tom Tutor'],
    ])
    for (const [, , path, token] of opened) expect((await t.request('GET', path, { token })).status, path).toBe(200)
    for (const [subjectType, subjectId, path, token] of opened) {
      const { items } = await openingsOf(subjectType, subjectId)
      const mine = items.filter((item) => item.subjectType === subjectType && item.subjectId === subjectId && item.by?.name === names.get(token))
      expect(mine, path).toHaveLength(1)
      expect(mine[0]?.kind).toBe('opened')
      expect(Date.parse(mine[0]?.at ?? '')).toBeGreaterThanOrEqual(before)
      expect(Date.parse(mine[0]?.at ?? '')).toBeLessThanOrEqual(Date.now())
    }
  })

  it('answers before the opening is written: the row waits in the batch until it is flushed', async () => {
    await t.deps.openings.flush()
    const rows = await rowCount()
    expect((await t.request('GET', `/api/admin/schools/${ids.school}`, { token: lead })).status).toBe(200)
    // The answer is in, the row is not: the write is not on the request's path.
    expect(await rowCount()).toBe(rows)
    await t.deps.openings.flush()
    expect(await rowCount()).toBe(rows + 1)
  })

  it('shows a learner the openings of their lesson reports and concerns too', async () => {
    await t.request('GET', `/api/admin/reports/${ids.lesson}`, { token: lead })
    await t.request('GET', `/api/admin/safeguarding-concerns/${ids.concern}`, { token: lead })
    const { items } = await openingsOf('student', ids.student)
    const kinds = new Set(items.map((item) => `${item.subjectType}:${item.subjectId}`))
    expect(kinds).toEqual(new Set([`student:${ids.student}`, `lesson_report:${ids.lesson}`, `concern:${ids.concern}`]))
    // Another learner's record does not show this one's report.
    expect((await t.request('GET', `/api/admin/students/${ids.otherLearner}`, { token: lead })).status).toBe(200)
    const other = await openingsOf('student', ids.otherLearner)
    expect(other.total).toBe(1)
    expect(other.items.some((item) => item.subjectId === ids.lesson || item.subjectId === ids.concern)).toBe(false)
  })

  it('does not record list pages, nor a record that is not there', async () => {
    await t.deps.openings.flush()
    const rows = await rowCount()
    for (const path of ['/api/admin/students', '/api/admin/tutors', '/api/admin/schools', '/api/admin/reports', '/api/admin/safeguarding-concerns', '/api/admin/registrations']) {
      expect((await t.request('GET', path, { token: lead })).status, path).toBe(200)
    }
    expect((await t.request('GET', `/api/admin/students/${MISSING_ID}`, { token: lead })).status).toBe(404)
    await t.deps.openings.flush()
    expect(await rowCount()).toBe(rows)
  })

  it('records each CSV download of a list once, by its first page, also where the list is kept in memory', async () => {
    const download = async (path: string) => {
      const first = await t.request<{ total: number }>('GET', `${path}?purpose=csv&page=1&pageSize=100`, { token: office })
      expect(first.status, first.text).toBe(200)
      expect((await t.request('GET', `${path}?page=2&pageSize=100`, { token: office })).status).toBe(200)
    }
    // The students list is kept per person (x-kept): the same address twice must still reach the recorder.
    await download('/api/admin/students')
    await download('/api/admin/students')
    await download('/api/admin/tutors')
    await download('/api/admin/registrations')
    const figures = await t.request('GET', '/api/admin/lesson-figures/export?from=2026-01-01&to=2026-12-31&figure=attendance', { token: office })
    expect(figures.status).toBe(200)

    const students = await openingsOf('students')
    expect(students.items).toHaveLength(2)
    for (const item of students.items) expect(item).toMatchObject({ kind: 'downloaded', subjectType: 'students', by: { name: 'Otto Office' } })
    expect(students.items[0]).not.toHaveProperty('subjectId')
    for (const list of ['tutors', 'registrations', 'lesson_figures'] as const) expect((await openingsOf(list)).total, list).toBe(1)
    // A download is not an opening of each learner in it.
    expect((await openingsOf('student', ids.student)).items.some((item) => item.kind === 'downloaded')).toBe(false)
  })

  it('shows the exports of everything held about a learner or a registration', async () => {
    const [registration] = await t.database.db.select({ id: registrations.id }).from(registrations).limit(1)
    for (const [kind, id] of [
      ['learner', ids.otherLearner],
      ['registration', registration?.id ?? ''],
    ] as const) {
      const exported = await t.request('GET', `/api/admin/personal-data/export?kind=${kind}&id=${id}`, { token: office })
      expect(exported.status, exported.text).toBe(200)
      const { items } = await openingsOf(kind === 'learner' ? 'student' : 'registration', id)
      expect(items.filter((item) => item.kind === 'exported').map((item) => item.by?.name)).toEqual(['Otto Office'])
    }
  })

  it("records opening a registration's own page, whose answers hold a child's details, but not one that is not there", async () => {
    const [registration] = await t.database.db.select({ id: registrations.id }).from(registrations).limit(1)
    const id = registration?.id ?? ''
    expect((await t.request('GET', `/api/admin/registrations/${id}`, { token: office })).status).toBe(200)
    expect((await t.request('GET', `/api/admin/registrations/${MISSING_ID}`, { token: office })).status).toBe(404)
    const { items } = await openingsOf('registration', id)
    expect(items.filter((item) => item.kind === 'opened').map((item) => item.by?.name)).toEqual(['Otto Office'])
    expect((await openingsOf('registration', MISSING_ID)).total).toBe(0)
  })

  it('is for safeguarding leads only', async () => {
    const path = `/api/admin/record-openings?subjectType=student&subjectId=${ids.student}`
    expect((await t.request('GET', path, { token: office })).status).toBe(403)
    expect((await t.request('GET', path, { token: tutor })).status).toBe(403)
    expect((await t.request('GET', path)).status).toBe(401)
    const noId = await t.request('GET', '/api/admin/record-openings?subjectType=student', { token: lead })
    expect(noId.status).toBe(400)
    expect(noId.body.fields).toHaveProperty('subjectId')
    const listWithId = await t.request('GET', `/api/admin/record-openings?subjectType=students&subjectId=${ids.student}`, { token: lead })
    expect(listWithId.status).toBe(400)
    expect(listWithId.body.fields).toHaveProperty('subjectId')
  })

  it('lists newest first, by when it was opened, a page at a time', async () => {
    const { db } = t.database
    await t.request('GET', `/api/admin/tutors/${ids.tutor}`, { token: lead })
    await t.request('GET', `/api/admin/tutors/${ids.tutor}`, { token: office })
    await t.deps.openings.flush()
    const rows = await db.select().from(recordOpenings).where(and(eq(recordOpenings.subjectType, 'tutor'), eq(recordOpenings.subjectId, ids.tutor)))
    // Spread them over the past days, in an order unlike the order they were written in.
    const days = [3, 1, 4, 2, 5, 6, 7].slice(0, rows.length)
    for (const [index, row] of rows.entries()) {
      await db.update(recordOpenings).set({ at: new Date(Date.now() - (days[index] ?? 9) * 86_400_000) }).where(eq(recordOpenings.id, row.id))
    }
    const expected = [...rows.entries()].sort(([a], [b]) => (days[a] ?? 9) - (days[b] ?? 9)).map(([, row]) => row.id)
    const first = await openingsOf('tutor', ids.tutor, '&pageSize=2')
    expect(first.total).toBe(rows.length)
    const second = await openingsOf('tutor', ids.tutor, '&pageSize=2&page=2')
    expect([...first.items, ...second.items].map((item) => item.id)).toEqual(expected.slice(0, 4))
  })

  it('writes a batch of openings as one INSERT', async () => {
    await t.deps.openings.flush()
    const { db } = t.database
    const seen = (await db.select({ id: recordOpenings.id }).from(recordOpenings)).map((row) => row.id)
    const paths = [`/api/admin/students/${ids.student}`, `/api/admin/tutors/${ids.tutor}`, `/api/admin/schools/${ids.school}`, `/api/admin/reports/${ids.lesson}`, `/api/admin/students/${ids.tutorLearner}`]
    for (const path of paths) expect((await t.request('GET', path, { token: office })).status).toBe(200)
    await t.deps.openings.flush()
    const [fresh] = await db
      .select({ rows: sql<number>`count(*)::int`, statements: sql<number>`count(distinct xmin::text)::int` })
      .from(recordOpenings)
      .where(notInArray(recordOpenings.id, seen))
    // Rows written by one statement share its transaction's id (xmin).
    expect(fresh).toEqual({ rows: paths.length, statements: 1 })
  })
})

describe('the openings recorder', () => {
  const silent = createLogger('silent')
  const opening = (subjectId: string, userId: string = tutorId) => ({ userId, subjectType: 'school' as const, subjectId, kind: 'opened' as const })
  const written = async (subjectIds: string[]) =>
    (await t.database.db.select({ subjectId: recordOpenings.subjectId, userId: recordOpenings.userId }).from(recordOpenings).where(inArray(recordOpenings.subjectId, subjectIds))).sort((a, b) =>
      String(a.subjectId).localeCompare(String(b.subjectId)),
    )
  const idsFrom = (prefix: string, count: number) => Array.from({ length: count }, (_, n) => `${prefix}-${String(n).padStart(3, '0')}`)

  it('writes on its own a second after an opening, and at once when a batch is full', async () => {
    const timed = new OpeningsRecorder(t.database.db, silent, { intervalMs: 20 })
    timed.record(opening('timed-1'))
    await timed.idle()
    expect(await written(['timed-1'])).toHaveLength(1)

    // Never a timer here: only a full batch writes, so idle() ends only if it did.
    const batched = new OpeningsRecorder(t.database.db, silent, { intervalMs: 60 * 60_000, batchSize: 100 })
    const many = idsFrom('batch', 100)
    for (const id of many) batched.record(opening(id))
    await batched.idle()
    expect(await written(many)).toHaveLength(100)
    const statements = await rowsOf<{ n: number }>(t.database, sql`select count(distinct xmin::text)::int as n from record_openings where subject_id like 'batch-%'`)
    expect(statements[0]?.n).toBe(1)
  })

  it('keeps openings whose write failed for the next batch, up to its bound, and writes what waits when it stops', async () => {
    const recorder = new OpeningsRecorder(t.database.db, silent, { intervalMs: 60 * 60_000, maxWaiting: 3 })
    await t.database.db.execute(sql`alter table record_openings rename to record_openings_away`)
    try {
      recorder.record(opening('retry-1'))
      recorder.record(opening('retry-2'))
      await recorder.flush()
      // A person whose account went before the write is written as nobody, and does not fail the batch.
      recorder.record(opening('retry-3', MISSING_ID))
      // Past the bound: the newest is dropped (and counted in the log).
      recorder.record(opening('retry-4'))
    } finally {
      await t.database.db.execute(sql`alter table record_openings_away rename to record_openings`)
    }
    expect(await written(['retry-1', 'retry-2', 'retry-3', 'retry-4'])).toHaveLength(0)
    await recorder.stop()
    expect(await written(['retry-1', 'retry-2', 'retry-3', 'retry-4'])).toEqual([
      { subjectId: 'retry-1', userId: tutorId },
      { subjectId: 'retry-2', userId: tutorId },
      { subjectId: 'retry-3', userId: null },
    ])
  })
})
