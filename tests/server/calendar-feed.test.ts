import { eq } from 'drizzle-orm'
import ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lessonInstant, londonDay, shiftDay } from '../../shared/lesson-time.ts'
import type { components } from '../../src/api/schema.gen.ts'
import { auditEvents, calendarFeeds, users } from '../../server/db/schema.ts'
import { HILLSIDE_PRIMARY } from './support/school-fixture.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'

type Schemas = components['schemas']

/**
 * A tutor's calendar feed, read back by an independent iCalendar parser (ical.js): a secret address made in their
 * settings, shown once, replaced or stopped by them; the feed lists their lessons still on (a cancelled one drops
 * out, a moved one moves and counts up its SEQUENCE) with the learners' first names only, never a surname, contact,
 * home address or note. An address stopped, replaced, of an account that can no longer sign in, or never made,
 * answers 404; guessing is limited per network address, reading per feed.
 */
let t: TestApp
let admin: string
let tutor: string
let otherTutor: string
const ids = { tutor: '', ada: '', cai: '', dee: '', school: '', adaPlacement: '', caiPlacement: '', deePlacement: '', eve: '', evePlacement: '' }
const ifMatch = (version: number) => ({ 'if-match': `"${version}"` })
const today = () => londonDay(new Date())

interface FeedEvent {
  uid: string
  summary: string
  location: string
  description: string
  start: number
  end: number
  sequence: number
}

/** The feed at this address as a calendar reads it: its status, and its events parsed by ical.js. */
async function readFeed(url: string, ip?: string): Promise<{ status: number; type: string | null; events: FeedEvent[]; raw: string }> {
  const answer = await t.request('GET', new URL(url).pathname, ip === undefined ? {} : { ip })
  const raw = new TextDecoder().decode(answer.bytes)
  if (answer.status !== 200) return { status: answer.status, type: answer.headers.get('content-type'), events: [], raw }
  const calendar = new ICAL.Component(ICAL.parse(raw) as unknown[])
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component)
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location,
      description: event.description,
      start: event.startDate.toJSDate().getTime(),
      end: event.endDate.toJSDate().getTime(),
      sequence: event.sequence,
    }
  })
  return { status: answer.status, type: answer.headers.get('content-type'), events, raw }
}

const feed = (token: string) => ({
  state: () => t.request<Schemas['CalendarFeedState']>('GET', '/api/tutor/calendar-feed', { token }),
  make: () => t.request<Schemas['CalendarFeedAddress']>('POST', '/api/tutor/calendar-feed', { token }),
  stop: () => t.request('DELETE', '/api/tutor/calendar-feed', { token }),
})

async function plan(placementIds: string[], date: string, startTime: string): Promise<Schemas['Lesson']> {
  const planned = await t.request<Schemas['LessonList']>('POST', '/api/tutor/lessons', { token: tutor, body: { placementIds, date, startTime, minutes: 60, place: '4 Cardigan Road, LS6 1AA' } })
  expect(planned.status, planned.text).toBe(201)
  const [lesson] = planned.body.items
  if (!lesson) throw new Error('No lesson planned')
  return lesson
}

beforeAll(async () => {
  t = await createTestApp()
  await t.createUser({ email: 'feed.admin@tec.test', role: 'ADMIN', name: 'Pat Office' })
  admin = await t.login('feed.admin@tec.test')
  const call = async <T extends object>(method: string, url: string, body: unknown, headers: Record<string, string> = {}) => {
    const answer = await t.request<T & { id: string; version: number }>(method, url, { token: admin, body, headers })
    expect(answer.status, `${method} ${url}: ${answer.text}`).toBeLessThan(300)
    return answer.body
  }
  for (const [email, name] of [
    ['imogen.feed@tec.test', 'Imogen Hale'],
    ['omar.feed@tec.test', 'Omar Reed'],
  ] as const) {
    const { id } = await t.createUser({ email, role: 'TUTOR', name })
    await call('POST', `/api/admin/tutors/${id}/checks`, { type: 'enhanced_barred', reference: `FEED-${id.slice(0, 6)}`, issuedOn: '2026-01-05' })
    await call('PUT', `/api/admin/tutors/${id}`, { name, subjects: ['Maths'], levels: [], modes: ['home', 'school'] }, ifMatch(1))
    if (email.startsWith('imogen')) ids.tutor = id
    else ids.eve = id
  }
  tutor = await t.login('imogen.feed@tec.test')
  otherTutor = await t.login('omar.feed@tec.test')
  ids.school = (
    await call('POST', '/api/admin/schools', HILLSIDE_PRIMARY)
  ).id
  const learner = async (name: string, extra: object) =>
    (
      await call('POST', '/api/admin/students', {
        name,
        contact: { name: `${name} Parent`, email: `${name.split(' ')[0]?.toLowerCase()}.parent@example.org`, phone: '07700 900123' },
        subjects: ['Maths'],
        status: 'waiting',
        ...extra,
      })
    ).id
  ids.ada = await learner('Ada Lovelace', { deliveryMode: 'home', address: { line1: '4 Cardigan Road', town: 'Headingley', postcode: 'LS6 1AA' }, notesForTutors: 'Gets anxious about tests.' })
  ids.cai = await learner('Cai Jones', { deliveryMode: 'school', schoolId: ids.school })
  ids.dee = await learner('Dee Patel', { deliveryMode: 'school', schoolId: ids.school })
  const place = async (studentId: string, tutorId: string, mode: string) =>
    (await call('POST', '/api/admin/placements', { studentId, tutorId, subject: 'Maths', mode, startsOn: shiftDay(today(), -30), frequency: 'weekly', lessonMinutes: 60 })).id
  ids.adaPlacement = await place(ids.ada, ids.tutor, 'home')
  ids.caiPlacement = await place(ids.cai, ids.tutor, 'school')
  ids.deePlacement = await place(ids.dee, ids.tutor, 'school')
})
afterAll(async () => t?.close())

describe('a tutor’s calendar feed', () => {
  let url = ''
  let home: Schemas['Lesson']

  it('is made from their settings, shown once, and lists their lessons with first names only', async () => {
    expect((await feed(tutor).state()).body).toEqual({ active: false })
    home = await plan([ids.adaPlacement], shiftDay(today(), 7), '16:30')
    const group = await plan([ids.caiPlacement, ids.deePlacement], shiftDay(today(), 8), '10:00')
    const past = await plan([ids.adaPlacement], shiftDay(today(), -3), '16:30')

    const made = await feed(tutor).make()
    expect(made.status, made.text).toBe(201)
    url = made.body.url
    expect(url).toMatch(/\/api\/calendar-feeds\/[A-Za-z0-9_-]{43}$/)
    expect(made.body.webcalUrl).toBe(url.replace(/^https?:/, 'webcal:'))
    // Only the address's hash is kept.
    const [row] = await t.database.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, ids.tutor))
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(row)).not.toContain(url.split('/').at(-1))
    const state = await feed(tutor).state()
    expect(state.body).toEqual({ active: true, createdAt: made.body.createdAt })
    expect(JSON.stringify(state.body)).not.toContain(url.split('/').at(-1))

    const read = await readFeed(url)
    expect(read.status, read.raw).toBe(200)
    expect(read.type).toMatch(/^text\/calendar/)
    const byUid = new Map(read.events.map((event) => [event.uid.split('@')[0], event]))
    expect(byUid.get(home.id)).toMatchObject({
      summary: 'Maths with Ada',
      location: 'At the learner’s home',
      start: lessonInstant(home.date, '16:30').getTime(),
      end: lessonInstant(home.date, '16:30').getTime() + 60 * 60_000,
      sequence: 1,
    })
    expect(byUid.get(home.id)?.description).toContain(`/tutor/reports/${home.id}`)
    expect(byUid.get(group.id)).toMatchObject({ summary: 'Maths with Cai and Dee', location: 'Hillside Primary' })
    expect(byUid.has(past.id)).toBe(true)
    // Nothing that would identify or reach the family: no surname, contact, home address or note.
    for (const secret of ['Lovelace', 'Jones', 'Patel', 'Cardigan', 'LS6', '07700', 'parent@example.org', 'anxious']) expect(read.raw).not.toContain(secret)
    expect((await feed(tutor).state()).body.lastReadAt).toBeDefined()
  })

  it('follows a move (a higher SEQUENCE) and drops a cancelled lesson', async () => {
    const moved = await t.request<Schemas['MyLessonDetail']>('POST', `/api/tutor/lessons/${home.id}/move`, {
      token: tutor,
      body: { date: shiftDay(today(), 9), startTime: '17:00' },
      headers: ifMatch(home.version),
    })
    expect(moved.status, moved.text).toBe(200)
    const after = (await readFeed(url)).events.find((event) => event.uid.startsWith(home.id))
    expect(after?.start).toBe(lessonInstant(shiftDay(today(), 9), '17:00').getTime())
    expect(after?.sequence).toBe(moved.body.lesson.version)
    expect(after?.sequence).toBeGreaterThan(1)

    const cancelled = await t.request('POST', `/api/tutor/lessons/${home.id}/cancel`, { token: tutor, body: { cancelledBy: 'family', reason: 'Away' }, headers: ifMatch(moved.body.lesson.version) })
    expect(cancelled.status, cancelled.text).toBe(200)
    const events = (await readFeed(url)).events
    expect(events.some((event) => event.uid.startsWith(home.id))).toBe(false)
    expect(events.length).toBeGreaterThan(0)
  })

  it('is replaced by a new address, which ends the old one, and stopped on request', async () => {
    const replaced = await feed(tutor).make()
    expect(replaced.status).toBe(201)
    expect(replaced.body.url).not.toBe(url)
    const old = await readFeed(url)
    expect(old.status).toBe(404)
    expect(JSON.parse(old.raw)).toEqual({ message: 'There is no calendar feed at this address: it was stopped or replaced. Make a new one in your settings.' })
    expect((await readFeed(replaced.body.url)).status).toBe(200)

    expect((await feed(tutor).stop()).status).toBe(204)
    expect((await readFeed(replaced.body.url)).status).toBe(404)
    expect((await feed(tutor).state()).body).toEqual({ active: false })
    // Stopping twice is harmless.
    expect((await feed(tutor).stop()).status).toBe(204)
    const trail = await t.database.db.select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.actorUserId, ids.tutor))
    expect(trail.map((row) => row.action).filter((action) => action.startsWith('calendar_feed.'))).toEqual(['calendar_feed.created', 'calendar_feed.created', 'calendar_feed.ended'])
  })

  it('is each tutor’s own: another tutor’s feed holds none of these lessons, and staff who are not tutors have none', async () => {
    const theirs = await feed(otherTutor).make()
    expect(theirs.status).toBe(201)
    const read = await readFeed(theirs.body.url)
    expect(read.status).toBe(200)
    expect(read.events).toEqual([])
    expect((await t.request('GET', '/api/tutor/calendar-feed', { token: admin })).status).toBe(403)
    expect((await t.request('POST', '/api/tutor/calendar-feed', { token: admin })).status).toBe(403)
    expect((await t.request('GET', '/api/tutor/calendar-feed')).status).toBe(401)
  })

  it('stops working for an account that can no longer sign in', async () => {
    const made = await feed(tutor).make()
    expect((await readFeed(made.body.url)).status).toBe(200)
    await t.database.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, ids.tutor))
    try {
      expect((await readFeed(made.body.url)).status).toBe(404)
    } finally {
      await t.database.db.update(users).set({ deactivatedAt: null }).where(eq(users.id, ids.tutor))
    }
    expect((await readFeed(made.body.url)).status).toBe(200)
  })

  it('refuses an address that is not a feed’s shape with 400, and limits guessing from one network address with 429', async () => {
    expect((await readFeed('http://x/api/calendar-feeds/not-a-token', '198.51.100.7')).status).toBe(400)
    const guess = () => readFeed(`http://x/api/calendar-feeds/${'A'.repeat(43)}`, '198.51.100.8')
    for (let attempt = 0; attempt < 30; attempt += 1) expect((await guess()).status).toBe(404)
    const limited = await t.request('GET', `/api/calendar-feeds/${'B'.repeat(43)}`, { ip: '198.51.100.8' })
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another network address still reads its own feed.
    const made = await feed(tutor).make()
    expect((await readFeed(made.body.url, '198.51.100.9')).status).toBe(200)
  })
})
