import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../src/api/schema.gen.ts'
import { seedDemoContent } from '../../server/demo/content.ts'
import { mailOutbox } from '../../server/db/schema.ts'
import { linksIn } from '../../server/mail/templates.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'

type Schemas = components['schemas']
type TutorRecord = Schemas['TutorRecord']
type TutorPage = Schemas['TutorPage']

/**
 * Tutors as the office keeps them: invited by name and email (a TUTOR account and a set-password mail), active once
 * they choose a password, their profile edited only from the version read, paused or marked as left (signed out
 * everywhere and refused at sign-in, history kept) and made active again, and the safeguarding checks seen, the
 * newest flagged when it ends within 60 days. The list and the record say when the account is deactivated.
 */
let t: TestApp
let token: string
const STALE = 'Someone else changed this record since you opened it. Reload it to see their changes, then make yours again.'
const NOT_FOUND = { message: 'We could not find that tutor.' }
const MISSING_ID = '00000000-0000-4000-8000-000000000000'

beforeAll(async () => {
  t = await createTestApp()
  await seedDemoContent(t.database.db)
  await t.createUser({ email: 'tutors.admin@tec.test', role: 'ADMIN', name: 'Tara Office' })
  token = await t.login('tutors.admin@tec.test')
})
afterAll(async () => t?.close())

let sequence = 0
const nextIp = () => `198.18.${Math.floor(++sequence / 250)}.${sequence % 250}`
const invite = <T extends object = TutorRecord>(body: unknown) => t.request<T>('POST', '/api/admin/tutors', { token, body })
const read = (id: string) => t.request<TutorRecord>('GET', `/api/admin/tutors/${id}`, { token })
const update = <T extends object = TutorRecord>(id: string, version: number, body: unknown) =>
  t.request<T>('PUT', `/api/admin/tutors/${id}`, { token, body, headers: { 'if-match': `"${version}"` } })
const changeStatus = <T extends object = TutorRecord>(id: string, version: number, body: unknown) =>
  t.request<T>('POST', `/api/admin/tutors/${id}/status`, { token, body, headers: { 'if-match': `"${version}"` } })
const recordCheck = <T extends object = TutorRecord>(id: string, body: unknown) => t.request<T>('POST', `/api/admin/tutors/${id}/checks`, { token, body })
const list = (query: string) => t.request<TutorPage>('GET', `/api/admin/tutors?${query}`, { token })
const history = (id: string) => t.request<Schemas['HistoryPage']>('GET', `/api/admin/history?subjectType=tutor&subjectId=${id}`, { token })
const mailsTo = (email: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 24 * 3600 * 1000).toISOString().slice(0, 10)
/** A day as the history writes it for staff: "4 Dec 2026". */
const dayInWords = (isoDay: string) => new Date(`${isoDay}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })

function profile(name: string, overrides: Partial<Schemas['TutorProfileInput']> = {}): Schemas['TutorProfileInput'] {
  return {
    name,
    phone: '07700 900123',
    postcode: 'ls6 2ab',
    subjects: ['Maths', 'Chemistry'],
    levels: ['gcse', 'a_level'],
    modes: ['online', 'home'],
    travelArea: 'Headingley, Kirkstall',
    maxTravelMiles: 5,
    availability: { days: ['monday', 'thursday'], times: ['after_school', 'evening'] },
    hoursPerWeek: 6,
    highestQualification: 'degree',
    qualifiedTeacher: true,
    qualifications: 'BSc Chemistry; PGCE',
    experienceYears: 4,
    experience: 'Taught GCSE science for four years.',
    ...overrides,
  }
}

/** Invites a tutor and sets their profile; answers the record after both. */
async function tutorWith(name: string, overrides: Partial<Schemas['TutorProfileInput']> = {}): Promise<TutorRecord> {
  const email = `${name.toLowerCase().replaceAll(' ', '.')}.${++sequence}@example.org`
  const invited = await invite({ name, email })
  expect(invited.status, invited.text).toBe(201)
  const edited = await update(invited.body.id, invited.body.version, profile(name, overrides))
  expect(edited.status, edited.text).toBe(200)
  return edited.body
}

/** Follows the invitation mailed to `email`, choosing a password. */
async function acceptInvitation(email: string, password: string) {
  const [mail] = (await mailsTo(email)).filter((candidate) => candidate.subject === 'Welcome to TEC: choose your password')
  const link = linksIn(mail?.text ?? '').find((candidate) => candidate.includes('/reset-password?token='))
  const secret = new URL(link ?? 'http://x').searchParams.get('token') ?? ''
  return t.request('PATCH', `/api/auth/reset-password?token=${secret}`, { body: { password }, ip: nextIp() })
}

const signIn = (email: string, pass: string) => t.request<{ token?: string; message?: string }>('POST', '/api/auth/login', { body: { email, pass }, ip: nextIp() })

describe('inviting a tutor', () => {
  it('makes an invited TUTOR account, mails the set-password link, and the tutor is active once they choose a password', async () => {
    const answer = await invite({ name: '  Nadia Okafor ', email: 'Nadia.Okafor@Example.org' })
    expect(answer.status, answer.text).toBe(201)
    expect(answer.headers.get('etag')).toBe('"1"')
    expect(answer.body).toMatchObject({ email: 'nadia.okafor@example.org', status: 'invited', checkState: 'none', checks: [], fields: { name: 'Nadia Okafor', subjects: [] } })
    const mails = await mailsTo('nadia.okafor@example.org')
    expect(mails).toHaveLength(1)
    expect(mails[0]?.text).toContain('the office has made you a tutor account')
    expect(mails[0]?.text).toContain('The link works once, for 72 hours.')
    expect((await signIn('nadia.okafor@example.org', 'Nadia-Chooses-2026')).status).toBe(401)

    expect((await acceptInvitation('nadia.okafor@example.org', 'Nadia-Chooses-2026')).status).toBe(200)
    const after = await read(answer.body.id)
    expect(after.body).toMatchObject({ status: 'active', version: 2 })
    const signedIn = await signIn('nadia.okafor@example.org', 'Nadia-Chooses-2026')
    expect(signedIn.status).toBe(200)
    expect((await read(answer.body.id)).body.lastSignInAt).toBeDefined()

    const entries = (await history(answer.body.id)).body.items
    expect(entries.map((entry) => [entry.action, entry.actor?.name])).toEqual([
      ['tutor.status_changed', 'Nadia Okafor'],
      ['tutor.invited', 'Tara Office'],
    ])
    expect(entries[0]?.changes).toEqual([{ field: 'status', from: 'invited', to: 'active' }])
  })

  it('refuses an email that already has an account (409) and bad fields (400), and stores nothing', async () => {
    await t.createUser({ email: 'taken.tutor@example.org', role: 'TUTOR' })
    const taken = await invite({ name: 'Someone Else', email: 'TAKEN.tutor@example.org' })
    expect(taken.status).toBe(409)
    expect(taken.body).toEqual({ message: 'An account already uses taken.tutor@example.org. Find that person in the lists, or invite the tutor with another address.' })
    expect(await mailsTo('taken.tutor@example.org')).toEqual([])

    const bad = await invite<{ fields?: Record<string, string> }>({ name: '', email: 'not-an-email' })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.fields ?? {}).sort()).toEqual(['email', 'name'])
    const blank = await invite<{ fields?: Record<string, string> }>({ name: '   ', email: 'blank.name@example.org' })
    expect(blank.status).toBe(400)
    expect(blank.body.fields).toEqual({ name: 'Enter the tutor’s name.' })
    expect(await mailsTo('blank.name@example.org')).toEqual([])
  })
})

describe('a tutor’s profile', () => {
  it('changes from the version read, records each changed field, and refuses an edit made from an older version', async () => {
    const invited = (await invite({ name: 'Oskar Lind', email: 'oskar.lind@example.org' })).body
    const first = await update(invited.id, 1, profile('Oskar Lind'))
    expect(first.status, first.text).toBe(200)
    expect(first.headers.get('etag')).toBe('"2"')
    expect(first.body.fields).toMatchObject({ subjects: ['Maths', 'Chemistry'], postcode: 'LS6 2AB', maxTravelMiles: 5 })

    const stale = await update(invited.id, 1, profile('Oskar Overwritten'))
    expect(stale.status).toBe(409)
    expect(stale.body).toEqual({ message: STALE })
    expect((await read(invited.id)).body.fields.name).toBe('Oskar Lind')

    // A field left out of the whole-record form is cleared.
    const { notes: _notes, travelArea: _area, ...withoutArea } = profile('Oskar Lind', { hoursPerWeek: 8 })
    const second = await update(invited.id, 2, withoutArea)
    expect(second.status).toBe(200)
    expect(second.body.fields.travelArea).toBeUndefined()
    const entries = (await history(invited.id)).body.items
    expect(entries[0]).toMatchObject({ action: 'tutor.updated', actor: { name: 'Tara Office' } })
    // A cleared field has no value after the change.
    expect(entries[0]?.changes).toEqual([
      { field: 'travelArea', from: 'Headingley, Kirkstall' },
      { field: 'hoursPerWeek', from: 6, to: 8 },
    ])
    // Saving the same values again changes nothing and raises no version.
    const same = await update(invited.id, 3, withoutArea)
    expect(same.status).toBe(200)
    expect(same.body.version).toBe(3)
  })

  it('answers a message per field for what the schema and the office rules refuse', async () => {
    const invited = (await invite({ name: 'Petra Field', email: 'petra.field@example.org' })).body
    const cases: [Partial<Schemas['TutorProfileInput']>, Record<string, string>][] = [
      [{ subjects: ['Maths', 'Underwater basket weaving'] }, { 'subjects.1': 'Choose a subject from the list.' }],
      [{ postcode: 'LS6 <2AB>' }, { postcode: 'Use only letters, digits and spaces in a postcode, like LS1 4AP.' }],
      [{ maxTravelMiles: 500 }, { maxTravelMiles: 'Enter a whole number of miles from 1 to 100.' }],
      [{ name: '  ' }, { name: 'This field is required.' }],
    ]
    for (const [overrides, fields] of cases) {
      const answer = await update<{ fields?: Record<string, string> }>(invited.id, 1, profile('Petra Field', overrides))
      expect(answer.status, JSON.stringify(overrides)).toBe(400)
      expect(answer.body.fields, JSON.stringify(overrides)).toEqual(fields)
    }
    expect((await read(invited.id)).body.version).toBe(1)
  })

  it('answers 404 for a tutor that does not exist, and for a staff account that is not a tutor', async () => {
    const admin = await t.createUser({ email: 'not.a.tutor@tec.test', role: 'ADMIN' })
    for (const id of [MISSING_ID, admin.id]) {
      expect(await read(id)).toMatchObject({ status: 404, body: NOT_FOUND })
      expect(await update(id, 1, profile('Nobody'))).toMatchObject({ status: 404, body: NOT_FOUND })
      expect(await changeStatus(id, 1, { status: 'paused' })).toMatchObject({ status: 404, body: NOT_FOUND })
      expect(await recordCheck(id, { type: 'enhanced', reference: '001234567890', issuedOn: day(-10) })).toMatchObject({ status: 404, body: NOT_FOUND })
    }
  })
})

describe('pausing, leaving and coming back', () => {
  it('a tutor who leaves is signed out everywhere, cannot sign in or get a reset link, keeps their history, and can be made active again', async () => {
    await t.createUser({ email: 'quinn.leaver@example.org', role: 'TUTOR', name: 'Quinn Leaver', password: 'Quinn-Password-2026' })
    const session = (await signIn('quinn.leaver@example.org', 'Quinn-Password-2026')).body.token
    expect((await t.request('GET', '/api/auth/me', { token: session })).status).toBe(200)
    const found = (await list('q=quinn.leaver')).body.items[0]
    if (!found) throw new Error('the tutor is not listed')

    const paused = await changeStatus(found.id, 1, { status: 'paused', reason: 'On holiday until March.' })
    expect(paused.status, paused.text).toBe(200)
    expect(paused.body).toMatchObject({ status: 'paused', version: 2 })
    expect((await t.request('GET', '/api/auth/me', { token: session })).status).toBe(200)

    const left = await changeStatus(found.id, 2, { status: 'left', reason: 'Moved away.' })
    expect(left.body).toMatchObject({ status: 'left', version: 3 })
    expect((await t.request('GET', '/api/auth/me', { token: session })).status).toBe(401)
    const refused = await signIn('quinn.leaver@example.org', 'Quinn-Password-2026')
    expect(refused).toMatchObject({ status: 401, body: { message: 'The email or password is incorrect.' } })

    const mailsBefore = (await mailsTo('quinn.leaver@example.org')).length
    const forgot = await t.request('POST', '/api/auth/forget-password', { body: { email: 'quinn.leaver@example.org' }, ip: nextIp() })
    expect(forgot.status).toBe(202)
    await t.deps.jobs.idle()
    expect(await mailsTo('quinn.leaver@example.org')).toHaveLength(mailsBefore)

    const back = await changeStatus(found.id, 3, { status: 'active' })
    expect(back.body).toMatchObject({ status: 'active', version: 4 })
    expect((await signIn('quinn.leaver@example.org', 'Quinn-Password-2026')).status).toBe(200)

    const entries = (await history(found.id)).body.items.filter((entry) => entry.action === 'tutor.status_changed')
    expect(entries.map((entry) => [entry.changes[0]?.from, entry.changes[0]?.to, entry.detail])).toEqual([
      ['left', 'active', undefined],
      ['paused', 'left', 'Moved away.'],
      ['active', 'paused', 'On holiday until March.'],
    ])
  })

  it('refuses a move that makes no sense (409) and one made from an older version', async () => {
    const invited = (await invite({ name: 'Rhea Waiting', email: 'rhea.waiting@example.org' })).body
    expect(await changeStatus(invited.id, 1, { status: 'active' })).toMatchObject({
      status: 409,
      body: { message: 'This tutor has not chosen a password yet. They become active when they use their invitation link.' },
    })
    const paused = await changeStatus(invited.id, 1, { status: 'paused' })
    expect(paused.status).toBe(200)
    expect(await changeStatus(invited.id, 2, { status: 'paused' })).toMatchObject({ status: 409, body: { message: 'This tutor is already paused.' } })
    expect(await changeStatus(invited.id, 1, { status: 'left' })).toMatchObject({ status: 409, body: { message: STALE } })
    expect((await changeStatus<{ fields?: Record<string, string> }>(invited.id, 2, { status: 'invited' })).status).toBe(400)
  })

  it('a tutor who leaves before choosing a password can no longer use the invitation', async () => {
    const invited = (await invite({ name: 'Sami Gone', email: 'sami.gone@example.org' })).body
    expect((await changeStatus(invited.id, 1, { status: 'left' })).status).toBe(200)
    expect((await acceptInvitation('sami.gone@example.org', 'Sami-Chooses-2026')).status).toBe(400)
    expect((await read(invited.id)).body.status).toBe('left')
  })
})

describe('safeguarding checks', () => {
  it('records the checks seen, newest first, and flags the newest when it ends within 60 days or has ended', async () => {
    const tutor = await tutorWith('Uma Checked')
    const first = await recordCheck(tutor.id, { type: 'enhanced_barred', reference: ' 001122334455 ', issuedOn: day(-1000), expiresOn: day(-30) })
    expect(first.status, first.text).toBe(201)
    expect(first.body).toMatchObject({ checkState: 'expired', checks: [{ type: 'enhanced_barred', reference: '001122334455', recordedBy: { name: 'Tara Office' } }] })
    // A check is not a profile field: the version stays, so an edit form opened before still saves.
    expect(first.body.version).toBe(tutor.version)

    const renewed = await recordCheck(tutor.id, { type: 'enhanced_barred', reference: '009988776655', issuedOn: day(-300), expiresOn: day(45), onUpdateService: true })
    expect(renewed.body.checkState).toBe('expiring')
    expect(renewed.body.checks.map((check) => check.reference)).toEqual(['009988776655', '001122334455'])

    const current = await recordCheck(tutor.id, { type: 'enhanced', reference: '005555555555', issuedOn: day(-5), expiresOn: day(3 * 365) })
    expect(current.body.checkState).toBe('current')
    const listed = (await list('q=uma+checked')).body.items[0]
    expect(listed).toMatchObject({ checkState: 'current', checkExpiresOn: day(3 * 365) })

    const entries = (await history(tutor.id)).body.items.filter((entry) => entry.action === 'tutor.check_recorded')
    expect(entries).toHaveLength(3)
    expect(entries[0]?.detail).toBe(`Enhanced DBS 005555555555, issued ${dayInWords(day(-5))}, renew by ${dayInWords(day(3 * 365))}`)
    expect(entries[1]?.detail).toContain('on the Update Service')
  })

  it('refuses a renewal date before the issue date, and a blank reference, with the field named', async () => {
    const tutor = await tutorWith('Vera Dates')
    expect((await recordCheck<{ fields?: Record<string, string> }>(tutor.id, { type: 'basic', reference: 'A1', issuedOn: day(0), expiresOn: day(-1) })).body.fields).toEqual({
      expiresOn: 'The renewal date must come after the date the check was issued.',
    })
    expect((await recordCheck<{ fields?: Record<string, string> }>(tutor.id, { type: 'basic', reference: '   ', issuedOn: day(0) })).body.fields).toEqual({
      reference: 'This field is required.',
    })
    const malformed = await recordCheck<{ fields?: Record<string, string> }>(tutor.id, { type: 'passport', reference: 'A1', issuedOn: 'yesterday' })
    expect(Object.keys(malformed.body.fields ?? {}).sort()).toEqual(['issuedOn', 'type'])
    expect((await read(tutor.id)).body.checks).toEqual([])
  })
})

describe('the tutors list', () => {
  it('counts each status under the same search, and narrows by status, subject, mode and area', async () => {
    const physics = await tutorWith('Wren Physics', { subjects: ['Physics'], modes: ['home'], travelArea: 'Otley, Ilkley' })
    await tutorWith('Xavi Physics', { subjects: ['Physics', 'Maths'], modes: ['online'], travelArea: 'Bradford' })
    await changeStatus(physics.id, physics.version, { status: 'paused' })

    const all = await list('q=physics')
    expect(all.status).toBe(200)
    expect(all.body.total).toBe(2)
    expect(all.body.statusCounts).toEqual({ invited: 1, active: 0, paused: 1, left: 0 })
    expect((await list('q=physics&status=paused')).body.items.map((item) => item.name)).toEqual(['Wren Physics'])
    expect((await list('subject=physics&mode=online')).body.items.map((item) => item.name)).toEqual(['Xavi Physics'])
    expect((await list('subject=Physics&area=ilkley')).body.items.map((item) => item.name)).toEqual(['Wren Physics'])
    expect((await list('q=physics&sort=newest')).body.items.map((item) => item.name)).toEqual(['Xavi Physics', 'Wren Physics'])
    const firstPage = await list('q=physics&pageSize=1&page=2')
    expect(firstPage.body).toMatchObject({ total: 2, page: 2, pageSize: 1 })
    expect(firstPage.body.items).toHaveLength(1)
    expect((await list('mode=teleport')).status).toBe(400)
  })

  it('says when the tutor’s account is deactivated, as the staff list does, beside their status as a tutor', async () => {
    const tutor = await tutorWith('Yara Switched')
    expect(tutor.accountDeactivated).toBe(false)
    const staffStatus = async () => (await t.request<Schemas['StaffAccountPage']>('GET', '/api/admin/staff?q=yara+switched', { token })).body.items[0]?.status

    const off = await t.request<Schemas['StaffAccount']>('PUT', `/api/admin/staff/${tutor.id}/status`, { token, body: { active: false } })
    expect(off.status, off.text).toBe(200)
    expect(await staffStatus()).toBe('deactivated')
    expect((await list('q=yara+switched')).body.items.map((item) => [item.status, item.accountDeactivated])).toEqual([['invited', true]])
    expect((await read(tutor.id)).body).toMatchObject({ status: 'invited', accountDeactivated: true })

    expect((await t.request('PUT', `/api/admin/staff/${tutor.id}/status`, { token, body: { active: true } })).status).toBe(200)
    expect(await staffStatus()).toBe('invited')
    expect((await list('q=yara+switched')).body.items.map((item) => item.accountDeactivated)).toEqual([false])
    expect((await read(tutor.id)).body.accountDeactivated).toBe(false)
  })
})
