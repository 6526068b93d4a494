import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { demo, openInApp, startTestApp, type TestApp } from './support/app.ts'
import { expectAccessible, PHONE_AND_DESKTOP } from './support/staff.ts'

/**
 * The office keeps student and school records as staff would: add a school and a learner at it, edit the learner and
 * read the history, lose no edit when two people change one record, download the filtered list as CSV, and remove
 * a school only once it has no learners. Axe checks every page at a phone's width and a desktop's.
 */
let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app?.stop()
})

const school = { name: 'Kirkstall Valley Primary', town: 'Leeds', postcode: 'LS5 3AA' }
const learner = { name: 'Noah Brennan', contact: 'Siobhan Brennan', email: 'siobhan.brennan@example.org' }

async function addSchool(page: Page) {
  await openInApp(page, '/admin/schools')
  await page.getByRole('link', { name: 'Add a school' }).click()
  await page.getByRole('heading', { name: 'Add a school', level: 1 }).waitFor()
  await page.getByRole('textbox', { name: 'Name' }).first().fill(school.name)
  await page.getByRole('combobox', { name: 'Type of school' }).click()
  await page.getByRole('option', { name: 'Primary', exact: true }).click()
  await page.getByRole('textbox', { name: 'Address line 1' }).fill('1 Abbey Road')
  await page.getByRole('textbox', { name: 'Town or city' }).fill(school.town)
  await page.getByRole('textbox', { name: 'Postcode' }).fill(school.postcode)
  const main = page.getByRole('group', { name: 'Main contact' })
  await main.getByRole('textbox', { name: 'Contact name' }).fill('Grace Holt')
  await main.getByRole('textbox', { name: 'Contact role' }).fill('Head teacher')
  await main.getByRole('textbox', { name: 'Contact email' }).fill('head@kirkstall.example')
  await main.getByRole('textbox', { name: 'Contact phone' }).fill('0113 496 0300')
  await page.getByRole('textbox', { name: 'Safeguarding lead', exact: true }).fill('Grace Holt')
  await page.getByRole('textbox', { name: 'Safeguarding lead’s email' }).fill('dsl@kirkstall.example')
  await page.getByRole('button', { name: 'Add the school' }).click()
  await page.getByRole('heading', { name: school.name, level: 1 }).waitFor()
}

describe('student and school records', () => {
  test('the admin adds a school and a learner at it, edits the learner and reads the change in its history', async () => {
    const page = await app.signedInPage(demo.admin)
    await addSchool(page)
    await page.getByText('No learners are linked to this school yet.').waitFor()
    await expectAccessible(page, 'a school page', PHONE_AND_DESKTOP)

    await openInApp(page, '/admin/students/new')
    await page.getByRole('heading', { name: 'Add a learner', level: 1 }).waitFor()
    // Sending the empty form shows what is missing, under each field, and sends nothing.
    await page.getByRole('button', { name: 'Add the learner' }).click()
    await page.getByText('Enter the learner’s name.').waitFor()
    await page.getByText('Choose at least one subject.').waitFor()
    await expectAccessible(page, 'the new student form with its errors', PHONE_AND_DESKTOP)

    await page.getByRole('textbox', { name: 'Name' }).first().fill(learner.name)
    await page.getByRole('textbox', { name: 'Age' }).fill('9')
    await page.getByRole('radio', { name: 'A partner school' }).check()
    const partner = page.getByRole('combobox', { name: 'Partner school' })
    await partner.click()
    await partner.fill('Kirkstall')
    await page.getByRole('option', { name: `${school.name}, ${school.town}` }).click()
    await page.getByRole('textbox', { name: 'Contact name' }).fill(learner.contact)
    await page.getByRole('textbox', { name: 'Contact email' }).fill(learner.email)
    await page.getByRole('textbox', { name: 'Contact phone' }).fill('07700 900333')
    await page.getByLabel('Subjects').first().click()
    await page.getByRole('option', { name: 'Reading', exact: true }).click()
    await page.keyboard.press('Escape')
    await page.locator('label').filter({ hasText: /^Online$/ }).click()
    await page.getByRole('button', { name: 'Add the learner' }).click()
    await page.getByRole('heading', { name: learner.name, level: 1 }).waitFor()
    await page.getByRole('link', { name: school.name }).waitFor()
    await page.getByText('Added by Ada Admin').waitFor()
    await expectAccessible(page, 'a student page', PHONE_AND_DESKTOP)

    await page.getByRole('link', { name: 'Edit' }).click()
    await page.getByRole('heading', { name: `Edit ${learner.name}`, level: 1 }).waitFor()
    await page.getByRole('combobox', { name: 'Status' }).click()
    await page.getByRole('option', { name: 'Active' }).click()
    await page.getByRole('textbox', { name: 'Goals', exact: true }).fill('Read a chapter book on his own.')
    await expectAccessible(page, 'the edit student form', PHONE_AND_DESKTOP)
    await page.getByRole('button', { name: 'Save the changes' }).click()
    await page.getByRole('heading', { name: learner.name, level: 1 }).waitFor()
    const history = page.getByRole('region', { name: 'History' })
    await history.getByText('Edited by Ada Admin').waitFor()
    await history.getByText('Status: Waiting for a tutor → Active').waitFor()
    await history.getByText('Goals: nothing → Read a chapter book on his own.').waitFor()

    // The school lists its learner.
    await page.getByRole('link', { name: school.name }).click()
    await page.getByRole('region', { name: 'Learners' }).getByRole('link', { name: learner.name }).waitFor()
    await page.close()
  })

  test('an edit made in two tabs ends in a 409 for the second, which reloads and saves without losing the first', async () => {
    const first = await app.signedInPage(demo.admin, { at: '/admin/students?q=Brennan' })
    await first.getByRole('link', { name: learner.name }).click()
    await first.getByRole('heading', { name: learner.name, level: 1 }).waitFor()
    const editUrl = `${first.url()}/edit`
    const second = await first.context().newPage()
    for (const page of [first, second]) {
      await page.goto(editUrl)
      await page.getByRole('heading', { name: `Edit ${learner.name}`, level: 1 }).waitFor()
    }

    await first.getByRole('textbox', { name: 'Needs' }).fill('Prefers short sessions.')
    await first.getByRole('button', { name: 'Save the changes' }).click()
    await first.getByRole('heading', { name: learner.name, level: 1 }).waitFor()

    await second.getByRole('textbox', { name: 'Notes for tutors' }).fill('Loves dinosaur books.')
    await second.getByRole('button', { name: 'Save the changes' }).click()
    const conflict = second.getByRole('alert').filter({ hasText: 'This record changed while you were editing it' })
    await conflict.getByText('Someone else changed this record since you opened it.').waitFor()
    await conflict.getByRole('button', { name: 'Reload the record' }).click()
    await expect.poll(() => second.getByRole('textbox', { name: 'Needs' }).inputValue()).toBe('Prefers short sessions.')
    await second.getByRole('textbox', { name: 'Notes for tutors' }).fill('Loves dinosaur books.')
    await second.getByRole('button', { name: 'Save the changes' }).click()
    await second.getByRole('heading', { name: learner.name, level: 1 }).waitFor()
    await second.getByText('Prefers short sessions.').first().waitFor()
    await second.getByText('Loves dinosaur books.').first().waitFor()
    await first.close()
  })

  test('the student list downloads its filtered rows as CSV, and is accessible', async () => {
    const page = await app.signedInPage(demo.admin, { at: '/admin/students?q=Brennan' })
    await page.getByRole('link', { name: learner.name }).waitFor()
    await expectAccessible(page, 'the student list', PHONE_AND_DESKTOP)
    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Download CSV' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toBe('learners.csv')
    const csv = readFileSync((await download.path()) ?? '', 'utf8').replace(/^\uFEFF/, '')
    const lines = csv.trim().split('\r\n')
    expect(lines[0]).toMatch(/^Learner,Status,/)
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(learner.name)
    expect(lines[1]).toContain(learner.email)
    await page.close()
  })

  test('a school with learners is not removed, and the dialog says why; the school list is accessible', async () => {
    const page = await app.signedInPage(demo.admin, { at: '/admin/schools?q=Kirkstall' })
    await page.getByRole('heading', { name: 'Schools', level: 1 }).waitFor()
    await expectAccessible(page, 'the school list', PHONE_AND_DESKTOP)
    await page.getByRole('link', { name: school.name }).click()
    await page.getByRole('button', { name: 'Remove' }).click()
    const dialog = page.getByRole('dialog', { name: `Remove ${school.name}?` })
    await dialog.getByRole('button', { name: 'Remove the school' }).click()
    await dialog.getByText('This school has 1 learner on record.').waitFor()
    await expectAccessible(page, 'the remove-school dialog', PHONE_AND_DESKTOP)
    await dialog.getByRole('button', { name: 'Keep it' }).click()
    await page.getByRole('heading', { name: school.name, level: 1 }).waitFor()
    await page.close()
  })
})
