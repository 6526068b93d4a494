import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { labelOf } from '../../shared/labels.ts'
import { inWords } from '../../shared/list-words.ts'
import type { components } from '../../src/api/schema.gen.ts'
import { addDays, AGENDA_DAYS, londonDayOf, mondayOf } from '../../src/routes/_authenticated/-components/lesson-calendar-range.ts'
import { demo, openInApp, startTestApp, type TestApp } from './support/app.ts'
import { expectAccessibleInBothSchemesHere } from './support/staff.ts'

/**
 * The tutor's calendar, phone first: on a phone it opens on the agenda from today with the next lesson in sight, a tap
 * from its page; wider it opens on the week, which shows the same lesson; the agenda, week and month read the days
 * they show, and moving a week reads that week. One signed-in page, moved through the app.
 */
type Schemas = components['schemas']

let app: TestApp
let page: Page
let next: Schemas['Lesson']
const today = () => londonDayOf(new Date())

beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app?.stop()
})

/** "Maths with Ada Lovelace", as the calendar names a lesson. */
const titleOf = (lesson: Schemas['Lesson']) => `${lesson.subject} with ${inWords(lesson.learners.map((learner) => learner.name))}`
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** The next lesson in the calendar: a link named by its time, names and status, to its own page. */
const lessonLink = () => page.getByRole('link', { name: new RegExp(escaped(titleOf(next))) }).and(page.locator(`[href="/tutor/reports/${next.id}"]`))

/** Back to the days holding today (the button is disabled while they are shown). */
async function backToToday() {
  const button = page.getByRole('button', { name: 'Today' })
  if (await button.isEnabled()) await button.click()
}

/** The tutor's lessons from one London day to another (both included), as the API has them. */
async function lessonsBetween(from: string, to: string): Promise<Schemas['Lesson'][]> {
  const token = await app.apiToken(demo.tutor)
  const answer = await fetch(`${app.baseUrl}/api/tutor/lessons?from=${from}&to=${to}&pageSize=100`, { headers: { Authorization: `Bearer ${token}` } })
  return ((await answer.json()) as Schemas['LessonPage']).items
}

/**
 * The calendar shows the days from `from` to `to`: their first lesson, and with `last` their last, links to its page
 * (a month's busiest day shows its first lessons and "+N more", so there only the first is sure to be in sight).
 */
async function shows(from: string, to: string, { last = true } = {}) {
  const lessons = await lessonsBetween(from, to)
  for (const lesson of last ? [lessons[0], lessons.at(-1)] : [lessons[0]]) if (lesson) await page.locator(`a[href="/tutor/reports/${lesson.id}"]`).first().waitFor()
  return lessons.length
}

describe('the tutor’s calendar', () => {
  test('on a phone, the home links to the calendar, whose agenda opens on the next lesson; a tap opens its page', async () => {
    page = await app.signedInPage(demo.tutor, { lands: '/tutor', width: 360 })
    const token = await app.apiToken(demo.tutor)
    const overview = (await (await fetch(`${app.baseUrl}/api/tutor/overview`, { headers: { Authorization: `Bearer ${token}` } })).json()) as Schemas['TutorOverview']
    const coming = overview.coming.find(({ lesson }) => lesson.status !== 'cancelled')
    expect(coming).toBeDefined()
    next = coming!.lesson

    await page.getByRole('link', { name: 'See all your lessons in the calendar' }).click()
    await page.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor()
    expect(await page.getByRole('tab', { name: 'Agenda view' }).getAttribute('aria-selected')).toBe('true')
    // The agenda runs a week from today: a lesson further off is a few taps of "Next 7 days" away.
    const weeksAhead = Math.floor((Date.parse(next.date) - Date.parse(today())) / (AGENDA_DAYS * 86_400_000))
    for (let week = 0; week < weeksAhead; week++) await page.getByRole('button', { name: `Next ${AGENDA_DAYS} days` }).click()
    const link = lessonLink()
    await link.waitFor()
    expect(await link.textContent()).toContain(next.startTime)
    expect(await link.textContent()).toContain(labelOf('LessonStatus', next.status))
    // In sight as the page opens, without scrolling.
    if (weeksAhead === 0) expect(await link.evaluate((element) => element.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true)
    await page.getByRole('heading', { name: 'What the colours mean' }).waitFor()
    await expectAccessibleInBothSchemesHere(page, 'the tutor’s calendar, agenda')

    // The tap stays in the app: the router moves to the lesson's page, no page loads.
    await page.evaluate(() => Object.assign(window, { stillThisPage: true }))
    await link.click()
    await page.getByRole('heading', { name: titleOf(next), level: 1 }).waitFor()
    expect(new URL(page.url()).pathname).toBe(`/tutor/reports/${next.id}`)
    expect(await page.evaluate(() => 'stillThisPage' in window)).toBe(true)
  })

  test('wider, the calendar opens on the week, which shows the same lesson; the agenda, another week and the month show their lessons', async () => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await openInApp(page, '/tutor/calendar')
    expect(await page.getByRole('navigation').first().getByRole('link', { name: 'Calendar' }).getAttribute('aria-current')).toBe('page')
    expect(await page.getByRole('tab', { name: 'Week view' }).getAttribute('aria-selected')).toBe('true')
    const monday = mondayOf(today())
    const weeksAhead = Math.floor((Date.parse(next.date) - Date.parse(monday)) / (7 * 86_400_000))
    for (let week = 0; week < weeksAhead; week++) await page.getByRole('button', { name: 'Next week' }).click()
    await lessonLink().waitFor()
    await expectAccessibleInBothSchemesHere(page, 'the tutor’s calendar, week')

    await backToToday()
    await page.getByRole('tab', { name: 'Agenda view' }).click()
    await shows(today(), addDays(today(), AGENDA_DAYS - 1))
    await expectAccessibleInBothSchemesHere(page, 'the tutor’s calendar, agenda')

    await page.getByRole('tab', { name: 'Week view' }).click()
    await backToToday()
    await page.getByRole('button', { name: 'Next week' }).click()
    await shows(addDays(monday, 7), addDays(monday, 13))
    await page.getByRole('button', { name: 'Previous week' }).click()
    await page.getByRole('button', { name: 'Previous week' }).click()
    // The demo's term of lessons runs through the week before this one.
    expect(await shows(addDays(monday, -7), addDays(monday, -1))).toBeGreaterThan(0)

    // The month shows six weeks from the Monday on or before its first day.
    await backToToday()
    const firstOfMonth = `${today().slice(0, 7)}-01`
    await page.getByRole('tab', { name: 'Month view' }).click()
    await shows(mondayOf(firstOfMonth), addDays(mondayOf(firstOfMonth), 41), { last: false })
    const monthName = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${firstOfMonth}T00:00:00Z`))
    await page.getByRole('heading', { name: monthName, level: 2 }).waitFor()
    await page.close()
  })
})
