import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../src/api/schema.gen.ts'
import { seedDemoContent } from '../../server/demo/content.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'

type Schemas = components['schemas']
type Message = Schemas['ContactMessage']

/**
 * The office's view: contact messages read, marked handled (from the version read) and found again; tutors found by
 * the state of their safeguarding check; and a dashboard whose every figure is the total of the list it links to,
 * with the latest changes named.
 */
let t: TestApp
let token: string
const STALE = 'Someone else changed this record since you opened it. Reload it to see their changes, then make yours again.'
const MISSING_ID = '00000000-0000-4000-8000-000000000000'

beforeAll(async () => {
  t = await createTestApp()
  await seedDemoContent(t.database.db)
  await t.createUser({ email: 'office.admin@tec.test', role: 'ADMIN', name: 'Olive Office' })
  token = await t.login('office.admin@tec.test')
})
afterAll(async () => t?.close())

let sequence = 0
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 24 * 3600 * 1000).toISOString().slice(0, 10)
const get = <T extends object>(url: string) => t.request<T>('GET', `/api${url}`, { token })

async function sendMessage(name: string, subject: string): Promise<string> {
  sequence += 1
  const answer = await t.request<Schemas['ContactMessageReceipt']>('POST', '/api/contact-messages', {
    ip: `198.18.7.${sequence}`,
    body: { name, email: `${name.toLowerCase().replaceAll(' ', '.')}@example.org`, subject, message: `A question about lessons, number ${sequence}.` },
  })
  expect(answer.status, answer.text).toBe(202)
  return answer.body.reference
}

async function messageByReference(reference: string): Promise<Message> {
  const page = await get<Schemas['ContactMessagePage']>(`/admin/contact-messages?q=${reference}`)
  const [summary] = page.body.items
  if (!summary) throw new Error(`No message ${reference}`)
  return (await get<Message>(`/admin/contact-messages/${summary.id}`)).body
}

const changeStatus = <T extends object = Message>(id: string, version: number, status: string) =>
  t.request<T>('POST', `/api/admin/contact-messages/${id}/status`, { token, body: { status }, headers: { 'if-match': `"${version}"` } })

describe('contact messages in the office', () => {
  it('are read in full, marked read then handled from the version read, and found by status and search', async () => {
    const reference = await sendMessage('Hana Ito', 'Lessons in the holidays')
    const message = await messageByReference(reference)
    expect(message).toMatchObject({ reference, name: 'Hana Ito', email: 'hana.ito@example.org', subject: 'Lessons in the holidays', status: 'new', version: 1 })
    expect(message.message).toMatch(/^A question about lessons/)

    const read = await changeStatus(message.id, 1, 'read')
    expect(read.status, read.text).toBe(200)
    expect(read.headers.get('etag')).toBe('"2"')
    expect(read.body).toMatchObject({ status: 'read', statusChangedBy: { name: 'Olive Office' } })
    const stale = await changeStatus(message.id, 1, 'handled')
    expect(stale.status).toBe(409)
    expect(stale.body).toEqual({ message: STALE })
    const same = await changeStatus(message.id, 2, 'read')
    expect(same.body).toEqual({ message: 'This message is already marked read.' })
    expect((await changeStatus(message.id, 2, 'handled')).body.status).toBe('handled')

    const open = await get<Schemas['ContactMessagePage']>('/admin/contact-messages?status=open&q=Hana')
    expect(open.body.total).toBe(0)
    const handled = await get<Schemas['ContactMessagePage']>('/admin/contact-messages?status=handled&q=Hana')
    expect(handled.body.items.map((item) => item.reference)).toEqual([reference])
    expect(handled.body.statusCounts).toEqual({ new: 0, read: 0, handled: 1 })
  })

  it('answer 404 for a message that does not exist and 400 for a status that does not', async () => {
    expect((await get(`/admin/contact-messages/${MISSING_ID}`)).body).toEqual({ message: 'We could not find that message.' })
    expect((await changeStatus(MISSING_ID, 1, 'read')).status).toBe(404)
    const reference = await sendMessage('Ivo Bad', 'Bad status')
    const message = await messageByReference(reference)
    expect((await changeStatus(message.id, 1, 'archived')).status).toBe(400)
    expect((await get('/admin/contact-messages?status=archived')).status).toBe(400)
  })
})

describe('tutors by the state of their check', () => {
  it('narrows the list to current, renew-soon, expired and no check', async () => {
    const states: [string, string | null | undefined][] = [
      ['Cora Current', day(400)],
      ['Ezra Expiring', day(20)],
      ['Xena Expired', day(-2)],
      ['Noor None', undefined],
      ['Una Unending', null],
    ]
    for (const [name, expiresOn] of states) {
      const invited = await t.request<Schemas['TutorRecord']>('POST', '/api/admin/tutors', { token, body: { name, email: `${name.toLowerCase().replace(' ', '.')}@example.org` } })
      expect(invited.status).toBe(201)
      if (expiresOn !== undefined) {
        const body = { type: 'enhanced', reference: `CHK-${name}`, issuedOn: day(-900), ...(expiresOn === null ? {} : { expiresOn }) }
        expect((await t.request('POST', `/api/admin/tutors/${invited.body.id}/checks`, { token, body })).status).toBe(201)
      }
    }
    // A tutor who has left is nobody's concern, whatever their check.
    const gone = await t.request<Schemas['TutorRecord']>('POST', '/api/admin/tutors', { token, body: { name: 'Lars Left', email: 'lars.left@example.org' } })
    await t.request('POST', `/api/admin/tutors/${gone.body.id}/checks`, { token, body: { type: 'basic', reference: 'CHK-LARS', issuedOn: day(-900), expiresOn: day(-5) } })
    expect((await t.request('POST', `/api/admin/tutors/${gone.body.id}/status`, { token, body: { status: 'left' }, headers: { 'if-match': `"${gone.body.version}"` } })).status).toBe(200)
    states.push(['Lars Left', day(-5)])
    const names = async (check: string) => (await get<Schemas['TutorPage']>(`/admin/tutors?check=${check}&pageSize=100`)).body.items.map((item) => item.name).filter((name) => states.some(([s]) => s === name))
    expect(await names('current')).toEqual(['Cora Current', 'Una Unending'])
    expect(await names('expiring')).toEqual(['Ezra Expiring'])
    expect(await names('expired')).toEqual(['Xena Expired'])
    expect(await names('none')).toEqual(['Noor None'])
    // Invited tutors teach nobody yet; the dashboard's not_valid tutors are the active ones, below.
    expect(await names('not_valid')).toEqual(['Noor None', 'Xena Expired'])
  })
})

describe('the dashboard', () => {
  it('counts exactly what each linked list shows', async () => {
    await sendMessage('Jude Figures', 'Counted on the dashboard')
    // An active tutor with no check at all: teaching, and nobody has seen a certificate.
    await t.createUser({ email: 'ben.nocheck@example.org', name: 'Ben Nocheck' })
    const { figures } = (await get<Schemas['Dashboard']>('/admin/dashboard')).body
    const totalOf = async (url: string) => (await get<{ total: number }>(url)).body.total
    for (const type of ['subject', 'course', 'school', 'tutor'] as const) {
      expect(figures.newRegistrations[type], type).toBe(await totalOf(`/admin/registrations?status=new&type=${type}`))
    }
    expect(figures.studentsWaiting).toBe(await totalOf('/admin/students?status=waiting'))
    expect(figures.tutorsInvited).toBe(await totalOf('/admin/tutors?status=invited'))
    expect(figures.checksExpiring).toBe(await totalOf('/admin/tutors?check=expiring'))
    expect(figures.tutorsWithoutCheck).toBe(await totalOf('/admin/tutors?status=active&check=not_valid'))
    expect(figures.reportsToReview).toBe(await totalOf('/admin/reports?state=to_review'))
    expect(figures.reportsOverdue).toBe(await totalOf('/admin/reports?state=overdue'))
    expect(figures.failedMail).toBe(await totalOf('/admin/mail?status=failed_this_week'))
    expect(figures.openMessages).toBe(await totalOf('/admin/contact-messages?status=open'))
    // Not all zero: the demo registrations and the tests above put something in most of them.
    expect(figures.tutorsInvited).toBeGreaterThan(0)
    expect(figures.openMessages).toBeGreaterThan(0)
    expect(figures.tutorsWithoutCheck).toBeGreaterThan(0)
  })

  it('lists the latest changes, newest first, naming who made them and the record', async () => {
    const invited = await t.request<Schemas['TutorRecord']>('POST', '/api/admin/tutors', { token, body: { name: 'Lina Latest', email: 'lina.latest@example.org' } })
    const { activity } = (await get<Schemas['Dashboard']>('/admin/dashboard')).body
    expect(activity.length).toBeLessThanOrEqual(15)
    expect(activity[0]).toMatchObject({ action: 'tutor.invited', actor: { name: 'Olive Office' }, subject: { type: 'tutor', id: invited.body.id, name: 'Lina Latest' } })
    const times = activity.map((entry) => entry.at)
    expect(times).toEqual([...times].sort().reverse())
  })
})
