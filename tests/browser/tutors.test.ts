import { readFileSync } from 'node:fs'
import type { Locator } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { demo, startTestApp, type TestApp } from './support/app.ts'
import { expectAccessible, PHONE_AND_DESKTOP } from './support/staff.ts'

/**
 * Tutors as the office runs them: invite one by name and email (the mail arrives through SMTP), complete the
 * profile, record the safeguarding check (one that needs renewing soon is flagged), pause and mark as left with
 * the reasons in the history, and find tutors by status, subject, way of teaching and area, then download them.
 */
let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app?.stop()
})

const tutor = { name: 'Imogen Hale', email: 'imogen.hale@example.org' }
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 24 * 3600 * 1000).toISOString().slice(0, 10)
/** A calendar day as the back office writes it, e.g. "23 Sept 2027". */
const staffDay = (isoDate: string) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`))

/**
 * The badge reads `words` and shows all of them: neither it nor anything around it inside its table cell cuts its
 * text short (an ellipsis, a fixed height, a hidden overflow), it stays inside the cell, and no word is broken
 * across two lines ("Pause" / "d").
 */
async function expectShownWhole(badge: Locator, words: string) {
  expect(((await badge.textContent()) ?? '').replace(/\s+/g, ' ').trim()).toBe(words)
  const cut = await badge.evaluate((element) => {
    const cell = element.closest('td, th')
    if (!cell) return ['not in a table cell']
    const found: string[] = []
    for (let node: Element | null = element; node && node !== cell; node = node.parentElement) {
      if (node.scrollWidth > node.clientWidth) found.push(`${node.tagName} ${node.className}: ${node.scrollWidth} px wide in ${node.clientWidth} px`)
      if (node.scrollHeight > node.clientHeight + 1) found.push(`${node.tagName} ${node.className}: ${node.scrollHeight} px high in ${node.clientHeight} px`)
    }
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      for (const word of (text.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange()
        range.setStart(text, word.index)
        range.setEnd(text, word.index + word[0].length)
        const lines = new Set(Array.from(range.getClientRects()).filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)))
        if (lines.size > 1) found.push(`"${word[0]}" is broken across ${lines.size} lines`)
      }
    }
    const box = element.getBoundingClientRect()
    const cellBox = cell.getBoundingClientRect()
    if (box.left < cellBox.left - 1 || box.right > cellBox.right + 1) found.push(`outside its cell: ${box.left}–${box.right} in ${cellBox.left}–${cellBox.right}`)
    return found
  })
  expect(cut, `"${words}" is cut short`).toEqual([])
}

describe('tutors', () => {
  test('the admin invites a tutor, completes the profile, records a check and pauses them, and the history says so', async () => {
    const page = await app.signedInPage(demo.admin)
    await page.getByRole('navigation').first().getByRole('link', { name: 'Tutors' }).click()
    await page.getByRole('heading', { name: 'Tutors', level: 1 }).waitFor()
    await page.getByRole('link', { name: 'Invite a tutor' }).click()
    await page.getByRole('heading', { name: 'Invite a tutor', level: 1 }).waitFor()
    await page.getByRole('button', { name: 'Send the invitation' }).click()
    await page.getByText('Enter the tutor’s name.').waitFor()
    await expectAccessible(page, 'the invitation form with its errors', PHONE_AND_DESKTOP)
    await page.getByRole('textbox', { name: 'Name' }).fill(tutor.name)
    await page.getByRole('textbox', { name: 'Email' }).fill(tutor.email)
    await page.getByRole('button', { name: 'Send the invitation' }).click()

    await page.getByRole('heading', { name: tutor.name, level: 1 }).waitFor()
    await page.getByText('Invited', { exact: true }).first().waitFor()
    await page.getByText('Record their safeguarding check: tutors without one are never offered for placements.').waitFor()
    const invitation = await app.mail.waitForMail(tutor.email, { timeout: 20_000 })
    expect(invitation.subject).toBe('Welcome to TEC: choose your password')
    expect(invitation.text).toContain('the office has made you a tutor account')
    await expectAccessible(page, 'an invited tutor’s page', PHONE_AND_DESKTOP)

    await page.getByRole('link', { name: 'Edit the profile' }).click()
    await page.getByRole('heading', { name: `Edit ${tutor.name}`, level: 1 }).waitFor()
    await page.getByLabel('Subjects').first().click()
    await page.getByRole('option', { name: 'Maths', exact: true }).click()
    await page.keyboard.press('Escape')
    await page.getByRole('checkbox', { name: 'GCSE' }).check()
    await page.getByRole('checkbox', { name: 'Online' }).check()
    await page.getByRole('textbox', { name: 'Travels to' }).fill('Headingley, Otley')
    await expectAccessible(page, 'the tutor profile form', PHONE_AND_DESKTOP)
    await page.getByRole('button', { name: 'Save the changes' }).click()
    await page.getByRole('heading', { name: tutor.name, level: 1 }).waitFor()
    const history = page.getByRole('region', { name: 'History' })
    await history.getByText('Subjects: nothing → Maths').waitFor()

    await page.getByRole('button', { name: 'Record a check' }).click()
    const checkDialog = page.getByRole('dialog', { name: `Record a safeguarding check for ${tutor.name}` })
    await checkDialog.getByRole('textbox', { name: 'Certificate number' }).fill('001234567890')
    await checkDialog.getByLabel('Issued on').fill(isoDay(-1000))
    await checkDialog.getByLabel('Renew by').fill(isoDay(30))
    await expectAccessible(page, 'the record-a-check dialog', PHONE_AND_DESKTOP)
    await checkDialog.getByRole('button', { name: 'Record the check' }).click()
    await checkDialog.waitFor({ state: 'hidden' })
    const checks = page.getByRole('region', { name: 'Safeguarding checks' })
    await checks.getByText('Renew soon').waitFor()
    await checks.getByRole('cell', { name: '001234567890' }).waitFor()
    await page.getByText('Their safeguarding check needs renewing within 60 days.').waitFor()

    await page.getByRole('button', { name: 'Pause' }).click()
    const pauseDialog = page.getByRole('dialog', { name: `Pause ${tutor.name}?` })
    await pauseDialog.getByRole('textbox', { name: 'Reason (optional)' }).fill('Exams until June.')
    await expectAccessible(page, 'the pause dialog')
    await pauseDialog.getByRole('button', { name: 'Pause the tutor' }).click()
    await pauseDialog.waitFor({ state: 'hidden' })
    await page.getByRole('button', { name: 'Make active again' }).waitFor()
    await history.getByText('Status: Invited (no password yet) → Paused').waitFor()
    await history.getByText('Exams until June.').waitFor()
    await page.close()
  })

  test('the list shows every status and safeguarding check whole, renewal dates in full, at a desktop’s width and a phone’s', async () => {
    // Owen Price (demo data) is invited, with a check that is current for 700 more days.
    const page = await app.signedInPage(demo.admin, { at: '/admin/tutors' })
    const owen = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Owen Price' }) })
    await owen.waitFor()
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 800 })
      await expectShownWhole(owen.getByText('Invited', { exact: true }), 'Invited')
      await expectShownWhole(owen.getByText(/^Current/), `Current (to ${staffDay(isoDay(700))})`)
      const imogen = page.getByRole('row').filter({ has: page.getByRole('link', { name: tutor.name }) })
      await expectShownWhole(imogen.getByText('Paused', { exact: true }), 'Paused')
      await expectShownWhole(imogen.getByText(/^Renew soon/), `Renew soon (to ${staffDay(isoDay(30))})`)
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      expect(overflow, `the list scrolls sideways at ${width} px`).toBeLessThanOrEqual(0)
    }
    await page.close()
  })

  test('a second edit of a status made from an older page is refused and the page shows what is true now', async () => {
    const first = await app.signedInPage(demo.admin, { at: `/admin/tutors?q=${encodeURIComponent(tutor.email)}` })
    await first.getByRole('link', { name: tutor.name }).click()
    await first.getByRole('heading', { name: tutor.name, level: 1 }).waitFor()
    const second = await first.context().newPage()
    await second.goto(first.url())
    await second.getByRole('heading', { name: tutor.name, level: 1 }).waitFor()

    await first.getByRole('button', { name: 'Mark as left' }).click()
    await first.getByRole('dialog', { name: `Mark ${tutor.name} as left?` }).getByRole('button', { name: 'Mark as left' }).click()
    await first.getByText('Left', { exact: true }).first().waitFor()

    await second.getByRole('button', { name: 'Make active again' }).click()
    const dialog = second.getByRole('dialog', { name: `Make ${tutor.name} active again?` })
    await dialog.getByRole('button', { name: 'Make active' }).click()
    await dialog.getByText('Someone else changed this record since you opened it.').waitFor()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await second.getByText('Left', { exact: true }).first().waitFor()
    await first.close()
  })

  test('the list narrows by status, subject, way of teaching and area, and downloads the rows it shows', async () => {
    const page = await app.signedInPage(demo.admin, { at: '/admin/tutors' })
    await page.getByRole('heading', { name: 'Tutors', level: 1 }).waitFor()
    // The chips' radios are hidden behind their labels, which people click.
    const statuses = page.getByRole('radiogroup', { name: 'Status' })
    await statuses.getByText(/^Left \(\d+\)$/).click()
    await page.waitForURL((url) => url.searchParams.get('status') === 'left')
    await page.getByRole('link', { name: tutor.name }).waitFor()

    await statuses.getByText(/^All tutors/).click()
    await page.getByRole('combobox', { name: 'Subject' }).click()
    await page.getByRole('option', { name: 'Maths', exact: true }).click()
    await page.waitForURL((url) => url.searchParams.get('subject') === 'Maths')
    await page.getByRole('combobox', { name: 'Teaches' }).click()
    await page.getByRole('option', { name: 'Online', exact: true }).click()
    await page.getByRole('searchbox', { name: 'Area' }).fill('otley')
    await page.waitForURL((url) => url.searchParams.get('area') === 'otley' && url.searchParams.get('mode') === 'online')
    await page.getByRole('link', { name: tutor.name }).waitFor()
    await expectAccessible(page, 'the filtered tutor list', PHONE_AND_DESKTOP)

    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Download CSV' }).click()
    const csv = readFileSync((await (await downloading).path()) ?? '', 'utf8').replace(/^\uFEFF/, '')
    const lines = csv.trim().split('\r\n')
    expect(lines[0]).toBe('Tutor,Email,Status,Account deactivated,Subjects,Teaches,Travels to,Safeguarding check,Check renewal,Added')
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([tutor.name])

    await page.getByRole('searchbox', { name: 'Area' }).fill('nowhere at all')
    await page.getByText('No tutors match your search').waitFor()
    await page.getByRole('button', { name: 'Clear filters' }).click()
    await page.waitForURL((url) => url.search === '')
    await page.close()
  })
})
