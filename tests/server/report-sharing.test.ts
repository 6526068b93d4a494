import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lessonInstant, londonDay, londonTime, longLessonDay, shiftDay } from '../../shared/lesson-time.ts'
import type { components } from '../../src/api/schema.gen.ts'
import { familyLinks, jobs, mailOutbox } from '../../server/db/schema.ts'
import { FAMILY_LINK_JOB } from '../../server/family/handlers.ts'
import { sendDueReminders } from '../../server/lessons/reminders.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'

type Schemas = components['schemas']
type OfficeDetail = Schemas['LessonDetail']

/**
 * Approved reports reach the people the lessons are for: on approval the family part (what was covered, progress
 * and next steps, homework, attendance) is mailed to each learner's contact, and for a lesson at school to the
 * school's contacts marked to receive reports, in the approval's own transaction; never the note for the office,
 * never a concern. The office can hold one back and send it later, once; the report page says to whom it went.
 * Each mail carries a link to the reader's own page (hashed, expiring, ended by the office), which shows their
 * learners' shared reports, coming lessons and attendance, and a school's term; a fresh link comes by email, with
 * the same answer for any address; the stop link works even once the page link has expired. The day before each
 * lesson its tutor and contacts are reminded once, never of a lesson cancelled meanwhile; a moved or cancelled lesson
 * is mailed to the contacts at once; a contact who stopped reminders gets neither.
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
    expect(page.body.report?.familyMail?.map((entry) => [entry.to, entry.address, entry.status])).toEqual([['Sarah Fielding', 'sarah.fielding@example.org', 'stored']])
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
    const heldBack = approved.body.report?.heldBack
    expect([heldBack?.by?.name, heldBack?.reason]).toEqual(['Pat Office', 'The tutor should soften the progress part first.'])
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

/** The token of the family link the newest mail to this address carried. */
async function linkIn(to: string): Promise<string> {
  const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt)).limit(1)
  const token = /\/family\?link=([A-Za-z0-9_-]{43})$/m.exec(mail?.text ?? '')?.[1]
  if (!token) throw new Error(`No family link in the newest mail to ${to}`)
  return token
}

let ipCount = 0
const family = {
  page: <T extends object = Schemas['FamilyPage']>(link: string | undefined, extra: { token?: string } = {}) =>
    t.request<T>('GET', '/api/family', { ip: `198.51.100.${++ipCount % 250}`, ...(extra.token ? { token: extra.token } : {}), headers: link === undefined ? {} : { 'x-family-link': link } }),
  mail: <T extends object = Schemas['FamilyMailSettings']>(body: object) => t.request<T>('PUT', '/api/family/mail', { ip: `198.51.101.${++ipCount % 250}`, body }),
  ask: (email: string, ip = `198.51.102.${++ipCount % 250}`) => t.request<Schemas['Message']>('POST', '/api/family/links', { ip, body: { email } }),
}
const DEAD = 'This link has expired or the office has ended it. Ask for a fresh one: it comes by email.'

describe('the family page', () => {
  it('opens from the report mail on the learner’s shared reports and coming lessons, never the note, a concern or a held-back report', async () => {
    const held = await reportedLesson(['ada'], { covered: 'Held back: decimals.' })
    const heldApproved = await office.approve(held.id, held.version, { holdBack: true })
    expect(heldApproved.status).toBe(200)
    const lesson = await reportedLesson(['ada'], { concern: { severity: 'low', details: CONCERN } })
    expect((await office.approve(lesson.id, lesson.version)).status).toBe(200)
    const link = await linkIn('sarah.fielding@example.org')
    // A lesson still to come.
    const soon = new Date(Math.floor((Date.now() + 50 * 3_600_000) / 900_000) * 900_000)
    const planned = await t.request<Schemas['LessonList']>('POST', '/api/tutor/lessons', {
      token: tutor,
      body: { placementIds: [placementOf.ada], date: londonDay(soon), startTime: londonTime(soon), minutes: 45, place: 'Online, the usual room' },
    })
    expect(planned.status, planned.text).toBe(201)

    const page = await family.page(link)
    expect(page.status, page.text).toBe(200)
    expect(page.body.name).toBe('Sarah Fielding')
    expect(page.body.learners.map((learner) => learner.name)).toEqual(['Ada Lovelace'])
    const [ada] = page.body.learners
    expect(ada?.reports[0]).toEqual({
      lessonId: lesson.id,
      date: lesson.day,
      subject: 'Maths',
      tutor: 'Imogen Hale',
      attendance: 'present',
      covered: 'Fractions: adding with unlike denominators.',
      progress: 'Adding fractions is secure now. Next: mixed numbers.',
      homework: 'Worksheet 4, questions 1 to 10.',
    })
    expect(ada?.reports.map((report) => report.lessonId)).not.toContain(held.id)
    expect(ada?.coming[0]).toEqual({ date: londonDay(soon), startTime: londonTime(soon), minutes: 45, subject: 'Maths', tutor: 'Imogen Hale', mode: 'online', place: 'Online, the usual room' })
    expect(ada?.attendance.present).toBe(ada?.reports.length)
    expect(page.body.schools).toEqual([])
    expect(page.body.mail).toEqual({ reports: true, reminders: true })
    expect(page.text).not.toContain(NOTE)
    expect(page.text).not.toContain(CONCERN)
    expect(page.text).not.toContain('Held back: decimals.')
    expect(page.headers.get('cache-control')).toBe('no-store')

    // Sent later, the held-back report shows too.
    const read = await office.get(held.id)
    expect((await office.share(held.id, read.body.lesson.version)).status).toBe(200)
    expect((await family.page(link)).body.learners[0]?.reports.map((report) => report.lessonId)).toContain(held.id)
  })

  it('for a school contact who receives reports shows the school’s learners taught there and its term online', async () => {
    const lesson = await reportedLesson(['cai'])
    expect((await office.approve(lesson.id, lesson.version)).status).toBe(200)
    const page = await family.page(await linkIn('r.patel@hillside.example'))
    expect(page.status, page.text).toBe(200)
    expect(page.body.name).toBe('Raj Patel')
    expect(page.body.learners.map((learner) => [learner.name, learner.school])).toEqual([
      ['Cai Jones', 'Hillside Primary'],
      ['Dee Jones', 'Hillside Primary'],
    ])
    expect(page.body.schools.map((summary) => summary.school.name)).toEqual(['Hillside Primary'])
    expect(page.body.schools[0]?.learners.map((row) => row.learner.name)).toContain('Cai Jones')
    expect(page.text).not.toContain('Ada Lovelace')
    expect(page.text).not.toContain(NOTE)
  })

  it('answers 401, saying what to do, for no link, a made-up one, an expired one and one the office ended; a staff session is no link', async () => {
    const lesson = await reportedLesson(['ada'])
    expect((await office.approve(lesson.id, lesson.version)).status).toBe(200)
    const link = await linkIn('sarah.fielding@example.org')
    expect((await family.page(link)).status).toBe(200)
    for (const answer of [await family.page(undefined), await family.page('A'.repeat(43)), await family.page('not a link'), await family.page(undefined, { token: admin })]) {
      expect(answer.status).toBe(401)
      expect(answer.body).toEqual({ message: DEAD })
    }

    const ended = await t.request<Schemas['FamilyLinksEnded']>('POST', '/api/admin/family-links/end', { token: admin, body: { email: 'Sarah.Fielding@example.org' } })
    expect(ended.status, ended.text).toBe(200)
    expect(ended.body.ended).toBeGreaterThanOrEqual(1)
    expect((await family.page(link)).status).toBe(401)

    // The next mail carries a new link that works; once it has expired, it is refused too.
    const next = await reportedLesson(['ada'])
    expect((await office.approve(next.id, next.version)).status).toBe(200)
    const fresh = await linkIn('sarah.fielding@example.org')
    expect((await family.page(fresh)).status).toBe(200)
    await t.database.db.update(familyLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(familyLinks.email, 'sarah.fielding@example.org'))
    expect((await family.page(fresh)).status).toBe(401)
  })

  it('stops report mails from the link in a mail, even an expired one, and starts them again', async () => {
    const lesson = await reportedLesson(['ada'])
    expect((await office.approve(lesson.id, lesson.version)).status).toBe(200)
    const link = await linkIn('sarah.fielding@example.org')
    await t.database.db.update(familyLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(familyLinks.email, 'sarah.fielding@example.org'))
    const stopped = await family.mail({ link, reports: false })
    expect(stopped.status, stopped.text).toBe(200)
    expect(stopped.body).toEqual({ reports: false, reminders: true })

    const quiet = await reportedLesson(['ada'])
    expect((await office.approve(quiet.id, quiet.version)).status).toBe(200)
    expect(await reportMails(quiet.id)).toEqual([])
    // A link the office ended still changes the mails: an unsubscribe link must always work.
    await t.request('POST', '/api/admin/family-links/end', { token: admin, body: { email: 'sarah.fielding@example.org' } })
    expect((await family.mail({ link, reports: true })).body).toEqual({ reports: true, reminders: true })
    const loud = await reportedLesson(['ada'])
    expect((await office.approve(loud.id, loud.version)).status).toBe(200)
    expect((await reportMails(loud.id)).map((mail) => mail.to)).toEqual(['sarah.fielding@example.org'])

    expect((await family.mail({ link: 'B'.repeat(43), reports: false })).status).toBe(404)
    expect((await family.mail({ link: 'short', reports: false })).status).toBe(400)
  })

  it('mails a fresh link to a known address on asking, answering every address alike, within its limits', async () => {
    const known = await family.ask('gwen.jones@example.org')
    const unknown = await family.ask('nobody@example.org')
    expect(known.status).toBe(202)
    expect(unknown.status).toBe(202)
    expect(unknown.text).toBe(known.text)
    // The mail goes a moment after the answer: that moment is brought to now.
    await t.database.db.update(jobs).set({ runAt: new Date() }).where(and(eq(jobs.kind, FAMILY_LINK_JOB), eq(jobs.state, 'pending')))
    t.deps.jobs.kick()
    await t.deps.jobs.idle()
    const [mail] = await t.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, 'gwen.jones@example.org'), eq(mailOutbox.kind, 'family_link')))
    expect(mail?.subject).toBe('Your link to the family page')
    expect(mail?.carriesSecretLink).toBe(true)
    const page = await family.page(await linkIn('gwen.jones@example.org'))
    expect(page.body.learners.map((learner) => learner.name)).toEqual(['Cai Jones', 'Dee Jones'])
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'nobody@example.org'))).toEqual([])

    for (let i = 0; i < 2; i++) expect((await family.ask('gwen.jones@example.org')).status).toBe(202)
    const refused = await family.ask('gwen.jones@example.org')
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})

describe('lesson reminders', () => {
  const mailsOfKind = (to: string, kind: 'lesson_reminder' | 'lesson_changed') =>
    t.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, kind))).orderBy(mailOutbox.createdAt)
  const plan = async (name: keyof typeof placementOf, date: string, startTime: string) => {
    const planned = await t.request<Schemas['LessonList']>('POST', '/api/tutor/lessons', { token: tutor, body: { placementIds: [placementOf[name]], date, startTime, minutes: 60 } })
    expect(planned.status, planned.text).toBe(201)
    return planned.body.items[0]!
  }
  const remind = (day: string, time: string) => sendDueReminders(t.database.db, t.deps, lessonInstant(day, time))

  it('go the day before, from the reminder time, once per lesson, to the tutor and the contact, and never for a lesson cancelled meanwhile', async () => {
    const day = shiftDay(londonDay(new Date()), 5)
    const eve = shiftDay(day, -1)
    const lesson = await plan('ada', day, '16:00')
    const cancelled = await plan('ada', day, '18:30')
    const off = await t.request('POST', `/api/tutor/lessons/${cancelled.id}/cancel`, { token: tutor, body: { cancelledBy: 'family', reason: 'A school trip.' }, headers: ifMatch(cancelled.version) })
    expect(off.status, off.text).toBe(200)
    // Cancelled ahead of time: the contact is told at once.
    const [notice] = await mailsOfKind('sarah.fielding@example.org', 'lesson_changed')
    expect(notice?.subject).toBe(`Cancelled: Maths on ${longLessonDay(day)}`)
    expect(notice?.text).toContain('is cancelled (cancelled by the family).')
    const before = (await mailsOfKind('sarah.fielding@example.org', 'lesson_reminder')).length

    expect(await remind(eve, '16:59')).toBe(0)
    expect(await remind(eve, '17:05')).toBe(1)
    expect(await remind(eve, '21:00')).toBe(0)
    const reminders = (await mailsOfKind('sarah.fielding@example.org', 'lesson_reminder')).slice(before)
    expect(reminders.map((mail) => mail.subject)).toEqual(['Tomorrow: Maths with Imogen Hale at 16:00'])
    expect(reminders[0]?.text).toContain(`When: ${longLessonDay(day)} at 16:00, for 60 minutes`)
    expect(reminders[0]?.text).toMatch(/To stop these reminders: http:\/\/tec\.test\/family\/stop\?link=[A-Za-z0-9_-]{43}&what=reminders$/m)
    const tutorReminders = (await mailsOfKind('imogen.share@tec.test', 'lesson_reminder')).filter((mail) => mail.text.includes(lesson.id))
    expect(tutorReminders.map((mail) => mail.subject)).toEqual(['Tomorrow: Maths with Ada Lovelace at 16:00'])
  })

  it('remind a moved lesson again before its new day, after telling the contact at once', async () => {
    const day = shiftDay(londonDay(new Date()), 8)
    const lesson = await plan('cai', day, '15:00')
    expect(await remind(shiftDay(day, -1), '17:30')).toBe(1)
    const later = shiftDay(day, 2)
    const moved = await t.request('POST', `/api/tutor/lessons/${lesson.id}/move`, { token: tutor, body: { date: later, startTime: '15:30' }, headers: ifMatch(lesson.version) })
    expect(moved.status, moved.text).toBe(200)
    const [notice] = (await mailsOfKind('gwen.jones@example.org', 'lesson_changed')).slice(-1)
    expect(notice?.subject).toBe(`Moved: Maths to ${longLessonDay(later)} at 15:30`)
    expect(notice?.text).toContain(`has moved from ${longLessonDay(day)} at 15:00 to:`)
    expect(await remind(shiftDay(later, -1), '17:30')).toBe(1)
  })

  it('leave out a contact who stopped them, but not the tutor', async () => {
    const day = shiftDay(londonDay(new Date()), 11)
    await plan('ada', day, '16:00')
    const link = await linkIn('sarah.fielding@example.org')
    expect((await family.mail({ link, reminders: false })).body).toEqual({ reports: true, reminders: false })
    const before = (await mailsOfKind('sarah.fielding@example.org', 'lesson_reminder')).length
    const tutorBefore = (await mailsOfKind('imogen.share@tec.test', 'lesson_reminder')).length
    expect(await remind(shiftDay(day, -1), '18:00')).toBe(1)
    expect(await mailsOfKind('sarah.fielding@example.org', 'lesson_reminder')).toHaveLength(before)
    expect(await mailsOfKind('imogen.share@tec.test', 'lesson_reminder')).toHaveLength(tutorBefore + 1)
    expect((await family.mail({ link, reminders: true })).body).toEqual({ reports: true, reminders: true })
  })
})
