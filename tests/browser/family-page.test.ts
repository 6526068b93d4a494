import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { lessonInstant, londonDay, longLessonDay, shiftDay } from '../../shared/lesson-time.ts'
import { demo, startTestApp, type TestApp } from './support/app.ts'
import { expectAccessible, expectAccessibleInBothSchemes, PHONE_AND_DESKTOP } from './support/staff.ts'

/**
 * The people the lessons are for, as they would do it: the office approves a report and the learner's contact gets
 * its family part by mail (through SMTP) with a link; the link opens their page, which shows that report and the
 * coming lessons and never the office's note or a concern; a link the office ended shows the expired page, where a
 * fresh link is asked for by email; a school contact who receives reports reads the school's term online; the stop
 * link in a mail stops the report mails. The day before a lesson (the server's clock moved to the evening before)
 * the tutor and the contact are reminded once, and not of a lesson cancelled meanwhile, whose cancellation the
 * contact hears of at once.
 */
let app: TestApp
/** The server's clock is the real one moved by what this file holds, in milliseconds (tests/support/shifted-clock.mjs). */
const clockFile = join(mkdtempSync(join(tmpdir(), 'tec-clock-')), 'offset')
/** Moves the server's clock to this London day and time. */
const setServerClock = (day: string, time: string) => writeFileSync(clockFile, String(lessonInstant(day, time).getTime() - Date.now()))
beforeAll(async () => {
  writeFileSync(clockFile, '0')
  app = await startTestApp({
    NODE_OPTIONS: `--import ${pathToFileURL(fileURLToPath(new URL('../support/shifted-clock.mjs', import.meta.url))).href}`,
    TEC_TEST_CLOCK_FILE: clockFile,
    LESSON_REMINDER_TIME: '17:00',
    LESSON_REMINDERS_EVERY_MS: '1000',
  })
})
afterAll(async () => {
  await app?.stop()
})

interface Waiting {
  id: string
  learners: { id: string; name: string }[]
}
interface Detail {
  lesson: { version: number }
  report?: { covered: string; staffNote?: string }
}

async function api<T>(path: string, token: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${app.baseUrl}/api${path}`, { ...init, headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, ...init.headers } })
  expect(response.status, `${path}: ${response.status}`).toBeLessThan(300)
  return (await response.json()) as T
}

/** The mail to `to` whose subject starts so, once it has come through SMTP; the newest when there are several. */
async function mailTo(to: string, subject: string) {
  const matching = () => app.mail.messages.filter((mail) => mail.envelopeTo.includes(to) && mail.subject?.startsWith(subject))
  await expect.poll(() => matching().length, { timeout: 20_000 }).toBeGreaterThan(0)
  return matching().at(-1)!
}

const linkIn = (text: string | undefined) => /(http\S+\/family\?link=[A-Za-z0-9_-]{43})$/m.exec(text ?? '')?.[1] ?? ''
const stopLinkIn = (text: string | undefined) => /(http\S+\/family\/stop\?link=[A-Za-z0-9_-]{43}&what=reports)$/m.exec(text ?? '')?.[1] ?? ''

describe('the family page', () => {
  const contact = { name: '', email: '' }
  let covered = ''
  let firstMail = ''

  test('an approved report reaches the contact by mail, and its link opens their page with it and the coming lessons', async () => {
    const token = await app.apiToken(demo.admin)
    const waiting = await api<{ items: Waiting[] }>('/admin/reports?state=to_review&pageSize=50', token)
    const lesson = waiting.items.find((item) => item.learners.length === 1)
    if (!lesson) throw new Error('The demo has no report of one learner waiting for review')
    const learner = lesson.learners[0]!
    const student = await api<{ fields: { contact: { name: string; email: string } } }>(`/admin/students/${learner.id}`, token)
    Object.assign(contact, student.fields.contact)
    const detail = await api<Detail>(`/admin/reports/${lesson.id}`, token)
    covered = detail.report?.covered ?? ''

    const office = await app.signedInPage(demo.admin, { at: `/admin/reports/${lesson.id}` })
    await office.getByRole('button', { name: 'Approve', exact: true }).click()
    await office.getByText('Approved', { exact: true }).first().waitFor()
    await office.close()

    const mail = await mailTo(contact.email, `Lesson report: ${learner.name}`)
    firstMail = mail.text ?? ''
    expect(mail.text).toContain(`Hello ${contact.name},`)
    expect(mail.text).toContain(`What was covered\n${covered}`)
    if (detail.report?.staffNote) expect(mail.text).not.toContain(detail.report.staffNote)
    const link = linkIn(mail.text)
    expect(link).not.toBe('')

    const page = await app.visitorPage()
    await page.goto(link)
    await page.getByRole('heading', { name: `Hello, ${contact.name}`, level: 1 }).waitFor()
    // The link leaves the address bar at once: not in history, bookmarks or a screenshot.
    await page.waitForURL((url) => url.pathname === '/family' && url.search === '')
    const section = page.getByRole('region', { name: learner.name })
    await section.getByText(covered).first().waitFor()
    await section.getByRole('heading', { name: 'Coming lessons' }).waitFor()
    await section.getByRole('heading', { name: 'Reports' }).waitFor()
    expect(await page.locator('main').innerText()).not.toContain(detail.report?.staffNote ?? '\u0000')
    await expectAccessibleInBothSchemes(page, 'the family page')
    // A reload in the same tab keeps the page open.
    await page.reload()
    await page.getByRole('heading', { name: `Hello, ${contact.name}`, level: 1 }).waitFor()
    await page.close()
  })

  test('a link the office ended shows the expired page, where a fresh link is asked for by email', async () => {
    const page = await app.visitorPage()
    await page.goto(linkIn(firstMail))
    await page.getByRole('heading', { name: `Hello, ${contact.name}`, level: 1 }).waitFor()

    const token = await app.apiToken(demo.admin)
    const found = await api<{ items: { id: string }[] }>(`/admin/students?q=${encodeURIComponent(contact.email)}`, token)
    const office = await app.signedInPage(demo.admin, { at: `/admin/students/${found.items[0]?.id ?? ''}` })
    await office.getByRole('button', { name: 'End their family page links' }).click()
    const dialog = office.getByRole('dialog', { name: `End ${contact.name}’s links to their family page?` })
    await expectAccessible(office, 'the end-links dialog')
    await dialog.getByRole('button', { name: 'End the links' }).click()
    await office.getByText(/^Ended \d+ links? to /).waitFor()
    await office.close()

    await page.reload()
    await page.getByRole('heading', { name: 'This link has expired', level: 1 }).waitFor()
    await expectAccessible(page, 'the expired family page', PHONE_AND_DESKTOP)
    await page.getByRole('button', { name: 'Email me a fresh link' }).click()
    await page.getByText('Enter the email address our emails come to.').waitFor()
    await page.getByRole('textbox', { name: 'Your email address' }).fill(contact.email)
    await page.getByRole('button', { name: 'Email me a fresh link' }).click()
    await page.getByRole('status').getByText(/If that address is on our records/).waitFor()

    const fresh = await mailTo(contact.email, 'Your link to the family page')
    await page.goto(linkIn(fresh.text))
    await page.getByRole('heading', { name: `Hello, ${contact.name}`, level: 1 }).waitFor()
    await page.close()
  })

  test('a school contact who receives reports reads the school’s term online, asking for the link from the page', async () => {
    const page = await app.visitorPage({ width: 360 })
    await page.goto('/family')
    await page.getByRole('heading', { name: 'Open your page from our email', level: 1 }).waitFor()
    await page.getByRole('textbox', { name: 'Your email address' }).fill('c.dawson@armleypark.example')
    await page.getByRole('button', { name: 'Email me a fresh link' }).click()
    await page.getByRole('status').getByText(/If that address is on our records/).waitFor()
    const mail = await mailTo('c.dawson@armleypark.example', 'Your link to the family page')
    await page.goto(linkIn(mail.text))
    await page.getByRole('heading', { name: 'Hello, Claire Dawson', level: 1 }).waitFor()
    const term = page.getByRole('region', { name: /^Armley Park Primary School: (Autumn|Spring|Summer) term \d{4}$/ })
    await term.getByRole('table').waitFor()
    await term.getByRole('heading', { name: 'Progress this term' }).waitFor()
    await expectAccessibleInBothSchemes(page, 'a school contact’s family page')
    await page.close()
  })

  test('the stop link in a report mail stops the report mails, and the page shows it', async () => {
    const page = await app.visitorPage()
    await page.goto(stopLinkIn(firstMail))
    await page.getByRole('status').getByText('You will no longer get lesson reports by email.', { exact: false }).waitFor()
    await page.waitForURL((url) => url.pathname === '/family/stop' && url.search === '')
    await expectAccessible(page, 'the stop page', PHONE_AND_DESKTOP)
    await page.getByRole('button', { name: 'Email me the reports again' }).click()
    await page.getByRole('status').getByText('You will get them by email again.').waitFor()
    await page.close()
  })
})

describe('lesson reminders', () => {
  test('the reminder for tomorrow’s lesson arrives once, to the tutor and the contact, and none for a lesson cancelled meanwhile', async () => {
    const today = londonDay(new Date())
    const tomorrow = shiftDay(today, 1)
    // Before the reminder time: nothing of tomorrow is reminded while the lessons are planned and one cancelled.
    setServerClock(today, '12:00')
    const token = await app.apiToken(demo.tutor)
    const learners = await api<{ items: { placementId: string; name: string; subject: string }[] }>('/tutor/learners', token)
    const jacob = learners.items.find((item) => item.name === 'Jacob Fielding' && item.subject === 'Maths')
    if (!jacob) throw new Error('The demo tutor does not teach Jacob maths')
    const plan = (startTime: string) =>
      api<{ items: { id: string; version: number }[] }>('/tutor/lessons', token, { method: 'POST', body: JSON.stringify({ placementIds: [jacob.placementId], date: tomorrow, startTime, minutes: 60 }) })
    await plan('07:00')
    const [cancelled] = (await plan('08:30')).items
    await api(`/tutor/lessons/${cancelled!.id}/cancel`, token, {
      method: 'POST',
      headers: { 'If-Match': `"${cancelled!.version}"` },
      body: JSON.stringify({ cancelledBy: 'family', reason: 'A dentist appointment.' }),
    })
    const notice = await mailTo('mark.fielding@example.org', `Cancelled: Maths on ${longLessonDay(tomorrow)}`)
    expect(notice.text).toContain('at 08:30 is cancelled (cancelled by the family).')

    // The evening before: the reminder goes once; the cancelled lesson gets none.
    setServerClock(today, '17:05')
    const reminder = await mailTo('mark.fielding@example.org', 'Tomorrow: Maths with Tom Tutor at 07:00')
    expect(reminder.text).toContain(`When: ${longLessonDay(tomorrow)} at 07:00, for 60 minutes`)
    expect(linkIn(reminder.text)).not.toBe('')
    await mailTo(demo.tutor.email, 'Tomorrow: Maths with Jacob Fielding at 07:00')
    // Nothing more comes in three more rounds of the schedule (one a second): an absence can only be waited out.
    await new Promise((resolve) => setTimeout(resolve, 3000))
    const about = (subject: string) => app.mail.messages.filter((mail) => mail.subject === subject).length
    expect(about('Tomorrow: Maths with Tom Tutor at 07:00')).toBe(1)
    expect(about('Tomorrow: Maths with Tom Tutor at 08:30')).toBe(0)
    expect(about('Tomorrow: Maths with Jacob Fielding at 08:30')).toBe(0)
    writeFileSync(clockFile, '0')
  })
})
