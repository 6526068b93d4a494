import { AxeBuilder } from '@axe-core/playwright'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startTestApp, type TestApp } from './support/app.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
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

test.each(pages)('axe finds no violations on %s, at 360 px and on a desktop', async (path) => {
  for (const width of [360, 1280]) {
    const page = await app.newPage({ width, height: 800 })
    await page.goto(path)
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    const results = await new AxeBuilder({ page }).analyze()
    const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
    expect(summary, `${path} at ${width}px`).toEqual([])
    // Nothing sticks out sideways at 360 px.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow, `${path} at ${width}px scrolls sideways`).toBeLessThanOrEqual(0)
    await page.context().close()
  }
})
