import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, test } from 'vitest'
import { demo, startTestApp, type TestApp } from './support/app.ts'
import { animationsSettled, expectAccessibleInBothSchemes } from './support/staff.ts'

/**
 * The office manages who can sign in: an admin invites another admin (who is mailed a link), deactivates a tutor
 * (who can no longer sign in), and cannot deactivate or demote themselves. Axe at 360 and 1280 px, light and dark.
 */
let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app?.stop()
})

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { name, level: 1 })

describe('staff accounts', () => {
  test('an admin invites an admin and deactivates a tutor, and cannot deactivate themselves', async () => {
    const page = await app.signedInPage(demo.admin, { at: '/admin/settings' })
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Staff accounts' }).click()
    await heading(page, 'Staff accounts').waitFor()
    const table = page.getByRole('table')
    await table.waitFor()
    await expectAccessibleInBothSchemes(page, 'the staff accounts')

    // Their own row says so and offers nothing to change.
    const own = table.getByRole('row').filter({ hasText: demo.admin.email })
    await own.getByText('This is you').waitFor()
    await own.getByRole('button').waitFor({ state: 'detached' })

    await page.getByRole('button', { name: 'Invite an admin' }).click()
    const invite = page.getByRole('dialog', { name: 'Invite an admin' })
    await invite.getByRole('textbox', { name: 'Name' }).fill('Nia Okafor')
    await invite.getByRole('textbox', { name: 'Email' }).fill('nia.okafor@tec.test')
    await animationsSettled(page)
    await expectAccessibleInBothSchemes(page, 'the invitation dialog')
    await invite.getByRole('button', { name: 'Send the invitation' }).click()
    await page.getByText('Invitation sent to nia.okafor@tec.test').waitFor()
    const mail = await app.mail.waitForMail('nia.okafor@tec.test', { timeout: 30_000 })
    if (!/reset-password\?token=[A-Za-z0-9_-]{43}&welcome=1/.test(mail.text ?? '')) throw new Error(`no welcome link in: ${mail.text}`)
    await table.getByRole('row').filter({ hasText: 'nia.okafor@tec.test' }).getByText('Invited').waitFor()

    const tutorRow = table.getByRole('row').filter({ hasText: demo.tutor.email })
    await tutorRow.getByRole('button', { name: /^Change .+’s account$/ }).click()
    await page.getByRole('menuitem', { name: 'Deactivate' }).click()
    const dialog = page.getByRole('dialog', { name: /^Deactivate .+’s account\?$/ })
    await dialog.waitFor()
    await expectAccessibleInBothSchemes(page, 'the deactivate dialog')
    await dialog.getByRole('button', { name: 'Deactivate the account' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await tutorRow.getByText('Deactivated').waitFor()

    // The tutor can no longer sign in: the same answer as a wrong password.
    const tutor = await app.newPage()
    await tutor.goto('/login')
    await tutor.getByRole('textbox', { name: 'Email Address' }).fill(demo.tutor.email)
    await tutor.getByRole('textbox', { name: 'Password', exact: true }).fill(demo.tutor.password)
    await tutor.getByRole('button', { name: 'Login' }).click()
    await tutor.getByRole('alert').first().waitFor()
    await heading(tutor, /Welcome Back/i).waitFor()
    await page.close()
    await tutor.context().close()
  })
})
