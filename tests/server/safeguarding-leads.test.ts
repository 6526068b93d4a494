import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { londonDay } from '../../shared/lesson-time.ts'
import type { components } from '../../src/api/schema.gen.ts'
import { auditEvents, mailOutbox } from '../../server/db/schema.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'

type Schemas = components['schemas']
type Account = Schemas['StaffAccount'] & Schemas['Error']

/**
 * Need-to-know for safeguarding concerns (Keeping Children Safe in Education): only the designated safeguarding leads
 * read a concern's words and handling, its list, its mail and its dashboard figure. Another admin learns only that a
 * learner has a concern on record (and that a report raised one, and when); the tutor who raised it sees only that
 * they did, and when. The office always keeps an active lead, and only a lead gives or takes the mark.
 */
let t: TestApp
let lead: string
let other: string
let tutor: string
const ids = { lead: '', other: '', tutor: '', learner: '', quietLearner: '', lesson: '', concern: '' }
const WORDS = 'Said she is frightened of her uncle.'
const LEADS_ONLY = 'Only the designated safeguarding leads can see safeguarding concerns and who opened a record, or give the safeguarding lead mark. Ask one of them if you need to know.'
const DAY_MS = 24 * 60 * 60 * 1000

const ifMatch = (version: number) => ({ 'if-match': `"${version}"` })
const mailsTo = (email: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))
const get = <T extends object>(url: string, token: string) => t.request<T & Schemas['Error']>('GET', url, { token })
const putLead = (userId: string, safeguardingLead: boolean, token: string) =>
  t.request<Account>('PUT', `/api/admin/staff/${userId}/safeguarding-lead`, { token, body: { safeguardingLead } })

beforeAll(async () => {
  t = await createTestApp()
  ids.lead = (await t.createUser({ email: 'lena.lead@tec.test', role: 'ADMIN', name: 'Lena Lead', safeguardingLead: true })).id
  ids.other = (await t.createUser({ email: 'otto.office@tec.test', role: 'ADMIN', name: 'Otto Office', safeguardingLead: false })).id
  ids.tutor = (await t.createUser({ email: 'tia.tutor@tec.test', role: 'TUTOR', name: 'Tia Tutor' })).id
  lead = await t.login('lena.lead@tec.test')
  other = await t.login('otto.office@tec.test')
  tutor = await t.login('tia.tutor@tec.test')
  const call = async <T extends object>(method: string, url: string, body: unknown, token = lead, headers: Record<string, string> = {}) => {
    const answer = await t.request<T & { id: string; version: number }>(method, url, { token, body, headers })
    expect(answer.status, `${method} ${url}: ${answer.text}`).toBeLessThan(300)
    return answer.body
  }
  await call('POST', `/api/admin/tutors/${ids.tutor}/checks`, { type: 'enhanced_barred', reference: 'LEADS-1', issuedOn: '2026-01-05' })
  await call('PUT', `/api/admin/tutors/${ids.tutor}`, { name: 'Tia Tutor', subjects: ['Maths'], levels: [], modes: ['online'] }, lead, ifMatch(1))
  const learner = (name: string) =>
    call('POST', '/api/admin/students', {
      name,
      contact: { name: `${name} Parent`, email: 'leads.parent@example.org', phone: '07700 900000' },
      subjects: ['Maths'],
      deliveryMode: 'online',
      status: 'waiting',
    })
  ids.learner = (await learner('Mina Shah')).id
  ids.quietLearner = (await learner('Noor Ali')).id
  const placement = await call('POST', '/api/admin/placements', { studentId: ids.learner, tutorId: ids.tutor, subject: 'Maths', mode: 'online', startsOn: '2026-01-12', frequency: 'weekly' })
  const planned = await call<{ items: { id: string }[] }>('POST', '/api/tutor/lessons', { placementIds: [placement.id], date: londonDay(new Date(Date.now() - DAY_MS)), startTime: '10:00', minutes: 60 }, tutor)
  ids.lesson = planned.items[0]?.id ?? ''
  const report = {
    attendance: [{ studentId: ids.learner, attendance: 'present' }],
    covered: 'Ratios',
    progress: 'Mina can simplify ratios. Next: sharing in a ratio.',
    concern: { severity: 'high', details: WORDS },
  }
  await call('POST', `/api/tutor/lessons/${ids.lesson}/report`, report, tutor, ifMatch(1))
  const concerns = await call<Schemas['SafeguardingConcernPage']>('GET', '/api/admin/safeguarding-concerns', undefined)
  ids.concern = concerns.items[0]?.id ?? ''
  await call('POST', `/api/admin/safeguarding-concerns/${ids.concern}/status`, { status: 'in_hand', note: 'Rang the school DSL.' }, lead, ifMatch(1))
})
afterAll(async () => t?.close())

describe('who may read a safeguarding concern', () => {
  it('tells the SPA whether the signed-in admin is a lead', async () => {
    expect((await get<Schemas['User']>('/api/auth/me', lead)).body.safeguardingLead).toBe(true)
    expect((await get<Schemas['User']>('/api/auth/me', other)).body.safeguardingLead).toBe(false)
    expect((await get<Schemas['User']>('/api/auth/me', tutor)).body.safeguardingLead).toBe(false)
  })

  it('refuses the concerns, one and all, and their handling to an admin who is not a lead, saying why', async () => {
    const asks = [
      () => t.request<Schemas['Error']>('GET', '/api/admin/safeguarding-concerns', { token: other }),
      () => t.request<Schemas['Error']>('GET', `/api/admin/safeguarding-concerns/${ids.concern}`, { token: other }),
      () => t.request<Schemas['Error']>('POST', `/api/admin/safeguarding-concerns/${ids.concern}/status`, { token: other, body: { status: 'closed', note: 'Nosy' }, headers: ifMatch(2) }),
      () => t.request<Schemas['Error']>('GET', `/api/admin/history?subjectType=safeguarding_concern&subjectId=${ids.concern}`, { token: other }),
    ]
    for (const ask of asks) {
      const answer = await ask()
      expect(answer.status, answer.text).toBe(403)
      expect(answer.body).toEqual({ message: LEADS_ONLY })
      expect(answer.text).not.toContain('frightened')
    }
    // The refused change changed nothing; the lead reads it all.
    const read = await get<Schemas['SafeguardingConcern']>(`/api/admin/safeguarding-concerns/${ids.concern}`, lead)
    expect(read.body).toMatchObject({ details: WORDS, severity: 'high', status: 'in_hand', statusNote: 'Rang the school DSL.', version: 2 })
    expect((await get('/api/admin/safeguarding-concerns', lead)).status).toBe(200)
  })

  it('mails the concern to the active leads alone', async () => {
    const [mail, ...more] = await mailsTo('lena.lead@tec.test')
    expect(more).toEqual([])
    expect(mail?.subject).toBe('Safeguarding concern (High) raised by Tia Tutor')
    expect(await mailsTo('otto.office@tec.test')).toEqual([])
  })

  it('keeps the concern mail off the Mail screen of an admin who is not a lead: not listed, counted, read or sent again', async () => {
    const db = t.database.db
    const [concernMail] = await mailsTo('lena.lead@tec.test')
    if (!concernMail) throw new Error('no concern mail')
    // Both the concern mail and an ordinary one could not be sent.
    await db.update(mailOutbox).set({ status: 'failed', lastError: 'ECONNREFUSED' }).where(eq(mailOutbox.id, concernMail.id))
    const [plain] = await db.insert(mailOutbox).values({ to: 'leads.parent@example.org', subject: 'Your lesson on Monday', text: 'See you then.', status: 'failed', kind: 'placement_started' }).returning()
    if (!plain) throw new Error('no mail')
    const CONCERN = /Safeguarding concern|safeguarding_concern/

    const list = (token: string, status = '') => get<Schemas['MailPage']>(`/api/admin/mail?pageSize=100${status}`, token)
    const leads = await list(lead)
    const others = await list(other)
    expect(leads.body.items.map((mail) => mail.id)).toContain(concernMail.id)
    expect(others.status).toBe(200)
    expect(others.body.items.map((mail) => mail.id)).toContain(plain.id)
    expect(others.text).not.toMatch(CONCERN)
    expect(others.body.total).toBe(leads.body.total - 1)
    expect(others.body.statusCounts.failed).toBe(leads.body.statusCounts.failed - 1)
    const failed = await list(other, '&status=failed')
    expect(failed.body.items.map((mail) => mail.id)).toEqual([plain.id])
    const figures = async (token: string) => (await get<Schemas['Dashboard']>('/api/admin/dashboard', token)).body.figures.failedMail
    expect(await figures(other)).toBe((await figures(lead)) - 1)

    const read = await get<Schemas['MailDetail']>(`/api/admin/mail/${concernMail.id}`, other)
    expect(read.status).toBe(403)
    expect(read.body).toEqual({ message: LEADS_ONLY })
    const resent = await t.request<Schemas['Error']>('POST', `/api/admin/mail/${concernMail.id}/resend`, { token: other })
    expect(resent.status).toBe(403)
    expect(resent.body).toEqual({ message: LEADS_ONLY })
    // Sending every failed mail again sends the other admin's own and says nothing of the concern's.
    const all = await t.request<Schemas['MailResent']>('POST', '/api/admin/mail/resend-failed', { token: other })
    expect(all.status, all.text).toBe(200)
    expect(all.body).toEqual({ resent: 1, skipped: 0 })
    const [still] = await db.select({ status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.id, concernMail.id))
    expect(still?.status).toBe('failed')

    // The lead reads it and sends it again.
    const leadRead = await get<Schemas['MailDetail']>(`/api/admin/mail/${concernMail.id}`, lead)
    expect(leadRead.status).toBe(200)
    expect(leadRead.body.text).toContain('Tia Tutor has raised a safeguarding concern')
    const leadResent = await t.request<Schemas['MailSummary']>('POST', `/api/admin/mail/${concernMail.id}/resend`, { token: lead })
    expect(leadResent.status, leadResent.text).toBe(200)
    expect(leadResent.body.status).not.toBe('failed')
  })

  it('counts the concerns to act on, open or in hand, on the dashboard and in the list for a lead only', async () => {
    // In hand still needs the office: it is counted, and the list as it opens shows it.
    const counted = async () => (await get<Schemas['Dashboard']>('/api/admin/dashboard', lead)).body.figures.concernsToActOn
    expect(await counted()).toBe(1)
    const list = await get<Schemas['SafeguardingConcernPage']>('/api/admin/safeguarding-concerns?status=to_act_on', lead)
    expect(list.body.items.map((item) => [item.id, item.status])).toEqual([[ids.concern, 'in_hand']])
    const opened = await t.request<Schemas['SafeguardingConcern']>('POST', `/api/admin/safeguarding-concerns/${ids.concern}/status`, { token: lead, body: { status: 'open', note: 'Reopened: the school has not called back.' }, headers: ifMatch(2) })
    expect(opened.status, opened.text).toBe(200)
    expect(await counted()).toBe(1)
    const others = await get<Schemas['Dashboard']>('/api/admin/dashboard', other)
    expect(others.status).toBe(200)
    expect(others.body.figures).not.toHaveProperty('concernsToActOn')
  })

  it('tells every admin that a learner has a concern on record, and nothing of what it says', async () => {
    for (const token of [lead, other]) {
      expect((await get<Schemas['StudentRecord']>(`/api/admin/students/${ids.learner}`, token)).body.hasConcern).toBe(true)
      expect((await get<Schemas['StudentRecord']>(`/api/admin/students/${ids.quietLearner}`, token)).body.hasConcern).toBe(false)
    }
  })

  it('shows another admin only that the report raised a concern, and when, in the report and its history', async () => {
    const seen = await get<Schemas['LessonDetail']>(`/api/admin/reports/${ids.lesson}`, other)
    expect(seen.body.lesson.concernRaised).toBe(true)
    expect(seen.body.concerns?.map((concern) => [concern.id, Object.keys(concern).sort()])).toEqual([[ids.concern, ['id', 'raisedAt']]])
    expect(seen.text).not.toMatch(/frightened|"high"|in_hand|Rang the school/)
    const leads = await get<Schemas['LessonDetail']>(`/api/admin/reports/${ids.lesson}`, lead)
    expect(leads.body.concerns?.[0]).toMatchObject({ id: ids.concern, severity: 'high', details: WORDS, status: 'open' })

    const history = await get<Schemas['HistoryPage']>(`/api/admin/history?subjectType=lesson&subjectId=${ids.lesson}`, other)
    const concernEntries = history.body.items.filter((entry) => entry.action.startsWith('concern.'))
    expect(concernEntries.map((entry) => [entry.action, entry.detail, entry.changes])).toEqual([['concern.raised', undefined, []]])
    expect(history.text).not.toMatch(/Severity|Rang the school|Reopened/)
    const leadsHistory = await get<Schemas['HistoryPage']>(`/api/admin/history?subjectType=lesson&subjectId=${ids.lesson}`, lead)
    expect(leadsHistory.body.items.filter((entry) => entry.action.startsWith('concern.')).map((entry) => entry.action)).toEqual([
      'concern.status_changed',
      'concern.status_changed',
      'concern.raised',
    ])
  })

  it('shows the tutor who raised it only that they did, and when', async () => {
    const mine = await get<Schemas['MyLessonDetail']>(`/api/tutor/lessons/${ids.lesson}`, tutor)
    expect(mine.status).toBe(200)
    expect(mine.body.concerns?.map((concern) => [concern.id, Object.keys(concern).sort()])).toEqual([[ids.concern, ['id', 'raisedAt']]])
    expect(mine.text).not.toMatch(/frightened|"high"|in_hand|Rang the school|Reopened/)
  })
})

describe('the safeguarding lead mark', () => {
  it('shows on the staff list, and only a lead gives or takes it, audited', async () => {
    const list = await get<Schemas['StaffAccountPage']>('/api/admin/staff?role=ADMIN', other)
    expect(list.body.items.map((account) => [account.name, account.safeguardingLead])).toEqual([
      ['Lena Lead', true],
      ['Otto Office', false],
    ])
    // Otto cannot give himself the concerns to read.
    const self = await putLead(ids.other, true, other)
    expect(self.status).toBe(403)
    expect(self.body.message).toBe(LEADS_ONLY)
    const invite = await t.request<Account>('POST', '/api/admin/staff', { token: other, body: { name: 'Friend Of Otto', email: 'friend@tec.test', safeguardingLead: true } })
    expect(invite.status).toBe(400)
    expect(invite.body.fields).toEqual({ safeguardingLead: 'Only a safeguarding lead can make someone a safeguarding lead.' })

    const given = await putLead(ids.other, true, lead)
    expect(given.status, given.text).toBe(200)
    expect(given.body).toMatchObject({ id: ids.other, safeguardingLead: true })
    expect((await get('/api/admin/safeguarding-concerns', other)).status).toBe(200)
    const taken = await putLead(ids.other, false, lead)
    expect(taken.body.safeguardingLead).toBe(false)
    expect((await get('/api/admin/safeguarding-concerns', other)).status).toBe(403)
    const audit = await t.database.db
      .select({ actor: auditEvents.actorUserId, details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'user.safeguarding_lead_changed'), eq(auditEvents.subjectId, ids.other)))
      .orderBy(auditEvents.at)
    expect(audit).toEqual([
      { actor: ids.lead, details: { changes: [{ field: 'safeguardingLead', from: false, to: true }] } },
      { actor: ids.lead, details: { changes: [{ field: 'safeguardingLead', from: true, to: false }] } },
    ])
  })

  it('is for admins only: a tutor is refused on the field', async () => {
    const answer = await putLead(ids.tutor, true, lead)
    expect(answer.status).toBe(400)
    expect(answer.body.fields).toEqual({ safeguardingLead: 'Only admins can be safeguarding leads. Make this account an admin first.' })
    expect((await putLead('00000000-0000-4000-8000-000000000000', true, lead)).status).toBe(404)
  })

  it('invites an admin as a lead when a lead asks', async () => {
    const invited = await t.request<Account>('POST', '/api/admin/staff', { token: lead, body: { name: 'Dee Deputy', email: 'dee.deputy@tec.test', safeguardingLead: true } })
    expect(invited.status, invited.text).toBe(201)
    expect(invited.body).toMatchObject({ status: 'invited', safeguardingLead: true })
    const plain = await t.request<Account>('POST', '/api/admin/staff', { token: other, body: { name: 'Pat Plain', email: 'pat.plain@tec.test' } })
    expect(plain.body.safeguardingLead).toBe(false)
    // Dee is deactivated again, so Lena is the last active lead for what follows.
    expect((await t.request('PUT', `/api/admin/staff/${invited.body.id}/status`, { token: lead, body: { active: false } })).status).toBe(200)
  })

  it('never leaves the office without an active lead: the mark, the role and the account of the last one stay', async () => {
    const LAST = 'This is the last active safeguarding lead: nobody would be left to read and handle safeguarding concerns. Make another admin a safeguarding lead first.'
    const ownMark = await putLead(ids.lead, false, lead)
    expect(ownMark.status).toBe(409)
    expect(ownMark.body.message).toBe(LAST)
    const demoted = await t.request<Account>('PUT', `/api/admin/staff/${ids.lead}/role`, { token: other, body: { role: 'TUTOR' } })
    expect(demoted.status).toBe(409)
    expect(demoted.body.message).toBe(LAST)
    const deactivated = await t.request<Account>('PUT', `/api/admin/staff/${ids.lead}/status`, { token: other, body: { active: false } })
    expect(deactivated.status).toBe(409)
    expect(deactivated.body.message).toBe(LAST)
    expect((await get<Schemas['User']>('/api/auth/me', lead)).body).toMatchObject({ role: 'ADMIN', safeguardingLead: true })

    // With Otto a lead too, Lena may step down; made a tutor, a lead loses the mark with the role.
    expect((await putLead(ids.other, true, lead)).status).toBe(200)
    const steppedDown = await putLead(ids.lead, false, lead)
    expect(steppedDown.status, steppedDown.text).toBe(200)
    expect(steppedDown.body.safeguardingLead).toBe(false)
    expect((await putLead(ids.lead, true, other)).status).toBe(200)
    const tutorNow = await t.request<Account>('PUT', `/api/admin/staff/${ids.lead}/role`, { token: other, body: { role: 'TUTOR' } })
    expect(tutorNow.status, tutorNow.text).toBe(200)
    expect(tutorNow.body).toMatchObject({ role: 'TUTOR', safeguardingLead: false })
  })
})
