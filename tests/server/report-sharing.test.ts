import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { londonDay, londonTime, longLessonDay } from '../../shared/lesson-time.ts'
import type { components } from '../../src/api/schema.gen.ts'
import { mailOutbox } from '../../server/db/schema.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'

type Schemas = components['schemas']
type OfficeDetail = Schemas['LessonDetail']

/**
 * Approved reports reach the people the lessons are for: on approval the family part (what was covered, progress
 * and next steps, homework, attendance) is mailed to each learner's contact, and for a lesson at school to the
 * school's contacts marked to receive reports, in the approval's own transaction; never the note for the office,
 * never a concern. The office can hold one back and send it later, once; the report page says to whom it went.
 */
let t: TestApp
let admin: string
let tutor: string
const ids = { tutor: '', ada: '', cai: '', dee: '', school: '' }
const placementOf: Record<string, string> = {}
const ifMatch = (version: number) => ({ 'if-match': `"${version}"` })
const NOTE = 'Mum asked about exam entry; please call her.'
const CONCERN = 'Ada said something at home worries her; I would like a lead to call me.'

const reportMails = (lessonId: string) =>
  t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.lessonId, lessonId), eq(mailOutbox.kind, 'report_shared')))
    .orderBy(mailOutbox.to)

const office = {
  get: (id: string) => t.request<OfficeDetail>('GET', `/api/admin/reports/${id}`, { token: admin }),
  approve: <T extends object = OfficeDetail>(id: string, version: number, body?: unknown) =>
    t.request<T>('POST', `/api/admin/reports/${id}/approve`, { token: admin, headers: ifMatch(version), ...(body === undefined ? {} : { body }) }),
  share: <T extends object = OfficeDetail>(id: string, version: number) => t.request<T>('POST', `/api/admin/reports/${id}/share`, { token: admin, headers: ifMatch(version) }),
  approveMany: (items: { lessonId: string; version: number }[]) => t.request<Schemas['ReportApprovalResult']>('POST', '/api/admin/reports/approvals', { token: admin, body: { items } }),
}

let hoursAgo = 200
/** A lesson of these placements a few days back, reported by the tutor: answers its id and version. */
async function reportedLesson(names: (keyof typeof ids)[], extra: object = {}): Promise<{ id: string; version: number; day: string }> {
  hoursAgo -= 3
  const at = new Date(Math.floor((Date.now() - hoursAgo * 3_600_000) / 900_000) * 900_000)
  const plan = { placementIds: names.map((name) => placementOf[name]), date: londonDay(at), startTime: londonTime(at), minutes: 60 }
  const planned = await t.request<Schemas['LessonList']>('POST', '/api/tutor/lessons', { token: tutor, body: plan })
  expect(planned.status, planned.text).toBe(201)
  const [lesson] = planned.body.items
  if (!lesson) throw new Error('No lesson planned')
  const body = {
    attendance: names.map((name, index) => ({ studentId: ids[name], attendance: index === 0 ? 'present' : 'late' })),
    covered: 'Fractions: adding with unlike denominators.',
    progress: 'Adding fractions is secure now. Next: mixed numbers.',
    homework: 'Worksheet 4, questions 1 to 10.',
    staffNote: NOTE,
    ...extra,
  }
  const sent = await t.request<Schemas['MyLessonDetail']>('POST', `/api/tutor/lessons/${lesson.id}/report`, { token: tutor, body, headers: ifMatch(lesson.version) })
  expect(sent.status, sent.text).toBe(200)
  return { id: lesson.id, version: sent.body.lesson.version, day: londonDay(at) }
}

beforeAll(async () => {
  t = await createTestApp()
  await t.createUser({ email: 'sharing.admin@tec.test', role: 'ADMIN', name: 'Pat Office' })
  admin = await t.login('sharing.admin@tec.test')
  const call = async <T extends object>(method: string, url: string, body: unknown, headers: Record<string, string> = {}) => {
    const answer = await t.request<T & { id: string; version: number }>(method, url, { token: admin, body, headers })
    expect(answer.status, `${method} ${url}: ${answer.text}`).toBeLessThan(300)
    return answer.body
  }
  ids.tutor = (await t.createUser({ email: 'imogen.share@tec.test', role: 'TUTOR', name: 'Imogen Hale' })).id
  tutor = await t.login('imogen.share@tec.test')
  await call('POST', `/api/admin/tutors/${ids.tutor}/checks`, { type: 'enhanced_barred', reference: 'SHARE-1', issuedOn: '2026-01-05' })
  await call('PUT', `/api/admin/tutors/${ids.tutor}`, { name: 'Imogen Hale', subjects: ['Maths'], levels: [], modes: ['online', 'school'] }, ifMatch(1))
  ids.school = (
    await call('POST', '/api/admin/schools', {
      name: 'Hillside Primary',
      type: 'primary',
      address: { line1: '2 Hill Road', town: 'Leeds', postcode: 'LS6 1AA' },
      contacts: [
        { name: 'Joan Ward', role: 'Head teacher', email: 'head@hillside.example', phone: '0113 496 0200' },
        { name: 'Raj Patel', role: 'Year 5 teacher', email: 'r.patel@hillside.example', phone: '0113 496 0201', receivesReports: true },
      ],
      safeguardingLead: { name: 'Joan Ward', email: 'dsl@hillside.example' },
    })
  ).id
  const learner = async (name: string, contact: { name: string; email: string }, extra: object = {}) =>
    (await call('POST', '/api/admin/students', { name, contact: { ...contact, phone: '07700 900000' }, subjects: ['Maths'], deliveryMode: 'online', status: 'waiting', ...extra })).id
  ids.ada = await learner('Ada Lovelace', { name: 'Sarah Fielding', email: 'sarah.fielding@example.org' })
  ids.cai = await learner('Cai Jones', { name: 'Gwen Jones', email: 'gwen.jones@example.org' }, { schoolId: ids.school, deliveryMode: 'school' })
  ids.dee = await learner('Dee Jones', { name: 'Gwen Jones', email: 'gwen.jones@example.org' }, { schoolId: ids.school, deliveryMode: 'school' })
  for (const [name, mode] of [['ada', 'online'], ['cai', 'school'], ['dee', 'school']] as const) {
    placementOf[name] = (await call('POST', '/api/admin/placements', { studentId: ids[name], tutorId: ids.tutor, subject: 'Maths', mode, startsOn: '2026-01-05', frequency: 'weekly' })).id
  }
})
afterAll(async () => t?.close())

describe('an approved report', () => {
  it('reaches the learner’s contact at once with the family part, never the office’s note or a concern, and the report page says so', async () => {
    const lesson = await reportedLesson(['ada'], { concern: { severity: 'medium', details: CONCERN } })
    const approved = await office.approve(lesson.id, lesson.version)
    expect(approved.status, approved.text).toBe(200)
    const [mail, ...others] = await reportMails(lesson.id)
    expect(others).toEqual([])
    expect(mail).toMatchObject({ to: 'sarah.fielding@example.org', subject: `Lesson report: Ada Lovelace, Maths, ${longLessonDay(lesson.day)}` })
    expect(mail?.text).toContain('Hello Sarah Fielding,')
    expect(mail?.text).toContain(`Imogen Hale has written up Ada Lovelace's Maths lesson of ${longLessonDay(lesson.day)}.`)
    expect(mail?.text).toContain('Attendance: Present')
    expect(mail?.text).toContain('What was covered\nFractions: adding with unlike denominators.')
    expect(mail?.text).toContain('Progress and next steps\nAdding fractions is secure now. Next: mixed numbers.')
    expect(mail?.text).toContain('Homework\nWorksheet 4, questions 1 to 10.')
    expect(mail?.text).not.toContain(NOTE)
    expect(mail?.text).not.toContain(CONCERN)
    expect(mail?.text).not.toMatch(/concern/i)

    const page = await office.get(lesson.id)
    expect(page.body.report?.familyMail).toEqual([{ to: 'Sarah Fielding', address: 'sarah.fielding@example.org', status: expect.any(String), queuedAt: expect.any(String) }])
    expect(page.body.report).not.toHaveProperty('heldBack')
    // Sent once: it is approved now, and a second approval is refused without another mail.
    expect((await office.approve(lesson.id, page.body.lesson.version)).status).toBe(409)
    expect(await reportMails(lesson.id)).toHaveLength(1)
  })

  it('at school reaches the school contacts marked to receive reports, and one mail per family for two of its children', async () => {
    const lesson = await reportedLesson(['cai', 'dee'])
    expect((await office.approve(lesson.id, lesson.version)).status).toBe(200)
    const mails = await reportMails(lesson.id)
    // Joan Ward is not marked to receive reports; Raj Patel is; Gwen Jones is the contact of both.
    expect(mails.map((mail) => mail.to)).toEqual(['gwen.jones@example.org', 'r.patel@hillside.example'])
    for (const mail of mails) {
      expect(mail.subject).toBe(`Lesson report: Cai Jones and Dee Jones, Maths, ${longLessonDay(lesson.day)}`)
      expect(mail.text).toContain('Attendance:\n- Cai Jones: Present\n- Dee Jones: Late')
    }
    const page = await office.get(lesson.id)
    expect(page.body.report?.familyMail?.map((entry) => entry.to)).toEqual(['Gwen Jones', 'Raj Patel'])
  })

  it('held back sends nothing until the office sends it, once, and the history says both', async () => {
    const lesson = await reportedLesson(['ada'])
    const approved = await office.approve(lesson.id, lesson.version, { holdBack: true, reason: 'The tutor should soften the progress part first.' })
    expect(approved.status, approved.text).toBe(200)
    expect(approved.body.report?.heldBack).toEqual({ at: expect.any(String), by: { id: expect.any(String), name: 'Pat Office' }, reason: 'The tutor should soften the progress part first.' })
    expect(approved.body.report).not.toHaveProperty('familyMail')
    expect(await reportMails(lesson.id)).toEqual([])

    // From the version read only; then sent, and never a second time.
    expect((await office.share(lesson.id, lesson.version)).status).toBe(409)
    const shared = await office.share(lesson.id, approved.body.lesson.version)
    expect(shared.status, shared.text).toBe(200)
    expect(shared.body.report?.familyMail?.map((entry) => entry.to)).toEqual(['Sarah Fielding'])
    const again = await office.share<Schemas['Error']>(lesson.id, shared.body.lesson.version)
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('This report has already gone to the family and school.')
    expect(await reportMails(lesson.id)).toHaveLength(1)

    const history = await t.request<Schemas['HistoryPage']>('GET', `/api/admin/history?subjectType=lesson&subjectId=${lesson.id}`, { token: admin })
    expect(history.body.items.map((entry) => entry.action)).toEqual(expect.arrayContaining(['lesson.report_held_back', 'lesson.report_shared']))
  })

  it('is not sent before approval, and a report not approved cannot be sent', async () => {
    const lesson = await reportedLesson(['ada'])
    expect(await reportMails(lesson.id)).toEqual([])
    const refused = await office.share<Schemas['Error']>(lesson.id, lesson.version)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe('Only an approved report can be sent to the family and school.')
  })

  it('approved with others at once goes to each family too', async () => {
    const first = await reportedLesson(['ada'])
    const second = await reportedLesson(['cai'])
    const result = await office.approveMany([
      { lessonId: first.id, version: first.version },
      { lessonId: second.id, version: second.version },
    ])
    expect(result.body.approved).toHaveLength(2)
    expect((await reportMails(first.id)).map((mail) => mail.to)).toEqual(['sarah.fielding@example.org'])
    expect((await reportMails(second.id)).map((mail) => mail.to)).toEqual(['gwen.jones@example.org', 'r.patel@hillside.example'])
  })

  it('answers 400 for a hold-back reason longer than the contract allows, approving nothing', async () => {
    const lesson = await reportedLesson(['ada'])
    const answer = await office.approve(lesson.id, lesson.version, { holdBack: true, reason: 'x'.repeat(501) })
    expect(answer.status).toBe(400)
    expect((await office.get(lesson.id)).body.lesson.status).toBe('submitted')
  })
})
