import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import ICAL from 'ical.js'
import { lessonInstant, londonDay, longLessonDay, shiftDay } from '../../shared/lesson-time.ts'
import type { components } from '../../src/api/schema.gen.ts'
import { demo, openInApp, startTestApp, type TestApp } from './support/app.ts'
import { expectAccessible, PHONE_AND_DESKTOP, signIn } from './support/staff.ts'

/**
 * A week of a tutor's work and the office's review, as both do it in the browser: the demo tutor plans a weekly series
 * for a placed learner, finds the past lesson under "to do", writes its report with a safeguarding concern, reloads
 * half-way and finds the draft, sends it; the office returns it with a comment (mailed through SMTP), the tutor
 * changes it and sends it again, the office approves; the concern reached only the office's list and the safeguarding
 * leads' mail; the figures count the lesson; another tutor sees none of it, on screen or through the API.
 */
type Schemas = components['schemas']

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app?.stop()
})

const LEARNER = 'Jacob Fielding'
const CONCERN = 'He said he is often alone at home overnight.'
const today = () => londonDay(new Date())
/** The first lesson of the series: a fortnight ago, early, so it meets no demo lesson. */
const firstDay = () => shiftDay(today(), -14)

async function api<T>(path: string, token: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(`${app.baseUrl}/api${path}`, { ...init, headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, ...init.headers } })
  return { status: response.status, body: (await response.json()) as T }
}

async function deliveredIn(page: Page): Promise<number> {
  await openInApp(page, `/admin/reports/figures?from=${shiftDay(today(), -30)}&to=${today()}`)
  const total = page.getByRole('region', { name: 'In total' }).getByRole('listitem').filter({ hasText: /lessons? delivered/ })
  await total.waitFor()
  return Number(/^[\d,]+/.exec((await total.textContent()) ?? '')?.[0].replaceAll(',', ''))
}

describe('lessons and reports', () => {
  let lessonUrl = ''
  let deliveredBefore = 0

  test('the demo tutor plans a weekly series, and the lesson already taught waits under “to do”', async () => {
    const office = await app.signedInPage(demo.admin)
    deliveredBefore = await deliveredIn(office)
    await office.close()

    const page = await app.signedInPage(demo.tutor, { lands: '/tutor' })
    await page.getByRole('navigation').first().getByRole('link', { name: 'Learners' }).click()
    await page.getByRole('heading', { name: 'Learners', level: 1 }).waitFor()
    await expectAccessible(page, 'the tutor’s learners', PHONE_AND_DESKTOP)
    await page.getByRole('link', { name: LEARNER }).click()
    await page.getByRole('heading', { name: LEARNER, level: 1 }).waitFor()
    await expectAccessible(page, 'a learner’s page for their tutor', PHONE_AND_DESKTOP)

    await page.getByRole('button', { name: `Plan lessons: Maths with ${LEARNER}` }).click()
    const plan = page.getByRole('dialog', { name: `Plan Maths lessons with ${LEARNER}` })
    await plan.getByLabel(/^(First lesson|Day)\b/).fill(firstDay())
    await plan.getByLabel('Start time').fill('07:00')
    await plan.getByRole('radio', { name: 'Weekly, a number of times' }).check()
    await plan.getByRole('textbox', { name: 'Number of lessons' }).fill('4')
    await expectAccessible(page, 'the plan lessons dialog', PHONE_AND_DESKTOP)
    await plan.getByRole('button', { name: 'Plan', exact: true }).click()
    await page.getByText('The lessons are planned').waitFor()
    await expect.poll(() => page.getByRole('list', { name: 'Coming lessons' }).getByRole('listitem').count()).toBeGreaterThanOrEqual(2)

    // Planning the same time again is refused, naming the lesson it meets.
    await page.getByRole('button', { name: `Plan lessons: Maths with ${LEARNER}` }).click()
    await plan.getByLabel(/^Day\b/).fill(firstDay())
    await plan.getByLabel('Start time').fill('07:30')
    await plan.getByRole('button', { name: 'Plan', exact: true }).click()
    await plan.getByRole('alert').getByText(/You already have a lesson on .* at 07:00 with Jacob Fielding \(Maths\)/).waitFor()
    await plan.getByRole('button', { name: 'Cancel' }).click()

    await page.getByRole('navigation').first().getByRole('link', { name: 'Dashboard' }).click()
    const toDo = page.getByRole('list', { name: 'Lessons awaiting a report' })
    const overdue = toDo.getByRole('listitem').filter({ hasText: LEARNER }).filter({ hasText: 'Overdue' }).first()
    await overdue.waitFor()
    await expectAccessible(page, 'the tutor’s dashboard', PHONE_AND_DESKTOP)
    await page.getByRole('navigation').first().getByRole('link', { name: 'Reports' }).click()
    await page.getByRole('list', { name: 'Reports to write' }).getByRole('listitem').filter({ hasText: LEARNER }).first().waitFor()
    await expectAccessible(page, 'the tutor’s reports', PHONE_AND_DESKTOP)
    await page.getByRole('navigation').first().getByRole('link', { name: 'Dashboard' }).click()
    await overdue.getByRole('link').click()
    await page.getByRole('heading', { name: `Maths with ${LEARNER}`, level: 1 }).waitFor()
    lessonUrl = new URL(page.url()).pathname
    expect(lessonUrl).toMatch(/^\/tutor\/reports\/[0-9a-f-]{36}$/)
    await page.close()
  })

  test('on a phone, the tutor’s home opens on the next lesson; a calendar address they make lists the coming lesson, and loses it once cancelled', async () => {
    const page = await app.signedInPage(demo.tutor, { lands: '/tutor', width: 360 })
    // The home opens on what is next: the first section is the next lesson, with a tap to call the learner's contact.
    const token = await app.apiToken(demo.tutor)
    const overview = (await (await fetch(`${app.baseUrl}/api/tutor/overview`, { headers: { Authorization: `Bearer ${token}` } })).json()) as Schemas['TutorOverview']
    const next = overview.coming.find(({ lesson }) => lesson.status !== 'cancelled')
    expect(next).toBeDefined()
    const first = page.getByRole('main').locator('section').first()
    await first.getByRole('heading', { name: 'Next lesson', level: 2 }).waitFor()
    await first.getByRole('link', { name: `${next?.lesson.subject} with ${next?.lesson.learners.map((learner) => learner.name).join(' and ')}` }).waitFor()
    expect(await first.getByRole('heading', { level: 3 }).first().textContent()).toContain(next?.lesson.startTime)
    const call = first.getByRole('link', { name: `Call ${next?.contacts[0]?.name}` })
    expect(await call.getAttribute('href')).toMatch(/^tel:\+?\d+$/)

    await openInApp(page, '/tutor/settings')
    await page.getByRole('heading', { name: 'Your lessons in your phone’s calendar' }).waitFor()
    await page.getByRole('button', { name: 'Make my calendar address' }).click()
    const address = await page.getByRole('textbox', { name: 'Calendar address' }).inputValue()
    expect(address).toMatch(/\/api\/calendar-feeds\/[A-Za-z0-9_-]{43}$/)
    await expectAccessible(page, 'the tutor’s settings with a new calendar address', PHONE_AND_DESKTOP)

    // What a phone's calendar would read at that address, parsed by an independent iCalendar parser.
    const coming = shiftDay(firstDay(), 21)
    const lessonOn = async (day: string) => {
      const answer = await fetch(`${app.baseUrl}${new URL(address).pathname}`)
      expect(answer.status).toBe(200)
      const calendar = new ICAL.Component(ICAL.parse(await answer.text()) as unknown[])
      return calendar
        .getAllSubcomponents('vevent')
        .map((component) => new ICAL.Event(component))
        .find((event) => event.summary === 'Maths with Jacob' && londonDay(event.startDate.toJSDate()) === day)
    }
    const listed = await lessonOn(coming)
    expect(listed?.startDate.toJSDate().toISOString()).toBe(lessonInstant(coming, '07:00').toISOString())
    expect(listed?.location).not.toContain('Fielding')

    const lessonId = listed?.uid.split('@')[0] ?? ''
    await openInApp(page, `/tutor/reports/${lessonId}`)
    await page.getByRole('button', { name: 'Cancel lesson' }).click()
    const cancel = page.getByRole('dialog', { name: /^Cancel the lesson with / })
    await cancel.getByRole('combobox', { name: 'Cancelled by' }).click()
    await page.getByRole('option', { name: 'Family' }).click()
    await cancel.getByRole('textbox', { name: 'Reason' }).fill('Away that week.')
    await cancel.getByRole('button', { name: 'Cancel the lesson' }).click()
    await page.getByText('The lesson is cancelled').waitFor()
    expect(await lessonOn(coming)).toBeUndefined()
    // Jacob's father is told of the cancellation.
    const told = await app.mail.waitForMail('mark.fielding@example.org', { timeout: 20_000, subject: /^Cancelled: Maths on / })
    expect(told.text).toContain('is cancelled (cancelled by the family).')
    await page.close()
  })

  test('the tutor writes the report with a concern, reloads half-way and finds the draft, then sends it', async () => {
    const page = await app.signedInPage(demo.tutor, { lands: '/tutor' })
    await openInApp(page, lessonUrl)
    await page.getByRole('heading', { name: 'Write the report' }).waitFor()
    await page.getByRole('radiogroup', { name: LEARNER }).getByRole('radio', { name: 'Present' }).check()
    await page.getByRole('textbox', { name: 'What the lesson covered' }).fill('Simultaneous equations by elimination.')
    await page.getByRole('checkbox', { name: 'I have a safeguarding concern about this lesson' }).check()
    await page.getByRole('combobox', { name: 'How urgent is it?' }).click()
    await page.getByRole('option', { name: 'High: needs the office today' }).click()
    await page.getByRole('textbox', { name: 'What you saw or heard' }).fill(CONCERN)
    await page.getByRole('status').getByText(/^Draft kept at/).waitFor()
    await expectAccessible(page, 'the report form', PHONE_AND_DESKTOP)

    await page.reload()
    await page.getByRole('heading', { name: 'Write the report' }).waitFor()
    await expect.poll(() => page.getByRole('textbox', { name: 'What the lesson covered' }).inputValue()).toBe('Simultaneous equations by elimination.')
    expect(await page.getByRole('textbox', { name: 'What you saw or heard' }).inputValue()).toBe(CONCERN)
    expect(await page.getByRole('radiogroup', { name: LEARNER }).getByRole('radio', { name: 'Present' }).isChecked()).toBe(true)

    // A reload straight after typing, before the draft could reach the server, keeps the words too.
    await page.getByRole('textbox', { name: 'Homework' }).fill('Exercise 6B, questions 1 to 8.')
    await page.reload()
    await page.getByRole('heading', { name: 'Write the report' }).waitFor()
    await expect.poll(() => page.getByRole('textbox', { name: 'Homework' }).inputValue()).toBe('Exercise 6B, questions 1 to 8.')
    expect(await page.getByRole('textbox', { name: 'What the lesson covered' }).inputValue()).toBe('Simultaneous equations by elimination.')

    await page.getByRole('button', { name: 'Send the report' }).click()
    await page.getByText('Say how the learner is getting on and what comes next.').waitFor()
    await expectAccessible(page, 'the report form with its errors', PHONE_AND_DESKTOP)
    await page.getByRole('textbox', { name: 'Progress and next steps' }).fill('Jacob can now solve simple pairs. Next: substitution.')
    await page.getByRole('button', { name: 'Send the report' }).click()
    await page.getByText('Your report is sent to the office').waitFor()
    await page.getByText('Report sent', { exact: true }).first().waitFor()
    // Sent: said plainly, with the focus on it; the form closed until the tutor chooses to change it; the next report one tap away.
    const sent = page.getByRole('heading', { name: 'Your report is with the office' })
    await expect.poll(() => sent.evaluate((heading) => heading === document.activeElement)).toBe(true)
    expect(await page.getByRole('button', { name: 'Save changes to the report' }).count()).toBe(0)
    await page.getByRole('link', { name: /^Next: / }).waitFor()
    await expectAccessible(page, 'a report just sent', PHONE_AND_DESKTOP)
    await page.getByRole('button', { name: 'Change the report' }).click()
    await page.getByRole('button', { name: 'Save changes to the report' }).waitFor()
    expect(await page.getByRole('textbox', { name: 'Homework' }).inputValue()).toBe('Exercise 6B, questions 1 to 8.')
    // A change saved shows the report as sent again, the form closed.
    await page.getByRole('textbox', { name: 'Homework' }).fill('Exercise 6B, questions 1 to 10.')
    await page.getByRole('button', { name: 'Save changes to the report' }).click()
    await page.getByText('Your changes are saved').waitFor()
    await expect.poll(() => sent.evaluate((heading) => heading === document.activeElement)).toBe(true)
    expect(await page.getByRole('button', { name: 'Save changes to the report' }).count()).toBe(0)

    // Every safeguarding lead (the demo admin) is mailed about the concern; the mail says where to read it, not what it says.
    const alert = await app.mail.waitForMail(demo.admin.email, { timeout: 20_000 })
    expect(alert.subject).toMatch(/^Safeguarding concern \(High\) raised by /)
    expect(alert.text).not.toContain('alone at home')
    await page.close()
  })

  test('the office returns the report with a comment; the tutor changes it and sends it again; the office approves', async () => {
    const office = await app.signedInPage(demo.admin)
    await office.getByRole('navigation').first().getByRole('link', { name: 'Reports' }).click()
    await office.getByRole('heading', { name: 'Reports', level: 1 }).waitFor()
    await expectAccessible(office, 'the office’s reports', PHONE_AND_DESKTOP)
    const lessonId = lessonUrl.split('/').at(-1) ?? ''
    await office.locator(`a[href="/admin/reports/${lessonId}"]`).first().click()
    await office.getByRole('heading', { name: new RegExp(LEARNER), level: 1 }).waitFor()
    await office.getByText(CONCERN).waitFor()
    await expectAccessible(office, 'a report for the office', PHONE_AND_DESKTOP)
    await office.getByRole('button', { name: 'Return to tutor' }).click()
    const dialog = office.getByRole('dialog', { name: /^Return the report to / })
    await dialog.getByRole('textbox', { name: 'What should the tutor change?' }).fill('Please say which questions Jacob found hard.')
    await expectAccessible(office, 'the return dialog')
    await dialog.getByRole('button', { name: 'Return to tutor' }).click()
    await office.getByRole('heading', { name: 'Returned to the tutor' }).waitFor()

    const returned = await app.mail.waitForMail('tutor@tec.test', { timeout: 20_000 })
    expect(returned.subject).toMatch(/^Report returned: Jacob Fielding \(Maths\)/)
    expect(returned.text).toContain('Please say which questions Jacob found hard.')
    expect(returned.text).toContain(lessonUrl)

    const tutor = await app.signedInPage(demo.tutor, { lands: '/tutor' })
    const back = tutor.getByRole('list', { name: 'Reports returned by the office' }).getByRole('listitem').filter({ hasText: 'Please say which questions Jacob found hard.' })
    await back.getByText('Please say which questions Jacob found hard.').waitFor()
    await back.locator(`a[href="${lessonUrl}"]`).click()
    await tutor.getByRole('heading', { name: 'Change the report and send it again' }).waitFor()
    await tutor.getByRole('textbox', { name: 'Progress and next steps' }).fill('Jacob found questions 4 and 7 hard (negative coefficients). Next: substitution.')
    await tutor.getByRole('button', { name: 'Send the report again' }).click()
    await tutor.getByText('Your report is sent to the office').waitFor()
    await tutor.close()

    await office.reload()
    await office.getByRole('button', { name: 'Approve', exact: true }).click()
    await office.getByText('Approved', { exact: true }).first().waitFor()

    // Jacob's father reads the family part through SMTP: never the concern, never a note for the office.
    const family = await app.mail.waitForMail('mark.fielding@example.org', { timeout: 20_000, subject: /^Lesson report:/ })
    expect(family.subject).toMatch(/^Lesson report: Jacob Fielding, Maths, /)
    expect(family.text).toContain('Hello Mark Fielding,')
    expect(family.text).toContain('Attendance: Present')
    expect(family.text).toContain('What was covered\nSimultaneous equations by elimination.')
    expect(family.text).toContain('Jacob found questions 4 and 7 hard (negative coefficients). Next: substitution.')
    expect(family.text).not.toContain('alone at home')
    // His link opens his page: the report's family part, never the concern.
    const link = /(http\S+\/family\?link=[A-Za-z0-9_-]{43})$/m.exec(family.text ?? '')?.[1] ?? ''
    const home = await app.visitorPage()
    await home.goto(link)
    await home.getByRole('heading', { name: 'Hello, Mark Fielding', level: 1 }).waitFor()
    await home.getByRole('region', { name: LEARNER }).getByText('Simultaneous equations by elimination.').first().waitFor()
    expect(await home.locator('main').innerText()).not.toContain('alone at home')
    await home.close()
    await office.reload()
    await office.getByText(/^Sent to Mark Fielding on \d/).waitFor()
    await expectAccessible(office, 'an approved report, sent to the family', PHONE_AND_DESKTOP)
    await office.close()
  })

  test('a report approved and held back sends nothing until the office sends it from its page', async () => {
    const token = await app.apiToken(demo.admin)
    const waiting = await api<{ items: { id: string; learners: { name: string }[] }[] }>('/admin/reports?state=to_review', token)
    const lesson = waiting.body.items[0]
    if (!lesson) throw new Error('The demo has no report waiting for review')
    const office = await app.signedInPage(demo.admin, { at: `/admin/reports/${lesson.id}` })
    await office.getByRole('button', { name: 'Approve and hold back' }).click()
    const dialog = office.getByRole('dialog', { name: 'Approve and hold it back from the family?' })
    await dialog.getByRole('textbox', { name: 'Why hold it back?' }).fill('The progress part needs a word with the family first.')
    await expectAccessible(office, 'the hold-back dialog')
    await dialog.getByRole('button', { name: 'Approve and hold back' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await office.getByText(/^Held back from the family and school by Ada Admin: The progress part needs a word with the family first\./).waitFor()
    const before = app.mail.messages.filter((mail) => mail.subject?.startsWith('Lesson report:')).length
    // The outbox is sent every few seconds: nothing of this report is in it to send.
    const detail = await api<{ report?: { familyMail?: unknown[] } }>(`/admin/reports/${lesson.id}`, token)
    expect(detail.body.report?.familyMail).toBeUndefined()

    await office.getByRole('button', { name: 'Send to the family and school now' }).click()
    await office.getByText(/^(On its way to|Sent to) /).waitFor()
    await expect.poll(() => app.mail.messages.filter((mail) => mail.subject?.startsWith('Lesson report:')).length, { timeout: 20_000 }).toBeGreaterThan(before)
    await office.close()
  })

  test('the concern is on the office’s restricted list, and the figures count the lesson', async () => {
    const office = await app.signedInPage(demo.admin)
    await openInApp(office, '/admin/reports/concerns')
    await office.getByRole('heading', { name: 'Safeguarding concerns', level: 1 }).waitFor()
    await office.getByRole('row').filter({ hasText: LEARNER }).filter({ hasText: 'High' }).first().waitFor()
    await expectAccessible(office, 'the safeguarding concerns', PHONE_AND_DESKTOP)
    expect(await deliveredIn(office)).toBe(deliveredBefore + 1)
    await expectAccessible(office, 'the figures', PHONE_AND_DESKTOP)
    // No mail but the admins' mentions the concern's words.
    expect(app.mail.messages.filter((mail) => (mail.text ?? '').includes('alone at home'))).toEqual([])
    await office.close()
  })

  test('the office moves the concern on with a note', async () => {
    const office = await app.signedInPage(demo.admin)
    await openInApp(office, '/admin/reports/concerns')
    await office.getByRole('row').filter({ hasText: LEARNER }).filter({ hasText: 'High' }).first().getByRole('link').first().click()
    await office.getByRole('heading', { name: `Concern about ${LEARNER}`, level: 1 }).waitFor()
    await office.getByText(CONCERN).waitFor()
    await expectAccessible(office, 'a safeguarding concern', PHONE_AND_DESKTOP)
    await office.getByRole('combobox', { name: 'Status' }).click()
    await office.getByRole('option', { name: 'In hand' }).click()
    await office.getByRole('textbox', { name: 'What was done' }).fill('Called the family and the school’s safeguarding lead.')
    await office.getByRole('button', { name: 'Save the status' }).click()
    await office.getByRole('region', { name: 'History' }).getByText('Called the family and the school’s safeguarding lead.').waitFor()
    await office.close()
  })

  test('the office opens a school’s printable term summary', async () => {
    const office = await app.signedInPage(demo.admin)
    await openInApp(office, '/admin/schools')
    await office.getByRole('link', { name: 'Armley Park Primary' }).click()
    await office.getByRole('heading', { name: 'Armley Park Primary', level: 1 }).waitFor()
    await office.getByRole('link', { name: 'Term summary' }).click()
    await office.getByRole('heading', { name: /^Armley Park Primary School — \w+ term \d{4}$/, level: 1 }).waitFor()
    await office.getByRole('button', { name: 'Print' }).waitFor()
    await expectAccessible(office, 'a school’s term summary', PHONE_AND_DESKTOP)
    await office.close()
  })

  test('the office moves a series to Wednesdays from a lesson on; the tutor’s calendar and feed follow, the holidays stay free, the family is told once', async () => {
    const tutorToken = await app.apiToken(demo.tutor)
    const asTutor = async <T,>(path: string, init: RequestInit = {}) => api<T>(path, tutorToken, init)
    const learners = await asTutor<Schemas['MyLearnerList']>('/tutor/learners')
    const placementId = learners.body.items.find((item) => item.name === LEARNER && item.subject === 'Maths')?.placementId ?? ''
    // Six Mondays from next week at 08:00; the demo's holidays after this term fall among them and are left out.
    const today = londonDay(new Date())
    const nextMonday = shiftDay(today, 7 - ((new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7))
    const planned = await asTutor<Schemas['LessonList']>('/tutor/lessons', { method: 'POST', body: JSON.stringify({ placementIds: [placementId], date: nextMonday, startTime: '08:00', minutes: 60, repeat: { times: 6 } }) })
    expect(planned.status).toBe(201)
    const terms = await asTutor<Schemas['TermCalendarRecord']>('/term-calendar')
    const inHoliday = (day: string) => terms.body.holidays.some((holiday) => holiday.startsOn <= day && day <= holiday.endsOn)
    const mondays = planned.body.items.map((lesson) => lesson.date)
    expect(mondays.some((day, index) => index > 0 && day !== shiftDay(mondays[index - 1] ?? '', 7))).toBe(true)
    expect(mondays.some(inHoliday)).toBe(false)

    const office = await app.signedInPage(demo.admin, { at: `/admin/reports/${planned.body.items[0]?.id ?? ''}` })
    await office.getByRole('button', { name: 'Move the series' }).click()
    const dialog = office.getByRole('dialog', { name: 'Move this lesson and the following ones' })
    await dialog.getByLabel(/^New day of this lesson/).fill(shiftDay(nextMonday, 2))
    await expectAccessible(office, 'the move-the-series dialog', PHONE_AND_DESKTOP)
    await dialog.getByRole('button', { name: 'Move the lessons' }).click()
    await office.getByText('6 lessons moved; the tutor and the family are told').waitFor()
    await office.close()

    // The tutor's lessons and calendar feed: every one now on a Wednesday at 08:00, two days after its Monday.
    const wednesdays = mondays.map((day) => shiftDay(day, 2))
    const after = await asTutor<Schemas['LessonPage']>(`/tutor/lessons?from=${nextMonday}&to=${shiftDay(nextMonday, 90)}&pageSize=100`)
    expect(after.body.items.filter((lesson) => lesson.seriesId === planned.body.items[0]?.seriesId).map((lesson) => `${lesson.date} ${lesson.startTime}`)).toEqual(wednesdays.map((day) => `${day} 08:00`))
    const feed = await asTutor<Schemas['CalendarFeedAddress']>('/tutor/calendar-feed', { method: 'POST' })
    const calendar = new ICAL.Component(ICAL.parse(await (await fetch(`${app.baseUrl}${new URL(feed.body.url).pathname}`)).text()) as unknown[])
    const events = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component))
    for (const [index, lesson] of planned.body.items.entries()) {
      const event = events.find((candidate) => candidate.uid.startsWith(lesson.id))
      expect(event?.startDate.toJSDate().toISOString()).toBe(lessonInstant(wednesdays[index] ?? '', '08:00').toISOString())
    }
    const page = await app.signedInPage(demo.tutor, { lands: '/tutor', at: '/tutor/calendar', width: 1280 })
    // Its week opens on this week; the first moved lesson is on next week's Wednesday.
    await page.getByRole('tab', { name: 'Week view' }).waitFor()
    await page.getByRole('button', { name: 'Next week' }).click()
    const first = page.locator(`a[href="/tutor/reports/${planned.body.items[0]?.id ?? ''}"]`).first()
    await first.waitFor()
    expect(await first.textContent()).toContain('08:00')
    await page.close()

    // One mail to Jacob's father for the whole move, listing the new days.
    const moved = await app.mail.waitForMail('mark.fielding@example.org', { timeout: 20_000, subject: /^Moved: Maths lessons from / })
    for (const day of wednesdays) expect(moved.text).toContain(`${longLessonDay(day)} at 08:00`)
    await app.mail.waitForMail('tutor@tec.test', { timeout: 20_000, subject: /^Moved: Maths lessons from / })
    expect(app.mail.messages.filter((mail) => mail.envelopeTo.includes('mark.fielding@example.org') && /^Moved: /.test(mail.subject ?? ''))).toHaveLength(1)
  })

  test('another tutor sees none of it, on screen or through the API', async () => {
    // The demo's Hannah Nair chooses a password through "forgot password", like any tutor.
    const other = 'hannah.nair@example.org'
    const start = await fetch(`${app.baseUrl}/api/auth/forget-password`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: other }) })
    expect(start.status).toBeLessThan(300)
    const mail = await app.mail.waitForMail(other, { timeout: 20_000 })
    const token = /reset-password\?token=([A-Za-z0-9_-]{43})/.exec(mail.text ?? '')?.[1] ?? ''
    const password = 'Another-Tutor-Pass-42'
    const reset = await fetch(`${app.baseUrl}/api/auth/reset-password?token=${token}`, { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ password }) })
    expect(reset.status).toBe(200)

    const lessonId = lessonUrl.split('/').at(-1) ?? ''
    const otherToken = await app.apiToken({ email: other, password })
    const mine = await app.apiToken(demo.tutor)
    expect((await api(`/tutor/lessons/${lessonId}`, mine)).status).toBe(200)
    const theirs = await api<{ message: string }>(`/tutor/lessons/${lessonId}`, otherToken)
    expect(theirs.status).toBe(404)
    expect(theirs.body).toEqual((await api(`/tutor/lessons/00000000-0000-4000-8000-000000000000`, otherToken)).body)
    const list = await api<{ items: { learners: { name: string }[] }[] }>('/tutor/lessons?pageSize=100', otherToken)
    expect(list.body.items.flatMap((lesson) => lesson.learners.map((learner) => learner.name))).not.toContain(LEARNER)

    const page = await app.newPage()
    await signIn(page, { email: other, password }, '/tutor')
    await page.getByRole('heading', { name: /^Welcome/, level: 1 }).waitFor()
    expect(await page.getByText(LEARNER).count()).toBe(0)
    await page.goto(lessonUrl)
    await page.getByRole('heading', { name: 'We could not find that lesson' }).waitFor()
    await expectAccessible(page, 'another tutor’s lesson')
    await page.close()
  })
})
