import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { londonDay, shiftDay } from '../../shared/lesson-time.ts'
import type { components } from '../../src/api/schema.gen.ts'
import { DEMO_PASSWORD, seedDemoData, writeDemoData } from '../../server/demo/seed.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'

type Schemas = components['schemas']

/**
 * The demo's term of lessons, as its users find it on a first start: the demo tutor has reports to write (one
 * overdue, one with a draft begun), one returned with the office's comment and lessons this week; the office has
 * reports to review, figures for the term that mean something (attendance, reports on time and late) and one
 * safeguarding concern in hand. Demo data seeds itself only into the embedded database; against PostgreSQL the test writes it directly.
 */
let t: TestApp
let tutor = ''
let admin = ''

beforeAll(async () => {
  t = await createTestApp()
  // Demo data seeds itself only into the embedded database; on PostgreSQL it is written directly, to prove it there too.
  if (t.database.kind === 'pglite') expect(await seedDemoData(t.database, { nodeEnv: 'development' })).toBe(true)
  else await writeDemoData(t.database)
  tutor = await t.login('tutor@tec.test', DEMO_PASSWORD)
  admin = await t.login('admin@tec.test', DEMO_PASSWORD)
})
afterAll(async () => t?.close())

const get = <Body extends object>(path: string, token: string) => t.request<Body>('GET', path, { token })

describe('the demo term of lessons', () => {
  it('gives the demo tutor reports to write, one returned with a comment, and the coming lessons with their contacts', async () => {
    const overview = await get<Schemas['TutorOverview']>('/api/tutor/overview', tutor)
    expect(overview.status).toBe(200)
    const { awaitingReport, returned, coming } = overview.body
    expect(awaitingReport).toHaveLength(2)
    expect(awaitingReport.some((lesson) => lesson.overdue)).toBe(true)
    const details = await Promise.all(awaitingReport.map((lesson) => get<Schemas['MyLessonDetail']>(`/api/tutor/lessons/${lesson.id}`, tutor)))
    const drafted = details.filter((detail) => detail.body.draft !== undefined)
    expect(drafted).toHaveLength(1)
    expect(drafted[0]?.body.draft?.covered).toMatch(/\w/)

    expect(returned).toHaveLength(1)
    expect(returned[0]?.returnComment).toMatch(/family reads this part/)

    // What is next: lessons not yet over, soonest first, the next fortnight's; each learner's contact to call.
    expect(coming.length).toBeGreaterThan(0)
    const starts = coming.map((item) => item.lesson.startsAt)
    expect([...starts].sort()).toEqual(starts)
    const now = Date.now()
    for (const { lesson, contacts } of coming) {
      expect(lesson.tutor.name).toBe('Tom Tutor')
      expect(Date.parse(lesson.endsAt)).toBeGreaterThan(now)
      expect(Date.parse(lesson.startsAt)).toBeLessThan(now + 15 * 24 * 3600_000)
      expect(contacts.map((contact) => contact.studentId).sort()).toEqual(lesson.learners.map((learner) => learner.id).sort())
      for (const contact of contacts) expect(contact.phone).toMatch(/\d/)
    }
  })

  it('has a term calendar with a half term, and no weekly lesson falls in it', async () => {
    const calendar = await get<Schemas['TermCalendarRecord']>('/api/term-calendar', admin)
    expect(calendar.status).toBe(200)
    expect(calendar.body.terms.length).toBeGreaterThan(0)
    const halfTerm = calendar.body.holidays.find((holiday) => holiday.name === 'Half term')
    expect(halfTerm).toBeDefined()
    const during = await get<Schemas['LessonPage']>(`/api/tutor/lessons?from=${halfTerm?.startsOn}&to=${halfTerm?.endsOn}&pageSize=100`, tutor)
    expect(during.status).toBe(200)
    expect(during.body.total).toBe(0)
    const around = await get<Schemas['LessonPage']>(`/api/tutor/lessons?from=${shiftDay(halfTerm?.startsOn ?? '', -7)}&to=${shiftDay(halfTerm?.endsOn ?? '', 7)}&pageSize=100`, tutor)
    expect(around.body.total).toBeGreaterThan(0)
  })

  it('has reports waiting for the office, two of them the demo tutor’s', async () => {
    const toReview = await get<Schemas['LessonReportPage']>('/api/admin/reports?state=to_review&pageSize=100', admin)
    expect(toReview.status).toBe(200)
    expect(toReview.body.total).toBeGreaterThan(0)
    expect(toReview.body.items.filter((lesson) => lesson.tutor.name === 'Tom Tutor')).toHaveLength(2)
    expect(toReview.body.stateCounts.overdue).toBeGreaterThan(0)
    expect(toReview.body.stateCounts.returned).toBeGreaterThan(0)
    expect(toReview.body.stateCounts.approved).toBeGreaterThan(20)

    // Every report was sent after its lesson ended and before now, and approved later by the demo admin.
    const approved = await get<Schemas['LessonReportPage']>('/api/admin/reports?state=approved&pageSize=100', admin)
    const now = Date.now()
    for (const lesson of [...toReview.body.items, ...approved.body.items]) {
      const sentAt = Date.parse(lesson.submittedAt ?? '')
      expect(sentAt).toBeGreaterThan(Date.parse(lesson.endsAt))
      expect(sentAt).toBeLessThanOrEqual(now)
    }
    const [first] = approved.body.items
    const detail = await get<Schemas['LessonDetail']>(`/api/admin/reports/${first?.id ?? ''}`, admin)
    expect(detail.body.report?.approvedBy?.name).toBe('Ada Admin')
    expect(Date.parse(detail.body.report?.approvedAt ?? '')).toBeGreaterThan(Date.parse(detail.body.report?.submittedAt ?? ''))
  })

  it('gives the office figures for the last twelve weeks that mean something', async () => {
    const to = londonDay(new Date())
    const from = shiftDay(to, -84)
    const figures = await get<Schemas['LessonFigures']>(`/api/admin/lesson-figures?from=${from}&to=${to}`, admin)
    expect(figures.status).toBe(200)
    const { delivered, attendance, reports, byTutor, bySchool } = figures.body
    expect(delivered).toBeGreaterThan(20)
    expect(attendance.rate).toBeGreaterThan(0.8)
    expect(attendance.rate).toBeLessThan(1)
    expect(attendance.late).toBeGreaterThan(0)
    expect(reports.onTime).toBeGreaterThan(reports.late)
    expect(reports.late).toBeGreaterThan(0)
    expect(byTutor.map((row) => row.label)).toEqual(expect.arrayContaining(['Tom Tutor', 'Efua Mensah', 'Hannah Nair']))
    expect(bySchool.map((row) => row.label)).toContain('Armley Park Primary School')
  })

  it('has exactly one safeguarding concern, in hand with a note', async () => {
    const concerns = await get<Schemas['SafeguardingConcernPage']>('/api/admin/safeguarding-concerns', admin)
    expect(concerns.status).toBe(200)
    expect(concerns.body.total).toBe(1)
    expect(concerns.body.statusCounts).toEqual({ open: 0, in_hand: 1, closed: 0 })
    const [concern] = concerns.body.items
    expect(concern).toMatchObject({ severity: 'medium', status: 'in_hand', statusChangedBy: { name: 'Ada Admin' } })
    expect(concern?.statusNote).toMatch(/safeguarding lead/)
    expect(concern?.tutor.name).not.toBe('Tom Tutor')
  })
})
