import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { demo, startTestApp, type TestApp } from './support/app.ts'
import { expectAccessible, expectAccessibleInBothSchemes, PHONE_AND_DESKTOP } from './support/staff.ts'

/**
 * A subject access request as the office answers it: from a learner's page, "Export everything we hold" opens a
 * readable page of every section, printed without the back office around it, and the zip downloads; a request by
 * email starts from Settings → Personal data requests. Axe checks the pages at a phone's width and a desktop's.
 */
let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app?.stop()
})

const learner = { name: 'Lily Hughes', contactEmail: 'sarah.hughes@example.org' }

describe('personal data export', () => {
  test('an admin exports a learner’s data: the printable page shows it and the zip downloads', async () => {
    const page = await app.signedInPage(demo.admin, { at: '/admin/students' })
    await page.getByRole('link', { name: learner.name }).first().click()
    await page.getByRole('heading', { name: learner.name, level: 1 }).waitFor()
    await page.getByRole('link', { name: 'Export everything we hold' }).click()

    await page.getByRole('heading', { name: `Everything we hold: ${learner.name}`, level: 1 }).waitFor()
    const record = page.getByRole('region', { name: 'Learner record' })
    await record.getByRole('cell', { name: learner.contactEmail }).waitFor()
    await page.getByRole('heading', { name: 'Lessons', level: 2 }).waitFor()
    await page.getByRole('heading', { name: 'History', level: 2 }).waitFor()
    await page.getByRole('navigation', { name: 'Sections of the export' }).getByRole('link', { name: 'Learner record' }).waitFor()
    // The demo admin is a safeguarding lead: concerns stay out until they choose to include them.
    const include = page.getByRole('checkbox', { name: 'Include safeguarding concerns' })
    await expect.poll(() => include.isChecked()).toBe(false)
    await expectAccessibleInBothSchemes(page, 'a learner’s export')

    // On paper: the record alone, without the back office's header, navigation or the page's buttons.
    await page.emulateMedia({ media: 'print' })
    await expect.poll(() => page.getByRole('navigation', { name: 'Admin navigation' }).isVisible()).toBe(false)
    await expect.poll(() => page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false)
    await expect.poll(() => record.isVisible()).toBe(true)
    await page.emulateMedia({ media: 'screen' })
    await page.getByRole('button', { name: 'Print' }).waitFor()

    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Download (zip)' }).click()
    // What the page says beside the button: the file's name, or why it was not downloaded.
    const said = page.getByRole('status').filter({ hasText: /Downloaded|not downloaded/ })
    await said.waitFor()
    expect(await said.textContent()).toMatch(/^Downloaded tec-personal-data-learner-/)
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/^tec-personal-data-learner-\d{4}-\d{2}-\d{2}\.zip$/)
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'tec-export-')), download.suggestedFilename())
    await download.saveAs(file)
    const names = execFileSync('python3', ['-c', 'import sys, zipfile; print("\\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))', file], { encoding: 'utf8' })
    expect(names.trim().split('\n').sort()).toEqual(['README.txt', 'data.json'])
    const data = execFileSync('python3', ['-c', 'import sys, zipfile; sys.stdout.write(zipfile.ZipFile(sys.argv[1]).read("data.json").decode())', file], { encoding: 'utf8' })
    expect(data).toContain(learner.contactEmail)
    await page.close()
  })

  test('a request by email starts from Settings → Personal data requests', async () => {
    const page = await app.signedInPage(demo.admin, { at: '/admin/settings' })
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Personal data requests' }).click()
    await page.getByRole('heading', { name: 'Personal data requests', level: 1 }).waitFor()
    await page.getByRole('button', { name: 'Find' }).click()
    const field = page.getByRole('textbox', { name: 'Email address' })
    await page.getByText('Enter the email address the request came from.').waitFor()
    await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true)

    await field.fill(learner.contactEmail)
    await page.getByRole('button', { name: 'Find' }).click()
    await page.getByRole('heading', { name: `Everything held under ${learner.contactEmail}` }).waitFor()
    await page.getByRole('link', { name: `Export everything about ${learner.name}` }).waitFor()
    await expectAccessible(page, 'personal data requests', PHONE_AND_DESKTOP)

    // Anonymising the contact asks for their name typed; the demo's learner is still placed, so it is refused, saying why.
    await page.getByRole('button', { name: 'Anonymise this contact' }).click()
    const dialog = page.getByRole('dialog', { name: 'Anonymise Sarah Hughes?' })
    await dialog.getByRole('textbox', { name: 'Type Sarah Hughes to confirm' }).fill('sarah hughes')
    await dialog.getByRole('button', { name: 'Anonymise' }).click()
    await dialog.getByRole('alert').filter({ hasText: 'current placement' }).waitFor()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'hidden' })

    await page.getByRole('link', { name: 'Export everything for this address' }).click()
    await page.getByRole('heading', { name: /^Everything we hold: /, level: 1 }).waitFor()
    await page.getByRole('heading', { name: 'Learners naming you as their contact', level: 2 }).waitFor()
    await expectAccessible(page, 'a contact person’s export', PHONE_AND_DESKTOP)
    await page.close()
  })
})
