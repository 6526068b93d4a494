import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { londonDay, shiftDay } from '../../shared/lesson-time.ts'
import type { components } from '../../src/api/schema.gen.ts'
import { mailOutbox } from '../../server/db/schema.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'

type Schemas = components['schemas']

/**
 * A weekly series changed as a whole by the office, from a day on: moved to another day of the week and time (all
 * of it or none: a holiday, a clash with the tutor's or the learner's other lessons refuse the whole move), cancelled,
 * or paused for a stretch. The tutor and the learner's contact each get one mail for the whole change.
 */
let t: TestApp
let admin: string
let tutor: string
const ids = { tutor: '', ada: '', ben: '', adaPlacement: '', benPlacement: '' }
const ADA_CONTACT = 'sarah.series@example.org'
const today = () => londonDay(new Date())
const ifMatch = (version: number) => ({ 'if-match': `"${version}"` })
/** The Monday of the week `weeks` weeks after next week's. */
const mondayOf = (weeks: number) => {
  const day = shiftDay(today(), 7 + weeks * 7)
  return shiftDay(day, -((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7))
}
const mailsTo = (email: string) => t.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, 'lesson_changed'))).orderBy(mailOutbox.createdAt)
const series = {
  move: <T extends object = Schemas['LessonList']>(seriesId: string, body: unknown, token = admin) => t.request<T>('POST', `/api/admin/lesson-series/${seriesId}/move`, { token, body }),
  cancel: <T extends object = Schemas['LessonList']>(seriesId: string, body: unknown, token = admin) => t.request<T>('POST', `/api/admin/lesson-series/${seriesId}/cancel`, { token, body }),
}
const lessonsOf = async (placementId: string) =>
  (await t.request<Schemas['LessonPage']>('GET', `/api/tutor/lessons?from=${today()}&pageSize=100`, { token: tutor })).body.items.filter((lesson) =>
    lesson.learners.some((learner) => learner.placementId === placementId),
  )

let seriesId = ''

beforeAll(async () => {
  t = await createTestApp()
  await t.createUser({ email: 'series.admin@tec.test', role: 'ADMIN', name: 'Pat Office' })
  admin = await t.login('series.admin@tec.test')
  ids.tutor = (await t.createUser({ email: 'series.tutor@tec.test', role: 'TUTOR', name: 'Imogen Hale' })).id
  tutor = await t.login('series.tutor@tec.test')
  const call = async <T extends object>(method: string, url: string, body: unknown, headers: Record<string, string> = {}) => {
    const answer = await t.request<T & { id: string }>(method, url, { token: admin, body, headers })
    expect(answer.status, `${method} ${url}: ${answer.text}`).toBeLessThan(300)
    return answer.body
  }
  await call('POST', `/api/admin/tutors/${ids.tutor}/checks`, { type: 'enhanced_barred', reference: 'SERIES-1', issuedOn: '2026-01-05' })
  await call('PUT', `/api/admin/tutors/${ids.tutor}`, { name: 'Imogen Hale', subjects: ['Maths'], levels: [], modes: ['online'] }, ifMatch(1))
  const learner = async (name: string, email: string) =>
    (await call('POST', '/api/admin/students', { name, contact: { name: `${name} Parent`, email, phone: '07700 900000' }, subjects: ['Maths'], deliveryMode: 'online', status: 'waiting' })).id
  ids.ada = await learner('Ada Lovelace', ADA_CONTACT)
  ids.ben = await learner('Ben Okri', 'ben.series@example.org')
  const place = async (studentId: string) => (await call('POST', '/api/admin/placements', { studentId, tutorId: ids.tutor, subject: 'Maths', mode: 'online', startsOn: today(), frequency: 'weekly' })).id
  ids.adaPlacement = await place(ids.ada)
  ids.benPlacement = await place(ids.ben)
  // Half term in the third week; a training day on the Wednesday of the fifth.
  await call(
    'PUT',
    '/api/term-calendar',
    {
      terms: [],
      holidays: [
        { name: 'Half term', startsOn: mondayOf(2), endsOn: shiftDay(mondayOf(2), 4) },
        { name: 'Training day', startsOn: shiftDay(mondayOf(4), 2), endsOn: shiftDay(mondayOf(4), 2) },
      ],
    },
    ifMatch(1),
  )
  const planned = await t.request<Schemas['LessonList']>('POST', '/api/tutor/lessons', {
    token: tutor,
    body: { placementIds: [ids.adaPlacement], date: mondayOf(0), startTime: '16:00', minutes: 60, repeat: { times: 6 } },
  })
  expect(planned.status, planned.text).toBe(201)
  expect(planned.body.items.map((lesson) => lesson.date)).toEqual([0, 1, 3, 4, 5, 6].map(mondayOf))
  seriesId = planned.body.items[0]?.seriesId ?? ''
  expect(planned.body.items.every((lesson) => lesson.seriesId === seriesId)).toBe(true)
})
afterAll(async () => t?.close())

describe('a series changed as a whole by the office', () => {
  it('refuses a move whole when a lesson would fall in a holiday, or meet another lesson, changing nothing and mailing nobody', async () => {
    const inHoliday = await series.move<Schemas['Error']>(seriesId, { from: mondayOf(1), toDate: shiftDay(mondayOf(1), 2), startTime: '16:00' })
    expect(inHoliday.status).toBe(409)
    expect(inHoliday.body.message).toMatch(/^Wednesday \d+ \w+ \d{4} falls in Training day in the term dates\./)

    // Ben has a lesson with the same tutor on the last Wednesday at 16:30.
    const ben = await t.request<Schemas['LessonList']>('POST', '/api/tutor/lessons', { token: tutor, body: { placementIds: [ids.benPlacement], date: shiftDay(mondayOf(6), 2), startTime: '16:30', minutes: 30 } })
    expect(ben.status).toBe(201)
    const clash = await series.move<Schemas['Error']>(seriesId, { from: mondayOf(5), toDate: shiftDay(mondayOf(5), 2), startTime: '16:00' })
    expect(clash.status).toBe(409)
    expect(clash.body.message).toMatch(/with Ben Okri \(Maths\)/)
    expect((await lessonsOf(ids.adaPlacement)).map((lesson) => lesson.date)).toEqual([0, 1, 3, 4, 5, 6].map(mondayOf))
    expect(await mailsTo(ADA_CONTACT)).toEqual([])
    const cancelled = await t.request('POST', `/api/tutor/lessons/${ben.body.items[0]?.id ?? ''}/cancel`, { token: tutor, body: { cancelledBy: 'tutor', reason: 'Freed' }, headers: ifMatch(1) })
    expect(cancelled.status).toBe(200)
  })

  it('moves this and the following lessons to Wednesdays at another time, keeping the earlier ones, and tells each person once', async () => {
    const moved = await series.move(seriesId, { from: mondayOf(5), toDate: shiftDay(mondayOf(5), 2), startTime: '17:30', minutes: 45 })
    expect(moved.status, moved.text).toBe(200)
    expect(moved.body.items.map((lesson) => [lesson.date, lesson.startTime, lesson.minutes, lesson.version])).toEqual([
      [shiftDay(mondayOf(5), 2), '17:30', 45, 2],
      [shiftDay(mondayOf(6), 2), '17:30', 45, 2],
    ])
    expect((await lessonsOf(ids.adaPlacement)).map((lesson) => `${lesson.date} ${lesson.startTime}`)).toEqual([
      ...[0, 1, 3, 4].map((week) => `${mondayOf(week)} 16:00`),
      ...[5, 6].map((week) => `${shiftDay(mondayOf(week), 2)} 17:30`),
    ])
    const toContact = await mailsTo(ADA_CONTACT)
    expect(toContact).toHaveLength(1)
    expect(toContact[0]?.subject).toMatch(/^Moved: Maths lessons from Wednesday /)
    expect(toContact[0]?.text).toContain("Ada Lovelace's Maths lessons with Imogen Hale have moved. They are now on:")
    expect(toContact[0]?.text).toContain('at 17:30')
    expect(await mailsTo('series.tutor@tec.test')).toHaveLength(1)
    const history = await t.request<Schemas['HistoryPage']>('GET', `/api/admin/history?subjectType=lesson&subjectId=${moved.body.items[0]?.id ?? ''}`, { token: admin })
    expect(history.body.items.map((entry) => entry.action)).toEqual(['lesson.moved', 'lesson.planned'])
  })

  it('pauses the series for a stretch, then cancels the rest, one mail each time; nothing left to change is refused', async () => {
    const paused = await series.cancel(seriesId, { from: mondayOf(3), until: shiftDay(mondayOf(4), 6), reason: 'Ada is away' })
    expect(paused.status, paused.text).toBe(200)
    expect(paused.body.items.map((lesson) => [lesson.date, lesson.status, lesson.cancellation?.by])).toEqual([
      [mondayOf(3), 'cancelled', 'office'],
      [mondayOf(4), 'cancelled', 'office'],
    ])
    expect(await mailsTo(ADA_CONTACT)).toHaveLength(2)
    const rest = await series.cancel(seriesId, { from: mondayOf(5), reason: 'The placement moves to Saturdays' })
    expect(rest.body.items).toHaveLength(2)
    const mails = await mailsTo(ADA_CONTACT)
    expect(mails).toHaveLength(3)
    expect(mails[2]?.text).not.toContain('Saturdays')
    expect((await mailsTo('series.tutor@tec.test')).at(-1)?.text).toContain('(The placement moves to Saturdays)')
    const nothing = await series.cancel<Schemas['Error']>(seriesId, { from: mondayOf(5), reason: 'Again' })
    expect(nothing.status).toBe(409)
    expect(nothing.body.message).toMatch(/^No lesson of this series is still planned on or after/)
    expect((await lessonsOf(ids.adaPlacement)).filter((lesson) => lesson.status === 'planned').map((lesson) => lesson.date)).toEqual([mondayOf(0), mondayOf(1)])
  })

  it('answers an unknown series 404, a pause ending before it begins 400, and a tutor 403', async () => {
    const missing = await series.cancel<Schemas['Error']>('00000000-0000-4000-8000-000000000000', { from: today(), reason: 'x' })
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('We could not find that series of lessons.')
    const backwards = await series.cancel<Schemas['Error']>(seriesId, { from: mondayOf(1), until: mondayOf(0), reason: 'x' })
    expect(backwards.status).toBe(400)
    expect(backwards.body.fields?.until).toBe('The last day cannot come before the first.')
    expect((await series.move(seriesId, { from: today(), toDate: today(), startTime: '10:00' }, tutor)).status).toBe(403)
    expect((await series.cancel(seriesId, { from: today(), reason: 'x' }, tutor)).status).toBe(403)
  })
})
