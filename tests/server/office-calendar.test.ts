import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lessonInstant, londonDay, shiftDay } from '../../shared/lesson-time.ts'
import type { components } from '../../src/api/schema.gen.ts'
import { lessonLearners, lessons } from '../../server/db/schema.ts'
import { HILLSIDE_PRIMARY } from './support/school-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'

type Schemas = components['schemas']

/**
 * The office's calendar: every lesson of the days asked for (at most 62), soonest first, narrowed by tutor, school,
 * learner and way of teaching, each naming the lessons it clashes with (same tutor or same learner, at once), even
 * ones the filters leave out. Such a clash cannot be planned through the API any more; one that came in with older
 * records (written here straight into the database) is shown, so the office can mend it.
 */
let t: TestApp
let admin: string
const ids = { tutor1: '', tutor2: '', school: '', ada: '', ben: '' }
const lessonIds = { adaMonday: '', benMonday: '', adaTuesday: '', clash: '' }
const ifMatch = (version: number) => ({ 'if-match': `"${version}"` })
const monday = () => {
  const day = shiftDay(londonDay(new Date()), 14)
  return shiftDay(day, -((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7))
}
const list = <T extends object = Schemas['LessonPage']>(query: string, token = admin) => t.request<T>('GET', `/api/admin/lessons?${query}`, { token })
const week = () => `from=${monday()}&to=${shiftDay(monday(), 6)}`

beforeAll(async () => {
  t = await createTestApp()
  await t.createUser({ email: 'calendar.admin@tec.test', role: 'ADMIN', name: 'Pat Office' })
  admin = await t.login('calendar.admin@tec.test')
  const call = async <T extends object>(method: string, url: string, body: unknown, headers: Record<string, string> = {}) => {
    const answer = await t.request<T & { id: string }>(method, url, { token: admin, body, headers })
    expect(answer.status, `${method} ${url}: ${answer.text}`).toBeLessThan(300)
    return answer.body
  }
  const tokens: string[] = []
  for (const [key, email, name] of [
    ['tutor1', 'cal.one@tec.test', 'Imogen Hale'],
    ['tutor2', 'cal.two@tec.test', 'Omar Reed'],
  ] as const) {
    ids[key] = (await t.createUser({ email, role: 'TUTOR', name })).id
    await call('POST', `/api/admin/tutors/${ids[key]}/checks`, { type: 'enhanced_barred', reference: `CAL-${key}`, issuedOn: '2026-01-05' })
    await call('PUT', `/api/admin/tutors/${ids[key]}`, { name, subjects: ['Maths'], levels: [], modes: ['online', 'school'] }, ifMatch(1))
    tokens.push(await t.login(email))
  }
  ids.school = (
    await call('POST', '/api/admin/schools', HILLSIDE_PRIMARY)
  ).id
  const learner = async (name: string, extra: object) =>
    (await call('POST', '/api/admin/students', { name, contact: { name: `${name} Parent`, email: `${name.split(' ')[0]?.toLowerCase()}.cal@example.org`, phone: '07700 900000' }, subjects: ['Maths'], status: 'waiting', ...extra })).id
  ids.ada = await learner('Ada Lovelace', { deliveryMode: 'online' })
  ids.ben = await learner('Ben Okri', { deliveryMode: 'school', schoolId: ids.school })
  const place = async (studentId: string, tutorId: string, mode: string) =>
    (await call('POST', '/api/admin/placements', { studentId, tutorId, subject: 'Maths', mode, startsOn: londonDay(new Date()), frequency: 'weekly' })).id
  const adaPlacement = await place(ids.ada, ids.tutor1, 'online')
  const benPlacement = await place(ids.ben, ids.tutor2, 'school')
  const plan = async (token: string | undefined, placementId: string, date: string, startTime: string) => {
    const planned = await t.request<Schemas['LessonList']>('POST', '/api/tutor/lessons', { token, body: { placementIds: [placementId], date, startTime, minutes: 60 } })
    expect(planned.status, planned.text).toBe(201)
    return planned.body.items[0]?.id ?? ''
  }
  lessonIds.adaMonday = await plan(tokens[0], adaPlacement, monday(), '16:00')
  lessonIds.benMonday = await plan(tokens[1], benPlacement, monday(), '16:00')
  lessonIds.adaTuesday = await plan(tokens[0], adaPlacement, shiftDay(monday(), 1), '16:00')
  // Ada booked with Omar at 16:30 on the Monday, as older records brought in could have it.
  const [clash] = await t.database.db
    .insert(lessons)
    .values({ tutorId: ids.tutor2, subject: 'Maths', mode: 'online', startsAt: lessonInstant(monday(), '16:30'), minutes: 60, status: 'planned' })
    .returning({ id: lessons.id })
  lessonIds.clash = clash?.id ?? ''
  await t.database.db.insert(lessonLearners).values({ lessonId: lessonIds.clash, studentId: ids.ada, placementId: adaPlacement })
})
afterAll(async () => t?.close())

describe('the office’s calendar', () => {
  it('lists every lesson of the days, soonest first, each with the lessons it clashes with', async () => {
    const answer = await list(week())
    expect(answer.status, answer.text).toBe(200)
    expect(answer.body.total).toBe(4)
    const byId = new Map(answer.body.items.map((lesson) => [lesson.id, lesson]))
    expect(answer.body.items.map((lesson) => lesson.startsAt)).toEqual(answer.body.items.map((lesson) => lesson.startsAt).sort())
    // Ada is in two lessons at once (Imogen's and Omar's), and Omar teaches two at once (Ada's and Ben's); Imogen's
    // lesson with Ada and Omar's with Ben only share the hour, which is no clash.
    expect(byId.get(lessonIds.adaMonday)?.clashes).toEqual([lessonIds.clash])
    expect(byId.get(lessonIds.benMonday)?.clashes).toEqual([lessonIds.clash])
    expect(byId.get(lessonIds.clash)?.clashes).toEqual([lessonIds.adaMonday, lessonIds.benMonday].sort())
    expect(byId.get(lessonIds.adaTuesday)?.clashes).toBeUndefined()
  })

  it('narrows by tutor, school, learner and way of teaching, still naming clashes the filter leaves out', async () => {
    const ofOmar = await list(`${week()}&tutorId=${ids.tutor2}`)
    expect(ofOmar.body.items.map((lesson) => lesson.id).sort()).toEqual([lessonIds.benMonday, lessonIds.clash].sort())
    expect(ofOmar.body.items.find((lesson) => lesson.id === lessonIds.clash)?.clashes).toContain(lessonIds.adaMonday)
    expect((await list(`${week()}&schoolId=${ids.school}`)).body.items.map((lesson) => lesson.id)).toEqual([lessonIds.benMonday])
    expect((await list(`${week()}&studentId=${ids.ada}`)).body.total).toBe(3)
    expect((await list(`${week()}&mode=school`)).body.items.map((lesson) => lesson.id)).toEqual([lessonIds.benMonday])
    expect((await list(`from=${shiftDay(monday(), 1)}&to=${shiftDay(monday(), 1)}`)).body.items.map((lesson) => lesson.id)).toEqual([lessonIds.adaTuesday])
  })

  it('refuses more than 62 days, a last day before the first, and anyone but the office', async () => {
    const long = await list<Schemas['Error']>(`from=${monday()}&to=${shiftDay(monday(), 62)}`)
    expect(long.status).toBe(400)
    expect(long.body.fields?.to).toBe('Choose 62 days or fewer.')
    expect((await list(`from=${monday()}&to=${shiftDay(monday(), 61)}`)).status).toBe(200)
    const backwards = await list<Schemas['Error']>(`from=${monday()}&to=${shiftDay(monday(), -1)}`)
    expect(backwards.body.fields?.to).toBe('The last day cannot come before the first.')
    expect((await list<Schemas['Error']>(`to=${monday()}`)).status).toBe(400)
    const tutor = await t.login('cal.one@tec.test')
    expect((await list(week(), tutor)).status).toBe(403)
  })
})
