import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { appAtRest, demo, openInApp, startTestApp, type TestApp } from './support/app.ts'
import { expectAccessible, signIn } from './support/staff.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app?.stop()
})

const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000).toISOString().slice(0, 10)

const tutorApplicant = { name: 'Ruth Okafor', email: 'ruth.okafor@example.org' }
const tutorApplication = {
  personal: { name: tutorApplicant.name, email: tutorApplicant.email, phone: '07700 900222', postcode: 'M1 1AE' },
  teaching: {
    subjects: ['Maths'],
    levels: ['gcse', 'a_level'],
    highestQualification: 'postgraduate',
    qualifiedTeacher: true,
    qualifications: 'MSc Mathematics; PGCE Secondary Maths.',
    experienceYears: 6,
    experience: 'Six years teaching maths in a comprehensive school, and two years of private tutoring.',
  },
  delivery: { modes: ['online'] },
  availability: { days: ['monday', 'saturday'], times: ['evening'], hoursPerWeek: 6 },
  backgroundCheck: { hasEnhancedCheck: true, consentToCheck: true },
  referees: [
    { name: 'Alan Reid', relationship: 'Head of maths at my school', email: 'alan.reid@school.example', phone: '0161 496 0000' },
    { name: 'Beth Moss', relationship: 'Former line manager', email: 'beth.moss@school.example', phone: '0161 496 0001' },
  ],
  personalStatement: 'I love seeing a student realise they can do maths after all. I plan lessons around what each student finds hard.',
  privacyConsent: true,
}

function subjectEnrolment(student: string, contactEmail: string) {
  return {
    applicantType: 'parent_guardian',
    contact: { name: 'Priya Patel', relationship: 'parent', email: contactEmail, phone: '+44 7700 900111', preferredContact: 'email' },
    student: { name: student, yearGroup: 'year_10', school: 'Northfield Academy' },
    subjects: ['Maths'],
    level: 'gcse',
    goals: 'Build confidence with algebra before the mock exams.',
    deliveryMode: 'online',
    availability: { days: ['tuesday'], times: ['after_school'], startDate: inDays(14), frequency: 'weekly', lessonMinutes: 60 },
    privacyConsent: true,
  }
}

async function send(path: string, body: unknown): Promise<string> {
  const response = await fetch(`${app.baseUrl}/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(201)
  return ((await response.json()) as { reference: string }).reference
}

/** Finds a registration by search in the inbox and opens it. */
async function openFromInbox(page: Page, search: string, name: string) {
  await openInApp(page, '/admin/registrations')
  await page.getByRole('searchbox', { name: 'Search registrations' }).fill(search)
  await page.waitForURL((url) => url.searchParams.get('q') === search)
  // The address changes before the list it asks for is shown: a click on the list as it is replaced would be lost.
  await appAtRest(page)
  await page.getByRole('link', { name, exact: true }).click()
  try {
    await page.getByRole('heading', { name, level: 1 }).waitFor({ timeout: 10_000 })
  } catch (error) {
    // Say what the page showed instead, so a failure here can be told apart from a slow server.
    throw new Error(`${name} did not open at ${page.url()}; the page said: ${await page.locator('body').innerText()}`, { cause: error })
  }
}

/** The set-password mail (not the confirmation the form sent earlier) and its link. */
async function setPasswordLink(email: string): Promise<string> {
  const find = () =>
    app.mail.messages
      .filter((mail) => mail.envelopeTo.includes(email))
      .map((mail) => /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]{43}&welcome=1/.exec(mail.text ?? '')?.[0])
      .find((link) => link !== undefined)
  await expect.poll(find, { timeout: 20_000, interval: 50, message: `No set-password mail reached ${email}` }).toBeDefined()
  return find()!
}

describe('the registrations inbox', () => {
  const enrolled = { student: 'Maya Lindqvist', email: 'priya.lindqvist@example.org' }
  const refused = { student: 'Oscar Pennington', email: 'june.pennington@example.org' }
  let tutorReference = ''

  beforeAll(async () => {
    tutorReference = await send('/tutor-applications', tutorApplication)
    await send('/enrolments/subject', subjectEnrolment(enrolled.student, enrolled.email))
    await send('/enrolments/subject', subjectEnrolment(refused.student, refused.email))
  })

  test('axe finds no violations on the inbox and a detail page, at 360 px and on a desktop', async () => {
    for (const width of [360, 1280]) {
      const page = await app.signedInPage(demo.admin, { width, at: '/admin/registrations' })
      try {
        await page.getByRole('link', { name: tutorApplicant.name, exact: true }).waitFor()
        await expectAccessible(page, `the inbox at ${width}px`)
        await page.getByRole('link', { name: tutorApplicant.name, exact: true }).click()
        await page.getByRole('heading', { name: tutorApplicant.name, level: 1 }).waitFor()
        await expectAccessible(page, `a registration at ${width}px`)
        await page.getByRole('button', { name: 'Reject' }).click()
        const dialog = page.getByRole('dialog', { name: 'Reject this registration?' })
        await dialog.waitFor()
        // Measured once it has faded in: half-transparent text would fail the contrast check.
        await expect.poll(() => dialog.evaluate((element) => getComputedStyle(element).opacity)).toBe('1')
        await expectAccessible(page, `the reject dialog at ${width}px`)
      } finally {
        await page.close()
      }
    }
  })

  test('the admin accepts a tutor application by reference; the tutor sets a password and signs in', async () => {
    const page = await app.signedInPage(demo.admin)
    await openFromInbox(page, tutorReference, tutorApplicant.name)
    await page.getByText('Qualified teacher status').waitFor()

    await page.getByRole('button', { name: 'Start review' }).click()
    await page.getByText('Review started').waitFor()
    await page.getByText('Ada Admin moved it from New to In review').waitFor()

    await page.getByRole('button', { name: 'Accept', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Accept this tutor application?' })
    await dialog.getByText(/emails them a link to set their password/).waitFor()
    await dialog.getByRole('button', { name: 'Accept and send the email' }).click()
    await page.getByText(/set-password email is on its way/).waitFor()
    await page.getByText('Ada Admin accepted it').waitFor()
    await page.getByRole('heading', { name: 'Created from this registration' }).waitFor()

    const link = await setPasswordLink(tutorApplicant.email)
    expect(link.startsWith(app.baseUrl)).toBe(true)
    const tutorPage = await app.newPage()
    await tutorPage.goto(link)
    await tutorPage.getByRole('heading', { name: 'Choose your password' }).waitFor()
    // The page takes the token out of the address as soon as it reads it.
    await expect.poll(() => new URL(tutorPage.url()).searchParams.has('token')).toBe(false)
    const password = 'Heron-Quarry-Lantern-58'
    await tutorPage.getByRole('textbox', { name: 'New password', exact: true }).fill(password)
    await tutorPage.getByRole('textbox', { name: 'Confirm new password' }).fill(password)
    await tutorPage.getByRole('button', { name: 'Save the password' }).click()
    await tutorPage.getByRole('heading', { name: 'Your password is set' }).waitFor()
    await tutorPage.getByRole('link', { name: 'Sign in' }).click()
    await tutorPage.waitForURL((url) => url.pathname === '/login')
    await signIn(tutorPage, { email: tutorApplicant.email, password }, '/tutor')

    // A tutor is sent away from the inbox.
    await tutorPage.goto('/admin/registrations?status=new')
    await tutorPage.waitForURL(`${app.baseUrl}/tutor`)
    await tutorPage.context().close()
    await page.close()
  })

  test('finds a submission of each kind by its reference, its email or its name, and opens it', async () => {
    const year = new Date().getUTCFullYear() + 1
    const course = {
      courseId: 'gcse-maths-revision',
      startDate: inDays(21),
      deliveryMode: 'online',
      contact: { name: 'Mark Owens', relationship: 'guardian', email: 'mark.owens@example.org', phone: '0113 496 0000', preferredContact: 'phone' },
      student: { name: 'Leo Owens', age: 15, yearGroup: 'year_11' },
      privacyConsent: true,
    }
    const school = {
      school: { name: 'Harbourside Primary School', type: 'primary', address: { line1: '1 School Lane', town: 'Bristol', postcode: 'BS1 4DJ' } },
      mainContact: { name: 'Helen Carter', role: 'Deputy head', email: 'helen.carter@harbourside.example', phone: '0117 496 0123' },
      safeguardingLead: { name: 'Tom Reid', email: 'tom.reid@harbourside.example' },
      subjects: ['Reading', 'Maths'],
      yearGroups: ['year_5', 'year_6'],
      pupilCount: 40,
      delivery: ['school_day'],
      preferredDays: ['monday'],
      startTerm: 'spring',
      startYear: year,
      privacyConsent: true,
    }
    const courseReference = await send('/enrolments/course', course)
    const schoolReference = await send('/enrolments/school', school)

    const page = await app.signedInPage(demo.admin)
    for (const [search, name] of [
      [courseReference, 'Leo Owens'],
      ['helen.carter@harbourside.example', 'Harbourside Primary School'],
      [tutorReference, tutorApplicant.name],
      [enrolled.student, enrolled.student],
      [schoolReference, 'Harbourside Primary School'],
    ] as const) {
      await openFromInbox(page, search, name)
    }
    await page.close()
  })

  test('accepting an enrolment makes the student, whose page links back to the registration', async () => {
    const page = await app.signedInPage(demo.admin)
    await openFromInbox(page, enrolled.email, enrolled.student)
    await page.getByRole('button', { name: 'Accept', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Accept this enrolment?' })
    await dialog.getByRole('checkbox', { name: `Email ${enrolled.email} to say it was accepted` }).waitFor()
    await dialog.getByRole('button', { name: 'Accept', exact: true }).click()
    await page.getByText('Accepted. The learner has been added.').waitFor()

    await page.getByRole('link', { name: enrolled.student, exact: true }).click()
    await page.waitForURL((url) => url.pathname.startsWith('/admin/students/'))
    await page.getByRole('heading', { name: enrolled.student, level: 1 }).waitFor()
    await page.getByText('Waiting for a tutor').first().waitFor()
    await page.getByRole('link', { name: /^TEC-SUB-/ }).waitFor()
    await page.getByText('Added by Ada Admin').waitFor()

    // The student list works from the navigation too, with ?tab=all from older links.
    await openInApp(page, '/admin/students?tab=all')
    await page.getByRole('row').filter({ hasText: enrolled.student }).getByRole('link', { name: /^TEC-SUB-/ }).waitFor()
    expect(new URL(page.url()).search).toBe('?tab=all')
    await page.close()
  })

  test('rejecting needs a reason, which the history then shows', async () => {
    const page = await app.signedInPage(demo.admin)
    await openFromInbox(page, refused.student.split(' ')[1]!, refused.student)
    await page.getByRole('button', { name: 'Reject' }).click()
    const dialog = page.getByRole('dialog', { name: 'Reject this registration?' })
    await dialog.getByRole('button', { name: 'Reject' }).click()
    await dialog.getByText('Enter a reason; it is kept in the history.').waitFor()
    const reason = 'We have no online maths tutor free on Tuesdays this term.'
    await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason)
    await dialog.getByRole('checkbox', { name: `Email ${refused.email} the reason` }).check()
    await dialog.getByRole('button', { name: 'Reject' }).click()
    await page.getByText('Registration rejected').first().waitFor()
    await page.getByText('Ada Admin moved it from New to Rejected').waitFor()
    await page.getByText(reason).waitFor()
    await page.getByText('Emailed to the person').last().waitFor()

    await page.getByRole('textbox', { name: 'Add a note' }).fill('Offer a place next term if a tutor becomes free.')
    await page.getByRole('button', { name: 'Add note' }).click()
    await page.getByText('Note added').waitFor()
    await page.getByText('Offer a place next term if a tutor becomes free.').waitFor()
    await page.close()
  })

  test('filters and sort live in the address and survive a reload', async () => {
    const page = await app.signedInPage(demo.admin, { at: '/admin/registrations' })
    // The radios themselves are hidden behind their labels, which people click.
    await page.getByRole('radiogroup', { name: 'Type' }).getByText('Tutor', { exact: true }).click()
    await page.waitForURL((url) => url.searchParams.get('type') === 'tutor')
    await page.getByRole('radiogroup', { name: 'Status' }).getByText(/^Accepted \(\d+\)$/).click()
    await page.waitForURL((url) => url.searchParams.get('status') === 'accepted')
    await page.getByRole('button', { name: /^Name/ }).click()
    await page.waitForURL((url) => url.searchParams.get('sort') === 'name')
    await page.getByRole('link', { name: tutorApplicant.name, exact: true }).waitFor()

    await page.reload()
    await page.getByRole('link', { name: tutorApplicant.name, exact: true }).waitFor()
    await expect(page.getByRole('radio', { name: 'Tutor' }).isChecked()).resolves.toBe(true)
    await expect(page.getByRole('radio', { name: /^Accepted \(\d+\)$/ }).isChecked()).resolves.toBe(true)
    await expect(page.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).resolves.toBe('ascending')
    // Nothing but tutor applications that were accepted.
    await expect(page.getByRole('link', { name: 'Maya Lindqvist' }).count()).resolves.toBe(0)

    // The side navigation marks Registrations as the current section, and not the Dashboard above it.
    const navigation = page.getByRole('navigation', { name: /navigation/ })
    await expect(navigation.getByRole('link', { name: 'Registrations' }).getAttribute('aria-current')).resolves.toBe('page')
    await expect(navigation.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).resolves.toBeNull()
    await page.close()
  })
})
