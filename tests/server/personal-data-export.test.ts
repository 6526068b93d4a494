import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, count, eq, getTableColumns, getTableName, is, sql } from 'drizzle-orm'
import { PgTable, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../src/api/schema.gen.ts'
import * as schema from '../../server/db/schema.ts'
import { auditEvents, lessonLearners, mailOutbox, placements, recordOpenings, safeguardingConcerns, students, users } from '../../server/db/schema.ts'
import { concernRaisedMail } from '../../server/mail/templates.ts'
import { holdsPersonalData, REGISTRY } from '../../server/personal-data/registry.ts'
import { fillPersonEverywhere, type PersonEverywhere } from './support/person-everywhere.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'

type Schemas = components['schemas']
type Export = Schemas['PersonalDataExport']
type Kind = Schemas['PersonalDataKind']

let t: TestApp
let person: PersonEverywhere
/** An admin who is not a safeguarding lead, and one who is. */
let admin: string
let lead: string
let adminId: string
let leadId: string

beforeAll(async () => {
  t = await createTestApp()
  person = await fillPersonEverywhere(t)
  adminId = (await t.createUser({ email: 'export-admin@tec.test', role: 'ADMIN' })).id
  const leadRow = await t.createUser({ email: 'export-lead@tec.test', role: 'ADMIN' })
  leadId = leadRow.id
  // Set here whatever createUser's default, so each account is what its name says.
  await t.database.db.update(users).set({ safeguardingLead: false }).where(eq(users.id, adminId))
  await t.database.db.update(users).set({ safeguardingLead: true }).where(eq(users.id, leadRow.id))
  admin = await t.login('export-admin@tec.test')
  lead = await t.login('export-lead@tec.test')
})
afterAll(async () => t?.close())

/** Every pgTable schema.ts exports, by its SQL name. */
function schemaTables(module: Record<string, unknown>): Map<string, PgTable> {
  const tables = new Map<string, PgTable>()
  for (const value of Object.values(module)) if (is(value, PgTable)) tables.set(getTableName(value), value)
  return tables
}

/** The schema walk: tables with no registry entry (the export would never look in them). */
function unregistered(tables: Map<string, PgTable>): string[] {
  const registered = new Set(REGISTRY.map((entry) => getTableName(entry.table)))
  return [...tables.keys()].filter((name) => !registered.has(name))
}

function queryOf(kind: Kind, extra: Record<string, string> = {}): string {
  const named: Record<Kind, Record<string, string>> = {
    learner: { id: person.learnerId },
    contact: { email: person.contactEmail },
    tutor: { id: person.tutorId },
    'school-contact': { id: person.schoolId, contact: String(person.schoolContact) },
    registration: { id: person.registrationId },
  }
  return new URLSearchParams({ kind, ...named[kind], ...extra }).toString()
}

const exportOf = (kind: Kind, token = admin, extra: Record<string, string> = {}) => t.request<Export>('GET', `/api/admin/personal-data/export?${queryOf(kind, extra)}`, { token })

/** A zip's entry, read by Python's zipfile: a reader of its own, not the library that wrote it. */
function unzipEntry(bytes: Uint8Array, name: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'tec-export-')), 'export.zip')
  writeFileSync(file, bytes)
  return execFileSync('python3', ['-c', 'import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; sys.stdout.write(z.read(sys.argv[2]).decode("utf-8"))', file, name], { encoding: 'utf8' })
}

const KINDS: Kind[] = ['learner', 'contact', 'tutor', 'school-contact', 'registration']

describe('the registry of personal data', () => {
  it('names every table of the schema, and the walk reports a table added without an entry', () => {
    const tables = schemaTables(schema)
    expect(tables.size).toBeGreaterThan(30)
    expect(unregistered(tables)).toEqual([])
    expect(REGISTRY.length).toBe(tables.size)
    // A table added later without an entry is reported by the same walk, so this test fails until it has one.
    const addedLater = pgTable('pupil_photos', { id: uuid('id').primaryKey(), caption: text('caption') })
    expect(unregistered(new Map([...tables, ['pupil_photos', addedLater]]))).toEqual(['pupil_photos'])
  })

  it('names only real columns, declares every hash and secret, and says why a table holds nothing', () => {
    for (const entry of REGISTRY) {
      const columns = getTableColumns(entry.table)
      const name = getTableName(entry.table)
      if (!holdsPersonalData(entry)) {
        expect(entry.none.length, name).toBeGreaterThan(10)
        continue
      }
      const named = [...entry.personal, ...Object.keys(entry.secrets ?? {}), ...(entry.omit ?? []), ...Object.values(entry.sections).flatMap((section) => [...(section.personal ?? [])])]
      for (const column of named) expect(Object.keys(columns), `${name}.${column}`).toContain(column)
      for (const [key, column] of Object.entries(columns)) {
        if (/(hash|ciphertext|secret)$/i.test(column.name) && !/duplicate/.test(column.name)) expect(Object.keys(entry.secrets ?? {}), `${name}.${key} is a secret`).toContain(key)
      }
      expect(Object.keys(entry.sections).length, `${name} is found for someone`).toBeGreaterThan(0)
    }
  })

  it('the fixture gives every personal column a value for every kind of person the registry finds it for', () => {
    const missing: string[] = []
    for (const entry of REGISTRY) {
      if (!holdsPersonalData(entry)) continue
      const table = getTableName(entry.table)
      for (const [kind, section] of Object.entries(entry.sections)) {
        for (const column of section.personal ?? entry.personal) {
          if (!person.expectations.some((expected) => expected.table === table && expected.column === column && expected.kinds.includes(kind as Kind))) missing.push(`${table}.${column} for ${kind}`)
        }
      }
    }
    expect(missing).toEqual([])
  })
})

describe('GET /api/admin/personal-data/export', () => {
  it.each(KINDS)('a %s export holds every personal value, no secret, and concerns only as withheld', async (kind) => {
    const answer = await exportOf(kind)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('cache-control')).toContain('no-store')
    const text = answer.text
    const absent = person.expectations.filter((expected) => expected.kinds.includes(kind) && !expected.concern && !text.includes(expected.value))
    expect(absent.map(({ table, column }) => `${table}.${column}`)).toEqual([])
    for (const value of person.secrets) expect(text).not.toContain(value)
    for (const expected of person.expectations.filter((candidate) => candidate.concern)) expect(text).not.toContain(expected.value)
    expect(answer.body.includesConcerns).toBe(false)
    expect(answer.body.madeBy).toEqual({ id: adminId, name: 'Test Person' })
    if (kind === 'learner' || kind === 'tutor') {
      const concerns = answer.body.withheld.find((held) => held.what === 'Safeguarding concern')
      expect(concerns?.count).toBe(1)
      expect(concerns?.dates).toHaveLength(1)
      expect(concerns?.reason).toContain('child abuse data')
    }
    if (kind === 'tutor') {
      const what = answer.body.withheld.map((held) => held.what)
      expect(what).toEqual(expect.arrayContaining(['Password hash', 'Session token hash', 'Trusted browser token hash', 'Authenticator app secret', 'Recovery code hash', 'Mail body with a sign-in or password link']))
      expect(answer.body.withheld.find((held) => held.what === 'Password hash')?.reason).toBe('Held but not disclosed: security secret')
    }
  })

  it('includes the safeguarding concerns for a lead who asks, and refuses any other admin who asks', async () => {
    const refused = await t.request('GET', `/api/admin/personal-data/export?${queryOf('learner', { includeConcerns: 'true' })}`, { token: admin })
    expect(refused.status).toBe(403)
    expect(refused.body.message).toMatch(/safeguarding leads/)

    const notAsked = await exportOf('learner', lead)
    expect(notAsked.body.includesConcerns).toBe(false)
    expect(notAsked.text).not.toContain(person.expectations.find((expected) => expected.concern)?.value)

    for (const kind of ['learner', 'tutor'] as const) {
      const answer = await exportOf(kind, lead, { includeConcerns: 'true' })
      expect(answer.status).toBe(200)
      expect(answer.body.includesConcerns).toBe(true)
      for (const expected of person.expectations.filter((candidate) => candidate.concern && candidate.kinds.includes(kind))) expect(answer.text, expected.column).toContain(expected.value)
      expect(answer.body.withheld.map((held) => held.what)).not.toContain('Safeguarding concern')
    }
  })

  it('answers a message per field when the person is not named, and 404 for a record that is not there', async () => {
    const noId = await t.request('GET', '/api/admin/personal-data/export?kind=learner', { token: admin })
    expect(noId.status).toBe(400)
    expect(noId.body.fields).toEqual({ id: 'This field is required.' })
    const noContact = await t.request('GET', `/api/admin/personal-data/export?kind=school-contact&id=${person.schoolId}`, { token: admin })
    expect(noContact.body.fields).toEqual({ contact: 'This field is required.' })
    const noEmail = await t.request('GET', '/api/admin/personal-data/export?kind=contact', { token: admin })
    expect(noEmail.body.fields).toEqual({ email: 'This field is required.' })
    const missing = await t.request('GET', '/api/admin/personal-data/export?kind=tutor&id=00000000-0000-4000-8000-000000000000', { token: admin })
    expect(missing.status).toBe(404)
    const noSuchContact = await t.request('GET', `/api/admin/personal-data/export?kind=school-contact&id=${person.schoolId}&contact=7`, { token: admin })
    expect(noSuchContact.status).toBe(404)
  })

  it('records every export: a history entry with ids only, and an opening of the record', async () => {
    const openings = () => t.database.db.select({ n: count() }).from(recordOpenings).where(and(eq(recordOpenings.subjectId, person.learnerId), eq(recordOpenings.kind, 'exported')))
    const [before] = await openings()
    const answer = await exportOf('learner')
    expect(answer.status).toBe(200)
    const [after] = await openings()
    expect(after?.n).toBe((before?.n ?? 0) + 1)

    const events = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'personal_data.exported'), eq(auditEvents.actorUserId, adminId)))
    expect(events.length).toBeGreaterThan(0)
    const latest = events.find((event) => event.subjectId === person.learnerId && event.details?.form === 'page')
    expect(latest).toMatchObject({ subjectType: 'student', details: { kind: 'learner', includesConcerns: false } })
    // Ids and counts only: no name, address or words of the person in the history.
    const stored = JSON.stringify(events)
    for (const expected of person.expectations.filter((candidate) => candidate.value.startsWith('pe'))) expect(stored).not.toContain(expected.value)

    // A contact person's export is recorded against the learners it shows.
    const [contactBefore] = await openings()
    await exportOf('contact')
    const [contactAfter] = await openings()
    expect(contactAfter?.n).toBe((contactBefore?.n ?? 0) + 1)
  })
})

describe('GET /api/admin/personal-data/download', () => {
  it('answers a zip of data.json and README.txt, recorded as an export', async () => {
    const [before] = await t.database.db.select({ n: count() }).from(auditEvents).where(and(eq(auditEvents.action, 'personal_data.exported'), sql`${auditEvents.details}->>'form' = 'zip'`))
    const answer = await t.request('GET', `/api/admin/personal-data/download?${queryOf('learner')}`, { token: admin })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('application/zip')
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="tec-personal-data-learner-\d{4}-\d{2}-\d{2}\.zip"$/)

    const data = unzipEntry(answer.bytes, 'data.json')
    const parsed = JSON.parse(data) as Export
    expect(parsed.subject).toMatchObject({ kind: 'learner', id: person.learnerId })
    expect(parsed.sections.map((section) => section.table)).toContain('lesson_reports')
    const absent = person.expectations.filter((expected) => expected.kinds.includes('learner') && !expected.concern && !data.includes(expected.value))
    expect(absent).toEqual([])
    const readme = unzipEntry(answer.bytes, 'README.txt')
    expect(readme).toContain('subject access request')
    expect(readme).toContain('Test Person')
    expect(readme).toMatch(/1 × Safeguarding concern \(\d{4}-\d{2}-\d{2}\)\. Withheld: disclosure could put a child at risk/)
    const whole = new TextDecoder('latin1').decode(answer.bytes) + data + readme
    for (const value of person.secrets) expect(whole).not.toContain(value)

    const [after] = await t.database.db.select({ n: count() }).from(auditEvents).where(and(eq(auditEvents.action, 'personal_data.exported'), sql`${auditEvents.details}->>'form' = 'zip'`))
    expect(after?.n).toBe((before?.n ?? 0) + 1)
  })
})

describe('GET /api/admin/personal-data/matches', () => {
  it('lists what is held under an address: learners, registrations, school contacts, accounts, messages and mail', async () => {
    const answer = await t.request<Schemas['PersonalDataMatches']>('GET', `/api/admin/personal-data/matches?email=${encodeURIComponent(person.contactEmail.toUpperCase())}`, { token: admin })
    expect(answer.status).toBe(200)
    expect(answer.body.learners.map((learner) => learner.id)).toEqual([person.learnerId])
    expect(answer.body.registrations.map((registration) => registration.id)).toEqual([person.registrationId])
    expect(answer.body.schoolContacts).toHaveLength(2)
    expect(answer.body.accounts).toHaveLength(1)
    expect(answer.body.messages).toBe(1)
    expect(answer.body.mail).toBe(1)
    const school = await t.request<Schemas['PersonalDataMatches']>('GET', `/api/admin/personal-data/matches?email=${encodeURIComponent(person.schoolContactEmail)}`, { token: admin })
    expect(school.body.schoolContacts.map(({ schoolId, contact }) => ({ schoolId, contact }))).toEqual([{ schoolId: person.schoolId, contact: person.schoolContact }])
  })
})

describe('a learner in a group lesson', () => {
  it("leaves the other learners' names out of the learner's export, counted as another person's data", async () => {
    const db = t.database.db
    const other = 'Zebedee Quillfeather'
    const [lesson] = await db.select({ id: lessonLearners.lessonId }).from(lessonLearners).where(eq(lessonLearners.studentId, person.learnerId))
    const [classmate] = await db
      .insert(students)
      .values({ name: other, contactName: 'Quill Parent', contactEmail: 'quill.parent@example.org', contactPhone: '07700 900999', subjects: ['Maths'], deliveryMode: 'school' })
      .returning()
    if (!lesson || !classmate) throw new Error('no lesson or classmate')
    const [placement] = await db.insert(placements).values({ studentId: classmate.id, tutorId: person.tutorId, subject: 'Maths', mode: 'school', startsOn: '2026-01-10', frequency: 'weekly' }).returning()
    if (!placement) throw new Error('no placement')
    await db.insert(lessonLearners).values({ lessonId: lesson.id, studentId: classmate.id, placementId: placement.id })
    await db.insert(auditEvents).values({ action: 'lesson.planned', subjectType: 'lesson', subjectId: lesson.id, details: { detail: `Maths with ${other} and the learner, 2 February` } })

    const answer = await exportOf('learner')
    expect(answer.status).toBe(200)
    expect(answer.text).not.toContain(other)
    expect(answer.text).toContain('Maths with another learner and the learner')
    expect(answer.body.withheld.find((held) => held.what === "Another learner's name")?.count).toBeGreaterThan(0)
    // The classmate's own export still names them.
    const theirs = await t.request<Export>('GET', `/api/admin/personal-data/export?kind=learner&id=${classmate.id}`, { token: admin })
    expect(theirs.text).toContain(other)
  })
})

/** The concern mail as the server writes it: its subject names the severity and the tutor who raised the concern. */
const concernMail = (to: string) => concernRaisedMail({ email: to, name: 'Lee Lead' }, { severity: 'high', tutor: 'Tamsin Quarrie', subject: 'Maths', day: '2026-02-02' }, 'https://tec.example/admin/reports/concerns/1')

describe('mail in an export', () => {
  it('says when a body was deleted, and withholds a concern mail whole, subject and all, unless a lead includes concerns', async () => {
    const db = t.database.db
    const to = 'mail.export@example.org'
    await db.insert(mailOutbox).values([
      { to, subject: 'Your lesson on Monday', text: '', status: 'sent', kind: 'placement_started', sentAt: new Date('2026-03-01T10:00:00Z'), bodyPurgedAt: new Date('2026-11-01T03:00:00Z') },
      { ...concernMail(to), status: 'sent' },
      // Deleting its words under retention leaves its subject, which is withheld all the same.
      { ...concernMail(to), text: '', status: 'sent', bodyPurgedAt: new Date('2026-11-01T03:00:00Z') },
    ])
    const query = `kind=contact&email=${encodeURIComponent(to)}`
    for (const token of [admin, lead]) {
      const answer = await t.request<Export>('GET', `/api/admin/personal-data/export?${query}`, { token })
      const mail = answer.body.sections.find((section) => section.table === 'mail_outbox')
      const purged = mail?.records.find((record) => record.title.startsWith('Your lesson on Monday'))
      expect(purged?.fields).toContainEqual({ name: 'body', value: 'Deleted on 2026-11-01 under the retention of sent mail' })
      expect(mail?.records).toHaveLength(1)
      expect(answer.text).not.toMatch(/Tamsin Quarrie|Safeguarding concern \(|High/)
      const held = answer.body.withheld.find((withheld) => withheld.what === 'Mail about a safeguarding concern')
      expect(held?.count).toBe(2)
      expect(held?.reason).toContain('child abuse data')
    }

    const included = await t.request<Export>('GET', `/api/admin/personal-data/export?${query}&includeConcerns=true`, { token: lead })
    expect(included.text).toContain('Safeguarding concern (High) raised by Tamsin Quarrie')
    expect(included.text).toContain('Severity: High')
    expect(included.body.withheld.map((withheld) => withheld.what)).not.toContain('Mail about a safeguarding concern')
  })
})

describe('who opened a record, in an export', () => {
  const OPENED = 'Opening of a record'
  const CONCERN_OPENED = 'Opening of a safeguarding concern'
  const heldCount = (answer: { body: Export }, what: string) => answer.body.withheld.find((held) => held.what === what)?.count ?? 0
  const openingsOf = (answer: { body: Export }) => answer.body.sections.find((section) => section.table === 'record_openings')

  it("gives an admin who is not a lead nothing of a lead's concerns through the lead's own account or address", async () => {
    const db = t.database.db
    const [concern] = await db.select({ id: safeguardingConcerns.id }).from(safeguardingConcerns).where(eq(safeguardingConcerns.studentId, person.learnerId))
    if (!concern) throw new Error('no concern')
    const [mail] = await db.insert(mailOutbox).values({ ...concernMail('export-lead@tec.test'), status: 'sent' }).returning()
    // The lead reads it on the Mail screen, which the history records with the mail's kind.
    expect((await t.request('GET', `/api/admin/mail/${mail?.id}`, { token: lead })).status).toBe(200)
    await db.insert(recordOpenings).values([
      { userId: leadId, subjectType: 'concern', subjectId: concern.id, kind: 'opened' },
      { userId: leadId, subjectType: 'student', subjectId: person.learnerId, kind: 'opened' },
    ])

    for (const query of [`kind=tutor&id=${leadId}`, `kind=contact&email=${encodeURIComponent('export-lead@tec.test')}`]) {
      const answer = await t.request<Export>('GET', `/api/admin/personal-data/export?${query}`, { token: admin })
      expect(answer.status, answer.text).toBe(200)
      expect(answer.text).not.toMatch(/Tamsin Quarrie|Safeguarding concern \(|"value":"(safeguarding_)?concern"/)
      expect(answer.text).not.toContain(concern.id)
      expect(heldCount(answer, 'Mail about a safeguarding concern')).toBe(1)
    }
    // The account's own openings are who-opened-a-record rows too: the leads' to see.
    const byAdmin = await t.request<Export>('GET', `/api/admin/personal-data/export?kind=tutor&id=${leadId}`, { token: admin })
    expect(openingsOf(byAdmin)).toBeUndefined()
    expect(heldCount(byAdmin, CONCERN_OPENED)).toBe(1)
    expect(heldCount(byAdmin, 'History entry about a safeguarding concern')).toBe(1)
    const withheld = heldCount(byAdmin, OPENED)
    expect(withheld).toBeGreaterThan(0)
    expect(byAdmin.body.withheld.find((held) => held.what === OPENED)?.reason).toMatch(/safeguarding leads/)

    // A lead sees the openings (and the one the admin's export just recorded), those of concerns only when including concerns.
    const byLead = await t.request<Export>('GET', `/api/admin/personal-data/export?kind=tutor&id=${leadId}`, { token: lead })
    expect(byLead.text).not.toContain(concern.id)
    expect(heldCount(byLead, CONCERN_OPENED)).toBe(1)
    expect(heldCount(byLead, OPENED)).toBe(0)
    expect(openingsOf(byLead)?.records).toHaveLength(withheld + 1)
    const included = await t.request<Export>('GET', `/api/admin/personal-data/export?kind=tutor&id=${leadId}&includeConcerns=true`, { token: lead })
    expect(included.text).toContain(concern.id)
    expect(heldCount(included, CONCERN_OPENED)).toBe(0)
    expect(openingsOf(included)?.records).toHaveLength(withheld + 3)
  })

  it("shows who opened a learner's record to a lead only, and counts it as withheld for anyone else", async () => {
    const db = t.database.db
    const [concern] = await db.select({ id: safeguardingConcerns.id }).from(safeguardingConcerns).where(eq(safeguardingConcerns.studentId, person.learnerId))
    if (!concern) throw new Error('no concern')
    await db.insert(recordOpenings).values({ userId: adminId, subjectType: 'concern', subjectId: concern.id, kind: 'opened' })

    const byAdmin = await exportOf('learner')
    expect(openingsOf(byAdmin)).toBeUndefined()
    const withheld = heldCount(byAdmin, OPENED)
    expect(withheld).toBeGreaterThan(0)
    expect(heldCount(byAdmin, CONCERN_OPENED)).toBeGreaterThan(0)
    // The lead's export shows every one of them, and the opening the admin's export just recorded.
    const byLead = await exportOf('learner', lead)
    expect(heldCount(byLead, OPENED)).toBe(0)
    expect(openingsOf(byLead)?.records).toHaveLength(withheld + 1)
    expect(heldCount(byLead, CONCERN_OPENED)).toBe(heldCount(byAdmin, CONCERN_OPENED))
    const included = await exportOf('learner', lead, { includeConcerns: 'true' })
    expect(openingsOf(included)?.records).toHaveLength(withheld + 2 + heldCount(byAdmin, CONCERN_OPENED))
  })
})
