import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm'
import { getTableName } from 'drizzle-orm'
import { isoDay } from '../../shared/dates.ts'
import type { components } from '../../src/api/schema.gen.ts'
import type { Db } from '../db/client.ts'
import { lessonLearners, lessons, recordOpenings, registrations, safeguardingConcerns, schools, students, users } from '../db/schema.ts'
import { recordAudit } from '../lib/audit.ts'
import { CONCERN_REASON, holdsPersonalData, OTHER_PERSON_REASON, REGISTRY, SECRET_REASON, WITHHELD, type PersonalTable, type Row, type Scope, type Section, type SubjectKind, type Withholding } from './registry.ts'

type Schemas = components['schemas']
export type PersonalDataExport = Schemas['PersonalDataExport']
type Field = Schemas['PersonalDataRecord']['fields'][number]

export interface ExportRequest {
  kind: SubjectKind
  id?: string
  email?: string
  contact?: number
  includeConcerns: boolean
  /** Whether the caller is a designated safeguarding lead. */
  byLead: boolean
}

const ids = (rows: { id: string }[]) => rows.map((row) => row.id)

/** Whom the request names, resolved to what their data is found by; undefined when the record named does not exist. */
export async function resolveScope(db: Db, request: ExportRequest): Promise<{ scope: Scope; subject: Schemas['PersonalDataSubject'] } | undefined> {
  const base: Scope = {
    kind: request.kind,
    includeConcerns: request.includeConcerns,
    byLead: request.byLead,
    studentIds: [],
    userIds: [],
    emails: [],
    mailTo: [],
    registrationIds: [],
    lessonIds: [],
    concernIds: [],
    names: [],
    otherLearners: [],
  }
  switch (request.kind) {
    case 'learner': {
      const [student] = request.id ? await db.select().from(students).where(eq(students.id, request.id)) : []
      if (!student) return undefined
      const lessonIds = (await db.select({ id: lessonLearners.lessonId }).from(lessonLearners).where(eq(lessonLearners.studentId, student.id))).map(({ id }) => id)
      const concernOnTheirLessons = lessonIds.length === 0 ? sql`false` : and(isNull(safeguardingConcerns.studentId), inArray(safeguardingConcerns.lessonId, lessonIds))
      const concerns = await db.select({ id: safeguardingConcerns.id }).from(safeguardingConcerns).where(or(eq(safeguardingConcerns.studentId, student.id), concernOnTheirLessons))
      const registered = await db.select({ id: registrations.id }).from(registrations).where(eq(registrations.studentId, student.id))
      const others =
        lessonIds.length === 0
          ? []
          : await db
              .selectDistinct({ name: students.name })
              .from(lessonLearners)
              .innerJoin(students, eq(students.id, lessonLearners.studentId))
              .where(and(inArray(lessonLearners.lessonId, lessonIds), ne(lessonLearners.studentId, student.id)))
      return {
        // A learner has no address of their own: mail about them goes to their contact's.
        scope: { ...base, studentIds: [student.id], mailTo: [student.contactEmail.toLowerCase()], lessonIds, concernIds: ids(concerns), registrationIds: ids(registered), names: [student.id], otherLearners: others.map(({ name }) => name).filter((name) => name.trim() !== '' && name !== student.name) },
        subject: { kind: 'learner', label: student.name, id: student.id },
      }
    }
    case 'contact': {
      const email = (request.email ?? '').trim().toLowerCase()
      const learners = await db.select({ id: students.id, name: students.contactName }).from(students).where(eq(sql`lower(${students.contactEmail})`, email))
      const registered = await db.select({ id: registrations.id, name: registrations.name }).from(registrations).where(eq(sql`lower(${registrations.email})`, email))
      return {
        scope: { ...base, studentIds: ids(learners), emails: [email], mailTo: [email], registrationIds: ids(registered), names: [email] },
        subject: { kind: 'contact', label: learners[0]?.name ?? email, email },
      }
    }
    case 'tutor': {
      const [user] = request.id ? await db.select().from(users).where(eq(users.id, request.id)) : []
      if (!user) return undefined
      const taught = await db.select({ id: lessons.id }).from(lessons).where(eq(lessons.tutorId, user.id))
      const raised = await db.select({ id: safeguardingConcerns.id }).from(safeguardingConcerns).where(eq(safeguardingConcerns.raisedBy, user.id))
      const registered = await db.select({ id: registrations.id }).from(registrations).where(or(eq(registrations.userId, user.id), eq(sql`lower(${registrations.email})`, user.email)))
      return {
        scope: { ...base, userIds: [user.id], emails: [user.email], mailTo: [user.email], lessonIds: ids(taught), concernIds: ids(raised), registrationIds: ids(registered), names: [user.id, user.email] },
        subject: { kind: 'tutor', label: user.name, id: user.id },
      }
    }
    case 'school-contact': {
      const [school] = request.id ? await db.select().from(schools).where(eq(schools.id, request.id)) : []
      const value = request.contact === undefined ? undefined : school?.contacts[request.contact]
      if (!school || !value || request.contact === undefined) return undefined
      const email = value.email.trim().toLowerCase()
      const registered = await db.select({ id: registrations.id }).from(registrations).where(eq(sql`lower(${registrations.email})`, email))
      return {
        scope: { ...base, emails: [email], mailTo: [email], registrationIds: ids(registered), names: [email], schoolContact: { schoolId: school.id, schoolName: school.name, index: request.contact, value } },
        subject: { kind: 'school-contact', label: value.name, id: school.id, contact: request.contact },
      }
    }
    case 'registration': {
      const [registration] = request.id ? await db.select().from(registrations).where(eq(registrations.id, request.id)) : []
      if (!registration) return undefined
      return {
        scope: { ...base, registrationIds: [registration.id], mailTo: [registration.email.toLowerCase()], names: [registration.id] },
        subject: { kind: 'registration', label: registration.name, id: registration.id },
      }
    }
  }
}

/** A stored value as leaves with dotted names (`answers.student.name`), each a value the contract's HistoryValue allows. */
function leaves(name: string, value: unknown, into: Field[]): void {
  if (value === undefined || value instanceof Uint8Array) return
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    into.push({ name, value })
  } else if (value instanceof Date) {
    into.push({ name, value: value.toISOString() })
  } else if (Array.isArray(value)) {
    if (value.every((item) => item === null || typeof item !== 'object')) into.push({ name, value: value.map(String) })
    else value.forEach((item, index) => leaves(`${name}.${index}`, item, into))
  } else if (typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) leaves(`${name}.${key}`, item, into)
  } else if (typeof value === 'bigint') {
    into.push({ name, value: value.toString() })
  }
}

function fieldsOf(row: Row, entry: PersonalTable, section: Section, hidden: readonly string[]): Field[] {
  const skip = new Set([...Object.keys(entry.secrets ?? {}), ...(entry.omit ?? []), ...hidden, WITHHELD])
  const names = section.columns ?? Object.keys(row)
  const fields: Field[] = []
  for (const name of names) if (!skip.has(name)) leaves(name, row[name], fields)
  return fields
}

class Withheld {
  private readonly byWhat = new Map<string, Schemas['PersonalDataWithheld']>()
  add(what: string, reason: string, at: unknown): void {
    const held = this.byWhat.get(what) ?? { what, reason, count: 0, dates: [] }
    held.count += 1
    if (at instanceof Date) held.dates.push(at.toISOString())
    this.byWhat.set(what, held)
  }
  list(): Schemas['PersonalDataWithheld'][] {
    return [...this.byWhat.values()].map((held) => ({ ...held, dates: held.dates.sort() }))
  }
}

/** Tables that record what happened around a person rather than their records: shown after those. */
const TRAIL_TABLES = ['mail_outbox', 'jobs', 'rate_limits', 'audit_events', 'record_openings']

const dateOf = (row: Row) => row.createdAt ?? row.at ?? row.startedAt

/** A record's heading: what names it (a name, reference, subject or action) and its day, else its place in the section. */
function titleOf(row: Row, fallback: string): string {
  const named = [row.name, row.reference, row.subject, row.title, row.action].find((value): value is string => typeof value === 'string' && value !== '')
  const when = [row.startsAt, row.createdAt, row.at, row.recordedAt].find((value): value is Date => value instanceof Date)
  if (named === undefined) return when ? `${fallback.replace(/, \d+$/, '')}, ${isoDay(when, 'utc')}` : fallback
  return when ? `${named}, ${isoDay(when, 'utc')}` : named
}

/**
 * Replaces other learners' names (whole words only) in a learner's export with "another learner", counting each:
 * a group lesson's history and report name everyone in the group.
 */
function otherLearnersHidden(names: string[], withheld: Withheld): (fields: Field[]) => Field[] {
  if (names.length === 0) return (fields) => fields
  const escaped = names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).sort((a, b) => b.length - a.length)
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${escaped.join('|')})(?![\\p{L}\\p{N}])`, 'gu')
  const hide = (text: string) =>
    text.replace(pattern, () => {
      withheld.add("Another learner's name", OTHER_PERSON_REASON, undefined)
      return 'another learner'
    })
  return (fields) =>
    fields.map((field) => {
      if (typeof field.value === 'string') return { ...field, value: hide(field.value) }
      if (Array.isArray(field.value)) return { ...field, value: field.value.map(hide) }
      return field
    })
}

/**
 * Everything the registry finds for the person, section by section. Secrets are left out and counted; safeguarding
 * concerns, and what would tell their words or handling, are left out and counted unless the scope includes them.
 */
export async function buildExport(db: Db, scope: Scope, subject: Schemas['PersonalDataSubject'], madeBy: { id: string; name: string }, now: Date): Promise<PersonalDataExport> {
  const withheld = new Withheld()
  const sections: Schemas['PersonalDataSection'][] = []
  const hideOthers = otherLearnersHidden(scope.otherLearners, withheld)
  for (const entry of REGISTRY) {
    if (!holdsPersonalData(entry)) continue
    const section = entry.sections[scope.kind]
    if (!section) continue
    const table = getTableName(entry.table)
    const rows = await section.find(db, scope)
    const records: Schemas['PersonalDataRecord'][] = []
    rows.forEach((row, index) => {
      for (const [column, what] of Object.entries(entry.secrets ?? {})) if (row[column] !== null && row[column] !== undefined) withheld.add(what, SECRET_REASON, dateOf(row))
      if (entry.concerns && !scope.includeConcerns) {
        withheld.add('Safeguarding concern', CONCERN_REASON, dateOf(row))
        return
      }
      const withholding = row[WITHHELD] as Withholding | undefined
      if (withholding) withheld.add(withholding.what, withholding.reason, withholding.at)
      if (withholding && !withholding.fields) return
      records.push({ title: section.recordTitle?.(row) ?? titleOf(row, `${section.title}, ${index + 1}`), fields: hideOthers(fieldsOf(row, entry, section, withholding?.fields ?? [])) })
    })
    // What was found but withheld whole (concerns, mail about them, openings) is listed as withheld, never as a section that reads "none held".
    if (rows.length > 0 && records.length === 0) continue
    sections.push({ id: `${table}.${scope.kind}`, title: section.title, description: section.description, table, records })
  }
  // The person's own records first, in the schema's order; then the trail around them (mail, history, openings).
  const trail = (section: Schemas['PersonalDataSection']) => (TRAIL_TABLES.includes(section.table) ? 1 : 0)
  sections.sort((a, b) => trail(a) - trail(b))
  return { subject, madeAt: now.toISOString(), madeBy, includesConcerns: scope.includeConcerns, sections, withheld: withheld.list() }
}

/** Where an export is recorded as opened: the record it is about, or for a contact person the learners and registrations it shows. */
function openedRecords(scope: Scope, subject: Schemas['PersonalDataSubject']): { subjectType: string; subjectId: string | null }[] {
  switch (scope.kind) {
    case 'learner':
      return [{ subjectType: 'student', subjectId: subject.id ?? null }]
    case 'tutor':
      return [{ subjectType: 'tutor', subjectId: subject.id ?? null }]
    case 'school-contact':
      return [{ subjectType: 'school', subjectId: subject.id ?? null }]
    case 'registration':
      return [{ subjectType: 'registration', subjectId: subject.id ?? null }]
    case 'contact':
      // Against the records it shows; an address that holds neither is recorded in the history alone.
      return [...scope.studentIds.map((id) => ({ subjectType: 'student', subjectId: id })), ...scope.registrationIds.map((id) => ({ subjectType: 'registration', subjectId: id }))]
  }
}

export interface ExportContext {
  user: { id: string; name: string }
  ip: string | null
  /** Which answer asked: the printable page's JSON or the zip. */
  form: 'page' | 'zip'
  now?: Date
}

/**
 * Builds the export and records it in one transaction: the history (ids and counts only, never what was exported)
 * and who opened the record, written here rather than through the batched recorder so an export is never lost.
 */
export async function exportPersonalData(db: Db, request: ExportRequest, context: ExportContext): Promise<PersonalDataExport | undefined> {
  return db.transaction(async (tx) => {
    const resolved = await resolveScope(tx, request)
    if (!resolved) return undefined
    const { scope, subject } = resolved
    const now = context.now ?? new Date()
    const made = await buildExport(tx, scope, subject, context.user, now)
    await recordAudit(tx, {
      action: 'personal_data.exported',
      actorUserId: context.user.id,
      ...(subject.id === undefined ? {} : { subject: { type: openedRecords(scope, subject)[0]?.subjectType ?? scope.kind, id: subject.id } }),
      related: scope.studentIds.map((id) => `student:${id}`),
      ip: context.ip,
      details: {
        kind: scope.kind,
        form: context.form,
        includesConcerns: scope.includeConcerns,
        ...(subject.contact === undefined ? {} : { contact: subject.contact }),
        records: made.sections.reduce((total, section) => total + section.records.length, 0),
        withheld: made.withheld.reduce((total, held) => total + held.count, 0),
      },
    })
    const opened = openedRecords(scope, subject)
    if (opened.length > 0) await tx.insert(recordOpenings).values(opened.map((record) => ({ ...record, userId: context.user.id, kind: 'exported' as const, at: now })))
    return made
  })
}
