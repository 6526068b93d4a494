import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { demo, startTestApp, type TestApp } from './support/app.ts'
import { axeViolations } from './support/axe.ts'
import { expectAccessible, PHONE_AND_DESKTOP, signIn } from './support/staff.ts'

let app: TestApp
// One visitor reads the public pages and one office user the back office's, each in one browser tab: every page is
// opened by its address all the same, and the tab keeps its cache, as a person's does, instead of a new browser each.
let visitor: Page
let office: Page
beforeAll(async () => {
  app = await startTestApp()
  visitor = await app.newPage({ width: 360, height: 800 })
  office = await app.newPage({ width: 360, height: 800 })
  await signIn(office, demo.admin)
})
afterAll(async () => {
  await app?.stop()
})

const pages = [
  '/login',
  '/forgot-password',
  '/reset-password?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
  '/',
  '/about',
  '/contact-us',
  '/blog',
  '/blog/reading-circle-opens-at-northgate-library',
  '/blog/no-such-post',
  '/gallery',
  '/tec-in-every-home',
  '/tec-in-every-school',
  '/tec-online',
  '/tec-in-every-community',
  '/privacy-notice',
  '/safeguarding-policy',
  '/terms-of-use',
  '/courses/gcse-maths-revision',
  '/courses/no-such-course',
  '/no-such-page',
]

// Opened on a phone, as most visitors do, then widened to a desktop: the layout follows the width as it changes.
test.each(pages)('axe finds no violations on %s, at 360 px and on a desktop', async (path) => {
  await visitor.setViewportSize({ width: 360, height: 800 })
  await visitor.goto(path)
  await visitor.getByRole('heading', { level: 1 }).first().waitFor()
  await expectAccessible(visitor, path, PHONE_AND_DESKTOP)
})

// The safeguarding concerns' address as an admin who is not a safeguarding lead sees it: why, and whom to ask.
test('axe finds no violations on /admin/reports/concerns for an admin who is not a lead, at 360 px and on a desktop', async () => {
  const page = await app.newPage({ width: 360, height: 800 })
  await signIn(page, { email: 'office@tec.test', password: demo.admin.password })
  await page.goto('/admin/reports/concerns')
  await page.getByText('Only the designated safeguarding leads', { exact: true }).waitFor()
  await expectAccessible(page, '/admin/reports/concerns (not a lead)', PHONE_AND_DESKTOP)
  await page.context().close()
})

// The personal data pages, signed in as the office: the request finder and the export page before a person is chosen.
test.each(['/admin/settings/personal-data', '/admin/personal-data'])('axe finds no violations on %s signed in, at 360 px and on a desktop', async (path) => {
  await office.setViewportSize({ width: 360, height: 800 })
  await office.goto(path)
  await office.getByRole('heading', { level: 1 }).first().waitFor()
  await expectAccessible(office, path, PHONE_AND_DESKTOP)
})

// Settings → Data retention, signed in as the office: the periods' form and the latest runs (none yet: the empty state).
test('axe finds no violations on /admin/settings/retention signed in, at 360 px and on a desktop', async () => {
  await office.setViewportSize({ width: 360, height: 800 })
  await office.goto('/admin/settings/retention')
  await office.getByRole('heading', { level: 1, name: 'Data retention' }).waitFor()
  await expectAccessible(office, '/admin/settings/retention', PHONE_AND_DESKTOP)
})

// The check itself: a page given an image without a text alternative, an unnamed button and words too faint to read
// fails it, naming each rule, so a green run above means axe looked (tests/browser/support/axe.ts).
test('the accessibility check fails a page with an image without alt text, an unnamed button and faint words', async () => {
  await visitor.setViewportSize({ width: 1280, height: 800 })
  await visitor.goto('/about')
  await visitor.getByRole('heading', { level: 1 }).first().waitFor()
  await visitor.evaluate(() => {
    const main = document.querySelector('main') ?? document.body
    const image = document.createElement('img')
    image.src = '/favicon.ico'
    const button = document.createElement('button')
    const faint = document.createElement('p')
    faint.textContent = 'Hardly readable'
    faint.style.color = '#eeeeee'
    faint.style.background = '#ffffff'
    main.append(image, button, faint)
  })
  const found = (await axeViolations(visitor)).map((violation) => violation.id)
  expect(found).toEqual(expect.arrayContaining(['image-alt', 'button-name', 'color-contrast']))
})
