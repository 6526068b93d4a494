import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openDatabase } from '../../server/db/client.ts'
import { mailOutbox } from '../../server/db/schema.ts'
import { demo, openInApp, startTestApp, type TestApp } from './support/app.ts'
import { animationsSettled, dismissToasts, expectAccessibleInBothSchemes } from './support/staff.ts'

/**
 * Settings → Mail: the dashboard says mail could not be sent and opens the failed mail, each with what went wrong in
 * plain words; one is resent, then all the others after a confirmation, and the SMTP sink receives them, except a
 * password reset whose link has expired, which has no Resend button and says what to do instead; a sent mail opens
 * with its words, a password reset without them. Axe at 360 and 1280 px, light and dark.
 */
let app: TestApp
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000)

/** Mail tried for a day and given up an hour ago, as the mailer leaves it (the server cannot make it in a test's time). */
const failed = [
  { to: 'nobody@example.org', subject: 'Your tutor for Maths: Ada Lovelace', kind: 'placement_started', lastError: "EENVELOPE: Can't send mail - all recipients were rejected: 550 5.1.1 <nobody@example.org>: Recipient address rejected" },
  { to: 'parent@example.org', subject: 'We have received your subject enrolment (ENR-AAAAA)', kind: 'registration_confirmation', lastError: 'ESOCKET: connect ECONNREFUSED 127.0.0.1:2525' },
  { to: 'office@example.org', subject: 'New contact message MSG-AAAAA', kind: 'contact_message', lastError: 'EMESSAGE: Message failed: 451 Mailbox busy, try again later' },
] as const

const RESET_LINK = 'http://127.0.0.1/reset-password?token=never-shown-on-a-screen'
const reset = { to: 'rita@example.org', subject: 'Reset your TEC password', kind: 'password_reset', carriesSecretLink: true, text: `Open this link: ${RESET_LINK}` } as const
/** A reset link works for 30 minutes: a day later, sending its mail again cannot help. */
const failedReset = { ...reset, to: 'rex@example.org', lastError: 'ESOCKET: connect ECONNREFUSED 127.0.0.1:2525' } as const

beforeAll(async () => {
  app = await startTestApp(
    {},
    {
      prepare: async (dataDir) => {
        const database = await openDatabase({ dataDir, databaseUrl: undefined })
        try {
          await database.db.insert(mailOutbox).values([
            ...failed.map((mail) => ({ ...mail, text: `Words for ${mail.to}.`, html: null, status: 'failed' as const, attempts: 13, createdAt: hoursAgo(26), queuedAt: hoursAgo(26), nextAttemptAt: hoursAgo(1) })),
            { ...reset, html: null, status: 'sent' as const, attempts: 1, sentAt: hoursAgo(2) },
            { ...failedReset, html: null, status: 'failed' as const, attempts: 13, createdAt: hoursAgo(26), queuedAt: hoursAgo(26), nextAttemptAt: hoursAgo(1) },
          ])
        } finally {
          await database.close()
        }
      },
    },
  )
})
afterAll(async () => {
  await app?.stop()
})

const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 })

describe('Settings → Mail', () => {
  test('the dashboard opens the failed mail, which is resent one by one and all at once', async () => {
    const page = await app.signedInPage(demo.admin)
    const alert = page.getByText('4 mails could not be sent')
    await alert.waitFor()
    await page.getByRole('link', { name: 'See what went wrong and send them again' }).click()
    await heading(page, 'Mail').waitFor()
    expect(new URL(page.url()).searchParams.get('status')).toBe('failed')
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Mail' }).waitFor()

    const table = page.getByRole('table')
    const row = (to: string) => table.getByRole('row').filter({ hasText: to })
    await row('nobody@example.org').getByText('The mail server refused the address this mail is for (code 550)', { exact: false }).filter({ visible: true }).waitFor()
    await row('parent@example.org').getByText('The mail server refused the connection', { exact: false }).filter({ visible: true }).waitFor()
    await expect(page.getByRole('radio', { name: 'Failed (4)' }).isChecked()).resolves.toBe(true)
    await row('rex@example.org').getByText('Cannot be sent again').waitFor()
    await row('rex@example.org').getByText('use "Forgot your password?" on the sign-in page', { exact: false }).filter({ visible: true }).waitFor()
    await expect(row('rex@example.org').getByRole('button', { name: /^Resend/ }).count()).resolves.toBe(0)
    await expectAccessibleInBothSchemes(page, 'the failed mail')

    await row('parent@example.org').getByRole('button', { name: /^Resend/ }).click()
    await page.getByText('The mail to parent@example.org is being sent again').waitFor()
    await app.mail.waitForMail('parent@example.org', { timeout: 30_000 })
    await row('parent@example.org').waitFor({ state: 'detached' })
    await dismissToasts(page)

    await page.getByRole('button', { name: 'Resend all failed (3)' }).click()
    const dialog = page.getByRole('dialog', { name: 'Resend 3 mails that failed?' })
    await dialog.waitFor()
    await animationsSettled(page)
    await expectAccessibleInBothSchemes(page, 'the resend-all dialog')
    await dialog.getByRole('button', { name: 'Resend 3 mails' }).click()
    await page.getByText('2 mails queued again').waitFor()
    await page.getByText('1 failed mail was left as it is', { exact: false }).waitFor()
    await app.mail.waitForMail('nobody@example.org', { timeout: 30_000 })
    await app.mail.waitForMail('office@example.org', { timeout: 30_000 })

    // Only the expired reset is left, with what to do instead.
    await row('office@example.org').waitFor({ state: 'detached' })
    await expect(page.getByRole('radio', { name: 'Failed (1)' }).isChecked()).resolves.toBe(true)
    await dismissToasts(page)
    await expectAccessibleInBothSchemes(page, 'a failed mail that cannot be sent again')
    // The chip's radio is hidden behind its label, which is what a person clicks.
    await page.locator('label').filter({ hasText: /^Sent \(\d+\)$/ }).click()

    // A sent mail opens with its words; a password reset never shows them.
    await row('office@example.org').getByRole('button', { name: 'New contact message MSG-AAAAA' }).click()
    const opened = page.getByRole('dialog', { name: 'New contact message MSG-AAAAA' })
    await opened.getByText('Words for office@example.org.').waitFor()
    await opened.getByRole('button', { name: 'Close', exact: true }).click()
    await opened.waitFor({ state: 'hidden' })
    await row('rita@example.org').getByRole('button', { name: 'Reset your TEC password' }).click()
    const secret = page.getByRole('dialog', { name: 'Reset your TEC password' })
    await secret.getByText('Its words are not shown').waitFor()
    await animationsSettled(page)
    await expectAccessibleInBothSchemes(page, 'a mail whose words are withheld')
    expect(await page.content()).not.toContain('never-shown-on-a-screen')
    await secret.getByRole('button', { name: 'Close', exact: true }).click()
    await openInApp(page, '/admin')
    await page.getByRole('region', { name: 'Needs attention' }).waitFor()
    // The expired reset still failed this week: the dashboard says so until someone asks for a new link.
    await page.getByText('1 mail could not be sent').waitFor()
    await page.close()
  })
})
