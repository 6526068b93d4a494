import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DRAFT_KEY, DRAFT_VERSION } from '../../src/machines/tutor-application.storage.ts'
import type { StepId } from '../../src/machines/tutor-application.rules.ts'
import { completeDraft } from '../unit/tutor-application-fixtures.ts'
import { startTestApp, type TestApp } from './support/app.ts'
import { expectAccessible } from './support/staff.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app?.stop()
})

const stepTitles: Record<StepId, string> = {
  personal: 'About you',
  teaching: 'Subjects, qualifications and experience',
  delivery: 'Where and when you can teach',
  checks: 'Background check and referees',
  review: 'Personal statement and review',
}

const stepHeading = (page: Page, step: StepId) => page.getByRole('heading', { level: 2, name: stepTitles[step] })

async function next(page: Page, step: StepId) {
  await page.getByRole('button', { name: 'Next' }).click()
  await stepHeading(page, step).waitFor()
}

describe('/tutor-register', () => {
  test('a visitor fills two steps, reloads, finds everything kept, applies and gets the reference and a confirmation', async () => {
    const email = `priya.shah.${Date.now()}@example.org`
    const page = await app.cleanPage()
    await page.goto('/tutor-register')
    await stepHeading(page, 'personal').waitFor()
    await page.getByText('Step 1 of 5: About you').waitFor()

    // The first step by keyboard alone: type, Tab to the next field, Enter for Next.
    await page.getByLabel('Full name').focus()
    for (const [index, value] of ['Priya Shah', email, '07700 900123', 'LS6 2AB'].entries()) {
      if (index > 0) await page.keyboard.press('Tab')
      await page.keyboard.type(value)
    }
    await page.keyboard.press('Enter')
    await stepHeading(page, 'teaching').waitFor()
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(stepTitles.teaching)

    await page.getByRole('checkbox', { name: 'Maths', exact: true }).check()
    await page.getByRole('checkbox', { name: 'Physics', exact: true }).check()
    await page.getByRole('checkbox', { name: 'GCSE', exact: true }).check()
    await page.getByRole('combobox', { name: 'Highest qualification' }).click()
    await page.getByRole('option', { name: 'Undergraduate degree' }).click()
    await page.getByLabel('Years of teaching or tutoring experience').fill('4')
    await page.getByRole('radio', { name: 'Yes' }).check()
    await page.getByLabel('Your qualifications').fill('BSc Mathematics, PGCE Secondary Maths')
    await page.getByLabel('Your teaching and tutoring experience').fill('Four years teaching maths at a Leeds secondary school.')

    // A reload keeps the step and every answer.
    await page.reload()
    await stepHeading(page, 'teaching').waitFor()
    await page.getByText('Step 2 of 5: Teaching').waitFor()
    await expect(page.getByRole('checkbox', { name: 'Physics', exact: true }).isChecked()).resolves.toBe(true)
    await expect(page.getByLabel('Years of teaching or tutoring experience').inputValue()).resolves.toBe('4')
    await page.getByRole('button', { name: 'Back' }).click()
    await stepHeading(page, 'personal').waitFor()
    await expect(page.getByLabel('Full name').inputValue()).resolves.toBe('Priya Shah')
    await next(page, 'teaching')
    await next(page, 'delivery')

    await page.getByRole('checkbox', { name: 'Online' }).check()
    await page.getByRole('checkbox', { name: "At learners' homes" }).check()
    await page.getByLabel('Where you can travel to').fill('North Leeds and Headingley')
    await page.getByRole('checkbox', { name: 'Tuesday' }).check()
    await page.getByRole('checkbox', { name: 'Thursday' }).check()
    await page.getByRole('checkbox', { name: /^Evenings/ }).check()
    await page.getByLabel('Hours a week you could teach').fill('6')
    await next(page, 'checks')

    await page.getByRole('radio', { name: 'No' }).check()
    await page.getByRole('checkbox', { name: /agree to an enhanced background check/ }).check()
    for (const [legend, referee] of [
      ['First referee', { name: 'Helen Carter', relationship: 'Head of maths at my school', email: 'helen.carter@example.org', phone: '0113 496 0000' }],
      ['Second referee', { name: 'Tom Okafor', relationship: 'Former tutoring manager', email: 'tom.okafor@example.org', phone: '0113 496 0001' }],
    ] as const) {
      const group = page.getByRole('group', { name: legend })
      await group.getByLabel('Name').fill(referee.name)
      await group.getByLabel('How they know you').fill(referee.relationship)
      await group.getByLabel('Email').fill(referee.email)
      await group.getByLabel('Phone').fill(referee.phone)
    }
    await next(page, 'review')

    await page.getByRole('textbox', { name: 'Personal statement' }).fill('I enjoy helping learners who have lost confidence in maths find that they can do it after all.')
    await page.getByText('Maths, Physics').waitFor()
    await page.getByRole('checkbox', { name: /privacy notice/ }).check()
    await page.getByRole('button', { name: 'Send application' }).click()

    const receipt = page.getByRole('heading', { name: 'Thank you, your application has been sent' })
    await receipt.waitFor()
    const text = await page.getByRole('main').textContent()
    const reference = /TEC-TUT-[0-9A-Z]{6}/.exec(text ?? '')?.[0]
    expect(reference).toBeDefined()
    await expect(page.evaluate((key) => sessionStorage.getItem(key), DRAFT_KEY)).resolves.toBeNull()

    const mail = await app.mail.waitForMail(email, { timeout: 30_000 })
    expect(`${mail.subject ?? ''} ${mail.text ?? ''}`).toContain(reference!)
    await page.close()
  })

  test.each([360, 1280])('axe finds no violations on any step at %i px', async (width) => {
    const page = await app.cleanPage({ width, height: 800 })
    await page.goto('/tutor-register')
    await stepHeading(page, 'personal').waitFor()
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByText('Enter your full name.').waitFor()
    await expectAccessible(page, `the first step with messages at ${width}px`)

    for (const step of Object.keys(stepTitles) as StepId[]) {
      const saved = JSON.stringify({ version: DRAFT_VERSION, step, furthest: 'review', draft: completeDraft() })
      await page.evaluate(([key, value]) => sessionStorage.setItem(key, value), [DRAFT_KEY, saved] as const)
      await page.reload()
      await stepHeading(page, step).waitFor()
      await expectAccessible(page, `${step} at ${width}px`)
    }
    await page.close()
  })
})
