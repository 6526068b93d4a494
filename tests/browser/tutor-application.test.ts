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
    await expect(page.evaluate((key) => localStorage.getItem(key), DRAFT_KEY)).resolves.toBeNull()

    const mail = await app.mail.waitForMail(email, { timeout: 30_000 })
    expect(`${mail.subject ?? ''} ${mail.text ?? ''}`).toContain(reference!)
    await page.close()
  })

  test('at 360 px, Next without a level brings the levels into view with the focus in them, and the answers outlive the closed tab', async () => {
    const page = await app.cleanPage({ width: 360, height: 640 })
    await page.goto('/tutor-register')
    await stepHeading(page, 'personal').waitFor()
    await page.getByLabel('Full name').fill('Priya Shah')
    await page.getByLabel('Email').fill(`priya.shah.${Date.now()}@example.org`)
    await page.getByLabel('Phone').fill('07700 900123')
    await page.getByLabel('Postcode').fill('LS6 2AB')
    await next(page, 'teaching')

    // Everything on the step but a level: the levels sit far above Next on a phone.
    await page.getByRole('checkbox', { name: 'Maths', exact: true }).check()
    await page.getByRole('combobox', { name: 'Highest qualification' }).click()
    await page.getByRole('option', { name: 'Undergraduate degree' }).click()
    await page.getByLabel('Years of teaching or tutoring experience').fill('4')
    await page.getByRole('radio', { name: 'Yes' }).check()
    await page.getByLabel('Your qualifications').fill('BSc Mathematics, PGCE Secondary Maths')
    await page.getByLabel('Your teaching and tutoring experience').fill('Four years teaching maths at a Leeds secondary school.')
    await page.getByRole('button', { name: 'Next' }).click()

    const message = page.getByText('Choose at least one level you can teach.', { exact: true })
    await message.waitFor()
    const levels = page.getByRole('group', { name: 'Levels you can teach' })
    await expect.poll(() => levels.evaluate((group) => group.contains(document.activeElement) && document.activeElement !== document.body)).toBe(true)
    // The message is on the screen, not above it, and the focused group names it.
    const inView = (node: Element) => {
      const box = node.getBoundingClientRect()
      return box.top >= 0 && box.bottom <= window.innerHeight
    }
    await expect.poll(() => message.evaluate(inView)).toBe(true)
    await expect(levels.evaluate((group, id) => (group.getAttribute('aria-describedby') ?? '').split(' ').includes(id), (await message.getAttribute('id')) ?? 'no id')).resolves.toBe(true)
    await expect(page.evaluate(() => document.activeElement?.getAttribute('type'))).resolves.toBe('checkbox')

    // The tab is closed; a new tab of the same browser finds every answer, and says they were kept.
    const browser = page.context()
    await page.close()
    const again = await browser.newPage()
    await again.setViewportSize({ width: 360, height: 640 })
    await again.goto('/tutor-register')
    await stepHeading(again, 'teaching').waitFor()
    await again.getByRole('region', { name: 'We kept your answers' }).waitFor()
    await expect(again.getByRole('checkbox', { name: 'Maths', exact: true }).isChecked()).resolves.toBe(true)
    await expect(again.getByLabel('Years of teaching or tutoring experience').inputValue()).resolves.toBe('4')
    await expect(again.getByLabel('Your qualifications').inputValue()).resolves.toBe('BSc Mathematics, PGCE Secondary Maths')
    await again.getByRole('button', { name: 'Back' }).click()
    await stepHeading(again, 'personal').waitFor()
    await expect(again.getByLabel('Full name').inputValue()).resolves.toBe('Priya Shah')
    await again.close()
  })

  test.each([360, 1280])('axe finds no violations on any step at %i px', async (width) => {
    const page = await app.cleanPage({ width, height: 800 })
    await page.goto('/tutor-register')
    await stepHeading(page, 'personal').waitFor()
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByText('Enter your full name.').waitFor()
    await expectAccessible(page, `the first step with messages at ${width}px`)

    for (const step of Object.keys(stepTitles) as StepId[]) {
      const saved = JSON.stringify({ version: DRAFT_VERSION, savedAt: new Date().toISOString(), step, furthest: 'review', draft: completeDraft() })
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [DRAFT_KEY, saved] as const)
      await page.reload()
      await stepHeading(page, step).waitFor()
      await expectAccessible(page, `${step} at ${width}px`)
    }
    await page.close()
  })
})
