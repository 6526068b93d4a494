import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startTestApp, type TestApp } from './support/app.ts'

/**
 * The public site loads only its own part of Mantine's styles (src/ui/mantine-styles.ts); the staff areas add the
 * rest. Every Mantine part on a public page must still find its styles: each `m_…` class an element carries that
 * Mantine's whole stylesheet styles must be styled by a sheet the page loaded. Checked as the page first shows, with
 * its menus open, and with a form's errors showing, at 360 px and on a desktop.
 */
const WIDTHS = [360, 1280]

let app: TestApp
// A browser tab at each width, each page opened in it by its address: a page's stylesheets are the ones its own
// document links and loads, whichever page the tab showed before, and the tab's cache saves fetching the code again.
const tabs = new Map<number, Page>()
beforeAll(async () => {
  app = await startTestApp()
  for (const width of WIDTHS) tabs.set(width, await app.newPage({ width, height: 800 }))
})
afterAll(async () => {
  await app?.stop()
})

const MANTINE_CLASS = /\.(m_[0-9a-f]{8})\b/g
const styledByMantine = new Set(
  ['@mantine/core/styles.css', '@mantine/notifications/styles.css'].flatMap((sheet) => [...readFileSync(`node_modules/${sheet}`, 'utf8').matchAll(MANTINE_CLASS)].map((match) => match[1]!)),
)

/** The Mantine classes on the page that its loaded stylesheets leave unstyled. */
function unstyled(page: Page): Promise<string[]> {
  return page.evaluate((styled) => {
    const loaded = new Set<string>()
    const collect = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule) for (const match of rule.selectorText.matchAll(/\.(m_[0-9a-f]{8})\b/g)) loaded.add(match[1]!)
        if ('cssRules' in rule) collect((rule as CSSGroupingRule).cssRules)
      }
    }
    for (const sheet of Array.from(document.styleSheets)) collect(sheet.cssRules)
    const used = new Set<string>()
    for (const element of Array.from(document.querySelectorAll('[class]'))) {
      for (const name of Array.from(element.classList)) if (/^m_[0-9a-f]{8}$/.test(name)) used.add(name)
    }
    return [...used].filter((name) => styled.includes(name) && !loaded.has(name)).map((name) => `${name} on <${document.querySelector(`.${name}`)?.tagName.toLowerCase()} class="${document.querySelector(`.${name}`)?.className}">`)
  }, [...styledByMantine])
}


/** The page opened at this width, once its heading shows, checked as it first shows. */
async function shown(path: string, width: number): Promise<Page> {
  const page = tabs.get(width)!
  await page.goto(path)
  await page.getByRole('heading', { level: 1 }).first().waitFor()
  expect(await unstyled(page), `${path} at ${width}px`).toEqual([])
  return page
}

const pages = [
  '/',
  '/about',
  '/blog',
  '/blog/reading-circle-opens-at-northgate-library',
  '/courses',
  '/courses/gcse-maths-revision',
  '/gallery',
  '/tec-in-every-home',
  '/tec-in-every-school',
  '/tec-online',
  '/tec-in-every-community',
  '/privacy-notice',
  '/no-such-page',
]
const forms = ['/login', '/forgot-password', '/contact-us', '/course-enroll', '/school-enroll', '/subject-enroll', '/tutor-register']

test('Mantine’s whole stylesheet styles its parts by class (what this check reads)', () => {
  expect(styledByMantine.size).toBeGreaterThan(300)
})

test.each(pages)('every Mantine part on %s is styled, menus open or closed', async (path) => {
  for (const width of WIDTHS) {
    const page = await shown(path, width)
    if (width === 360) await page.getByRole('button', { name: 'Open the site menu' }).click()
    else await page.getByRole('button', { name: /^Colour scheme/ }).click()
    await page.getByRole(width === 360 ? 'dialog' : 'menu').waitFor()
    expect(await unstyled(page), `${path} at ${width}px, menu open`).toEqual([])
  }
})

test.each(forms)('every Mantine part of the form on %s is styled, with its errors showing', async (path) => {
  for (const width of WIDTHS) {
    const page = await shown(path, width)
    await page.locator('form button[type=submit]').first().click()
    await page.locator('[aria-invalid=true]').first().waitFor()
    expect(await unstyled(page), `${path} at ${width}px, errors showing`).toEqual([])
  }
})
