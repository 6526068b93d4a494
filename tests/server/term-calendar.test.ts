import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { londonDay, shiftDay } from '../../shared/lesson-time.ts'
import type { components } from '../../src/api/schema.gen.ts'
import { auditEvents } from '../../server/db/schema.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'

type Schemas = components['schemas']

/**
 * The office's terms and holidays: read by the office and by tutors, changed by the office alone at the version it
 * read, each period checked (its last day not before its first; no two terms, nor two holidays, sharing a day); a
 * weekly series planned from then on skips the holidays, counting lessons rather than weeks, and a series that would
 * fall wholly in holidays is refused.
 */
let t: TestApp
let admin: string
let tutor: string
let placementId = ''
const ifMatch = (version: number) => ({ 'if-match': `"${version}"` })
const today = () => londonDay(new Date())
/** A Monday about five weeks ahead, so every lesson of the test lies in the future. */
const monday = () => {
  const day = shiftDay(today(), 35)
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay()
  return shiftDay(day, (8 - weekday) % 7)
}

const read = (token: string) => t.request<Schemas['TermCalendarRecord']>('GET', '/api/term-calendar', { token })
const save = (token: string, version: number, body: unknown) => t.request<Schemas['TermCalendarRecord']>('PUT', '/api/term-calendar', { token, body, headers: ifMatch(version) })

beforeAll(async () => {
  t = await createTestApp()
  await t.createUser({ email: 'terms.admin@tec.test', role: 'ADMIN', name: 'Pat Office' })
  admin = await t.login('terms.admin@tec.test')
  const { id: tutorId } = await t.createUser({ email: 'terms.tutor@tec.test', role: 'TUTOR', name: 'Imogen Hale' })
  tutor = await t.login('terms.tutor@tec.test')
  const call = async <T extends object>(method: string, url: string, body: unknown, headers: Record<string, string> = {}) => {
    const answer = await t.request<T & { id: string }>(method, url, { token: admin, body, headers })
    expect(answer.status, `${method} ${url}: ${answer.text}`).toBeLessThan(300)
    return answer.body
  }
  await call('POST', `/api/admin/tutors/${tutorId}/checks`, { type: 'enhanced_barred', reference: 'TERMS-1', issuedOn: '2026-01-05' })
  await call('PUT', `/api/admin/tutors/${tutorId}`, { name: 'Imogen Hale', subjects: ['Maths'], levels: [], modes: ['online'] }, ifMatch(1))
  const learner = await call('POST', '/api/admin/students', {
    name: 'Ada Lovelace',
    contact: { name: 'Sarah Fielding', email: 'sarah.terms@example.org', phone: '07700 900000' },
    subjects: ['Maths'],
    deliveryMode: 'online',
    status: 'waiting',
  })
  placementId = (await call('POST', '/api/admin/placements', { studentId: learner.id, tutorId, subject: 'Maths', mode: 'online', startsOn: today(), frequency: 'weekly' })).id
})
afterAll(async () => t?.close())

describe('the term calendar', () => {
  it('is empty until the office saves it, and tutors read it too', async () => {
    for (const token of [admin, tutor]) {
      const answer = await read(token)
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual({ version: 1, terms: [], holidays: [], updatedAt: new Date(0).toISOString() })
      expect(answer.headers.get('etag')).toBe('"1"')
    }
    expect((await t.request('GET', '/api/term-calendar')).status).toBe(401)
  })

  it('refuses a tutor’s change, a period ending before it starts, and periods of one kind sharing a day, storing nothing', async () => {
    expect((await save(tutor, 1, { terms: [], holidays: [] })).status).toBe(403)
    const start = monday()
    const cases: [unknown, string, string][] = [
      [{ terms: [{ name: 'Spring term', startsOn: start, endsOn: shiftDay(start, -1) }], holidays: [] }, 'terms.0.endsOn', 'The last day cannot come before the first.'],
      [
        { terms: [{ name: 'Spring term', startsOn: start, endsOn: shiftDay(start, 60) }, { name: 'Summer term', startsOn: shiftDay(start, 60), endsOn: shiftDay(start, 120) }], holidays: [] },
        'terms.1.startsOn',
        'This term overlaps Spring term: terms cannot share days.',
      ],
      [
        { terms: [], holidays: [{ name: 'Half term', startsOn: shiftDay(start, 10), endsOn: shiftDay(start, 14) }, { name: 'Training day', startsOn: shiftDay(start, 14), endsOn: shiftDay(start, 14) }] },
        'holidays.1.startsOn',
        'This holiday overlaps Half term: put them together as one, or move one.',
      ],
    ]
    for (const [body, field, message] of cases) {
      const answer = await save(admin, 1, body)
      expect(answer.status, answer.text).toBe(400)
      expect((answer.body as unknown as Schemas['Error']).fields?.[field]).toBe(message)
    }
    // A long holiday covers two after it: each is found, not only the one beside it.
    const covered = await save(admin, 1, {
      terms: [],
      holidays: [
        { name: 'Long break', startsOn: start, endsOn: shiftDay(start, 60) },
        { name: 'Training day', startsOn: shiftDay(start, 10), endsOn: shiftDay(start, 10) },
        { name: 'Sports day', startsOn: shiftDay(start, 30), endsOn: shiftDay(start, 30) },
      ],
    })
    expect(covered.status).toBe(400)
    expect((covered.body as unknown as Schemas['Error']).fields).toMatchObject({
      'holidays.1.startsOn': 'This holiday overlaps Long break: put them together as one, or move one.',
      'holidays.2.startsOn': 'This holiday overlaps Long break: put them together as one, or move one.',
    })
    const blank = await save(admin, 1, { terms: [], holidays: [{ name: '', startsOn: start, endsOn: start }] })
    expect(blank.status).toBe(400)
    const spaces = await save(admin, 1, { terms: [], holidays: [{ name: '   ', startsOn: start, endsOn: start }] })
    expect(spaces.status).toBe(400)
    expect((spaces.body as unknown as Schemas['Error']).fields?.['holidays.0.name']).toBe('Enter its name.')
    expect((await read(admin)).body.version).toBe(1)
  })

  it('saves at the version read, soonest first, says who changed it, and refuses a stale version', async () => {
    const start = monday()
    const body = {
      terms: [
        { name: 'Summer term', startsOn: shiftDay(start, 70), endsOn: shiftDay(start, 140) },
        { name: ' Spring term ', startsOn: shiftDay(start, -30), endsOn: shiftDay(start, 60) },
      ],
      holidays: [{ name: 'Half term', startsOn: shiftDay(start, 14), endsOn: shiftDay(start, 18) }],
    }
    const saved = await save(admin, 1, body)
    expect(saved.status, saved.text).toBe(200)
    expect(saved.headers.get('etag')).toBe('"2"')
    expect(saved.body).toMatchObject({ version: 2, updatedBy: { name: 'Pat Office' }, holidays: body.holidays })
    expect(saved.body.terms.map((term) => term.name)).toEqual(['Spring term', 'Summer term'])
    const asTutor = await read(tutor)
    expect(asTutor.body.holidays).toEqual(body.holidays)
    // Who in the office changed them is the office's to know.
    expect(asTutor.body.updatedBy).toBeUndefined()
    const stale = await save(admin, 1, body)
    expect(stale.status).toBe(409)
    const trail = await t.database.db.select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.action, 'term_calendar.updated'))
    expect(trail).toHaveLength(1)
  })

  it('makes a weekly series skip the holidays: so many lessons, or every week until a day, none in the half term', async () => {
    const start = monday()
    const halfTerm = shiftDay(start, 14)
    const times = await t.request<Schemas['LessonList']>('POST', '/api/tutor/lessons', {
      token: tutor,
      body: { placementIds: [placementId], date: start, startTime: '16:00', minutes: 60, repeat: { times: 4 } },
    })
    expect(times.status, times.text).toBe(201)
    expect(times.body.items.map((lesson) => lesson.date)).toEqual([start, shiftDay(start, 7), shiftDay(start, 21), shiftDay(start, 28)])

    const until = await t.request<Schemas['LessonList']>('POST', '/api/tutor/lessons', {
      token: tutor,
      body: { placementIds: [placementId], date: start, startTime: '18:00', minutes: 60, repeat: { until: shiftDay(start, 21) } },
    })
    expect(until.status, until.text).toBe(201)
    expect(until.body.items.map((lesson) => lesson.date)).toEqual([start, shiftDay(start, 7), shiftDay(start, 21)])

    // A single lesson goes on the day chosen, holiday or not; a series only in holidays is refused.
    const once = await t.request<Schemas['LessonList']>('POST', '/api/tutor/lessons', { token: tutor, body: { placementIds: [placementId], date: halfTerm, startTime: '09:00', minutes: 60 } })
    expect(once.status, once.text).toBe(201)
    const none = await t.request<Schemas['Error']>('POST', '/api/tutor/lessons', {
      token: tutor,
      body: { placementIds: [placementId], date: halfTerm, startTime: '11:00', minutes: 60, repeat: { until: shiftDay(halfTerm, 4) } },
    })
    expect(none.status).toBe(400)
    expect(none.body.fields?.repeat).toBe('Every week of that series falls in a holiday in the term dates: choose other days.')
  })
})
