import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { londonDay, longLessonDay, shiftDay } from '../../shared/lesson-time.ts'
import type { components } from '../../src/api/schema.gen.ts'
import { createSession } from '../../server/auth/sessions.ts'
import { seedDemoContent } from '../../server/demo/content.ts'
import { mailOutbox, placements } from '../../server/db/schema.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'

type Schemas = components['schemas']
type Placement = Schemas['Placement']
type StudentRecord = Schemas['StudentRecord']
type TutorRecord = Schemas['TutorRecord']

/**
 * Placing learners with tutors: suggestions ranked by subject and level, way of teaching, area and availability, with
 * their reasons, never offering a paused or left tutor or one without a current check; a placement starts in one
 * transaction with the learner's status, both mails and the history; it ends or moves with a reason, only from the
 * version read; impossible placements are refused with 409 and leave nothing behind. Ending a placement cancels its
 * lessons from the end date on, tells the tutor and the contact once, and leaves the tutor nothing to do on them. A
 * tutor reads only the learners placed with them now.
 */
let t: TestApp
let token: string
const STALE = 'Someone else changed this record since you opened it. Reload it to see their changes, then make yours again.'
const MISSING_ID = '00000000-0000-4000-8000-000000000000'
const LEARNER_NOT_FOUND = { message: 'We could not find that learner.' }

let sequence = 0
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 24 * 3600 * 1000).toISOString().slice(0, 10)
/** A day as the history writes it for staff: "4 Dec 2026". */
const dayInWords = (isoDay: string) => new Date(`${isoDay}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })
const ifMatch = (version: number) => ({ 'if-match': `"${version}"` })
const mailsTo = (email: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(mailOutbox.createdAt)
const placementCount = async (studentId: string) =>
  (await t.database.db.select({ n: count() }).from(placements).where(eq(placements.studentId, studentId)))[0]?.n ?? 0

beforeAll(async () => {
  t = await createTestApp()
  await seedDemoContent(t.database.db)
  await t.createUser({ email: 'placements.admin@tec.test', role: 'ADMIN', name: 'Pat Office' })
  token = await t.login('placements.admin@tec.test')
})
afterAll(async () => t?.close())

const place = <T extends object = Placement>(body: unknown) => t.request<T>('POST', '/api/admin/placements', { token, body })
const end = <T extends object = Placement>(id: string, version: number, body: unknown) =>
  t.request<T>('POST', `/api/admin/placements/${id}/end`, { token, body, headers: ifMatch(version) })
const move = <T extends object = Placement>(id: string, version: number, body: unknown) =>
  t.request<T>('POST', `/api/admin/placements/${id}/move`, { token, body, headers: ifMatch(version) })
const suggest = <T extends object = Schemas['TutorSuggestionList']>(studentId: string, query: string) =>
  t.request<T>('GET', `/api/admin/students/${studentId}/tutor-suggestions?${query}`, { token })
const listPlacements = (query: string) => t.request<Schemas['PlacementPage']>('GET', `/api/admin/placements?${query}`, { token })
const historyOf = (type: string, id: string) => t.request<Schemas['HistoryPage']>('GET', `/api/admin/history?subjectType=${type}&subjectId=${id}`, { token })

interface TutorOptions {
  profile?: Partial<Schemas['TutorProfileInput']>
  /** The renewal date of their check; null for a check without one, undefined for no check at all. */
  check?: string | null
  status?: 'paused' | 'left'
}

/** A tutor with a profile, and a check and a status when asked; answers their record and email. */
async function tutor(name: string, options: TutorOptions = {}): Promise<TutorRecord & { email: string }> {
  const email = `${name.toLowerCase().replaceAll(' ', '.')}.${++sequence}@example.org`
  const invited = await t.request<TutorRecord>('POST', '/api/admin/tutors', { token, body: { name, email } })
  expect(invited.status, invited.text).toBe(201)
  const fields: Schemas['TutorProfileInput'] = {
    name,
    postcode: 'LS6 2AB',
    subjects: ['Maths'],
    levels: ['gcse'],
    modes: ['home', 'online'],
    travelArea: 'Headingley, Kirkstall',
    availability: { days: ['monday', 'thursday'], times: ['after_school'] },
    ...options.profile,
  }
  let record = (await t.request<TutorRecord>('PUT', `/api/admin/tutors/${invited.body.id}`, { token, body: fields, headers: ifMatch(invited.body.version) })).body
  if (options.check !== undefined) {
    const body = { type: 'enhanced_barred', reference: `0012${sequence}`, issuedOn: day(-800), ...(options.check === null ? {} : { expiresOn: options.check }) }
    const checked = await t.request<TutorRecord>('POST', `/api/admin/tutors/${record.id}/checks`, { token, body })
    expect(checked.status, checked.text).toBe(201)
    record = checked.body
  }
  if (options.status !== undefined) {
    const changed = await t.request<TutorRecord>('POST', `/api/admin/tutors/${record.id}/status`, { token, body: { status: options.status }, headers: ifMatch(record.version) })
    expect(changed.status, changed.text).toBe(200)
    record = changed.body
  }
  return { ...record, email }
}

/** A waiting learner in Headingley who wants GCSE Maths at home on Mondays after school. */
async function learner(name: string, overrides: Partial<Schemas['StudentInput']> = {}): Promise<StudentRecord> {
  const body: Schemas['StudentInput'] = {
    name,
    yearGroup: 'year_10',
    contact: { name: `Parent of ${name}`, email: `parent.${++sequence}@example.org`, phone: '07700 900456', relationship: 'parent' },
    address: { line1: '4 Cardigan Road', town: 'Headingley', postcode: 'LS6 1AA' },
    subjects: ['Maths'],
    level: 'gcse',
    deliveryMode: 'home',
    availability: { days: ['monday'], times: ['after_school'] },
    goals: 'A grade 6 in the summer.',
    needs: 'Dyslexia: prefers printed worksheets.',
    notesForTutors: 'Likes to start with a puzzle.',
    status: 'waiting',
    ...overrides,
  }
  const created = await t.request<StudentRecord>('POST', '/api/admin/students', { token, body })
  expect(created.status, created.text).toBe(201)
  return created.body
}

/** The first day of this weekday (0 Sunday … 6 Saturday) at least a week after London's today. */
function nextWeekday(weekday: number): string {
  let candidate = shiftDay(londonDay(new Date()), 7)
  while (new Date(`${candidate}T12:00:00Z`).getUTCDay() !== weekday) candidate = shiftDay(candidate, 1)
  return candidate
}

const placing = (studentId: string, tutorId: string, overrides: object = {}) => ({
  studentId,
  tutorId,
  subject: 'Maths',
  mode: 'home',
  startsOn: day(7),
  frequency: 'weekly',
  lessonCount: 20,
  lessonMinutes: 60,
  notes: 'Start with fractions.',
  ...overrides,
})

describe('tutor suggestions', () => {
  it('rank by subject and level, way of teaching, area and availability, say why, and never offer who may not teach', async () => {
    const student = await learner('Ruby Ranked')
    const best = await tutor('Ada Best', { check: day(400) })
    const online = await tutor('Ben Online', { check: null, profile: { modes: ['online'], travelArea: 'Otley', postcode: 'LS21 1AA', availability: { days: ['monday'], times: ['evening'] } } })
    const other = await tutor('Cal Other', { check: day(30), profile: { subjects: ['English'], levels: ['primary'] } })
    await tutor('Dee Paused', { check: day(400), status: 'paused' })
    await tutor('Eve Left', { check: day(400), status: 'left' })
    await tutor('Fay Expired', { check: day(-1) })
    await tutor('Gus Unchecked')

    const answer = await suggest(student.id, 'subject=Maths')
    expect(answer.status, answer.text).toBe(200)
    expect(answer.body.mode).toBe('home')
    const names = answer.body.items.map((item) => item.tutor.name)
    for (const never of ['Dee Paused', 'Eve Left', 'Fay Expired', 'Gus Unchecked']) expect(names).not.toContain(never)
    expect(answer.body.notOffered).toBeGreaterThanOrEqual(4)
    const rank = (name: string) => names.indexOf(name)
    expect(rank('Ada Best')).toBeGreaterThanOrEqual(0)
    expect(rank('Ada Best')).toBeLessThan(rank('Ben Online'))
    expect(rank('Ben Online')).toBeLessThan(rank('Cal Other'))

    const ada = answer.body.items.find((item) => item.tutor.id === best.id)
    expect(ada?.score).toBe(100)
    expect(ada?.reasons).toEqual([
      { factor: 'subject', met: true, points: 40, detail: ['Maths'] },
      { factor: 'level', met: true, points: 15, detail: ['gcse'] },
      { factor: 'mode', met: true, points: 20, detail: ['home'] },
      { factor: 'area', met: true, points: 15, detail: ['LS6', 'Headingley'] },
      { factor: 'availability', met: true, points: 10, detail: ['monday', 'after_school'] },
    ])
    const ben = answer.body.items.find((item) => item.tutor.id === online.id)
    expect(ben?.reasons.find((reason) => reason.factor === 'mode')).toEqual({ factor: 'mode', met: false, points: 0, detail: ['home'] })
    expect(ben?.reasons.find((reason) => reason.factor === 'area')).toEqual({ factor: 'area', met: false, points: 0, detail: ['Otley'] })
    expect(ben?.reasons.find((reason) => reason.factor === 'availability')).toEqual({ factor: 'availability', met: true, points: 5, detail: ['monday'] })
    const cal = answer.body.items.find((item) => item.tutor.id === other.id)
    expect(cal?.tutor.checkState).toBe('expiring')
    expect(cal?.tutor.checkExpiresOn).toBe(day(30))
    expect(cal?.reasons[0]).toEqual({ factor: 'subject', met: false, points: 0, detail: ['Maths'] })

    // Online lessons: the area does not count against anyone.
    const remote = await suggest(student.id, 'subject=Maths&mode=online')
    expect(remote.body.items.find((item) => item.tutor.id === online.id)?.reasons.find((reason) => reason.factor === 'area')).toEqual({ factor: 'area', met: true, points: 15, detail: [] })
  })

  it('propose a first lesson a week ahead when both are free, and show the hours each tutor offers and already teaches', async () => {
    const student = await learner('Ellie Mondays')
    const both = await tutor('Hal Hours', { check: day(400), profile: { availability: { days: ['monday', 'friday'], times: ['morning', 'after_school'] }, hoursPerWeek: 10 } })
    const evenings = await tutor('Ivy Evenings', { check: day(400), profile: { availability: { days: ['monday'], times: ['evening'] } } })
    const fridays = await tutor('Jo Fridays', { check: day(400), profile: { availability: { days: ['friday'], times: [] } } })
    const busy = await learner('Kit Busy')
    expect((await place(placing(busy.id, both.id, { lessonMinutes: 90 }))).status).toBe(201)
    expect((await place(placing(busy.id, both.id, { subject: 'Physics', frequency: 'fortnightly', lessonMinutes: 60 }))).status).toBe(201)

    const answer = await suggest(student.id, 'subject=Maths')
    const of = (id: string) => answer.body.items.find((item) => item.tutor.id === id)
    const monday = nextWeekday(1)
    // Ellie is free on Mondays after school: Hal too, so that is proposed, a week or more ahead.
    expect(of(both.id)?.firstLesson).toEqual({ date: monday, startTime: '16:00', bothFree: true })
    expect(of(both.id)?.hoursPerWeek).toBe(10)
    // One learner in two placements: 90 minutes weekly and an hour a fortnight.
    expect(of(both.id)?.placed).toEqual({ learners: 1, hoursPerWeek: 2 })
    // The same day but not the same time of day: the learner's time, and the office is told it is not a shared one.
    expect(of(evenings.id)?.firstLesson).toEqual({ date: monday, startTime: '16:00', bothFree: false })
    expect(of(evenings.id)).not.toHaveProperty('hoursPerWeek')
    expect(of(evenings.id)?.placed).toEqual({ learners: 0, hoursPerWeek: 0 })
    // No shared day: the learner's day wins, since the family was never asked to keep theirs current.
    expect(of(fridays.id)?.firstLesson).toEqual({ date: monday, startTime: '16:00', bothFree: false })
  })

  it('answer 404 for a learner who does not exist and 400 for a subject not offered', async () => {
    expect((await suggest(MISSING_ID, 'subject=Maths')).body).toEqual(LEARNER_NOT_FOUND)
    const student = await learner('Sam Subjectless')
    const unknown = await suggest(student.id, 'subject=Astrology')
    expect(unknown.status).toBe(400)
    expect(unknown.body).toMatchObject({ fields: { subject: 'Choose a subject from the list.' } })
    expect((await suggest(student.id, 'mode=home')).status).toBe(400)
  })
})

describe('placing a learner', () => {
  it('starts the placement, makes the learner active, mails the tutor and the contact, and both histories say so', async () => {
    const student = await learner('Pia Placed')
    const teacher = await tutor('Quinn Placer', { check: day(400) })
    const placed = await place(placing(student.id, teacher.id))
    expect(placed.status, placed.text).toBe(201)
    expect(placed.headers.get('etag')).toBe('"1"')
    expect(placed.body).toMatchObject({
      status: 'active',
      student: { id: student.id, name: 'Pia Placed', status: 'active' },
      tutor: { id: teacher.id, name: 'Quinn Placer' },
      subject: 'Maths',
      mode: 'home',
      frequency: 'weekly',
      lessonCount: 20,
      lessonMinutes: 60,
      notes: 'Start with fractions.',
    })
    const student2 = await t.request<StudentRecord>('GET', `/api/admin/students/${student.id}`, { token })
    expect(student2.body.fields.status).toBe('active')
    expect(student2.body.version).toBe(student.version + 1)

    const [tutorMail] = await mailsTo(teacher.email).then((mails) => mails.filter((mail) => mail.subject.startsWith('New learner')))
    expect(tutorMail?.subject).toBe('New learner: Pia Placed (Maths)')
    expect(tutorMail?.text).toContain('The office has placed Pia Placed with you.')
    expect(tutorMail?.text).toContain('From the office: Start with fractions.')
    const [contactMail] = await mailsTo(student.fields.contact.email)
    expect(contactMail?.subject).toBe('Your tutor for Maths: Quinn Placer')
    expect(contactMail?.text).toContain('We have found a tutor for Pia Placed: Quinn Placer will teach Maths.')

    for (const [type, id] of [['student', student.id], ['tutor', teacher.id]] as const) {
      const history = await historyOf(type, id)
      const started = history.body.items.find((entry) => entry.action === 'placement.started')
      expect(started?.actor?.name, `${type} history`).toBe('Pat Office')
      expect(started?.detail).toMatch(/^Maths with Quinn Placer, At home, Weekly from \d{1,2} [A-Z][a-z]{2,3} \d{4}$/)
    }

    const byTutor = await listPlacements(`tutorId=${teacher.id}`)
    expect(byTutor.body.items.map((item) => item.id)).toEqual([placed.body.id])
    expect((await listPlacements(`studentId=${student.id}&status=ended`)).body.total).toBe(0)
  })

  it('shows both mails before placing, as they will be sent, storing and sending nothing; the time agreed goes into both', async () => {
    const student = await learner('Lou Preview')
    const teacher = await tutor('Max Preview', { check: day(400) })
    const monday = nextWeekday(1)
    const input = placing(student.id, teacher.id, { startsOn: monday, startTime: '16:00' })
    const outboxBefore = (await t.database.db.select({ n: count() }).from(mailOutbox))[0]?.n
    const preview = await t.request<Schemas['PlacementPreview']>('POST', '/api/admin/placements/preview', { token, body: input })
    expect(preview.status, preview.text).toBe(200)
    const firstLesson = `First lesson: ${longLessonDay(monday)} at 16:00`
    expect(preview.body.mails.map((mail) => [mail.audience, mail.to, mail.subject])).toEqual([
      ['tutor', teacher.email, 'New learner: Lou Preview (Maths)'],
      ['contact', student.fields.contact.email, 'Your tutor for Maths: Max Preview'],
    ])
    for (const mail of preview.body.mails) expect(mail.text).toContain(firstLesson)
    expect((await t.database.db.select({ n: count() }).from(mailOutbox))[0]?.n).toBe(outboxBefore)
    expect(await placementCount(student.id)).toBe(0)

    const placed = await place(input)
    expect(placed.status, placed.text).toBe(201)
    expect(placed.body).toMatchObject({ startsOn: monday, startTime: '16:00' })
    const sent = await mailsTo(student.fields.contact.email)
    expect(sent.map((mail) => mail.text)).toEqual([preview.body.mails[1]?.text])

    const bad = await t.request<Schemas['Error']>('POST', '/api/admin/placements/preview', { token, body: { ...input, startTime: '25:00' } })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.fields ?? {})).toEqual(['startTime'])
    const unknown = await t.request<Schemas['Error']>('POST', '/api/admin/placements/preview', { token, body: { ...input, tutorId: MISSING_ID } })
    expect(unknown.status).toBe(400)
    expect(Object.keys(unknown.body.fields ?? {})).toEqual(['tutorId'])
  })

  it('refuses what cannot be, with 409 and a clear message, leaving nothing stored or mailed', async () => {
    const student = await learner('Rex Refused')
    const paused = await tutor('Sol Paused', { check: day(400), status: 'paused' })
    const left = await tutor('Tam Left', { check: day(400), status: 'left' })
    const unchecked = await tutor('Uma Unchecked')
    const expired = await tutor('Vic Expired', { check: day(-3) })
    // Active with a current check, but their account was deactivated in Settings → Staff accounts.
    const deactivated = await tutor('Dot Deactivated', { check: day(400) })
    expect((await t.request('PUT', `/api/admin/staff/${deactivated.id}/status`, { token, body: { active: false } })).status).toBe(200)
    expect((await suggest(student.id, 'subject=Maths')).body.items.map((item) => item.tutor.id)).not.toContain(deactivated.id)
    const refusals: [string, string][] = [
      [deactivated.id, 'Dot Deactivated’s account is deactivated, so they cannot be given learners. Reactivate it in Settings → Staff accounts first, or choose another tutor.'],
      [paused.id, 'Sol Paused is paused, so they cannot be given new learners. Make them active again first, or choose another tutor.'],
      [left.id, 'Tam Left has left TEC, so they cannot be given learners. Choose another tutor.'],
      [unchecked.id, 'Uma Unchecked has no safeguarding check on record. Record their check first, or choose another tutor.'],
      [expired.id, "Vic Expired's safeguarding check has ended. Record their renewed check first, or choose another tutor."],
    ]
    for (const [tutorId, message] of refusals) {
      const refused = await place(placing(student.id, tutorId))
      expect(refused.status).toBe(409)
      expect(refused.body).toEqual({ message })
    }
    expect(await placementCount(student.id)).toBe(0)
    expect(await mailsTo(student.fields.contact.email)).toEqual([])

    const good = await tutor('Wyn Good', { check: day(400) })
    expect((await place(placing(student.id, good.id))).status).toBe(201)
    const again = await place(placing(student.id, good.id, { subject: 'maths' }))
    expect(again.status).toBe(409)
    expect(again.body).toEqual({ message: 'Rex Refused is already placed with Wyn Good for Maths. End or move that placement instead.' })

    const finished = await learner('Xan Finished', { status: 'finished' })
    const closed = await place(placing(finished.id, good.id))
    expect(closed.status).toBe(409)
    expect(closed.body).toEqual({ message: 'Xan Finished is finished. Change their status on their page before placing them.' })
  })

  it('answers 400 per field for bad input and unknown records', async () => {
    const student = await learner('Yul Fields')
    const teacher = await tutor('Zed Fields', { check: day(400) })
    const bad = await place({ ...placing(student.id, teacher.id), frequency: 'daily', lessonCount: 0, startsOn: 'soon', extra: 1 })
    expect(bad.status).toBe(400)
    expect(Object.keys((bad.body as unknown as { fields: object }).fields).sort()).toEqual(['extra', 'frequency', 'lessonCount', 'startsOn'])
    expect((await place(placing(student.id, MISSING_ID))).body).toMatchObject({ fields: { tutorId: 'Choose a tutor from the list.' } })
    expect((await place(placing(MISSING_ID, teacher.id))).body).toMatchObject({ fields: { studentId: 'Choose a learner from the list.' } })
    expect((await place(placing(student.id, teacher.id, { subject: 'Astrology' }))).body).toMatchObject({ fields: { subject: 'Choose a subject from the list.' } })
    expect((await place(placing(student.id, teacher.id, { courseId: 'no-such-course' }))).body).toMatchObject({ fields: { courseId: 'Choose a course from the list.' } })
    expect(await placementCount(student.id)).toBe(0)
  })

  it('places one learner once for a subject when two offices try at the same moment', async () => {
    const student = await learner('Ari Race')
    const [first, second] = await Promise.all([tutor('Bo Race', { check: day(400) }), tutor('Cy Race', { check: day(400) })])
    const answers = await Promise.all([place(placing(student.id, first.id)), place(placing(student.id, second.id))])
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409])
    expect(await placementCount(student.id)).toBe(1)
  })
})

describe('ending and moving a placement', () => {
  it('ends with a reason from the version read, mails the tutor, and keeps the learner’s status', async () => {
    const student = await learner('Dot Ending')
    const teacher = await tutor('Eli Ending', { check: day(400) })
    const placed = (await place(placing(student.id, teacher.id, { startsOn: day(-30) }))).body

    expect((await end(placed.id, placed.version, { reason: '   ' })).body).toMatchObject({ fields: { reason: 'Say why, for the history.' } })
    expect((await end(placed.id, placed.version, { reason: 'Too early', endedOn: day(-60) })).body).toMatchObject({ fields: { endedOn: 'The end date cannot come before the placement started.' } })
    expect((await t.request('POST', `/api/admin/placements/${placed.id}/end`, { token, body: { reason: 'No version' } })).status).toBe(400)
    expect((await end(MISSING_ID, 1, { reason: 'Gone' })).status).toBe(404)
    const stale = await end(placed.id, placed.version + 1, { reason: 'Stale' })
    expect(stale.status).toBe(409)
    expect(stale.body).toEqual({ message: STALE })

    const ended = await end(placed.id, placed.version, { reason: 'Exams are over.' })
    expect(ended.status, ended.text).toBe(200)
    expect(ended.body).toMatchObject({ status: 'ended', endedOn: day(0), endReason: 'Exams are over.', version: placed.version + 1 })
    expect(ended.body.student.status).toBe('active')
    const again = await end(ended.body.id, ended.body.version, { reason: 'Twice' })
    expect(again.status).toBe(409)
    expect(again.body).toEqual({ message: 'This placement has already ended.' })

    const mails = await mailsTo(teacher.email)
    expect(mails.map((mail) => mail.subject)).toContain('Placement ended: Dot Ending (Maths)')
    const history = await historyOf('student', student.id)
    expect(history.body.items[0]).toMatchObject({ action: 'placement.ended', detail: `Maths with Eli Ending, last day ${dayInWords(day(0))}. Exams are over.` })
  })

  it('moves to another tutor in one step: the old one ends as moved, the new one starts, and a refused move changes nothing', async () => {
    const student = await learner('Fin Moving')
    const from = await tutor('Gil From', { check: day(400) })
    const to = await tutor('Hal To', { check: day(400) })
    const paused = await tutor('Ivy Paused', { check: day(400), status: 'paused' })
    const placed = (await place(placing(student.id, from.id))).body

    const refused = await move(placed.id, placed.version, { tutorId: paused.id, reason: 'Closer to home' })
    expect(refused.status).toBe(409)
    expect((await listPlacements(`studentId=${student.id}`)).body.items.map((item) => [item.tutor.name, item.status])).toEqual([['Gil From', 'active']])
    expect((await move(placed.id, placed.version, { tutorId: from.id, reason: 'Same' })).body).toEqual({ message: 'This placement is already with Gil From. Choose another tutor.' })

    const moved = await move(placed.id, placed.version, { tutorId: to.id, reason: 'Closer to home', startsOn: day(14) })
    expect(moved.status, moved.text).toBe(201)
    expect(moved.body).toMatchObject({ status: 'active', tutor: { name: 'Hal To' }, movedFrom: { name: 'Gil From' }, startsOn: day(14), lessonCount: 20, notes: 'Start with fractions.' })
    const both = (await listPlacements(`studentId=${student.id}`)).body.items
    expect(both.map((item) => [item.tutor.name, item.status])).toEqual([
      ['Hal To', 'active'],
      ['Gil From', 'moved'],
    ])
    expect(both[1]).toMatchObject({ movedTo: { name: 'Hal To' }, endReason: 'Closer to home' })
    expect((await mailsTo(from.email)).map((mail) => mail.subject)).toContain('Placement ended: Fin Moving (Maths)')
    expect((await mailsTo(to.email)).map((mail) => mail.subject)).toContain('New learner: Fin Moving (Maths)')
    expect((await mailsTo(student.fields.contact.email)).map((mail) => mail.subject)).toEqual(['Your tutor for Maths: Gil From', 'Your tutor for Maths: Hal To'])
    const history = await historyOf('tutor', from.id)
    expect(history.body.items.map((entry) => entry.action)).toContain('placement.moved')
    const stale = await move(placed.id, placed.version, { tutorId: to.id, reason: 'Again' })
    expect(stale.status).toBe(409)
  })
})

describe('the lessons of an ended placement', () => {
  const today = () => londonDay(new Date())
  const ADDRESS = 'At home, 4 Cardigan Road'
  const ENDED = (learner: string, day: string) => `The office ended ${learner}’s placement from ${longLessonDay(day)}, so this lesson was cancelled and can no longer be changed.`

  /** A learner placed at home with a new tutor a month ago, the tutor signed in, and a way to act on lessons as them. */
  async function placedWithTutor(name: string) {
    const student = await learner(name)
    const teacher = await tutor(`Tutor of ${name}`, { check: day(400) })
    const placement = (await place(placing(student.id, teacher.id, { startsOn: day(-30) }))).body
    const session = (await createSession(t.database.db, teacher.id, true, { ip: '192.0.2.31', userAgent: 'placements' })).token
    const as = <T extends object = Schemas['MyLessonDetail']>(method: string, path: string, body?: unknown, version?: number) =>
      t.request<T>(method, `/api/tutor/lessons${path}`, { token: session, body, ...(version === undefined ? {} : { headers: ifMatch(version) }) })
    const plan = async (date: string, extra: object = {}) => {
      const planned = await as<Schemas['LessonList']>('POST', '', { placementIds: [placement.id], date, startTime: '16:00', minutes: 60, ...extra })
      expect(planned.status, planned.text).toBe(201)
      return planned.body.items
    }
    return { student, teacher, placement, session, as, plan }
  }

  it('cancels the lessons still to come, keeps the ones taught, mails the tutor and the contact once, and refuses every change to them', async () => {
    const { student, teacher, placement, session, as, plan } = await placedWithTutor('Ivo Ended')
    const [taught] = await plan(shiftDay(today(), -7), { place: 'Library' })
    const ahead = await plan(shiftDay(today(), 3), { place: ADDRESS, repeat: { times: 3 } })
    expect(taught?.status).toBe('awaiting_report')
    expect(ahead.map((lesson) => lesson.status)).toEqual(['planned', 'planned', 'planned'])

    const ended = await end(placement.id, placement.version, { reason: 'The family asked us to stop: private.' })
    expect(ended.status, ended.text).toBe(200)
    const endedOn = ended.body.endedOn ?? ''

    // Every lesson still to come is cancelled by the office, and the tutor's lists no longer say where it was.
    const list = await as<Schemas['LessonPage']>('GET', `?studentId=${student.id}&pageSize=100`)
    const byId = new Map(list.body.items.map((lesson) => [lesson.id, lesson]))
    for (const lesson of ahead) {
      expect(byId.get(lesson.id)).toMatchObject({ status: 'cancelled', version: 2, cancellation: { by: 'office', late: false, reason: 'The placement ended.' } })
      expect(byId.get(lesson.id)?.place).toBeUndefined()
    }
    expect(list.text).not.toContain('Cardigan')
    expect((await t.request('GET', '/api/tutor/overview', { token: session })).text).not.toContain('Cardigan')
    // The lesson taught before the end keeps its place and its report is still the tutor's to write.
    expect(byId.get(taught?.id ?? '')).toMatchObject({ status: 'awaiting_report', place: 'Library', version: 1 })

    // Nothing can be done on a cancelled lesson, whatever version the tutor's page held: 409 saying why.
    const [first] = ahead
    const id = first?.id ?? ''
    const read = await as('GET', `/${id}`)
    expect(read.status).toBe(200)
    expect(read.body.moves).toEqual([])
    expect(read.body.lesson.place).toBeUndefined()
    const report = { attendance: [{ studentId: student.id, attendance: 'present' }], covered: 'x', progress: 'y', concern: { severity: 'high', details: 'Raised after the end.' } }
    const refusals = [
      await as<Schemas['Error']>('POST', `/${id}/move`, { date: shiftDay(today(), 5), startTime: '10:00' }, 2),
      await as<Schemas['Error']>('POST', `/${id}/move`, { date: shiftDay(today(), 5), startTime: '10:00' }, 1),
      await as<Schemas['Error']>('POST', `/${id}/cancel`, { cancelledBy: 'tutor', reason: 'Mine' }, 2),
      await as<Schemas['Error']>('POST', `/${id}/missed`, {}, 2),
      await as<Schemas['Error']>('PUT', `/${id}/report-draft`, { covered: 'x' }),
      await as<Schemas['Error']>('POST', `/${id}/report`, report, 2),
    ]
    for (const refused of refusals) {
      expect(refused.status, refused.text).toBe(409)
      expect(refused.body).toEqual({ message: ENDED('Ivo Ended', endedOn) })
    }
    const again = await as<Schemas['Error']>('POST', '', { placementIds: [placement.id], date: shiftDay(today(), 4), startTime: '16:00', minutes: 60 })
    expect(again.status).toBe(400)
    const reported = await as('POST', `/${taught?.id ?? ''}/report`, { attendance: [{ studentId: student.id, attendance: 'present' }], covered: 'Fractions', progress: 'Secure.' }, 1)
    expect(reported.status, reported.text).toBe(200)

    // One mail each, listing the lessons by day and time: never the address, never the office's reason.
    const tutorMails = (await mailsTo(teacher.email)).filter((mail) => mail.subject.startsWith('Placement ended'))
    expect(tutorMails.map((mail) => mail.subject)).toEqual(['Placement ended: Ivo Ended (Maths)'])
    const contactMails = (await mailsTo(student.fields.contact.email)).filter((mail) => !mail.subject.startsWith('Your tutor'))
    expect(contactMails.map((mail) => mail.subject)).toEqual(['Lessons ended: Ivo Ended (Maths)'])
    for (const mail of [...tutorMails, ...contactMails]) {
      for (const lesson of ahead) expect(mail.text).toContain(`${longLessonDay(lesson.date)} at 16:00`)
      expect(mail.text).not.toContain(longLessonDay(taught?.date ?? ''))
      expect(mail.text).not.toMatch(/Cardigan|private/)
    }
    expect(contactMails[0]?.text).toContain(`We have ended Ivo Ended's Maths lessons with Tutor of Ivo Ended from ${longLessonDay(endedOn)}.`)

    const history = await historyOf('lesson', id)
    expect(history.body.items[0]).toMatchObject({ action: 'lesson.cancelled', actor: { name: 'Pat Office' }, detail: 'The office cancelled with notice: The placement ended.' })
  })

  it('with an end date still to come, keeps the lessons before it, cancels those from it on, and lets no lesson move past it', async () => {
    const { student, teacher, placement, as, plan } = await placedWithTutor('Jun Later')
    const [before, onTheDay, after] = await plan(shiftDay(today(), 3), { place: ADDRESS, repeat: { times: 3 } })
    const endedOn = shiftDay(today(), 10)
    expect(onTheDay?.date).toBe(endedOn)
    const ended = await end(placement.id, placement.version, { reason: 'Moving away.', endedOn })
    expect(ended.status, ended.text).toBe(200)

    expect((await as('GET', `/${before?.id ?? ''}`)).body.lesson).toMatchObject({ status: 'planned', place: ADDRESS, version: 1 })
    for (const lesson of [onTheDay, after]) expect((await as('GET', `/${lesson?.id ?? ''}`)).body.lesson).toMatchObject({ status: 'cancelled', version: 2 })

    const pastTheEnd = await as<Schemas['Error']>('POST', `/${before?.id ?? ''}/move`, { date: endedOn, startTime: '09:00' }, 1)
    expect(pastTheEnd.status).toBe(409)
    expect(pastTheEnd.body).toEqual({ message: `The office ended Jun Later’s placement from ${longLessonDay(endedOn)}: choose a day before it.` })
    const within = await as('POST', `/${before?.id ?? ''}/move`, { date: shiftDay(today(), 4), startTime: '09:00' }, 1)
    expect(within.status, within.text).toBe(200)

    // Ending again is refused, so nobody is told twice.
    expect((await end(placement.id, ended.body.version, { reason: 'Twice' })).status).toBe(409)
    const told = [...(await mailsTo(teacher.email)), ...(await mailsTo(student.fields.contact.email))].filter((mail) => /^(Placement|Lessons) ended/.test(mail.subject))
    expect(told.map((mail) => mail.to).sort()).toEqual([student.fields.contact.email, teacher.email].sort())
    const [tutorMail] = told.filter((mail) => mail.to === teacher.email)
    expect(tutorMail?.text).not.toContain(longLessonDay(before?.date ?? ''))
    expect(tutorMail?.text).toContain(longLessonDay(endedOn))
  })

  it('leaves a lesson cancelled before the end as it was: its own reason, refused for being cancelled, not for the end', async () => {
    const { teacher, placement, as, plan } = await placedWithTutor('Ola Earlier')
    const [called, kept] = await plan(shiftDay(today(), 3), { place: ADDRESS, repeat: { times: 2 } })
    const cancelled = await as('POST', `/${called?.id ?? ''}/cancel`, { cancelledBy: 'tutor', reason: 'I have an exam that week.' }, 1)
    expect(cancelled.status, cancelled.text).toBe(200)
    expect((await end(placement.id, placement.version, { reason: 'The family moved.' })).status).toBe(200)

    const read = await as('GET', `/${called?.id ?? ''}`)
    expect(read.body.lesson).toMatchObject({ status: 'cancelled', version: 2, cancellation: { by: 'tutor', reason: 'I have an exam that week.' } })
    const refusals = [
      [await as<Schemas['Error']>('POST', `/${called?.id ?? ''}/move`, { date: shiftDay(today(), 5), startTime: '10:00' }, 2), 'Only a planned lesson can be moved; this one is cancelled.'],
      [await as<Schemas['Error']>('POST', `/${called?.id ?? ''}/cancel`, { cancelledBy: 'tutor', reason: 'Again' }, 2), 'This lesson is cancelled, so it can no longer be cancelled.'],
      [await as<Schemas['Error']>('PUT', `/${called?.id ?? ''}/report-draft`, { covered: 'x' }), 'This lesson was cancelled, so it has no report.'],
    ] as const
    for (const [refused, message] of refusals) {
      expect(refused.status, refused.text).toBe(409)
      expect(refused.body).toEqual({ message })
    }
    // The lesson the end did cancel still says so; the tutor's mail lists only that one.
    const ended = await as<Schemas['Error']>('POST', `/${kept?.id ?? ''}/cancel`, { cancelledBy: 'tutor', reason: 'Mine' }, 2)
    expect(ended.body.message).toMatch(/^The office ended Ola Earlier’s placement from /)
    const [mail] = (await mailsTo(teacher.email)).filter((one) => one.subject.startsWith('Placement ended'))
    expect(mail?.text).toContain(`${longLessonDay(kept?.date ?? '')} at 16:00`)
    expect(mail?.text).not.toContain(longLessonDay(called?.date ?? ''))
  })

  it('takes the learner off a group lesson that goes on for the others, and a move cancels the old tutor’s lessons from the new one’s first day', async () => {
    const school = await t.request<Schemas['SchoolRecord']>('POST', '/api/admin/schools', {
      token,
      body: {
        name: 'Kirkstall Grange Primary',
        type: 'primary',
        address: { line1: '1 Grange Road', town: 'Leeds', postcode: 'LS5 3AA' },
        contacts: [{ name: 'Ann Head', role: 'Head teacher', email: 'head@grange.example', phone: '0113 496 0300' }],
        safeguardingLead: { name: 'Ann Head', email: 'dsl@grange.example' },
      },
    })
    expect(school.status, school.text).toBe(201)
    const atSchool = { schoolId: school.body.id, deliveryMode: 'school' as const }
    const [leaving, staying] = [await learner('Kai Leaving', atSchool), await learner('Lia Staying', atSchool)]
    const teacher = await tutor('Mia Group', { check: day(400), profile: { modes: ['school', 'home'] } })
    const placedLeaving = (await place(placing(leaving.id, teacher.id, { mode: 'school', startsOn: day(-30) }))).body
    const placedStaying = (await place(placing(staying.id, teacher.id, { mode: 'school', startsOn: day(-30) }))).body
    const session = (await createSession(t.database.db, teacher.id, true, { ip: '192.0.2.32', userAgent: 'placements' })).token
    const planned = await t.request<Schemas['LessonList']>('POST', '/api/tutor/lessons', {
      token: session,
      body: { placementIds: [placedLeaving.id, placedStaying.id], date: shiftDay(today(), 5), startTime: '15:30', minutes: 45, place: 'School library' },
    })
    expect(planned.status, planned.text).toBe(201)
    const groupId = planned.body.items[0]?.id ?? ''

    expect((await end(placedLeaving.id, placedLeaving.version, { reason: 'Left the school.' })).status).toBe(200)
    const group = await t.request<Schemas['MyLessonDetail']>('GET', `/api/tutor/lessons/${groupId}`, { token: session })
    expect(group.body.lesson).toMatchObject({ status: 'planned', version: 2, place: 'School library' })
    expect(group.body.lesson.learners.map((one) => one.name)).toEqual(['Lia Staying'])
    expect((await historyOf('lesson', groupId)).body.items.map((entry) => entry.action)).toContain('placement.ended')
    // The tutor reads that the group lesson goes ahead without the learner, never that it was cancelled; the
    // contact reads that their learner will not have it.
    const groupDay = `${longLessonDay(shiftDay(today(), 5))} at 15:30`
    const leftMail = (await mailsTo(teacher.email)).filter((mail) => mail.subject === 'Placement ended: Kai Leaving (Maths)')
    expect(leftMail).toHaveLength(1)
    expect(leftMail[0]?.text).toContain(`These group lessons go ahead for the other learners, without Kai Leaving; teach them and report on them as usual:\n- ${groupDay}`)
    expect(leftMail[0]?.text).not.toContain('cancelled')
    const contactMail = (await mailsTo(leaving.fields.contact.email)).filter((mail) => mail.subject.startsWith('Lessons ended'))
    expect(contactMail).toHaveLength(1)
    expect(contactMail[0]?.text).toContain(`Kai Leaving will not have these planned lessons:\n- ${groupDay}`)
    expect(contactMail[0]?.text).not.toContain('Lia Staying')
    expect((await mailsTo(staying.fields.contact.email)).map((mail) => mail.subject)).toEqual(['Your tutor for Maths: Mia Group'])

    // Moved to another tutor from a day to come: the old tutor keeps the lessons before it, not the ones from it.
    const next = await tutor('Noa Next', { check: day(400), profile: { modes: ['school'] } })
    const handover = shiftDay(today(), 5)
    const moved = await move(placedStaying.id, placedStaying.version, { tutorId: next.id, reason: 'Timetable', startsOn: handover })
    expect(moved.status, moved.text).toBe(201)
    const after = await t.request<Schemas['MyLessonDetail']>('GET', `/api/tutor/lessons/${groupId}`, { token: session })
    expect(after.body.lesson).toMatchObject({ status: 'cancelled', cancellation: { by: 'office', reason: 'The learner moved to another tutor.' } })
    const oldTutorMail = (await mailsTo(teacher.email)).filter((mail) => mail.subject === 'Placement ended: Lia Staying (Maths)')
    expect(oldTutorMail).toHaveLength(1)
    expect(oldTutorMail[0]?.text).toContain(`These lessons are cancelled, so there is nothing to teach or report for them:\n- ${longLessonDay(handover)} at 15:30`)
    expect(oldTutorMail[0]?.text).not.toContain('go ahead')
    expect((await mailsTo(staying.fields.contact.email)).map((mail) => mail.subject)).toEqual(['Your tutor for Maths: Mia Group', 'Your tutor for Maths: Noa Next'])
  })
})

describe('a tutor with learners', () => {
  it('cannot be marked as left until their placements are moved or ended', async () => {
    const student = await learner('Gia Leaving')
    const teacher = await tutor('Hugo Leaving', { check: day(400) })
    const placed = (await place(placing(student.id, teacher.id))).body
    const leave = (version: number) => t.request('POST', `/api/admin/tutors/${teacher.id}/status`, { token, body: { status: 'left' }, headers: ifMatch(version) })
    const refused = await leave(teacher.version)
    expect(refused.status).toBe(409)
    expect(refused.body).toEqual({ message: "This tutor still teaches 1 learner. Move or end those placements on the tutor's page first, so no learner is left with a tutor who has gone." })
    expect((await end(placed.id, placed.version, { reason: 'The tutor is leaving.' })).status).toBe(200)
    expect((await leave(teacher.version)).status).toBe(200)
  })
})

describe('a tutor’s own learners', () => {
  it('lists only the learners placed with them now, and any other learner is not found', async () => {
    const mine = await learner('Jo Mine')
    const online = await learner('Kim Online', { deliveryMode: 'online' })
    const theirs = await learner('Lee Theirs')
    const me = await tutor('Mo Me', { check: day(400) })
    const other = await tutor('Ned Other', { check: day(400) })
    const placedMine = (await place(placing(mine.id, me.id, { startTime: '16:30' }))).body
    await place(placing(online.id, me.id, { mode: 'online' }))
    await place(placing(theirs.id, other.id))
    const myToken = (await createSession(t.database.db, me.id, true, { ip: '192.0.2.30', userAgent: 'placements' })).token

    const list = await t.request<Schemas['MyLearnerList']>('GET', '/api/tutor/learners', { token: myToken })
    expect(list.status, list.text).toBe(200)
    expect(list.body.items.map((item) => [item.name, item.subject])).toEqual([
      ['Jo Mine', 'Maths'],
      ['Kim Online', 'Maths'],
    ])

    const read = await t.request<Schemas['MyLearner']>('GET', `/api/tutor/learners/${mine.id}`, { token: myToken })
    expect(read.status).toBe(200)
    expect(read.body).toMatchObject({
      name: 'Jo Mine',
      goals: 'A grade 6 in the summer.',
      needs: 'Dyslexia: prefers printed worksheets.',
      notesForTutors: 'Likes to start with a puzzle.',
      contact: { name: 'Parent of Jo Mine', phone: '07700 900456' },
      address: { line1: '4 Cardigan Road', town: 'Headingley', postcode: 'LS6 1AA' },
    })
    // Planning starts from the time the office agreed and the lessons' place: the home's address, or online.
    expect(read.body.placements[0]).toMatchObject({ startTime: '16:30', place: '4 Cardigan Road, Headingley, LS6 1AA' })
    const remote = await t.request<Schemas['MyLearner']>('GET', `/api/tutor/learners/${online.id}`, { token: myToken })
    expect(remote.body.address).toBeUndefined()
    expect(remote.body.placements[0]?.place).toBe('Online')
    expect(remote.body.placements[0]?.startTime).toBeUndefined()

    const missing = await t.request('GET', `/api/tutor/learners/${MISSING_ID}`, { token: myToken })
    const someoneElses = await t.request('GET', `/api/tutor/learners/${theirs.id}`, { token: myToken })
    expect(missing.status).toBe(404)
    expect(someoneElses.status).toBe(404)
    expect(someoneElses.body).toEqual(missing.body)

    expect((await end(placedMine.id, placedMine.version, { reason: 'Called off before the first lesson.' })).status).toBe(200)
    expect((await t.request('GET', `/api/tutor/learners/${mine.id}`, { token: myToken })).status).toBe(404)
    const after = await t.request<Schemas['MyLearnerList']>('GET', '/api/tutor/learners', { token: myToken })
    expect(after.body.items.map((item) => item.name)).toEqual(['Kim Online'])
  })
})
