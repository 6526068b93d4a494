import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { demo, startTestApp, type TestApp } from './support/app.ts'
import { expectAccessible, expectAccessibleInBothSchemes, PHONE_AND_DESKTOP } from './support/staff.ts'

/**
 * An admin anonymises a learner who has finished (the demo's Noah Clarke): the dialog says what goes and what is
 * kept, keeps its button disabled until the name is typed, and the page then shows the anonymised record. Axe checks
 * the dialog at a phone's width and a desktop's, light and dark.
 */
let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app?.stop()
})

describe('anonymising a learner', () => {
  test('the admin types the learner’s name to confirm, and sees the anonymised record', async () => {
    const page = await app.signedInPage(demo.admin, { at: '/admin/students?q=Noah%20Clarke' })
    await page.getByRole('link', { name: 'Noah Clarke' }).first().click()
    await page.getByRole('heading', { name: 'Noah Clarke', level: 1 }).waitFor()

    await page.getByRole('button', { name: 'Anonymise' }).click()
    const dialog = page.getByRole('dialog', { name: 'Anonymise Noah Clarke?' })
    await dialog.waitFor()
    await dialog.getByText('What is kept').waitFor()
    await dialog.getByText(/Safeguarding concerns, their words and their link/).waitFor()
    const confirm = dialog.getByRole('button', { name: 'Anonymise' })
    expect(await confirm.isDisabled()).toBe(true)
    await expectAccessibleInBothSchemes(page, 'the anonymise dialog')

    const typed = dialog.getByRole('textbox', { name: 'Type Noah Clarke to confirm' })
    await typed.fill('Noah Clark')
    expect(await confirm.isDisabled()).toBe(true)
    await typed.fill('  noah   clarke ')
    expect(await confirm.isEnabled()).toBe(true)
    await confirm.click()

    await page.getByRole('heading', { name: /^Anonymised learner [0-9A-Z]{4}$/, level: 1 }).waitFor()
    await dialog.waitFor({ state: 'detached' })
    await page.getByText('Anonymised', { exact: true }).first().waitFor()
    expect(await page.getByRole('button', { name: 'Anonymise' }).count()).toBe(0)
    expect(await page.getByRole('main').getByText('Noah Clarke').count()).toBe(0)
    await page.getByText('Anonymised contact').first().waitFor()
    await expectAccessible(page, 'an anonymised learner’s page', PHONE_AND_DESKTOP)
  })
})
