import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { londonDay, longLessonDay, shiftDay } from '../../shared/lesson-time.ts'
import { appAtRest, demo, openInApp, startTestApp, type TestApp } from './support/app.ts'
import { expectAccessible, PHONE_AND_DESKTOP } from './support/staff.ts'

/**
 * The office's whole path from two forms to a learner being taught, as staff do it: accept a tutor application, find
 * the tutor under /admin/tutors and record their safeguarding check, accept a subject enrolment, place the learner
 * with that tutor from the suggestions (whose reasons show), and both mails arrive through SMTP; then move and end
 * the placement, and read it all in the histories.
 */
let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app?.stop()
})

/** The first day of this weekday (0 Sunday … 6 Saturday) at least a week after London's today, as a date and in words. */
function firstWeekdayFromNextWeek(weekday: number): { iso: string; words: string } {
  let candidate = shiftDay(londonDay(new Date()), 7)
  while (new Date(`${candidate}T12:00:00Z`).getUTCDay() !== weekday) candidate = shiftDay(candidate, 1)
  return { iso: candidate, words: longLessonDay(candidate) }
}

const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000).toISOString().slice(0, 10)
const tutor = { name: 'Nadia Farouk', email: 'nadia.farouk@example.org' }
const learner = { name: 'Tomasz Nowak', contact: 'Ewa Nowak', email: 'ewa.nowak@example.org' }

const application = {
  personal: { name: tutor.name, email: tutor.email, phone: '07700 900333', postcode: 'LS6 3AB' },
  teaching: {
    subjects: ['Maths'],
    levels: ['gcse'],
    highestQualification: 'degree',
    qualifiedTeacher: false,
    qualifications: 'BSc Mathematics.',
    experienceYears: 3,
    experience: 'Three years of tutoring GCSE maths online and at home.',
  },
  delivery: { modes: ['online', 'home'], travelArea: 'Headingley', maxTravelMiles: 4 },
  availability: { days: ['tuesday', 'thursday'], times: ['after_school'], hoursPerWeek: 8 },
  backgroundCheck: { hasEnhancedCheck: true, consentToCheck: true },
  referees: [
    { name: 'Ian Shaw', relationship: 'Head of maths', email: 'ian.shaw@school.example', phone: '0113 496 0100' },
    { name: 'Joy Lam', relationship: 'Former manager', email: 'joy.lam@school.example', phone: '0113 496 0101' },
  ],
  personalStatement: 'I enjoy helping students who think they are bad at maths find out that they are not.',
  privacyConsent: true,
}

const enrolment = {
  applicantType: 'parent_guardian',
  contact: { name: learner.contact, relationship: 'parent', email: learner.email, phone: '07700 900444', preferredContact: 'email' },
  student: { name: learner.name, yearGroup: 'year_10', school: 'Leeds West Academy' },
  subjects: ['Maths'],
  level: 'gcse',
  goals: 'A grade 5 in the mocks.',
  deliveryMode: 'online',
  availability: { days: ['tuesday'], times: ['after_school'], startDate: inDays(14), frequency: 'weekly', lessonMinutes: 60 },
  privacyConsent: true,
}

async function send(path: string, body: unknown): Promise<string> {
  const response = await fetch(`${app.baseUrl}/api${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(201)
  return ((await response.json()) as { reference: string }).reference
}

/** The mail to `to` whose subject is `subject`, once it has come through SMTP. */
async function mailTo(to: string, subject: string) {
  await expect.poll(() => app.mail.messages.some((mail) => mail.envelopeTo.includes(to) && mail.subject === subject), { timeout: 20_000 }).toBe(true)
  return app.mail.messages.find((mail) => mail.envelopeTo.includes(to) && mail.subject === subject)!
}

async function openRegistration(page: Page, search: string, name: string) {
  await openInApp(page, `/admin/registrations?q=${encodeURIComponent(search)}`)
  await page.getByRole('link', { name, exact: true }).click()
  await page.getByRole('heading', { name, level: 1 }).waitFor()
}

describe('placing a learner with a tutor', () => {
  let tutorReference = ''
  beforeAll(async () => {
    tutorReference = await send('/tutor-applications', application)
    await send('/enrolments/subject', enrolment)
  })

  test('from an accepted application and an accepted enrolment to a placement, with both mails through SMTP', async () => {
    const page = await app.signedInPage(demo.admin)

    await openRegistration(page, tutorReference, tutor.name)
    await page.getByRole('button', { name: 'Accept', exact: true }).click()
    await page.getByRole('dialog', { name: 'Accept this tutor application?' }).getByRole('button', { name: 'Accept and send the email' }).click()
    await page.getByText(/set-password email is on its way/).waitFor()

    await page.getByRole('navigation').first().getByRole('link', { name: 'Tutors' }).click()
    await page.getByRole('searchbox', { name: 'Search tutors' }).fill('Farouk')
    await page.getByRole('link', { name: tutor.name }).click()
    await page.getByRole('heading', { name: tutor.name, level: 1 }).waitFor()
    await page.getByRole('button', { name: 'Record a check' }).click()
    const check = page.getByRole('dialog', { name: `Record a safeguarding check for ${tutor.name}` })
    await check.getByRole('textbox', { name: 'Certificate number' }).fill('001122334455')
    await check.getByLabel('Issued on').fill(inDays(-200))
    await check.getByLabel('Renew by').fill(inDays(900))
    await check.getByRole('button', { name: 'Record the check' }).click()
    await check.waitFor({ state: 'hidden' })
    const learnersPlaced = page.getByRole('region', { name: 'Learners placed' })
    await learnersPlaced.getByText(/No learners are placed with this tutor yet/).waitFor()

    await openRegistration(page, learner.email, learner.name)
    await page.getByRole('button', { name: 'Accept', exact: true }).click()
    await page.getByRole('dialog', { name: 'Accept this enrolment?' }).getByRole('button', { name: 'Accept', exact: true }).click()
    await page.getByText('Accepted. The learner has been added.').waitFor()
    await page.getByRole('link', { name: learner.name, exact: true }).click()
    await page.getByRole('heading', { name: learner.name, level: 1 }).waitFor()
    await page.getByText(`${learner.name} is waiting for a tutor.`, { exact: false }).waitFor()

    await page.getByRole('link', { name: 'Place with a tutor' }).click()
    await page.getByRole('heading', { name: `Place ${learner.name} with a tutor`, level: 1 }).waitFor()
    const suggestion = page.getByRole('listitem', { name: tutor.name })
    await suggestion.getByText('Teaches Maths').waitFor()
    await suggestion.getByText('Teaches GCSE', { exact: false }).waitFor()
    await suggestion.getByText('Online lessons: the area does not matter').waitFor()
    await suggestion.getByText('Both free: Tuesday, after school').waitFor()
    await suggestion.getByText('Fit 100/100').waitFor()
    await expectAccessible(page, 'the place-with-a-tutor page', PHONE_AND_DESKTOP)
    // Nadia offers 8 hours a week and teaches nobody yet.
    await suggestion.getByText('Offers 8 hours a week · no learners placed yet').waitFor()
    await page.getByRole('textbox', { name: 'Notes for the tutor' }).fill('Tomasz would like to start with algebra.')
    await suggestion.getByRole('button', { name: `Place with ${tutor.name}` }).click()

    // Both are free on Tuesdays after school: the first Tuesday a week or more ahead, at 16:00; both mails read first.
    const dialog = page.getByRole('dialog', { name: `Place ${learner.name} with ${tutor.name}` })
    const tuesday = firstWeekdayFromNextWeek(2)
    expect(await dialog.getByLabel('First lesson').inputValue()).toBe(tuesday.iso)
    expect(await dialog.getByLabel('Time').inputValue()).toBe('16:00')
    await dialog.getByText(`Proposed for a time both said they are free: ${tuesday.words} at 16:00.`).waitFor()
    const tutorPreview = dialog.getByRole('article', { name: `The mail to ${tutor.name}` })
    await tutorPreview.getByText(`First lesson: ${tuesday.words} at 16:00`, { exact: false }).waitFor()
    await tutorPreview.getByText('From the office: Tomasz would like to start with algebra.', { exact: false }).waitFor()
    const contactPreview = dialog.getByRole('article', { name: `The mail to ${learner.name}'s contact` })
    await contactPreview.getByText(`To ${learner.email}`).waitFor()
    await expectAccessible(page, 'the placing dialog with both mails', PHONE_AND_DESKTOP)
    // A later time changes what both mails say before they are sent.
    await dialog.getByLabel('Time').fill('16:30')
    await contactPreview.getByText(`First lesson: ${tuesday.words} at 16:30`, { exact: false }).waitFor()
    await dialog.getByRole('button', { name: 'Place and send both mails' }).click()

    await page.getByRole('heading', { name: learner.name, level: 1 }).waitFor()
    await page.getByText(`${learner.name} is placed with ${tutor.name}`).waitFor()
    const tutors = page.getByRole('region', { name: 'Tutors' })
    await tutors.getByRole('link', { name: tutor.name }).waitFor()
    await page.getByRole('region', { name: 'History' }).getByText('Placed with a tutor').waitFor()
    await expectAccessible(page, 'a learner with a placement', PHONE_AND_DESKTOP)

    const tutorMail = await mailTo(tutor.email, `New learner: ${learner.name} (Maths)`)
    expect(tutorMail.text).toContain('From the office: Tomasz would like to start with algebra.')
    expect(tutorMail.text).toContain(`First lesson: ${tuesday.words} at 16:30`)
    const contactMail = await mailTo(learner.email, `Your tutor for Maths: ${tutor.name}`)
    expect(contactMail.text).toContain(`We have found a tutor for ${learner.name}: ${tutor.name} will teach Maths.`)

    await tutors.getByRole('link', { name: tutor.name }).click()
    await page.getByRole('heading', { name: tutor.name, level: 1 }).waitFor()
    await learnersPlaced.getByRole('link', { name: learner.name }).waitFor()
    await expectAccessible(page, 'a tutor with a learner placed', PHONE_AND_DESKTOP)
    await page.close()
  })

  test('placing Ellie, free on Mondays only, proposes a Monday with Efua, who is free then too', async () => {
    const page = await app.signedInPage(demo.admin, { at: `/admin/students?q=Ellie` })
    await page.getByRole('link', { name: 'Ellie Robinson' }).click()
    await page.getByRole('heading', { name: 'Ellie Robinson', level: 1 }).waitFor()
    await page.getByRole('link', { name: 'Place with a tutor' }).click()
    const efua = page.getByRole('listitem', { name: 'Efua Mensah' })
    await efua.getByText('Both free: Monday, after school').waitFor()
    // Efua offers 10 hours a week; the demo places Amira and a school's reading group with her.
    await efua.getByText(/^Offers 10 hours a week · \d+ learners placed, about [\d.]+ hours a week/).waitFor()
    await efua.getByRole('button', { name: 'Place with Efua Mensah' }).click()
    const dialog = page.getByRole('dialog', { name: 'Place Ellie Robinson with Efua Mensah' })
    const monday = firstWeekdayFromNextWeek(1)
    expect(await dialog.getByLabel('First lesson').inputValue()).toBe(monday.iso)
    await dialog.getByText(`Proposed for a time both said they are free: ${monday.words} at 16:00.`).waitFor()
    await dialog.getByRole('article', { name: "The mail to Ellie Robinson's contact" }).getByText(`First lesson: ${monday.words} at 16:00`, { exact: false }).waitFor()
    // Leaving without placing sends nothing.
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'hidden' })
    expect(app.mail.messages.some((mail) => mail.envelopeTo.includes('kate.robinson@example.org'))).toBe(false)
    await page.close()
  })

  test('a placement moves to another tutor and then ends with a reason; the histories and the tutors’ pages say so', async () => {
    const page = await app.signedInPage(demo.admin, { at: `/admin/students?q=${encodeURIComponent(learner.name)}` })
    await page.getByRole('link', { name: learner.name }).click()
    await page.getByRole('heading', { name: learner.name, level: 1 }).waitFor()
    const tutors = page.getByRole('region', { name: 'Tutors' })
    const history = page.getByRole('region', { name: 'History' })

    // Tom Tutor, of the demo data, teaches maths online with a current check.
    await tutors.getByRole('button', { name: `Move ${learner.name}'s Maths to another tutor` }).click()
    const moving = page.getByRole('dialog', { name: `Move ${learner.name}'s Maths to another tutor` })
    await moving.getByRole('button', { name: 'Move the placement' }).click()
    await moving.getByText('Choose the new tutor.').waitFor()
    await expectAccessible(page, 'the move dialog with its errors', PHONE_AND_DESKTOP)
    await moving.getByRole('combobox', { name: 'New tutor' }).click()
    await page.getByRole('option', { name: /^Tom Tutor \(fit \d+\/100\)$/ }).click()
    await moving.getByRole('textbox', { name: 'Reason' }).fill('Tom can teach on Thursdays too.')
    await moving.getByRole('button', { name: 'Move the placement' }).click()
    await moving.waitFor({ state: 'hidden' })
    await tutors.getByText('To Tom Tutor').waitFor()
    await tutors.getByRole('link', { name: 'Tom Tutor' }).waitFor()
    await history.getByText('Moved to another tutor').waitFor()
    await mailTo(tutor.email, `Placement ended: ${learner.name} (Maths)`)
    await mailTo(demo.tutor.email, `New learner: ${learner.name} (Maths)`)
    await mailTo(learner.email, `Your tutor for Maths: Tom Tutor`)

    // The move has settled on the page (the placements it refetches are back) before the next dialog opens: a clean
    // clone's run once clicked 'End the placement' while the page was still changing, and no message came.
    await appAtRest(page)
    await tutors.getByRole('button', { name: `End ${learner.name}'s Maths with Tom Tutor` }).click()
    const dialog = page.getByRole('dialog', { name: `End ${learner.name}'s Maths with Tom Tutor?` })
    await dialog.getByRole('button', { name: 'End the placement' }).click()
    await dialog.getByText('Say why, for the history.').waitFor()
    await expectAccessible(page, 'the end-a-placement dialog with its error', PHONE_AND_DESKTOP)
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('The family moved away.')
    await dialog.getByRole('button', { name: 'End the placement' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await tutors.getByText('Ended', { exact: true }).waitFor()
    await tutors.getByText('The family moved away.').waitFor()
    await history.getByText(/The family moved away\./).waitFor()
    await mailTo(demo.tutor.email, `Placement ended: ${learner.name} (Maths)`)

    // The first tutor's page keeps the moved placement, with where it went.
    await tutors.getByRole('link', { name: tutor.name }).click()
    await page.getByRole('heading', { name: tutor.name, level: 1 }).waitFor()
    const placed = page.getByRole('region', { name: 'Learners placed' })
    await placed.getByText('Moved', { exact: true }).waitFor()
    await placed.getByText('To Tom Tutor').waitFor()
    await page.close()
  })
})
