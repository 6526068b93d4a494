import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { demo, openInApp, startTestApp, type TestApp } from './support/app.ts'
import { animationsSettled, expectAccessible, expectAccessibleInBothSchemes, PHONE_AND_DESKTOP } from './support/staff.ts'

/**
 * Need-to-know for safeguarding concerns, on the demo data (its one concern is in hand): the demo admin, a designated
 * safeguarding lead, reads the concern; office@tec.test, an admin who is not a lead, cannot: no concerns button, a
 * clear "only the designated safeguarding leads" page at the concern's address, and on the learner and the report only
 * that a concern is on record. The staff screen marks the lead, refuses to deactivate the last one with the reason,
 * and lets a lead give the mark. Axe at 360 and 1280 px on each new view (light and dark for the new pages' parts).
 */
let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app?.stop()
})

const other = { email: 'office@tec.test', password: demo.admin.password } as const
/** Words from the demo concern, which only a lead may read. */
const WORDS = 'taking their lunch money'
const LAST_LEAD = 'This is the last active safeguarding lead: nobody would be left to read and handle safeguarding concerns. Make another admin a safeguarding lead first.'
const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { name, level: 1 })

describe('safeguarding leads', () => {
  const concern = { url: '', learnerUrl: '', lessonUrl: '', learner: '' }

  test('the lead reads the concern, reaches it from Reports, and sees its figure', async () => {
    const lead = await app.signedInPage(demo.admin)
    await lead.getByText(/safeguarding concerns? to act on/).waitFor()
    await openInApp(lead, '/admin/reports')
    await heading(lead, 'Reports').waitFor()
    await lead.getByRole('link', { name: /^Safeguarding concerns/ }).click()
    await heading(lead, 'Safeguarding concerns').waitFor()
    // The demo's concern is in hand, so under every status rather than the open ones the list starts with.
    await openInApp(lead, '/admin/reports/concerns?status=all')
    await lead.getByRole('row').filter({ hasText: 'In hand' }).first().getByRole('link').first().click()
    await heading(lead, /^Concern about /).waitFor()
    await lead.getByText(WORDS).waitFor()
    concern.url = new URL(lead.url()).pathname
    concern.learner = ((await heading(lead, /^Concern about /).textContent()) ?? '').replace('Concern about ', '')
    concern.learnerUrl = (await lead.getByRole('link', { name: concern.learner, exact: true }).first().getAttribute('href')) ?? ''
    concern.lessonUrl = (await lead.getByRole('link', { name: /^Report of / }).getAttribute('href')) ?? ''
    expect(concern.learnerUrl).toMatch(/^\/admin\/students\//)
    expect(concern.lessonUrl).toMatch(/^\/admin\/reports\//)
    await lead.close()
  })

  test('another admin sees that the learner has a concern, never what it says', async () => {
    const page = await app.signedInPage(other)
    // No figure for concerns on the dashboard, and no way to the concerns from Reports.
    await page.getByText(/without a valid safeguarding check/).waitFor()
    expect(await page.getByText(/safeguarding concerns? to act on/).count()).toBe(0)
    await openInApp(page, '/admin/reports')
    await heading(page, 'Reports').waitFor()
    await page.getByRole('link', { name: 'Figures' }).waitFor()
    expect(await page.getByRole('link', { name: /^Safeguarding concerns/ }).count()).toBe(0)

    // The concern's address says who may read it, instead of an error.
    await page.goto(concern.url)
    await page.getByText('Only the designated safeguarding leads', { exact: true }).waitFor()
    await page.getByRole('link', { name: 'Settings → Staff accounts' }).waitFor()
    await expectAccessibleInBothSchemes(page, 'a concern, to an admin who is not a lead')
    await openInApp(page, '/admin/reports/concerns')
    await page.getByText('Only the designated safeguarding leads', { exact: true }).waitFor()

    // The learner's page says a concern is on record, and who has it.
    await openInApp(page, concern.learnerUrl)
    await heading(page, concern.learner).waitFor()
    await page.getByText('Safeguarding concern on record').waitFor()
    await page.getByText('The designated safeguarding leads have the details.').waitFor()
    await expectAccessibleInBothSchemes(page, 'a learner with a concern, to an admin who is not a lead')

    // So does the report that raised it, with when.
    await openInApp(page, concern.lessonUrl)
    await page.getByText(/The designated safeguarding leads have the details\./).waitFor()
    await expectAccessible(page, 'a report with a concern, to an admin who is not a lead', PHONE_AND_DESKTOP)
    expect(await page.content()).not.toContain(WORDS)

    // Nor can they give themselves the mark, and the last lead cannot be deactivated: the reason shows.
    await openInApp(page, '/admin/settings/staff')
    await heading(page, 'Staff accounts').waitFor()
    const table = page.getByRole('table')
    const ada = table.getByRole('row').filter({ hasText: demo.admin.email })
    await ada.getByText('Safeguarding lead').waitFor()
    const own = table.getByRole('row').filter({ hasText: other.email })
    expect(await own.getByText('Safeguarding lead').count()).toBe(0)
    await ada.getByRole('button', { name: /^Change .+’s account$/ }).click()
    expect(await page.getByRole('menuitem', { name: /safeguarding lead/ }).count()).toBe(0)
    await page.getByRole('menuitem', { name: 'Deactivate' }).click()
    const dialog = page.getByRole('dialog', { name: /^Deactivate .+’s account\?$/ })
    await dialog.getByRole('button', { name: 'Deactivate the account' }).click()
    await dialog.getByText(LAST_LEAD).waitFor()
    // The account menu closes with a transition: checked while its emptied dropdown lingers, axe finds a menu without items.
    await page.getByRole('menu').waitFor({ state: 'detached' })
    await animationsSettled(page)
    await expectAccessible(page, 'the last lead refused')
    await page.close()
  })

  test('a lead gives the mark, and the newly marked admin reads the concern', async () => {
    const lead = await app.signedInPage(demo.admin)
    await openInApp(lead, '/admin/settings/staff')
    await heading(lead, 'Staff accounts').waitFor()
    const row = lead.getByRole('table').getByRole('row').filter({ hasText: other.email })
    await row.getByRole('button', { name: /^Change .+’s account$/ }).click()
    await lead.getByRole('menuitem', { name: 'Make safeguarding lead' }).click()
    const dialog = lead.getByRole('dialog', { name: /^Make .+ a designated safeguarding lead\?$/ })
    await dialog.waitFor()
    await animationsSettled(lead)
    await expectAccessible(lead, 'the make-lead dialog', PHONE_AND_DESKTOP)
    await dialog.getByRole('button', { name: 'Make them a safeguarding lead' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await row.getByText('Safeguarding lead').waitFor()
    await lead.close()

    const page = await app.signedInPage(other, { at: concern.url })
    await page.getByText(WORDS).waitFor()
    await page.close()
  })
})
