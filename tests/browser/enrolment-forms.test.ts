import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestApp, type TestApp } from './support/app.ts'
import { axeViolations } from './support/axe.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app?.stop()
})

/** The course select; the form itself is named "Course enrolment". */
const COURSE = /^Course( \*)?$/
const REFERENCE = /^TEC-(SUB|CRS|SCH)-[0-9A-Z]{6}$/
const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000).toISOString().slice(0, 10)

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name })
const section = (page: Page, name: string) => page.getByRole('group', { name, exact: true })
const field = (page: Page, label: string | RegExp) => page.getByLabel(typeof label === 'string' ? new RegExp(`^${label}`) : label).first()

/** Chooses an option of a Mantine Select or MultiSelect, the way a person does: open it and click the option. */
async function choose(page: Page, label: string | RegExp, option: string) {
  await field(page, label).click()
  await page.getByRole('option', { name: option, exact: true }).click()
  await page.keyboard.press('Escape')
}

async function axeSummary(page: Page): Promise<string[]> {
  return (await axeViolations(page)).map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary})`).join(', ')}`)
}

/** The receipt replaces the form, takes focus and shows the reference; answers the reference. */
async function receiptReference(page: Page, title: string): Promise<string> {
  const receipt = page.getByRole('heading', { name: title })
  await receipt.waitFor()
  await expect.poll(() => receipt.evaluate((node) => node === document.activeElement)).toBe(true)
  const reference = (await page.getByRole('region', { name: title }).locator('strong').first().textContent()) ?? ''
  expect(reference).toMatch(REFERENCE)
  return reference
}

async function fillContact(page: Page, contact: { name: string; relationship?: string; email: string; phone: string }) {
  await field(page, 'Your full name').fill(contact.name)
  if (contact.relationship) await choose(page, 'Your relationship to the learner', contact.relationship)
  await field(page, 'Email').fill(contact.email)
  await field(page, 'Phone').fill(contact.phone)
  await page.getByRole('radio', { name: 'Email', exact: true }).check()
}

/**
 * The form submissions the page sends from now on. A second click sends its request as it is clicked, before any
 * answer, so once the receipt shows (after the first answer) the count is final: no wait for mail that might follow.
 */
function submissionsFrom(page: Page, path: string): string[] {
  const sent: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith(path)) sent.push(request.url())
  })
  return sent
}

async function agreeToPrivacy(page: Page) {
  await page.getByRole('checkbox', { name: /I agree to TEC using these details/ }).check()
}

describe('a visitor completes each enrolment form and sees the reference', () => {
  test('/subject-enroll, with a double click sending once', async () => {
    const email = 'amina.yusuf@example.org'
    const page = await app.cleanPage()
    await page.goto('/subject-enroll')
    await heading(page, 'Enrol in a subject').waitFor()

    await page.getByRole('radio', { name: 'A parent or guardian, for my child' }).check()
    await fillContact(page, { name: 'Amina Yusuf', relationship: 'Parent', email, phone: '07700 900123' })
    await field(page, 'Learner’s full name').fill('Zara Yusuf')
    await choose(page, 'Year group', 'Year 9')
    await field(page, 'School or college').fill('Northgate Academy')
    await choose(page, 'Subjects', 'Maths')
    await choose(page, 'Subjects', 'Science')
    await choose(page, 'Level', 'Key Stage 3 (Years 7 to 9)')
    await field(page, 'What would the learner like to achieve?').fill('Feel confident with algebra and equations before starting GCSEs.')
    // The home address appears only for lessons at home.
    await expect(field(page, 'Address line 1').count()).resolves.toBe(0)
    await page.getByRole('radio', { name: /At home/ }).check()
    await field(page, 'Address line 1').fill('14 Park Row')
    await field(page, 'Town or city').fill('Leeds')
    await field(page, 'Postcode').fill('LS1 5HD')
    for (const day of ['Monday', 'Wednesday']) await section(page, 'When lessons suit').getByRole('checkbox', { name: day }).check()
    await page.getByRole('checkbox', { name: /After school/ }).check()
    await field(page, 'First date that suits').fill(inDays(14))
    await choose(page, 'How often?', 'Once a week')
    await page.getByRole('radio', { name: '1 hour', exact: true }).check()
    await field(page, 'Learning needs').fill('Zara is dyslexic and prefers instructions written down.')
    await agreeToPrivacy(page)

    const sent = submissionsFrom(page, '/api/enrolments/')
    await page.getByRole('button', { name: 'Send enrolment' }).dblclick()
    const reference = await receiptReference(page, 'Thank you, your enrolment has been received')
    expect(sent).toHaveLength(1)
    const mail = await app.mail.waitForMail(email)
    expect(mail.text).toContain(reference)
    expect(app.mail.messages.filter((message) => message.envelopeTo.includes(email))).toHaveLength(1)
    await page.close()
  })

  test('/course-enroll, opened from a course page with the course chosen', async () => {
    const email = 'sam.patel@example.org'
    const page = await app.cleanPage()
    await page.goto('/courses/gcse-maths-revision')
    const title = (await page.getByRole('heading', { level: 1 }).textContent()) ?? ''
    await page.getByRole('link', { name: 'Enrol in this course' }).click()
    await heading(page, 'Enrol in a course').waitFor()
    await expect(field(page, COURSE).inputValue()).resolves.toBe(title)

    // Only the ways this course is taught are offered.
    const modes = page.getByRole('radiogroup', { name: /How would you like to take it/ })
    expect(await modes.getByRole('radio').evaluateAll((radios) => radios.map((radio) => (radio as HTMLInputElement).value))).toEqual(['home', 'online'])
    await field(page, 'Preferred start date').fill(inDays(21))
    await modes.getByRole('radio', { name: /At home/ }).check()
    await field(page, 'Address line 1').fill('3 Mill Lane')
    await field(page, 'Town or city').fill('Bradford')
    await field(page, 'Postcode').fill('BD1 4AS')
    await fillContact(page, { name: 'Priya Patel', relationship: 'Parent', email, phone: '+44 7700 900456' })
    await field(page, 'Learner’s full name').fill('Sam Patel')
    await field(page, 'Age').fill('15')
    // Lessons in person need someone to call in an emergency.
    const emergency = section(page, 'Emergency contact')
    await emergency.getByLabel(/^Name/).fill('Ravi Patel')
    await emergency.getByLabel(/^Relationship to the learner/).fill('Father')
    await emergency.getByLabel(/^Phone/).fill('07700 900789')
    await agreeToPrivacy(page)
    await page.getByRole('checkbox', { name: /news and offers/ }).check()

    await page.getByRole('button', { name: 'Send enrolment' }).click()
    const reference = await receiptReference(page, 'Thank you, your place has been requested')
    expect(reference).toMatch(/^TEC-CRS-/)
    const mail = await app.mail.waitForMail(email)
    expect(mail.text).toContain(reference)
    await page.close()
  })

  test('/school-enroll', async () => {
    const email = 'g.okafor@hillside.example.org'
    const page = await app.cleanPage()
    await page.goto('/school-enroll')
    await heading(page, 'Enrol your school').waitFor()

    await field(page, 'School name').fill('Hillside Primary School')
    await choose(page, 'Type of school', 'Primary school')
    await field(page, 'Address line 1').fill('Hillside Road')
    await field(page, 'Town or city').fill('Leeds')
    await field(page, 'Postcode').fill('LS6 2QX')
    const main = section(page, 'Main contact')
    await main.getByLabel(/^Full name/).fill('Grace Okafor')
    await main.getByLabel(/^Role/).fill('Deputy head')
    await main.getByLabel(/^Email/).fill(email)
    await main.getByLabel(/^Phone/).fill('0113 496 0000')
    const lead = section(page, 'Designated safeguarding lead')
    await lead.getByLabel(/^Full name/).fill('Tom Reid')
    await lead.getByLabel(/^Email/).fill('t.reid@hillside.example.org')
    await choose(page, 'Subjects', 'Reading')
    await choose(page, 'Subjects', 'Maths')
    for (const year of ['Year 5', 'Year 6']) await page.getByRole('checkbox', { name: year, exact: true }).check()
    await field(page, 'About how many pupils would take part?').fill('40')
    await page.getByRole('checkbox', { name: 'In the school day' }).check()
    for (const day of ['Tuesday', 'Thursday']) await section(page, 'What you would like').getByRole('checkbox', { name: day }).check()
    await field(page, 'When would you like to start?').click()
    await page.getByRole('option').first().click()
    await agreeToPrivacy(page)

    await page.getByRole('button', { name: 'Send enrolment' }).click()
    const reference = await receiptReference(page, 'Thank you, your school’s enrolment has been received')
    expect(reference).toMatch(/^TEC-SCH-/)
    const mail = await app.mail.waitForMail(email)
    expect(mail.text).toContain(reference)
    await page.close()
  })
})

const forms = [
  { path: '/subject-enroll', title: 'Enrol in a subject', firstInvalid: /^A parent or guardian, for my child/, messages: ['Choose who is filling in this form.', 'Enter your full name.', 'Choose at least one subject.', 'Choose at least one day.', 'Tick the box to agree to how we use your information, so we can handle your enrolment.'] },
  { path: '/course-enroll', title: 'Enrol in a course', firstInvalid: COURSE, messages: ['Choose a course.', 'Choose the first date that suits you.', 'Choose your relationship to the learner.', 'Enter the learner’s full name.', 'Tick the box to agree to how we use your information, so we can handle your enrolment.'] },
  { path: '/school-enroll', title: 'Enrol your school', firstInvalid: /^School name/, messages: ['Enter the school’s name.', 'Enter the main contact’s role, such as Deputy head.', 'Enter the designated safeguarding lead’s name.', 'Choose at least one year group.', 'Choose the term you would like to start.'] },
] as const

describe('an empty submit shows a message per field, and the forms stay accessible', () => {
  test.each(forms)('$path', async ({ path, title, firstInvalid, messages }) => {
    for (const width of [360, 1280]) {
      const page = await app.cleanPage({ width, height: 800 })
      await page.goto(path)
      await heading(page, title).waitFor()
      expect(await axeSummary(page), `${path} empty at ${width}px`).toEqual([])
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      expect(overflow, `${path} at ${width}px scrolls sideways`).toBeLessThanOrEqual(0)

      await page.getByRole('button', { name: 'Send enrolment' }).click()
      for (const message of messages) await page.getByText(message, { exact: true }).waitFor()
      // Focus lands on the first field with a message.
      const first = page.getByLabel(firstInvalid).first()
      await expect.poll(() => first.evaluate((node) => node === document.activeElement)).toBe(true)
      expect(await axeSummary(page), `${path} with errors at ${width}px`).toEqual([])
      await page.close()
    }
  })
})
