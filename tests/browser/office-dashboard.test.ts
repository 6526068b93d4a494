import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { demo, openInApp, startTestApp, type TestApp } from './support/app.ts'
import { expectAccessible, PHONE_AND_DESKTOP } from './support/staff.ts'

/**
 * The office's first screen and its inbox of messages: every dashboard figure opens the list it counts and that list
 * shows the same total; the navigation shows how many registrations are new; a contact message is read (marked read
 * on opening), answered by mail and marked handled.
 */
let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
  const response = await fetch(`${app.baseUrl}/api/contact-messages`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Olga Petrova', email: 'olga.petrova@example.org', subject: 'Group lessons for adults?', message: 'Do you run evening maths classes for adults in Leeds?' }),
  })
  expect(response.status).toBe(202)
})
afterAll(async () => {
  await app?.stop()
})

describe('the dashboard and the contact messages', () => {
  test('each figure opens the list it counts, showing the same total, the queues first; the navigation counts new registrations', async () => {
    const page = await app.signedInPage(demo.admin)
    const queues = page.getByRole('region', { name: 'Needs attention' }).getByRole('link')
    const waiting = page.getByRole('region', { name: 'New and waiting' }).getByRole('link')
    await queues.first().waitFor()
    await page.getByRole('region', { name: 'Latest changes' }).waitFor()
    await expectAccessible(page, 'the dashboard', PHONE_AND_DESKTOP)

    // The office's queues come first; the concerns are there since the demo admin is a safeguarding lead.
    const urgent = (await queues.allInnerTexts()).map((text) => text.replace(/\s+/g, ' '))
    expect(urgent).toEqual([
      expect.stringMatching(/^\d+ lesson reports? to review$/),
      expect.stringMatching(/^\d+ lesson reports? overdue$/),
      expect.stringMatching(/^\d+ safeguarding concerns? to act on$/),
      expect.stringMatching(/^\d+ active tutors? without a valid safeguarding check$/),
      expect.stringMatching(/^\d+ mails? failed this week$/),
    ])
    // The demo has reports waiting, one overdue, and Ben Ashworth teaching with no check recorded.
    for (const index of [0, 1, 3]) expect(Number(urgent[index]?.split(' ')[0])).toBeGreaterThan(0)
    const names = [...urgent, ...(await waiting.allInnerTexts()).map((text) => text.replace(/\s+/g, ' '))]
    expect(names).toHaveLength(13)
    const newRegistrations = names.slice(5, 9).reduce((sum, name) => sum + Number(name.split(' ')[0]), 0)
    const navigation = page.getByRole('navigation', { name: 'Admin navigation' })
    // The demo data holds new registrations, so the count shows.
    expect(newRegistrations).toBeGreaterThan(0)
    await navigation.getByRole('link', { name: `Registrations ${newRegistrations} new` }).waitFor()

    for (let index = 0; index < names.length; index++) {
      await openInApp(page, '/admin')
      const link = index < urgent.length ? queues.nth(index) : waiting.nth(index - urgent.length)
      const value = Number((await link.innerText()).split('\n')[0])
      await link.click()
      await page.waitForURL((url) => url.pathname !== '/admin')
      // An empty list that a filter narrowed offers to clear it; the reports' and concerns' opening views are views, not filters.
      const path = new URL(page.url()).pathname
      const empty =
        path === '/admin/reports/concerns'
          ? page.getByText('No concerns to act on')
          : path === '/admin/reports' && !page.url().includes('state=')
            ? page.getByText('No reports waiting for review')
            : page.getByRole('button', { name: 'Clear filters' })
      const shown = value > 0 ? page.getByText(new RegExp(`^Showing 1–\\d+ of ${value}$`)) : empty
      await shown.waitFor({ timeout: 10_000 }).catch(async (error: unknown) => {
        throw new Error(`${names[index]} opened ${page.url()}, which says: ${await page.locator('main').innerText()}`, { cause: error })
      })
    }
    await page.close()
  })

  test('an active tutor with no check is flagged on their row and their page, and the concerns list opens on those to act on', async () => {
    const page = await app.signedInPage(demo.admin, { at: '/admin/tutors?status=active&check=not_valid' })
    const row = page.getByRole('row').filter({ hasText: 'Ben Ashworth' })
    await row.getByText('May not teach: no valid check').waitFor()
    await row.getByRole('link', { name: 'Ben Ashworth' }).click()
    await page.getByRole('heading', { name: 'Ben Ashworth', level: 1 }).waitFor()
    await page.getByRole('alert').filter({ hasText: 'No valid safeguarding check: they may not teach' }).waitFor()
    await expectAccessible(page, 'a tutor with no check', PHONE_AND_DESKTOP)

    await openInApp(page, '/admin/reports/concerns')
    const status = page.getByRole('radiogroup', { name: 'Status' })
    // Mantine's chips hide their radio inputs behind the label a user clicks.
    await expect.poll(() => status.getByRole('radio', { name: /^To act on \(1\)$/, includeHidden: true }).isChecked()).toBe(true)
    await page.getByText('Showing 1–1 of 1').waitFor()
    expect(page.url()).not.toContain('status=')
    await page.close()
  })

  test('a contact message is read in full, marked read on opening, answered by mail and marked handled', async () => {
    const page = await app.signedInPage(demo.admin, { at: '/admin/registrations' })
    await page.getByRole('link', { name: /^Contact messages \(\d+ not handled\)$/ }).click()
    await page.getByRole('heading', { name: 'Contact messages', level: 1 }).waitFor()
    await page.getByRole('link', { name: 'Olga Petrova' }).waitFor()
    await expectAccessible(page, 'the contact messages', PHONE_AND_DESKTOP)
    // The navigation keeps Registrations current for the messages beside them.
    await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: /^Registrations/ }).and(page.locator('[aria-current="page"]')).waitFor()

    await page.getByRole('link', { name: 'Olga Petrova' }).click()
    await page.getByRole('heading', { name: 'Group lessons for adults?', level: 1 }).waitFor()
    await page.getByText('Do you run evening maths classes for adults in Leeds?').waitFor()
    await page.getByText('Read', { exact: true }).waitFor()
    const reply = await page.getByRole('link', { name: 'Reply by email' }).getAttribute('href')
    expect(reply).toMatch(/^mailto:olga\.petrova@example\.org\?subject=Re%3A%20Group%20lessons%20for%20adults%3F%20%5BMSG-/)
    await expectAccessible(page, 'a contact message', PHONE_AND_DESKTOP)

    await page.getByRole('button', { name: 'Mark as handled' }).click()
    await page.getByText('Handled', { exact: true }).first().waitFor()
    await page.getByText(/marked handled by Ada Admin/).waitFor()
    await page.getByRole('link', { name: 'Back to contact messages' }).click()
    await page.getByRole('radiogroup', { name: 'Status' }).getByText(/^Not handled/).click()
    await page.waitForURL((url) => url.searchParams.get('status') === 'open')
    await page.getByRole('searchbox', { name: 'Search messages' }).fill('Olga')
    await page.getByText('No messages match these filters').waitFor()
    await page.close()
  })
})
