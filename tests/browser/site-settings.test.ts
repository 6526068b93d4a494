import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DRAFT_KEY, DRAFT_VERSION } from '../../src/machines/tutor-application.storage.ts'
import { completeDraft } from '../unit/tutor-application-fixtures.ts'
import { demo, startTestApp, type TestApp } from './support/app.ts'
import { expectAccessibleInBothSchemes } from './support/staff.ts'

/**
 * The office keeps the site's details and its own pages: the contact details and social links change in
 * settings and show in every page's footer at once; the privacy notice is edited in settings and read at its public
 * address, also from the tutor form's consent. Axe checks each screen at 360 and 1280 px, light and dark.
 */
let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app?.stop()
})

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { name, level: 1 })

describe('site details and pages', () => {
  test('the admin changes the phone number and adds a social link; every page’s footer shows them', async () => {
    const page = await app.signedInPage(demo.admin, { at: '/admin/settings' })
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Site details' }).click()
    await page.getByRole('button', { name: 'Save the site details' }).waitFor()
    await expectAccessibleInBothSchemes(page, 'the site details')

    await page.getByRole('textbox', { name: 'Phone' }).fill('0113 496 0777')
    await page.getByRole('button', { name: 'Add a link' }).click()
    const link = page.getByRole('group', { name: 'Social link 3' })
    await link.getByRole('combobox', { name: 'Network' }).click()
    await page.getByRole('option', { name: 'YouTube' }).click()
    await link.getByRole('textbox', { name: 'Address of the page' }).fill('http://www.youtube.com/@tec')
    await page.getByRole('button', { name: 'Save the site details' }).click()
    // Only https addresses: the error shows at the field, and nothing is sent.
    await link.getByText(/https/).first().waitFor()
    await link.getByRole('textbox', { name: 'Address of the page' }).fill('https://www.youtube.com/@tec')
    await page.getByRole('button', { name: 'Save the site details' }).click()
    await page.getByText('The changes have been saved').waitFor()

    const visitor = await app.newPage()
    await visitor.goto('/about')
    const footer = visitor.getByRole('contentinfo')
    await footer.getByText('0113 496 0777').waitFor()
    expect(await footer.getByRole('link', { name: 'TEC on YouTube' }).getAttribute('href')).toBe('https://www.youtube.com/@tec')
    await page.close()
    await visitor.context().close()
  })

  test('the office keeps the term dates: a holiday overlapping another is refused at its row, a free day is saved', async () => {
    const token = await app.apiToken(demo.admin)
    const before = (await (await fetch(`${app.baseUrl}/api/term-calendar`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { holidays: { name: string; startsOn: string; endsOn: string }[] }
    const halfTerm = before.holidays.find((holiday) => holiday.name === 'Half term')
    expect(halfTerm).toBeDefined()
    const page = await app.signedInPage(demo.admin, { at: '/admin/settings' })
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Term dates' }).click()
    await page.getByRole('button', { name: 'Save the term dates' }).waitFor()
    await page.getByRole('group', { name: 'Half term' }).waitFor()
    await expectAccessibleInBothSchemes(page, 'the term dates')

    await page.getByRole('button', { name: 'Add a holiday' }).click()
    const added = page.getByRole('group', { name: `holiday ${before.holidays.length + 1}` })
    await added.getByRole('textbox', { name: 'Name' }).fill('Training day')
    // The row is named by what it holds once named.
    const training = page.getByRole('group', { name: 'Training day' })
    await training.getByLabel(/^First day/).fill(halfTerm?.endsOn ?? '')
    await training.getByLabel(/^Last day/).fill(halfTerm?.endsOn ?? '')
    await page.getByRole('button', { name: 'Save the term dates' }).click()
    await training.getByText('This holiday overlaps Half term: put them together as one, or move one.').waitFor()
    const free = new Date(Date.parse(`${halfTerm?.endsOn ?? ''}T12:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10)
    await training.getByLabel(/^First day/).fill(free)
    await training.getByLabel(/^Last day/).fill(free)
    await page.getByRole('button', { name: 'Save the term dates' }).click()
    await page.getByText('The changes have been saved').waitFor()
    await page.reload()
    await page.getByRole('group', { name: 'Training day' }).waitFor()
    expect(await page.getByRole('group', { name: 'Training day' }).getByLabel(/^First day/).inputValue()).toBe(free)
    await page.close()
  })

  test('the admin edits the privacy notice; it shows at its own address and from the tutor form', async () => {
    const page = await app.signedInPage(demo.admin, { at: '/admin/settings/pages' })
    await heading(page, 'Pages').waitFor()
    await expectAccessibleInBothSchemes(page, 'the pages list')
    await page.getByRole('table').getByRole('link', { name: 'Privacy notice' }).click()
    await page.getByRole('button', { name: 'Save the page' }).waitFor()
    await expectAccessibleInBothSchemes(page, 'the page editor')

    const text = page.getByRole('textbox', { name: 'Text of the page' })
    await text.getByRole('heading', { name: 'Your rights' }).click()
    await page.keyboard.press('End')
    await page.keyboard.press('Enter')
    await page.keyboard.type('Our data protection officer is Priya Shah, reachable at privacy@tec.example.')
    await page.getByRole('button', { name: 'Save the page' }).click()
    await page.getByText('The changes have been saved').waitFor()

    // A visitor filling in the tutor form reaches the notice from its consent, in a new tab.
    const visitor = await app.newPage()
    await visitor.goto('/tutor-register')
    const saved = JSON.stringify({ version: DRAFT_VERSION, savedAt: new Date().toISOString(), step: 'review', furthest: 'review', draft: completeDraft() })
    await visitor.evaluate(([key, value]) => localStorage.setItem(key, value), [DRAFT_KEY, saved] as const)
    await visitor.reload()
    const [notice] = await Promise.all([visitor.context().waitForEvent('page'), visitor.getByRole('link', { name: 'privacy notice (opens in a new tab)' }).click()])
    await notice.waitForURL((url) => url.pathname === '/privacy-notice')
    await heading(notice, 'Privacy notice').waitFor()
    await notice.getByText('Our data protection officer is Priya Shah, reachable at privacy@tec.example.').waitFor()
    await notice.getByText(/^Last updated/).waitFor()
    await expectAccessibleInBothSchemes(notice, 'the privacy notice')

    // And from every page's footer.
    await visitor.goto('/')
    await visitor.getByRole('contentinfo').getByRole('link', { name: 'Privacy notice' }).click()
    await heading(visitor, 'Privacy notice').waitFor()
    await page.close()
    await visitor.context().close()
  })
})
