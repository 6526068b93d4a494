import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../src/api/schema.gen.ts'
import {
  auditEvents,
  contactMessages,
  familyLinks,
  familyMailSettings,
  mailOutbox,
  placements,
  recordOpenings,
  registrations,
  retentionRuns,
  retentionSettings,
  students,
} from '../../server/db/schema.ts'
import { cutoffsOf, runRetention } from '../../server/retention/run.ts'
import { DEFAULT_SITE_SETTINGS } from '../../server/site-settings/queries.ts'
import { saveSiteSettings } from '../../server/site-settings/records.ts'
import { DEFAULT_RETENTION_PERIODS } from '../../server/retention/settings.ts'
import { allHeard, createTestApp, type TestApp } from './support/test-app.ts'

type Schemas = components['schemas']

let t: TestApp
let admin: string
let tutor: string
let tutorId: string

beforeAll(async () => {
  t = await createTestApp()
  await t.createUser({ email: 'keeper@tec.test', role: 'ADMIN', name: 'Kit Keeper' })
  tutorId = (await t.createUser({ email: 'retention-tutor@tec.test', role: 'TUTOR' })).id
  // A row of the site's details, which allHeard touches to know every change so far was heard.
  await saveSiteSettings(t.database.db, DEFAULT_SITE_SETTINGS)
  admin = await t.login('keeper@tec.test')
  tutor = await t.login('retention-tutor@tec.test')
})
afterAll(async () => t?.close())

const MINUTE = 60_000
const put = (body: unknown, version: number, token = admin) =>
  t.request<Schemas['RetentionSettingsRecord'] & Schemas['Error']>('PUT', '/api/admin/retention', { body, token, headers: { 'if-match': `"${version}"` } })

describe('retention settings', () => {
  it('answer the defaults the privacy notice promised until the office saves, then the saved periods, audited', async () => {
    const first = await t.request<Schemas['RetentionSettingsRecord']>('GET', '/api/admin/retention', { token: admin })
    expect(first.status).toBe(200)
    expect(first.headers.get('etag')).toBe('"1"')
    expect(first.body.periods).toEqual({ learnerYears: 6, applicationMonths: 12, messageMonths: 24, sentMailDays: 365, signInDays: 90, senderDetailsDays: 30, openingMonths: 24 })

    const saved = await put({ ...first.body.periods, learnerYears: 7, senderDetailsDays: 14 }, 1)
    expect(saved.status).toBe(200)
    expect(saved.headers.get('etag')).toBe('"2"')
    expect(saved.body).toMatchObject({ version: 2, periods: { learnerYears: 7, senderDetailsDays: 14, messageMonths: 24 }, updatedBy: { name: 'Kit Keeper' } })
    expect((await t.request<Schemas['RetentionSettingsRecord']>('GET', '/api/admin/retention', { token: admin })).body).toEqual(saved.body)

    // The history says who changed which period from what to what: numbers only.
    const audit = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'retention.settings_updated'))
    expect(audit).toHaveLength(1)
    expect(audit[0]?.details).toEqual({
      changes: [
        { field: 'learnerYears', from: 6, to: 7 },
        { field: 'senderDetailsDays', from: 30, to: 14 },
      ],
    })

    // An editor still holding version 1 is refused, and nothing changes.
    expect((await put({ ...first.body.periods, learnerYears: 9 }, 1)).status).toBe(409)
    expect((await t.request<Schemas['RetentionSettingsRecord']>('GET', '/api/admin/retention', { token: admin })).body.periods.learnerYears).toBe(7)
    await put(DEFAULT_RETENTION_PERIODS, 2)
  })

  it('refuse a period out of its bounds with a message at its field', async () => {
    const record = (await t.request<Schemas['RetentionSettingsRecord']>('GET', '/api/admin/retention', { token: admin })).body
    const bad = await put({ ...record.periods, learnerYears: 0, applicationMonths: 121, senderDetailsDays: 366, signInDays: 2.5, openingMonths: '12' }, record.version)
    expect(bad.status).toBe(400)
    expect(bad.body.fields).toEqual({
      learnerYears: 'Enter a whole number of years from 1 to 50.',
      applicationMonths: 'Enter a whole number of months from 1 to 120.',
      senderDetailsDays: 'Enter a whole number of days from 1 to 365.',
      signInDays: 'Enter a whole number of days from 1 to 3650.',
      openingMonths: 'Enter a whole number of months from 1 to 120.',
    })
    const { sentMailDays: _left, ...missing } = record.periods
    expect((await put(missing, record.version)).body.fields).toEqual({ sentMailDays: 'This field is required.' })
    expect((await t.request<Schemas['RetentionSettingsRecord']>('GET', '/api/admin/retention', { token: admin })).body.version).toBe(record.version)
  })

  it('are for the office only', async () => {
    expect((await t.request('GET', '/api/admin/retention', { token: tutor })).status).toBe(403)
    expect((await t.request('GET', '/api/admin/retention/runs', { token: tutor })).status).toBe(403)
    expect((await put(DEFAULT_RETENTION_PERIODS, 1, tutor)).status).toBe(403)
    expect((await t.request('GET', '/api/admin/retention')).status).toBe(401)
  })
})

describe('the privacy notice', () => {
  it('shows the periods in force, and a changed period at once, with no periods of its own in the default text', async () => {
    const before = await t.request<Schemas['SitePage']>('GET', '/api/pages/privacy-notice')
    expect(before.body.retention).toEqual(DEFAULT_RETENTION_PERIODS)
    expect(before.body.bodyHtml).not.toMatch(/six years|one year|two years/)
    // Kept for visitors until what it shows changes: read it twice so the second comes from the kept answers.
    expect((await t.request<Schemas['SitePage']>('GET', '/api/pages/privacy-notice')).body.retention).toEqual(DEFAULT_RETENTION_PERIODS)

    const record = (await t.request<Schemas['RetentionSettingsRecord']>('GET', '/api/admin/retention', { token: admin })).body
    const saved = await put({ ...record.periods, learnerYears: 8, messageMonths: 18 }, record.version)
    const after = await t.request<Schemas['SitePage']>('GET', '/api/pages/privacy-notice')
    expect(after.body.retention).toMatchObject({ learnerYears: 8, messageMonths: 18 })
    expect(after.body.updatedAt).toBe(saved.body.updatedAt)
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'))

    // A change made by another process (or by hand in the database) reaches the kept page once it is heard.
    await t.database.db.update(retentionSettings).set({ openingMonths: 6 })
    await allHeard(t)
    expect((await t.request<Schemas['SitePage']>('GET', '/api/pages/privacy-notice')).body.retention).toMatchObject({ learnerYears: 8, openingMonths: 6 })
    // The other pages say nothing of retention.
    expect((await t.request<Schemas['SitePage']>('GET', '/api/pages/terms-of-use')).body.retention).toBeUndefined()
    await put(DEFAULT_RETENTION_PERIODS, saved.body.version)
  })
})

let sequence = 0
const next = () => ++sequence

async function addLearner(fields: { status: 'waiting' | 'active' | 'finished'; finishedAt?: Date }): Promise<string> {
  const n = next()
  const [row] = await t.database.db
    .insert(students)
    .values({
      name: `Learner ${n} Kept-Or-Not`,
      status: fields.status,
      finishedAt: fields.finishedAt ?? null,
      contactName: `Parent ${n}`,
      contactEmail: `parent.${n}@retention.example`,
      contactPhone: '0113 496 0101',
      subjects: ['Maths'],
      deliveryMode: 'online',
    })
    .returning({ id: students.id })
  return row!.id
}

async function addPlacement(studentId: string, status: 'active' | 'ended'): Promise<void> {
  await t.database.db.insert(placements).values({ studentId, tutorId, subject: 'Maths', mode: 'online', startsOn: '2020-01-06', frequency: 'weekly', status, endedOn: status === 'ended' ? '2020-07-20' : null })
}

async function addRegistration(fields: { status: Schemas['RegistrationStatus']; type?: Schemas['RegistrationType']; createdAt: Date; studentId?: string }): Promise<string> {
  const n = next()
  const [row] = await t.database.db
    .insert(registrations)
    .values({
      reference: `TEC-RET-${n}`,
      type: fields.type ?? 'subject',
      status: fields.status,
      answers: { note: `answers ${n}` },
      name: `Applicant ${n}`,
      email: `applicant.${n}@retention.example`,
      summary: 'Maths',
      duplicateKey: `retention-${n}`,
      ip: '203.0.113.77',
      userAgent: 'Sender browser',
      studentId: fields.studentId ?? null,
      createdAt: fields.createdAt,
    })
    .returning({ id: registrations.id })
  return row!.id
}

async function addMessage(createdAt: Date): Promise<string> {
  const n = next()
  const [row] = await t.database.db
    .insert(contactMessages)
    .values({ reference: `MSG-RET${n}`, name: `Writer ${n}`, email: `writer.${n}@retention.example`, subject: 'Hello', message: 'A message to the office.', fingerprint: `retention-${n}`, ip: '203.0.113.78', userAgent: 'Sender browser', createdAt })
    .returning({ id: contactMessages.id })
  return row!.id
}

async function addMail(fields: { status: 'sent' | 'failed' | 'stored' | 'pending'; at: Date }): Promise<string> {
  const n = next()
  const [row] = await t.database.db
    .insert(mailOutbox)
    .values({
      to: `reader.${n}@retention.example`,
      subject: 'Your enrolment',
      text: 'Words',
      status: fields.status,
      createdAt: fields.at,
      queuedAt: fields.at,
      sentAt: fields.status === 'sent' ? fields.at : null,
      // A failed mail keeps when it was given up here; waiting mail is not tried during the test.
      nextAttemptAt: fields.status === 'failed' ? fields.at : new Date(Date.now() + 3600_000),
    })
    .returning({ id: mailOutbox.id })
  return row!.id
}

async function addAudit(action: string, at: Date): Promise<string> {
  const [row] = await t.database.db.insert(auditEvents).values({ action, actorUserId: null, ip: '203.0.113.79', at }).returning({ id: auditEvents.id })
  return row!.id
}

async function addOpening(at: Date): Promise<string> {
  const [row] = await t.database.db.insert(recordOpenings).values({ at, userId: null, subjectType: 'student', subjectId: 'x', kind: 'opened' }).returning({ id: recordOpenings.id })
  return row!.id
}

const idsOf = async (table: typeof registrations | typeof contactMessages | typeof mailOutbox | typeof auditEvents | typeof recordOpenings, ids: string[]) =>
  (await t.database.db.select({ id: table.id }).from(table).where(inArray(table.id, ids))).map((row) => row.id).sort()

describe('the daily retention run', () => {
  it('removes exactly what is past its period, records the run with its counts, and removes nothing more when run again', async () => {
    const db = t.database.db
    const now = new Date()
    const cut = cutoffsOf(DEFAULT_RETENTION_PERIODS, now)
    const inside = (cutoff: Date) => new Date(cutoff.getTime() + MINUTE)
    const outside = (cutoff: Date) => new Date(cutoff.getTime() - MINUTE)

    // Learners: finished just past six years ago, just within, and past but still placed.
    const learnerDue = await addLearner({ status: 'finished', finishedAt: outside(cut.learners) })
    const learnerNotYet = await addLearner({ status: 'finished', finishedAt: inside(cut.learners) })
    const learnerPlaced = await addLearner({ status: 'finished', finishedAt: outside(cut.learners) })
    await addPlacement(learnerPlaced, 'active')
    const learnerActive = await addLearner({ status: 'active' })

    // Registrations past a year that led to no placement go; the rest stay.
    const placedLearner = await addLearner({ status: 'finished', finishedAt: now })
    await addPlacement(placedLearner, 'ended')
    const waitingLearner = await addLearner({ status: 'waiting' })
    const finishedUnplaced = await addLearner({ status: 'finished', finishedAt: now })
    const past = outside(cut.applications)
    const erasedRegistrations = [
      await addRegistration({ status: 'new', createdAt: past }),
      await addRegistration({ status: 'rejected', createdAt: past }),
      await addRegistration({ status: 'withdrawn', type: 'tutor', createdAt: past }),
      await addRegistration({ status: 'accepted', type: 'course', createdAt: past, studentId: finishedUnplaced }),
    ]
    const keptRegistrations = [
      await addRegistration({ status: 'new', createdAt: inside(cut.applications) }),
      await addRegistration({ status: 'accepted', type: 'tutor', createdAt: past }),
      await addRegistration({ status: 'accepted', type: 'school', createdAt: past }),
      await addRegistration({ status: 'accepted', createdAt: past, studentId: placedLearner }),
      await addRegistration({ status: 'accepted', createdAt: past, studentId: waitingLearner }),
    ]
    // Within the abuse window the sender's address and browser stay; past it they go, the registration staying.
    const senderFresh = await addRegistration({ status: 'new', createdAt: inside(cut.senderDetails) })
    const senderStale = await addRegistration({ status: 'new', createdAt: outside(cut.senderDetails) })

    const erasedMessage = await addMessage(outside(cut.messages))
    const keptMessage = await addMessage(inside(cut.messages))
    const freshMessage = await addMessage(inside(cut.senderDetails))

    const deletedMail = [await addMail({ status: 'sent', at: outside(cut.sentMail) }), await addMail({ status: 'failed', at: outside(cut.sentMail) }), await addMail({ status: 'stored', at: outside(cut.sentMail) })]
    const keptMail = [await addMail({ status: 'sent', at: inside(cut.sentMail) }), await addMail({ status: 'failed', at: inside(cut.sentMail) }), await addMail({ status: 'pending', at: outside(cut.sentMail) })]

    const deletedSignIn = await addAudit('auth.login_failed', outside(cut.signIns))
    const keptAudit = [await addAudit('auth.login', inside(cut.signIns)), await addAudit('student.updated', outside(cut.signIns))]

    const deletedOpening = await addOpening(outside(cut.openings))
    const keptOpening = await addOpening(inside(cut.openings))

    // Family links stay as long as the mails carrying them (their stop links still work); mail choices go with their address.
    const [deletedLink, keptLink] = await db
      .insert(familyLinks)
      .values([
        { tokenHash: 'retention-old-link', email: 'gone.family@retention.example', expiresAt: outside(cut.sentMail) },
        { tokenHash: 'retention-kept-link', email: 'gone.family@retention.example', expiresAt: inside(cut.sentMail) },
      ])
      .returning({ id: familyLinks.id })
    const contactOfActive = (await db.select({ email: students.contactEmail }).from(students).where(eq(students.id, learnerActive)))[0]?.email ?? ''
    await db.insert(familyMailSettings).values([
      { email: 'gone.family@retention.example', reportsStoppedAt: now },
      { email: contactOfActive.toLowerCase(), reportsStoppedAt: now },
    ])

    const [oldRun] = await db.insert(retentionRuns).values({ startedAt: outside(cut.runs), finishedAt: outside(cut.runs), removed: {} }).returning({ id: retentionRuns.id })
    await db.delete(retentionSettings)

    const removed = await runRetention(db, now)
    expect(removed).toEqual({
      learnersAnonymised: 1,
      learnersRefused: 1,
      learnersFailed: 0,
      registrationsErased: 4,
      messagesErased: 1,
      mailDeleted: 3,
      signInRecordsDeleted: 1,
      // Five kept registrations, the stale sender's and the kept message; the fresh ones keep theirs.
      senderDetailsCleared: 7,
      openingsDeleted: 1,
      familyLinksDeleted: 2,
    })
    expect((await db.select({ id: familyLinks.id }).from(familyLinks).where(inArray(familyLinks.id, [deletedLink!.id, keptLink!.id]))).map((row) => row.id)).toEqual([keptLink!.id])
    expect((await db.select({ email: familyMailSettings.email }).from(familyMailSettings)).map((row) => row.email)).toEqual([contactOfActive.toLowerCase()])

    const learners = await db.select({ id: students.id, name: students.name, anonymisedAt: students.anonymisedAt }).from(students).where(inArray(students.id, [learnerDue, learnerNotYet, learnerPlaced, learnerActive]))
    const byId = new Map(learners.map((row) => [row.id, row]))
    // Anonymised as of the run's moment (the application's clock), not the machine's.
    expect(byId.get(learnerDue)?.anonymisedAt).toEqual(now)
    expect(byId.get(learnerDue)?.name).not.toMatch(/Kept-Or-Not/)
    for (const id of [learnerNotYet, learnerPlaced, learnerActive]) expect(byId.get(id)?.anonymisedAt).toBeNull()

    expect(await idsOf(registrations, [...erasedRegistrations, ...keptRegistrations])).toEqual([...keptRegistrations].sort())
    const senders = await db.select({ id: registrations.id, ip: registrations.ip, userAgent: registrations.userAgent }).from(registrations).where(inArray(registrations.id, [senderFresh, senderStale, ...keptRegistrations]))
    for (const row of senders) {
      expect(row, row.id === senderFresh ? 'fresh' : 'stale').toEqual(row.id === senderFresh ? { id: row.id, ip: '203.0.113.77', userAgent: 'Sender browser' } : { id: row.id, ip: null, userAgent: null })
    }
    expect(await idsOf(contactMessages, [erasedMessage, keptMessage, freshMessage])).toEqual([keptMessage, freshMessage].sort())
    const messages = await db.select({ id: contactMessages.id, ip: contactMessages.ip }).from(contactMessages).where(inArray(contactMessages.id, [keptMessage, freshMessage]))
    expect(Object.fromEntries(messages.map((row) => [row.id, row.ip]))).toEqual({ [keptMessage]: null, [freshMessage]: '203.0.113.78' })
    expect(await idsOf(mailOutbox, [...deletedMail, ...keptMail])).toEqual([...keptMail].sort())
    expect(await idsOf(auditEvents, [deletedSignIn, ...keptAudit])).toEqual([...keptAudit].sort())
    expect(await idsOf(recordOpenings, [deletedOpening, keptOpening])).toEqual([keptOpening])

    // The run is recorded with its counts; the run kept past its three years is gone; the office's list shows it.
    const runs = await t.request<Schemas['RetentionRunList']>('GET', '/api/admin/retention/runs', { token: admin })
    expect(runs.status).toBe(200)
    expect(runs.body.items).toHaveLength(1)
    expect(runs.body.items[0]).toMatchObject({ startedAt: now.toISOString(), removed })
    expect(await db.select().from(retentionRuns).where(eq(retentionRuns.id, oldRun!.id))).toEqual([])

    // Run again a moment later: nothing more is due (the placed learner is asked again, and refused again).
    const again = await runRetention(db, new Date(now.getTime() + 1000))
    expect(again).toEqual({ ...removed, learnersAnonymised: 0, registrationsErased: 0, messagesErased: 0, mailDeleted: 0, signInRecordsDeleted: 0, senderDetailsCleared: 0, openingsDeleted: 0, familyLinksDeleted: 0 })
    expect((await t.request<Schemas['RetentionRunList']>('GET', '/api/admin/retention/runs', { token: admin })).body.items.map((run) => run.removed)).toEqual([again, removed])
  })

  it('counts from the periods the office saved', async () => {
    const db = t.database.db
    const now = new Date()
    const record = (await t.request<Schemas['RetentionSettingsRecord']>('GET', '/api/admin/retention', { token: admin })).body
    await put({ ...record.periods, messageMonths: 1 }, record.version)
    await db.delete(contactMessages)
    const twoMonthsOld = await addMessage(new Date(now.getTime() - 62 * 24 * 3600_000))
    const twoWeeksOld = await addMessage(new Date(now.getTime() - 14 * 24 * 3600_000))
    expect((await runRetention(db, now)).messagesErased).toBe(1)
    expect(await idsOf(contactMessages, [twoMonthsOld, twoWeeksOld])).toEqual([twoWeeksOld])
    await db.delete(retentionSettings)
  })
})

describe('what the run leaves behind', () => {
  it('takes the words an erased message’s history quoted (its subject, shown in the office’s activity), keeping the entry', async () => {
    const db = t.database.db
    const now = new Date()
    await db.delete(retentionSettings)
    const id = await addMessage(new Date(cutoffsOf(DEFAULT_RETENTION_PERIODS, now).messages.getTime() - MINUTE))
    await db.update(contactMessages).set({ subject: 'About my daughter Philomena Quickthorn' }).where(eq(contactMessages.id, id))
    const handled = await t.request('POST', `/api/admin/contact-messages/${id}/status`, { token: admin, body: { status: 'handled' }, headers: { 'if-match': '"1"' } })
    expect(handled.status, handled.text).toBe(200)
    const history = () => db.select({ action: auditEvents.action, details: auditEvents.details }).from(auditEvents).where(and(eq(auditEvents.subjectType, 'contact_message'), eq(auditEvents.subjectId, id)))
    expect(JSON.stringify(await history())).toContain('Philomena Quickthorn')

    expect((await runRetention(db, now)).messagesErased).toBe(1)
    const after = await history()
    expect(after.map((entry) => entry.action)).toEqual(['contact_message.status_changed'])
    expect(JSON.stringify(after)).not.toMatch(/Philomena|Quickthorn|MSG-RET/)
  })

  it('goes on past a learner whose anonymising fails, records the run with the failure counted, and reports the run as failing', async () => {
    const db = t.database.db
    const now = new Date()
    await db.delete(retentionSettings)
    const long = new Date(cutoffsOf(DEFAULT_RETENTION_PERIODS, now).learners.getTime() - MINUTE)
    const broken = await addLearner({ status: 'finished', finishedAt: long })
    const fine = await addLearner({ status: 'finished', finishedAt: long })
    // A record whose next version cannot be stored: anonymising it fails with the database's error.
    await db.update(students).set({ version: 2147483647 }).where(eq(students.id, broken))

    const failure = await runRetention(db, now).then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(failure).toBeInstanceOf(Error)
    // What the schedule keeps as its last error says what failed, never who.
    expect((failure as Error).message).toBe('Retention run incomplete: 1 learner(s) could not be anonymised. The server log has the reasons; the next run tries again.')
    const rows = await db.select({ id: students.id, anonymisedAt: students.anonymisedAt }).from(students).where(inArray(students.id, [broken, fine]))
    expect(Object.fromEntries(rows.map((row) => [row.id, row.anonymisedAt]))).toEqual({ [broken]: null, [fine]: now })
    // Found by its moment: an earlier test's second run, a second after its own start, may be later than this one's.
    const runs = await t.request<Schemas['RetentionRunList']>('GET', '/api/admin/retention/runs', { token: admin })
    expect(runs.body.items.find((run) => run.startedAt === now.toISOString())).toMatchObject({ removed: { learnersAnonymised: 1, learnersFailed: 1 } })
    await db.update(students).set({ version: 1 }).where(eq(students.id, broken))
  })
})

describe('a learner’s finished date', () => {
  it('is set when the learner becomes finished, kept while they stay so, and cleared when they are taken back', async () => {
    const n = next()
    const input: Schemas['StudentInput'] = {
      name: `Finley ${n}`,
      contact: { name: 'Fran Finley', email: `fran.${n}@retention.example`, phone: '0113 496 0102' },
      subjects: ['Maths'],
      deliveryMode: 'online',
      status: 'waiting',
    }
    const finishedAt = async (id: string) => (await t.database.db.select({ at: students.finishedAt }).from(students).where(eq(students.id, id)))[0]?.at ?? null
    const created = await t.request<Schemas['StudentRecord']>('POST', '/api/admin/students', { token: admin, body: input })
    expect(created.status, created.text).toBe(201)
    const id = created.body.id
    expect(await finishedAt(id)).toBeNull()
    const save = async (fields: Partial<Schemas['StudentInput']>, version: number) => {
      const answer = await t.request<Schemas['StudentRecord']>('PUT', `/api/admin/students/${id}`, { token: admin, body: { ...input, ...fields }, headers: { 'if-match': `"${version}"` } })
      expect(answer.status, answer.text).toBe(200)
      return answer.body.version
    }
    let version = await save({ status: 'finished' }, 1)
    const first = await finishedAt(id)
    expect(first).not.toBeNull()
    // Another change while finished keeps the day they finished.
    version = await save({ status: 'finished', goals: 'Passed the exam.' }, version)
    expect(await finishedAt(id)).toEqual(first)
    await save({ status: 'active' }, version)
    expect(await finishedAt(id)).toBeNull()

    // A learner added as finished already counts from when they were added.
    const added = await t.request<Schemas['StudentRecord']>('POST', '/api/admin/students', { token: admin, body: { ...input, name: `Fern ${n}`, status: 'finished' } })
    expect(await finishedAt(added.body.id)).not.toBeNull()
  })
})
