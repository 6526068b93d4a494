import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lessonInstant, londonDay, londonTime, monthsOf, shiftDay } from '../../shared/lesson-time.ts'
import type { components } from '../../src/api/schema.gen.ts'
import { contract } from '../../server/contract/document.ts'
import { lessons, mailOutbox, safeguardingConcerns, students, users } from '../../server/db/schema.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'

type Schemas = components['schemas']
type Lesson = Schemas['Lesson']
/** A lesson as its tutor reads it, and as the office does. */
type Detail = Schemas['MyLessonDetail']
type OfficeDetail = Schemas['LessonDetail']

/**
 * Lessons and their reports, end to end through the API: a tutor plans single lessons and weekly series on London's
 * clock (refused whole when one would overlap another of their lessons), moves, cancels and marks lessons missed,
 * keeps a draft and sends the report (again after a return, edited until approved); a concern goes to the office
 * alone, with a mail to each admin; the office lists, returns (the tutor is mailed), approves one or many, works
 * the concerns (the tutor sees what they raised, never its handling) and reads the figures, their CSV rows and a
 * school's term. Every refusal the machine makes is a 409
 * that changes nothing; another tutor's lessons answer as lessons that do not exist.
 */
let t: TestApp
let admin: string
let tutorA: string
let tutorB: string
let tutorAId: string
let tutorBId: string
const MISSING_ID = '00000000-0000-4000-8000-000000000000'
const NOT_FOUND = { message: 'We could not find that lesson.' }
const STALE = 'Someone else changed this record since you opened it. Reload it to see their changes, then make yours again.'
const learners = { ada: '', ben: '', cai: '', dee: '', eve: '' }
const placementsOf = { ada: '', ben: '', cai: '', dee: '', eve: '' }
let schoolId = ''
/** A school whose name a spreadsheet would run as a formula, unless the CSV escapes it. */
const SCHOOL = '=HYPERLINK("http://evil.example","Hillside Primary")'

const today = () => londonDay(new Date())
const ifMatch = (version: number) => ({ 'if-match': `"${version}"` })
const mailsTo = (email: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(mailOutbox.createdAt)
const lessonCount = async (tutorId: string) => (await t.database.db.select({ n: count() }).from(lessons).where(eq(lessons.tutorId, tutorId)))[0]?.n ?? 0

const as = (token: string) => ({
  plan: <T extends object = Schemas['LessonList']>(body: unknown) => t.request<T>('POST', '/api/tutor/lessons', { token, body }),
  get: <T extends object = Detail>(id: string) => t.request<T>('GET', `/api/tutor/lessons/${id}`, { token }),
  list: (query = '') => t.request<Schemas['LessonPage']>('GET', `/api/tutor/lessons?${query}`, { token }),
  overview: () => t.request<Schemas['TutorOverview']>('GET', '/api/tutor/overview', { token }),
  move: <T extends object = Detail>(id: string, version: number, body: unknown) => t.request<T>('POST', `/api/tutor/lessons/${id}/move`, { token, body, headers: ifMatch(version) }),
  cancel: <T extends object = Detail>(id: string, version: number, body: unknown) => t.request<T>('POST', `/api/tutor/lessons/${id}/cancel`, { token, body, headers: ifMatch(version) }),
  missed: <T extends object = Detail>(id: string, version: number, body: unknown = {}) => t.request<T>('POST', `/api/tutor/lessons/${id}/missed`, { token, body, headers: ifMatch(version) }),
  draft: <T extends object = Schemas['DraftSaved']>(id: string, body: unknown) => t.request<T>('PUT', `/api/tutor/lessons/${id}/report-draft`, { token, body }),
  report: <T extends object = Detail>(id: string, version: number, body: unknown) => t.request<T>('POST', `/api/tutor/lessons/${id}/report`, { token, body, headers: ifMatch(version) }),
})
const office = {
  list: (query = '') => t.request<Schemas['LessonReportPage']>('GET', `/api/admin/reports?${query}`, { token: admin }),
  get: <T extends object = OfficeDetail>(id: string) => t.request<T>('GET', `/api/admin/reports/${id}`, { token: admin }),
  approve: <T extends object = OfficeDetail>(id: string, version: number) => t.request<T>('POST', `/api/admin/reports/${id}/approve`, { token: admin, headers: ifMatch(version) }),
  return: <T extends object = OfficeDetail>(id: string, version: number, comment: string) =>
    t.request<T>('POST', `/api/admin/reports/${id}/return`, { token: admin, body: { comment }, headers: ifMatch(version) }),
  approveMany: (items: { lessonId: string; version: number }[]) => t.request<Schemas['ReportApprovalResult']>('POST', '/api/admin/reports/approvals', { token: admin, body: { items } }),
}

/** A London day and time `hours` from now, on a quarter hour. */
function inHours(hours: number): { date: string; startTime: string } {
  const at = new Date(Math.floor((Date.now() + hours * 3_600_000) / 900_000) * 900_000)
  return { date: londonDay(at), startTime: londonTime(at) }
}

const report = (studentId: string, extra: object = {}) => ({
  attendance: [{ studentId, attendance: 'present' }],
  covered: 'Fractions: adding with unlike denominators.',
  progress: 'Ada can now add fractions with unlike denominators. Next: mixed numbers.',
  homework: 'Worksheet 4, questions 1 to 10.',
  staffNote: 'Mum asked about exam entry; please call her.',
  ...extra,
})

beforeAll(async () => {
  t = await createTestApp()
  await t.createUser({ email: 'lessons.admin@tec.test', role: 'ADMIN', name: 'Pat Office' })
  await t.createUser({ email: 'lessons.admin2@tec.test', role: 'ADMIN', name: 'Sam Office' })
  admin = await t.login('lessons.admin@tec.test')
  const call = async <T extends object>(method: string, url: string, body: unknown, headers: Record<string, string> = {}) => {
    const answer = await t.request<T & { id: string; version: number }>(method, url, { token: admin, body, headers })
    expect(answer.status, `${method} ${url}: ${answer.text}`).toBeLessThan(300)
    return answer.body
  }
  tutorAId = (await t.createUser({ email: 'imogen.hale@tec.test', role: 'TUTOR', name: 'Imogen Hale' })).id
  tutorBId = (await t.createUser({ email: 'omar.reed@tec.test', role: 'TUTOR', name: 'Omar Reed' })).id
  for (const [id, name] of [
    [tutorAId, 'Imogen Hale'],
    [tutorBId, 'Omar Reed'],
  ] as const) {
    await call('POST', `/api/admin/tutors/${id}/checks`, { type: 'enhanced_barred', reference: `LESSON-${id.slice(0, 6)}`, issuedOn: '2026-01-05' })
    await call('PUT', `/api/admin/tutors/${id}`, { name, subjects: ['Maths', 'English'], levels: [], modes: ['online', 'school', 'home'] }, ifMatch(1))
  }
  schoolId = (
    await call('POST', '/api/admin/schools', {
      name: SCHOOL,
      type: 'primary',
      address: { line1: '2 Hill Road', town: 'Leeds', postcode: 'LS6 1AA' },
      contacts: [{ name: 'Joan Ward', role: 'Head teacher', email: 'head@hillside.example', phone: '0113 496 0200' }],
      safeguardingLead: { name: 'Joan Ward', email: 'dsl@hillside.example' },
    })
  ).id
  const student = async (name: string, extra: object = {}) =>
    (
      await call('POST', '/api/admin/students', {
        name,
        contact: { name: `${name} Parent`, email: `${name.split(' ')[0]?.toLowerCase()}.parent@example.org`, phone: '07700 900000' },
        subjects: ['Maths'],
        deliveryMode: 'online',
        status: 'waiting',
        ...extra,
      })
    ).id
  learners.ada = await student('Ada Lovelace')
  learners.ben = await student('Ben Okri')
  learners.cai = await student('Cai Jones', { schoolId, deliveryMode: 'school' })
  learners.dee = await student('Dee Patel', { schoolId, deliveryMode: 'school' })
  learners.eve = await student('Eve Moss')
  const startsOn = shiftDay(today(), -60)
  const place = async (studentId: string, tutorId: string, mode = 'online') =>
    (await call('POST', '/api/admin/placements', { studentId, tutorId, subject: 'Maths', mode, startsOn, frequency: 'weekly', lessonMinutes: 60 })).id
  placementsOf.ada = await place(learners.ada, tutorAId)
  placementsOf.ben = await place(learners.ben, tutorAId)
  placementsOf.cai = await place(learners.cai, tutorAId, 'school')
  placementsOf.dee = await place(learners.dee, tutorAId, 'school')
  placementsOf.eve = await place(learners.eve, tutorBId)
  tutorA = await t.login('imogen.hale@tec.test')
  tutorB = await t.login('omar.reed@tec.test')
})
afterAll(async () => t?.close())

describe('planning lessons', () => {
  it('plans one lesson on London time, planned, with the moves the machine allows', async () => {
    const when = { date: shiftDay(today(), 10), startTime: '16:30' }
    const planned = await as(tutorA).plan({ placementIds: [placementsOf.ada], ...when, minutes: 60, place: 'Zoom' })
    expect(planned.status, planned.text).toBe(201)
    const [lesson] = planned.body.items
    expect(lesson).toMatchObject({ status: 'planned', ...when, minutes: 60, place: 'Zoom', subject: 'Maths', mode: 'online', overdue: false, tutor: { name: 'Imogen Hale' } })
    expect(lesson?.learners).toEqual([{ id: learners.ada, name: 'Ada Lovelace', placementId: placementsOf.ada }])
    expect(lesson?.startsAt).toBe(lessonInstant(when.date, '16:30').toISOString())
    const detail = await as(tutorA).get(lesson?.id ?? '')
    expect(detail.status).toBe(200)
    expect(detail.headers.get('etag')).toBe('"1"')
    // Marked missed only once its time has come: not offered, and refused when asked.
    expect(detail.body.moves).toEqual(['TIME_PASSED', 'MOVE', 'CANCEL'])
    expect(detail.body.report).toBeUndefined()
    const early = await as(tutorA).missed<Schemas['Error']>(lesson?.id ?? '', 1)
    expect(early.status).toBe(409)
    expect(early.body.message).toBe('This lesson has not started yet: it can be marked missed once its time has come.')
    expect((await as(tutorA).get(lesson?.id ?? '')).body.lesson).toMatchObject({ status: 'planned', version: 1 })
  })

  it('plans a weekly series that keeps its London time across the clock change, until a day or a number of times', async () => {
    // The clocks go forward on the last Sunday of March: 16:00 in London is 16:00Z before it and 15:00Z after.
    const year = Number(today().slice(0, 4)) + (today().slice(5) > '03-01' ? 1 : 0)
    const lastSunday = [31, 30, 29, 28, 27, 26, 25].map((d) => `${year}-03-${d}`).find((d) => new Date(`${d}T12:00:00Z`).getUTCDay() === 0) ?? ''
    const first = shiftDay(lastSunday, -6)
    const until = await as(tutorA).plan({ placementIds: [placementsOf.ben], date: first, startTime: '16:00', minutes: 45, repeat: { until: shiftDay(first, 14) } })
    expect(until.status, until.text).toBe(201)
    expect(until.body.items.map((lesson) => [lesson.date, lesson.startTime])).toEqual([
      [first, '16:00'],
      [shiftDay(first, 7), '16:00'],
      [shiftDay(first, 14), '16:00'],
    ])
    expect(until.body.items.map((lesson) => lesson.startsAt.slice(11, 16))).toEqual(['16:00', '15:00', '15:00'])
    const times = await as(tutorA).plan({ placementIds: [placementsOf.ben], date: shiftDay(first, 1), startTime: '09:00', minutes: 30, repeat: { times: 5 } })
    expect(times.status, times.text).toBe(201)
    expect(times.body.items).toHaveLength(5)
    expect(times.body.items.at(-1)?.date).toBe(shiftDay(first, 29))
  })

  it('refuses a whole series when one lesson would overlap another of the tutor’s, naming it, and stores none', async () => {
    const date = shiftDay(today(), 20)
    const first = await as(tutorA).plan({ placementIds: [placementsOf.ada], date: shiftDay(date, 14), startTime: '17:00', minutes: 60 })
    expect(first.status).toBe(201)
    const before = await lessonCount(tutorAId)
    const clash = await as(tutorA).plan<Schemas['Error']>({ placementIds: [placementsOf.ben], date, startTime: '17:30', minutes: 45, repeat: { times: 4 } })
    expect(clash.status).toBe(409)
    expect(clash.body.message).toMatch(/^You already have a lesson on \w+day \d+ \w+ \d{4} at 17:00 with Ada Lovelace \(Maths\)\. Choose another time/)
    expect(await lessonCount(tutorAId)).toBe(before)
    // Back to back is not a clash; a cancelled lesson frees its time.
    const after = await as(tutorA).plan({ placementIds: [placementsOf.ben], date: shiftDay(date, 14), startTime: '18:00', minutes: 30 })
    expect(after.status, after.text).toBe(201)
    const lesson = first.body.items[0] as Lesson
    expect((await as(tutorA).cancel(lesson.id, 1, { cancelledBy: 'family', reason: 'Holiday' })).status).toBe(200)
    expect((await as(tutorA).plan({ placementIds: [placementsOf.ben], date: shiftDay(date, 14), startTime: '17:00', minutes: 60 })).status).toBe(201)
    // Another tutor's lessons never clash with this tutor's.
    expect((await as(tutorB).plan({ placementIds: [placementsOf.eve], date: shiftDay(date, 14), startTime: '17:00', minutes: 60 })).status).toBe(201)
  })

  it('refuses a plan or a move that would put a learner in two lessons at once, whoever teaches the other', async () => {
    // Ben learns Maths with Imogen and English with Omar.
    const english = await t.request<{ id: string }>('POST', '/api/admin/placements', {
      token: admin,
      body: { studentId: learners.ben, tutorId: tutorBId, subject: 'English', mode: 'online', startsOn: shiftDay(today(), -60), frequency: 'weekly', lessonMinutes: 60 },
    })
    expect(english.status, english.text).toBe(201)
    const date = shiftDay(today(), 24)
    const maths = await as(tutorA).plan({ placementIds: [placementsOf.ben], date, startTime: '15:00', minutes: 60 })
    expect(maths.status, maths.text).toBe(201)
    const before = await lessonCount(tutorBId)
    const clash = await as(tutorB).plan<Schemas['Error']>({ placementIds: [english.body.id], date: shiftDay(date, -14), startTime: '15:30', minutes: 60, repeat: { times: 3 } })
    expect(clash.status).toBe(409)
    // Named by day and subject only: the other lesson's tutor is not this tutor's to know.
    expect(clash.body.message).toMatch(/^Ben Okri already has a lesson on \w+day \d+ \w+ \d{4} at 15:00 \(Maths\)\. Choose another time\.$/)
    expect(clash.body.message).not.toContain('Imogen')
    expect(await lessonCount(tutorBId)).toBe(before)
    // Back to back is fine; moving onto the Maths lesson is refused the same way.
    const [after] = (await as(tutorB).plan({ placementIds: [english.body.id], date, startTime: '16:00', minutes: 60 })).body.items
    expect(after?.status).toBe('planned')
    const onto = await as(tutorB).move<Schemas['Error']>(after?.id ?? '', 1, { date, startTime: '14:30' })
    expect(onto.status).toBe(409)
    expect(onto.body.message).toMatch(/^Ben Okri already has a lesson on .* at 15:00 \(Maths\)/)
    expect((await as(tutorB).get(after?.id ?? '')).body.lesson).toMatchObject({ startTime: '16:00', version: 1 })
    expect((await t.request('POST', `/api/admin/placements/${english.body.id}/end`, { token: admin, body: { endedOn: today(), reason: 'Test over' }, headers: ifMatch(1) })).status).toBeLessThan(300)
  })

  it('refuses plans that cannot be, field by field, storing nothing', async () => {
    const date = shiftDay(today(), 30)
    const before = await lessonCount(tutorAId)
    const cases: [unknown, string, RegExp][] = [
      [{ placementIds: [placementsOf.ada], date, startTime: '10:00', minutes: 60, repeat: { until: shiftDay(date, 14), times: 3 } }, 'repeat', /not both/],
      [{ placementIds: [placementsOf.ada], date, startTime: '10:00', minutes: 60, repeat: {} }, 'repeat', /not both/],
      [{ placementIds: [placementsOf.ada], date, startTime: '10:00', minutes: 60, repeat: { until: shiftDay(date, -7) } }, 'repeat.until', /before the first/],
      [{ placementIds: [placementsOf.ada], date, startTime: '10:00', minutes: 60, repeat: { until: shiftDay(date, 7 * 60) } }, 'repeat.until', /at most 52/],
      [{ placementIds: [placementsOf.ada], date: shiftDay(today(), 400), startTime: '10:00', minutes: 60 }, 'date', /a year ahead/],
      [{ placementIds: [placementsOf.eve], date, startTime: '10:00', minutes: 60 }, 'placementIds', /placed with you/],
      [{ placementIds: [MISSING_ID], date, startTime: '10:00', minutes: 60 }, 'placementIds', /placed with you/],
      [{ placementIds: [placementsOf.ada, placementsOf.ben], date, startTime: '10:00', minutes: 60 }, 'placementIds', /one school/],
      [{ placementIds: [placementsOf.ada], date: shiftDay(today(), -90), startTime: '10:00', minutes: 60 }, 'date', /^The placement starts on/],
      [{ placementIds: [placementsOf.ada], date, startTime: '25:00', minutes: 60 }, 'startTime', /./],
      [{ placementIds: [placementsOf.ada], date, startTime: '10:00', minutes: 50 }, 'minutes', /./],
      [{ placementIds: [], date, startTime: '10:00', minutes: 60 }, 'placementIds', /./],
    ]
    for (const [body, field, message] of cases) {
      const answer = await as(tutorA).plan<Schemas['Error']>(body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.fields?.[field], `${JSON.stringify(body)}: ${answer.text}`).toMatch(message)
    }
    expect(await lessonCount(tutorAId)).toBe(before)
  })

  it('plans a group lesson for learners of one school, and a lesson already taught as awaiting its report', async () => {
    const group = await as(tutorA).plan({ placementIds: [placementsOf.cai, placementsOf.dee], date: shiftDay(today(), -3), startTime: '13:00', minutes: 60, place: 'Room 4' })
    expect(group.status, group.text).toBe(201)
    expect(group.body.items[0]).toMatchObject({ status: 'awaiting_report', school: { id: schoolId, name: SCHOOL }, overdue: true })
    expect(group.body.items[0]?.learners.map((learner) => learner.name)).toEqual(['Cai Jones', 'Dee Patel'])
  })
})

describe('moving, cancelling and marking missed', () => {
  it('moves a planned lesson to a time still to come, from the version read', async () => {
    const [lesson] = (await as(tutorA).plan({ placementIds: [placementsOf.ada], date: shiftDay(today(), 40), startTime: '10:00', minutes: 60 })).body.items
    const id = lesson?.id ?? ''
    const moved = await as(tutorA).move(id, 1, { date: shiftDay(today(), 41), startTime: '11:15', minutes: 90, place: 'Library' })
    expect(moved.status, moved.text).toBe(200)
    expect(moved.body.lesson).toMatchObject({ status: 'planned', date: shiftDay(today(), 41), startTime: '11:15', minutes: 90, place: 'Library', version: 2 })
    expect((await as(tutorA).move<Schemas['Error']>(id, 1, { date: shiftDay(today(), 42), startTime: '11:00' })).body.message).toBe(STALE)
    const past = await as(tutorA).move<Schemas['Error']>(id, 2, { date: shiftDay(today(), -1), startTime: '11:00' })
    expect(past.status).toBe(400)
    expect(past.body.fields?.date).toBe('Choose a day and time still to come.')
    const history = await t.request<Schemas['HistoryPage']>('GET', `/api/admin/history?subjectType=lesson&subjectId=${id}`, { token: admin })
    expect(history.body.items.map((entry) => entry.action)).toEqual(['lesson.moved', 'lesson.planned'])
  })

  it('refuses to move a lesson onto another, or one whose time has passed', async () => {
    const date = shiftDay(today(), 45)
    const [a] = (await as(tutorA).plan({ placementIds: [placementsOf.ada], date, startTime: '10:00', minutes: 60 })).body.items
    const [b] = (await as(tutorA).plan({ placementIds: [placementsOf.ben], date, startTime: '12:00', minutes: 60 })).body.items
    const onto = await as(tutorA).move<Schemas['Error']>(b?.id ?? '', 1, { date, startTime: '10:30' })
    expect(onto.status).toBe(409)
    expect(onto.body.message).toMatch(/at 10:00 with Ada Lovelace \(Maths\)/)
    expect((await as(tutorA).get(a?.id ?? '')).body.lesson.version).toBe(1)
    const [taught] = (await as(tutorA).plan({ placementIds: [placementsOf.ben], date: shiftDay(today(), -2), startTime: '08:00', minutes: 30 })).body.items
    const late = await as(tutorA).move<Schemas['Error']>(taught?.id ?? '', 1, { date: shiftDay(today(), 3), startTime: '08:00' })
    expect(late.status).toBe(409)
    expect(late.body.message).toBe('Only a planned lesson can be moved; this one is awaiting report.')
  })

  it('cancels with notice or late, says by whom, and refuses to cancel twice', async () => {
    const [ahead] = (await as(tutorA).plan({ placementIds: [placementsOf.ada], date: shiftDay(today(), 50), startTime: '10:00', minutes: 60 })).body.items
    const cancelled = await as(tutorA).cancel(ahead?.id ?? '', 1, { cancelledBy: 'school', reason: 'Trip day' })
    expect(cancelled.status, cancelled.text).toBe(200)
    expect(cancelled.body.lesson).toMatchObject({ status: 'cancelled', cancellation: { by: 'school', late: false, reason: 'Trip day' } })
    expect(cancelled.body.moves).toEqual([])
    const again = await as(tutorA).cancel<Schemas['Error']>(ahead?.id ?? '', 2, { cancelledBy: 'school', reason: 'Trip day' })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('This lesson is cancelled, so it can no longer be cancelled.')
    const soon = inHours(3)
    const [close] = (await as(tutorA).plan({ placementIds: [placementsOf.ada], ...soon, minutes: 30 })).body.items
    const lateOne = await as(tutorA).cancel(close?.id ?? '', 1, { cancelledBy: 'family', reason: 'Ill' })
    expect(lateOne.body.lesson.cancellation).toMatchObject({ by: 'family', late: true })
    expect((await as(tutorA).cancel<Schemas['Error']>(close?.id ?? '', 2, { cancelledBy: 'family', reason: '   ' })).status).toBe(400)
  })

  it('marks a lesson missed, counting its learners absent, and refuses it once reported', async () => {
    const [lesson] = (await as(tutorA).plan({ placementIds: [placementsOf.ada], date: shiftDay(today(), -4), startTime: '07:00', minutes: 30 })).body.items
    const missed = await as(tutorA).missed(lesson?.id ?? '', 1, { note: 'Nobody answered the call.' })
    expect(missed.status, missed.text).toBe(200)
    expect(missed.body.lesson).toMatchObject({ status: 'missed', missedNote: 'Nobody answered the call.' })
    expect(missed.body.lesson.learners[0]?.attendance).toBe('absent')
    const [reported] = (await as(tutorA).plan({ placementIds: [placementsOf.ada], date: shiftDay(today(), -4), startTime: '08:00', minutes: 30 })).body.items
    expect((await as(tutorA).report(reported?.id ?? '', 1, report(learners.ada))).status).toBe(200)
    const refused = await as(tutorA).missed<Schemas['Error']>(reported?.id ?? '', 2)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe('This lesson is report sent, so it can no longer be marked missed.')
  })
})

describe('reports, from draft to approval', () => {
  let lessonId = ''

  beforeAll(async () => {
    const planned = await as(tutorA).plan({ placementIds: [placementsOf.ada], date: shiftDay(today(), -1), startTime: '06:00', minutes: 60 })
    lessonId = planned.body.items[0]?.id ?? ''
  })

  it('keeps a draft as the tutor types, for the tutor alone, and only while a report can be written', async () => {
    const saved = await as(tutorA).draft(lessonId, { covered: 'Fractions', concernSeverity: 'medium', concernDetails: 'Seemed withdrawn' })
    expect(saved.status, saved.text).toBe(200)
    const read = await as(tutorA).get(lessonId)
    expect(read.body.draft).toEqual({ covered: 'Fractions', concernSeverity: 'medium', concernDetails: 'Seemed withdrawn' })
    expect(read.body.draftSavedAt).toBe(saved.body.savedAt)
    expect('draft' in (await office.get(lessonId)).body).toBe(false)
    const wrong = await as(tutorA).draft<Schemas['Error']>(lessonId, { attendance: [{ studentId: learners.ben, attendance: 'present' }] })
    expect(wrong.status).toBe(400)
    const [future] = (await as(tutorA).plan({ placementIds: [placementsOf.ada], date: shiftDay(today(), 60), startTime: '10:00', minutes: 60 })).body.items
    const early = await as(tutorA).draft<Schemas['Error']>(future?.id ?? '', { covered: 'x' })
    expect(early.status).toBe(409)
    expect(early.body.message).toBe('This lesson has not ended yet: write its report once it has.')
    expect((await as(tutorA).report<Schemas['Error']>(future?.id ?? '', 1, report(learners.ada))).body.message).toBe('This lesson has not ended yet: write its report once it has.')
  })

  it('refuses a report without attendance for every learner or without what was covered', async () => {
    const noMark = await as(tutorA).report<Schemas['Error']>(lessonId, 1, report(learners.ada, { attendance: [{ studentId: learners.ben, attendance: 'present' }] }))
    expect(noMark.status).toBe(400)
    expect(noMark.body.fields?.attendance).toBe('Attendance can only be given for the lesson’s learners.')
    const blank = await as(tutorA).report<Schemas['Error']>(lessonId, 1, report(learners.ada, { covered: '   ' }))
    expect(blank.status).toBe(400)
    expect(Object.keys(blank.body.fields ?? {})).toEqual(['covered'])
    expect((await as(tutorA).get(lessonId)).body.lesson.status).toBe('awaiting_report')
  })

  it('sends the report with a concern: the concern reaches the office and every admin’s mail, never the family’s part', async () => {
    const sent = await as(tutorA).report(lessonId, 1, report(learners.ada, { concern: { severity: 'high', details: 'Said she is scared to go home.' } }))
    expect(sent.status, sent.text).toBe(200)
    expect(sent.body.lesson).toMatchObject({ status: 'submitted', version: 2, onTime: true })
    expect(sent.body.lesson.learners[0]?.attendance).toBe('present')
    expect(sent.body.report).toMatchObject({ covered: 'Fractions: adding with unlike denominators.', onTime: true })
    expect(sent.body.draft).toBeUndefined()
    expect(sent.body.moves).toEqual(['EDIT_REPORT', 'RETURN', 'APPROVE'])
    for (const email of ['lessons.admin@tec.test', 'lessons.admin2@tec.test']) {
      const [mail] = await mailsTo(email)
      expect(mail?.subject).toBe('Safeguarding concern (High) raised by Imogen Hale')
      expect(mail?.text).toContain('/admin/reports/concerns/')
      expect(mail?.text).not.toContain('scared')
    }
    expect(await mailsTo('ada.parent@example.org').then((mails) => mails.some((mail) => mail.text.includes('scared')))).toBe(false)
    const seen = await office.get(lessonId)
    expect(seen.body.lesson.concernRaised).toBe(true)
    expect(seen.body.concerns?.[0]).toMatchObject({ severity: 'high', details: 'Said she is scared to go home.', status: 'open' })
    expect(JSON.stringify(seen.body.report)).not.toContain('scared')
  })

  it('lets the tutor edit a sent report until the office acts, then returns it with a comment the tutor is mailed', async () => {
    const edited = await as(tutorA).report(lessonId, 2, report(learners.ada, { homework: 'Worksheet 5' }))
    expect(edited.status, edited.text).toBe(200)
    expect(edited.body.lesson).toMatchObject({ status: 'submitted', version: 3 })
    expect(await t.database.db.select({ n: count() }).from(safeguardingConcerns).where(eq(safeguardingConcerns.lessonId, lessonId))).toEqual([{ n: 1 }])
    expect((await office.return<Schemas['Error']>(lessonId, 2, 'Please add more')).body.message).toBe(STALE)
    const returned = await office.return(lessonId, 3, 'Please say which fractions were hard.')
    expect(returned.status, returned.text).toBe(200)
    expect(returned.body.lesson).toMatchObject({ status: 'returned', returnComment: 'Please say which fractions were hard.' })
    expect(returned.body.report).toMatchObject({ returnComment: 'Please say which fractions were hard.', returnedBy: { name: 'Pat Office' } })
    const mail = (await mailsTo('imogen.hale@tec.test')).find((sent) => sent.subject.startsWith('Report returned'))
    expect(mail?.subject).toMatch(/^Report returned: Ada Lovelace \(Maths\)/)
    expect(mail?.text).toContain('Please say which fractions were hard.')
    expect(mail?.text).toContain(`http://tec.test/tutor/reports/${lessonId}`)
    const overview = await as(tutorA).overview()
    expect(overview.body.returned.map((lesson) => lesson.id)).toContain(lessonId)
    const approveReturned = await office.approve<Schemas['Error']>(lessonId, 4)
    expect(approveReturned.status).toBe(409)
    expect(approveReturned.body.message).toBe('This report is back with its tutor; wait until they send it again.')
  })

  it('takes the report again, then approval ends every change', async () => {
    const again = await as(tutorA).report(lessonId, 4, report(learners.ada, { progress: 'Unlike denominators were hard; now secure.' }))
    expect(again.body.lesson.status).toBe('resubmitted')
    expect(again.body.report?.onTime).toBe(true)
    const approved = await office.approve(lessonId, 5)
    expect(approved.status, approved.text).toBe(200)
    expect(approved.body.lesson.status).toBe('approved')
    expect(approved.body.report?.approvedBy?.name).toBe('Pat Office')
    expect(approved.body.moves).toEqual([])
    for (const answer of [await as(tutorA).report<Schemas['Error']>(lessonId, 6, report(learners.ada)), await as(tutorA).draft<Schemas['Error']>(lessonId, { covered: 'x' })]) {
      expect(answer.status).toBe(409)
      expect(answer.body.message).toBe('This report has been approved, so it can no longer be changed.')
    }
    expect((await office.approve<Schemas['Error']>(lessonId, 6)).body.message).toBe('This report has already been approved.')
    const history = await t.request<Schemas['HistoryPage']>('GET', `/api/admin/history?subjectType=lesson&subjectId=${lessonId}`, { token: admin })
    const actions = history.body.items.map((entry) => entry.action)
    // The concern is recorded in the same transaction as the first report, so the two share a moment.
    expect(actions.slice(0, 4)).toEqual(['lesson.report_approved', 'lesson.report_resubmitted', 'lesson.report_returned', 'lesson.report_edited'])
    expect(actions.slice(4, 6).sort()).toEqual(['concern.raised', 'lesson.report_submitted'])
    expect(actions.slice(6)).toEqual(['lesson.planned'])
    const studentHistory = await t.request<Schemas['HistoryPage']>('GET', `/api/admin/history?subjectType=student&subjectId=${learners.ada}`, { token: admin })
    expect(studentHistory.body.items.map((entry) => entry.action)).toContain('lesson.report_approved')
  })
})

describe('the office’s reports', () => {
  it('lists sent reports newest first, narrowed by tutor, learner, school, state and days, with counts per state', async () => {
    const all = await office.list()
    expect(all.status, all.text).toBe(200)
    expect(all.body.items.every((lesson) => ['submitted', 'returned', 'resubmitted', 'approved'].includes(lesson.status))).toBe(true)
    const days = all.body.items.map((lesson) => lesson.startsAt)
    expect([...days].sort().reverse()).toEqual(days)
    expect((await office.list(`tutorId=${tutorBId}`)).body.total).toBe(0)
    expect((await office.list(`studentId=${learners.ada}&state=approved`)).body.total).toBe(1)
    const school = await office.list(`schoolId=${schoolId}&state=awaiting_report`)
    expect(school.body.items).toHaveLength(1)
    expect(school.body.items[0]?.learners).toHaveLength(2)
    expect(school.body.stateCounts.overdue).toBe(1)
    const overdue = await office.list('state=overdue')
    expect(overdue.body.items.every((lesson) => lesson.overdue)).toBe(true)
    const none = await office.list(`from=${shiftDay(today(), 1)}&to=${shiftDay(today(), 1)}`)
    expect(none.body.total).toBe(0)
    const backwards = await office.list(`from=${today()}&to=${shiftDay(today(), -1)}`)
    expect(backwards.status).toBe(400)
  })

  it('approves many at once, leaving the ones changed since or not waiting, with the reason', async () => {
    const make = async (hour: string) => {
      const [lesson] = (await as(tutorA).plan({ placementIds: [placementsOf.ben], date: shiftDay(today(), -5), startTime: hour, minutes: 30 })).body.items
      return (await as(tutorA).report(lesson?.id ?? '', 1, report(learners.ben))).body.lesson
    }
    const first = await make('09:00')
    const second = await make('10:00')
    const third = await make('11:00')
    await as(tutorA).report(third.id, 2, report(learners.ben, { homework: 'More' }))
    const [planned] = (await as(tutorA).plan({ placementIds: [placementsOf.ben], date: shiftDay(today(), 70), startTime: '11:00', minutes: 30 })).body.items
    const result = await office.approveMany([
      { lessonId: first.id, version: 2 },
      { lessonId: second.id, version: 2 },
      { lessonId: third.id, version: 2 },
      { lessonId: planned?.id ?? '', version: 1 },
      { lessonId: MISSING_ID, version: 1 },
    ])
    expect(result.status, result.text).toBe(200)
    expect(result.body.approved).toEqual([first.id, second.id])
    expect(result.body.left).toEqual([
      { lessonId: third.id, message: 'Changed since you read it: open it to see the changes.' },
      { lessonId: planned?.id, message: 'This lesson is planned: there is no report to review.' },
      { lessonId: MISSING_ID, message: 'We could not find that lesson.' },
    ])
    expect((await office.get(third.id)).body.lesson.status).toBe('submitted')
    const twice = await office.approveMany([
      { lessonId: first.id, version: 3 },
      { lessonId: first.id, version: 3 },
    ])
    expect(twice.status).toBe(400)
  })
})

describe('safeguarding concerns', () => {
  it('lists concerns, open and most severe first, and moves them on with a note kept in their history', async () => {
    const list = await t.request<Schemas['SafeguardingConcernPage']>('GET', '/api/admin/safeguarding-concerns', { token: admin })
    expect(list.status, list.text).toBe(200)
    const [concern] = list.body.items
    expect(concern).toMatchObject({ severity: 'high', status: 'open', details: 'Said she is scared to go home.', tutor: { name: 'Imogen Hale' }, learner: { name: 'Ada Lovelace' } })
    expect(list.body.statusCounts).toEqual({ open: 1, in_hand: 0, closed: 0 })
    const id = concern?.id ?? ''
    const change = (version: number, body: unknown) =>
      t.request<Schemas['SafeguardingConcern'] & Schemas['Error']>('POST', `/api/admin/safeguarding-concerns/${id}/status`, { token: admin, body, headers: ifMatch(version) })
    const inHand = await change(1, { status: 'in_hand', note: 'Called the school DSL.' })
    expect(inHand.status, inHand.text).toBe(200)
    expect(inHand.body).toMatchObject({ status: 'in_hand', statusNote: 'Called the school DSL.', statusChangedBy: { name: 'Pat Office' }, version: 2 })
    expect((await change(1, { status: 'closed', note: 'Done' })).body.message).toBe(STALE)
    expect((await change(2, { status: 'closed', note: '  ' })).status).toBe(400)
    expect((await t.request('GET', `/api/admin/safeguarding-concerns/${MISSING_ID}`, { token: admin })).status).toBe(404)
    const filtered = await t.request<Schemas['SafeguardingConcernPage']>('GET', '/api/admin/safeguarding-concerns?status=open', { token: admin })
    expect(filtered.body.total).toBe(0)
    const history = await t.request<Schemas['HistoryPage']>('GET', `/api/admin/history?subjectType=safeguarding_concern&subjectId=${id}`, { token: admin })
    expect(history.body.items.map((entry) => [entry.action, entry.detail ?? null])).toEqual([
      ['concern.status_changed', 'Called the school DSL.'],
      ['concern.raised', 'Severity high'],
    ])
  })
})

describe('what the tutor sees of a concern', () => {
  it('shows the tutor only that they raised a concern and when, never its words, severity or handling', async () => {
    const [concern] = (await t.request<Schemas['SafeguardingConcernPage']>('GET', '/api/admin/safeguarding-concerns', { token: admin })).body.items
    expect(concern).toMatchObject({ status: 'in_hand', statusNote: 'Called the school DSL.' })
    const mine = await as(tutorA).get(concern?.lesson.id ?? '')
    expect(mine.status, mine.text).toBe(200)
    expect(mine.body.concerns).toEqual([{ id: concern?.id, raisedAt: concern?.raisedAt }])
    expect(mine.text).not.toMatch(/in_hand|Called the school DSL|scared to go home|"high"/)
  })

  it('answers no tutor operation with a concern’s handling, by the contract', () => {
    const { operations, schemas } = contract()
    const handling = ['ConcernStatus', 'LessonConcern', 'SafeguardingConcern', 'ConcernStatusChange']
    /** The names of every schema an answer can reach through its refs. */
    const reach = (node: unknown, seen: Set<string>): Set<string> => {
      if (Array.isArray(node)) for (const item of node) reach(item, seen)
      else if (typeof node === 'object' && node !== null) {
        for (const [key, value] of Object.entries(node)) {
          const name = key === '$ref' && typeof value === 'string' ? value.split('/').at(-1) : undefined
          if (name === undefined) reach(value, seen)
          else if (!seen.has(name)) reach(schemas[name], seen.add(name))
        }
      }
      return seen
    }
    const tutors = operations.filter((operation) => operation.roles.includes('TUTOR'))
    expect(tutors.map((operation) => operation.operationId)).toContain('getMyLesson')
    for (const operation of tutors) {
      const reached = reach([...operation.responses.values()], new Set())
      expect([...reached].filter((name) => handling.includes(name)), operation.operationId).toEqual([])
    }
  })
})

describe('figures and term summaries', () => {
  it('counts delivered lessons by month, mode, tutor and school, attendance and reports on time, and exports the rows', async () => {
    const from = shiftDay(today(), -40)
    const to = today()
    const figures = await t.request<Schemas['LessonFigures']>('GET', `/api/admin/lesson-figures?from=${from}&to=${to}`, { token: admin })
    expect(figures.status, figures.text).toBe(200)
    const rows = await office.list(`from=${from}&to=${to}&pageSize=100`)
    expect(figures.body.delivered).toBe(rows.body.total)
    expect(figures.body.byMonth.reduce((sum, month) => sum + month.delivered, 0)).toBe(figures.body.delivered)
    expect(figures.body.byMonth.map((month) => month.key)).toEqual(monthsOf(from, to))
    expect(figures.body.byMode.map((mode) => mode.key)).toEqual(['home', 'school', 'online', 'community'])
    expect(figures.body.byMode.find((mode) => mode.key === 'online')?.delivered).toBe(figures.body.delivered)
    expect(figures.body.byTutor).toEqual([{ key: tutorAId, label: 'Imogen Hale', delivered: figures.body.delivered }])
    expect(figures.body.reports.onTime + figures.body.reports.late).toBe(figures.body.delivered)
    // One missed lesson (absent) and every reported learner present.
    expect(figures.body.attendance).toMatchObject({ present: figures.body.delivered, absent: 1, late: 0 })
    expect(figures.body.attendance.rate).toBeCloseTo(figures.body.delivered / (figures.body.delivered + 1))

    const csv = await t.request('GET', `/api/admin/lesson-figures/export?from=${from}&to=${to}&figure=attendance`, { token: admin })
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="tec-attendance-${from}-to-${to}.csv"`)
    const lines = new TextDecoder().decode(csv.bytes).trim().split('\r\n')
    expect(lines[0]).toBe('attendance,learner,date,start,minutes,tutor,learners,school,subject,mode,status')
    expect(lines).toHaveLength(1 + figures.body.delivered + 1)
    const byTutor = await t.request('GET', `/api/admin/lesson-figures/export?from=${from}&to=${to}&figure=tutor`, { token: admin })
    expect(new TextDecoder().decode(byTutor.bytes).split('\r\n')[0]).toMatch(/^tutor,date,/)
    expect((await t.request('GET', `/api/admin/lesson-figures?from=${to}&to=${from}`, { token: admin })).status).toBe(400)
    expect((await t.request('GET', `/api/admin/lesson-figures?from=2020-01-01&to=${to}`, { token: admin })).status).toBe(400)
  })

  it('keeps a formula-like school name as text in the CSV', async () => {
    const [group] = (await office.list(`schoolId=${schoolId}&state=awaiting_report`)).body.items
    const sent = await as(tutorA).report(group?.id ?? '', group?.version ?? 1, {
      attendance: [
        { studentId: learners.cai, attendance: 'late' },
        { studentId: learners.dee, attendance: 'present' },
      ],
      covered: 'Times tables',
      progress: 'The group knows the 7 times table.',
      staffNote: 'Private: the class teacher was absent.',
    })
    expect(sent.status, sent.text).toBe(200)
    expect(sent.body.report?.onTime).toBe(false)
    const from = shiftDay(today(), -10)
    const csv = new TextDecoder().decode((await t.request('GET', `/api/admin/lesson-figures/export?from=${from}&to=${today()}&figure=school`, { token: admin })).bytes)
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""Hillside Primary"")"`)
    expect(csv).not.toMatch(/(^|,)=HYPERLINK/m)
    await office.approve(group?.id ?? '', 2)
  })

  it('summarises a school’s term: each learner’s attendance and only the approved reports’ progress', async () => {
    const day = shiftDay(today(), -3)
    const month = Number(day.slice(5, 7))
    const term = month >= 9 ? 'autumn' : month >= 4 ? 'summer' : 'spring'
    const summary = await t.request<Schemas['SchoolTermSummary']>('GET', `/api/admin/schools/${schoolId}/term-summary?year=${day.slice(0, 4)}&term=${term}`, { token: admin })
    expect(summary.status, summary.text).toBe(200)
    expect(summary.body.school).toEqual({ id: schoolId, name: SCHOOL })
    expect(summary.body.learners.map((row) => [row.learner.name, row.lessons, row.present, row.late, row.absent])).toEqual([
      ['Cai Jones', 1, 0, 1, 0],
      ['Dee Patel', 1, 1, 0, 0],
    ])
    expect(summary.body.excerpts.map((excerpt) => excerpt.progress)).toEqual(['The group knows the 7 times table.', 'The group knows the 7 times table.'])
    expect(summary.text).not.toContain('Private')
    expect((await t.request('GET', `/api/admin/schools/${MISSING_ID}/term-summary?year=2026&term=autumn`, { token: admin })).status).toBe(404)
  })
})

describe('the tutor’s own lessons only', () => {
  it('shows the tutor’s week and to-do list, oldest report first, and the month’s figures', async () => {
    expect((await as(tutorA).plan({ placementIds: [placementsOf.ben], date: shiftDay(today(), -5), startTime: '06:00', minutes: 30 })).status).toBe(201)
    const overview = await as(tutorA).overview()
    expect(overview.status, overview.text).toBe(200)
    const due = overview.body.awaitingReport.map((lesson) => lesson.startsAt)
    expect([...due].sort()).toEqual(due)
    expect(overview.body.awaitingReport.every((lesson) => lesson.status === 'awaiting_report')).toBe(true)
    expect(overview.body.figures.month).toBe(today().slice(0, 7))
    expect(overview.body.figures.reportsOnTime).toBeLessThanOrEqual(overview.body.figures.reportsThisMonth)
    // A report still to write past its 48 hours counts against the share on time.
    expect(overview.body.figures.reportsOverdue).toBeGreaterThan(0)
    expect(overview.body.figures.reportsOverdue).toBe(overview.body.awaitingReport.filter((lesson) => lesson.overdue).length)
    // What is next: the lessons not yet over, soonest first, each with its learners' contacts to call.
    const { coming } = overview.body
    expect(coming.length).toBeGreaterThan(0)
    expect(coming.every(({ lesson }) => Date.parse(lesson.endsAt) > Date.now() && lesson.tutor.id === tutorAId)).toBe(true)
    expect(coming.map(({ lesson }) => lesson.startsAt)).toEqual(coming.map(({ lesson }) => lesson.startsAt).sort())
    const withAda = coming.find(({ lesson }) => lesson.learners.some((learner) => learner.id === learners.ada))
    expect(withAda?.contacts).toEqual([{ studentId: learners.ada, name: 'Ada Lovelace Parent', phone: '07700 900000' }])
    const mine = await as(tutorB).overview()
    expect(mine.body.awaitingReport).toEqual([])
    expect(mine.body.returned).toEqual([])
  })

  it('answers another tutor’s lesson exactly as one that does not exist, for every lesson operation', async () => {
    const [theirs] = (await as(tutorA).list(`status=planned&from=${today()}`)).body.items
    const id = theirs?.id ?? ''
    const missing = await as(tutorB).get<Schemas['Error']>(MISSING_ID)
    expect(missing.status).toBe(404)
    expect(missing.body).toEqual(NOT_FOUND)
    const before = JSON.stringify((await as(tutorA).get(id)).body)
    const tutorBLessons = await lessonCount(tutorBId)
    const answers = [
      await as(tutorB).get(id),
      await as(tutorB).move(id, 1, { date: shiftDay(today(), 90), startTime: '10:00' }),
      await as(tutorB).cancel(id, 1, { cancelledBy: 'tutor', reason: 'Mine now' }),
      await as(tutorB).missed(id, 1),
      await as(tutorB).draft(id, { covered: 'x' }),
      await as(tutorB).report(id, 1, report(learners.ada)),
    ]
    for (const answer of answers) {
      expect(answer.status).toBe(404)
      expect(answer.body).toEqual(NOT_FOUND)
    }
    expect(JSON.stringify((await as(tutorA).get(id)).body)).toBe(before)
    expect((await as(tutorB).list(`studentId=${learners.ada}`)).body.total).toBe(0)
    expect((await as(tutorB).list()).body.items.every((lesson) => lesson.tutor.id === tutorBId)).toBe(true)
    expect(await lessonCount(tutorBId)).toBe(tutorBLessons)
  })

  it('lists the tutor’s lessons soonest first from a day, newest first otherwise, by learner and status', async () => {
    const upcoming = await as(tutorA).list(`from=${today()}&pageSize=100`)
    const starts = upcoming.body.items.map((lesson) => lesson.startsAt)
    expect([...starts].sort()).toEqual(starts)
    const past = await as(tutorA).list(`to=${today()}&pageSize=100`)
    const pastStarts = past.body.items.map((lesson) => lesson.startsAt)
    expect([...pastStarts].sort().reverse()).toEqual(pastStarts)
    const ada = await as(tutorA).list(`studentId=${learners.ada}&status=approved`)
    expect(ada.body.items).toHaveLength(1)
    expect(ada.body.items[0]?.learners[0]?.name).toBe('Ada Lovelace')
    expect(ada.body.items[0]?.concernRaised).toBeUndefined()
  })
})

describe('a concern outlives attempts to delete what it names', () => {
  it('the database refuses to delete the learner or the staff member a concern names, and the concern keeps both links', async () => {
    const [raised] = await t.database.db.select().from(safeguardingConcerns).limit(1)
    if (!raised) throw new Error('the tests above raise a concern')
    // A learner with nothing else to hold them (no placement, no lesson), so only the concern can.
    const [learner] = await t.database.db
      .insert(students)
      .values({ name: 'Only Concern', contactName: 'Parent', contactEmail: 'parent@example.org', contactPhone: '01234 567890', subjects: ['Maths'], deliveryMode: 'online' })
      .returning({ id: students.id })
    const handler = await t.createUser({ email: 'handler-kept@tec.test', role: 'ADMIN' })
    const [concern] = await t.database.db
      .insert(safeguardingConcerns)
      .values({ lessonId: raised.lessonId, studentId: learner!.id, raisedBy: raised.raisedBy, severity: 'low', details: 'Kept for its retention.', statusChangedBy: handler.id })
      .returning({ id: safeguardingConcerns.id })
    await expect(t.database.db.delete(students).where(eq(students.id, learner!.id))).rejects.toThrow()
    await expect(t.database.db.delete(users).where(eq(users.id, handler.id))).rejects.toThrow()
    const [kept] = await t.database.db.select().from(safeguardingConcerns).where(eq(safeguardingConcerns.id, concern!.id))
    expect(kept).toMatchObject({ studentId: learner!.id, statusChangedBy: handler.id, details: 'Kept for its retention.' })
  })
})
