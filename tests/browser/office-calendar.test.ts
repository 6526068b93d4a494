import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { components } from '../../src/api/schema.gen.ts'
import { addDays, AGENDA_DAYS, londonDayOf, mondayOf } from '../../src/routes/_authenticated/-components/lesson-calendar-range.ts'
import { appAtRest, demo, startTestApp, type TestApp } from './support/app.ts'
import { expectAccessibleInBothSchemesHere } from './support/staff.ts'

/**
 * The office's calendar: every tutor's lessons in the week at a desktop's width, narrowed to the demo tutor through the
 * address (kept through a reload), and on a phone the agenda with its filters folded away. One signed-in page, moved
 * through the app. Clashes (the demo has none, and planning refuses them) are covered by tests/unit/office-calendar*.
 */
type Schemas = components['schemas']

let app: TestApp
let page: Page
const today = () => londonDayOf(new Date())
const lessonPage = (lesson: Schemas['Lesson']) => `/admin/reports/${lesson.id}`

beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app?.stop()
})

/** The office's lessons from one London day to another (both included), narrowed as `filters` say, as the API has them. */
async function officeLessons(from: string, to: string, filters: Record<string, string> = {}): Promise<Schemas['Lesson'][]> {
  const token = await app.apiToken(demo.admin)
  const query = new URLSearchParams({ from, to, pageSize: '100', ...filters })
  const answer = await fetch(`${app.baseUrl}/api/admin/lessons?${query}`, { headers: { Authorization: `Bearer ${token}` } })
  expect(answer.status).toBe(200)
  return ((await answer.json()) as Schemas['LessonPage']).items
}

/** The lesson pages the calendar links to, once it has read the days it shows. */
async function linkedLessons(): Promise<string[]> {
  await appAtRest(page)
  const hrefs = await page.locator('a[href^="/admin/reports/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
  return [...new Set(hrefs)].sort()
}

const pagesOf = (lessons: Schemas['Lesson'][]) => [...new Set(lessons.map(lessonPage))].sort()

describe('the office’s calendar', () => {
  test('at a desktop’s width the week shows every tutor’s lessons; narrowed to Tom Tutor only his, kept in the address through a reload', async () => {
    page = await app.signedInPage(demo.admin, { width: 1280 })
    await page.getByRole('navigation').first().getByRole('link', { name: 'Calendar' }).click()
    await page.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor()
    expect(await page.getByRole('tab', { name: 'Week view' }).getAttribute('aria-selected')).toBe('true')

    const monday = mondayOf(today())
    const week = await officeLessons(monday, addDays(monday, 6))
    expect(new Set(week.map((lesson) => lesson.tutor.id)).size).toBeGreaterThan(1)
    await expect.poll(linkedLessons).toEqual(pagesOf(week))
    await expectAccessibleInBothSchemesHere(page, 'the office’s calendar, week')

    const tutor = page.getByRole('combobox', { name: 'Tutor' })
    await tutor.click()
    await tutor.fill('Tom')
    await page.getByRole('option', { name: 'Tom Tutor', exact: true }).click()
    await page.waitForURL((url) => url.searchParams.has('tutorId'))
    const tutorId = new URL(page.url()).searchParams.get('tutorId')!
    const toms = await officeLessons(monday, addDays(monday, 6), { tutorId })
    expect(toms.length).toBeGreaterThan(0)
    expect(toms.every((lesson) => lesson.tutor.name === 'Tom Tutor')).toBe(true)
    await expect.poll(linkedLessons).toEqual(pagesOf(toms))

    // A shared or reloaded address shows the same narrowed calendar.
    await page.reload()
    await page.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor()
    await expect.poll(() => page.getByRole('combobox', { name: 'Tutor' }).inputValue()).toBe('Tom Tutor')
    await expect.poll(linkedLessons).toEqual(pagesOf(toms))
    await expectAccessibleInBothSchemesHere(page, 'the office’s calendar narrowed to a tutor, week')
  })

  test('on a phone the agenda runs from today with the filters folded away; clearing them shows every lesson, a tap from its page', async () => {
    await page.setViewportSize({ width: 360, height: 800 })
    const tutorId = new URL(page.url()).searchParams.get('tutorId')!
    await page.getByRole('tab', { name: 'Agenda view' }).waitFor()
    expect(await page.getByRole('tab', { name: 'Agenda view' }).getAttribute('aria-selected')).toBe('true')
    const lastDay = addDays(today(), AGENDA_DAYS - 1)
    await expect.poll(linkedLessons).toEqual(pagesOf(await officeLessons(today(), lastDay, { tutorId })))

    const filters = page.getByRole('button', { name: 'Filters (1 chosen)' })
    expect(await filters.getAttribute('aria-expanded')).toBe('false')
    await expectAccessibleInBothSchemesHere(page, 'the office’s calendar, agenda')
    await filters.click()
    await page.getByRole('combobox', { name: 'Way of teaching' }).waitFor()
    await expectAccessibleInBothSchemesHere(page, 'the office’s calendar, agenda with its filters open')

    await page.getByRole('button', { name: 'Clear filters' }).click()
    await page.waitForURL((url) => !url.searchParams.has('tutorId'))
    const agenda = await officeLessons(today(), lastDay)
    await expect.poll(linkedLessons).toEqual(pagesOf(agenda))

    // A tap stays in the app: the router moves to the lesson's page, no page loads.
    const first = agenda[0]
    if (first) {
      await page.evaluate(() => Object.assign(window, { stillThisPage: true }))
      await page.locator(`a[href="${lessonPage(first)}"]`).first().click()
      await page.waitForURL((url) => url.pathname === lessonPage(first))
      expect(await page.evaluate(() => 'stillThisPage' in window)).toBe(true)
    }
    await page.close()
  })
})
