import { and, count, desc, eq, exists, ilike, or, sql, type SQL } from 'drizzle-orm'
import { ENUMS } from '../../shared/contract.gen.ts'
import type { components } from '../../src/api/schema.gen.ts'
import type { FieldErrors } from '../contract/validators.ts'
import type { Db } from '../db/client.ts'
import { courses, registrations, safeguardingConcerns, schools, students, type StudentRow, type StudentStatus } from '../db/schema.ts'
import { recordAudit } from '../lib/audit.ts'
import { normaliseEmail } from '../lib/email.ts'
import { changesBetween, type ChangeContext, type UpdateOutcome } from '../lib/history.ts'
import { checkSchema, cleanInput } from '../contract/input.ts'
import { window, type Page, type PageRequest } from '../lib/paging.ts'
import { containsPattern, searchText } from '../lib/search.ts'
import { readSubjects } from '../subjects/queries.ts'

type Schemas = components['schemas']
export type StudentInput = Schemas['StudentInput']

export const STUDENT_MESSAGES = {
  notFound: 'We could not find that student.',
  unknownSchool: 'Choose a school from the list of partner schools.',
  schoolTwice: 'Choose a partner school or type the name of another school, not both.',
  addressForHome: 'Enter the address where lessons will happen.',
  unknownSubject: 'Choose a subject from the list.',
} as const

export interface StudentQuery extends PageRequest {
  q?: string
  status?: StudentStatus
}

export async function listStudentPage(db: Db, query: StudentQuery): Promise<Page<Schemas['Student']> & { statusCounts: Schemas['StudentStatusCounts'] }> {
  const text = searchText(query.q)
  const pattern = text === undefined ? undefined : containsPattern(text)
  const searched: SQL | undefined =
    pattern === undefined ? undefined : or(ilike(students.name, pattern), ilike(students.contactName, pattern), ilike(students.contactEmail, pattern))
  const filter = and(searched, query.status === undefined ? undefined : eq(students.status, query.status))
  const { limit, offset } = window(query)
  const [rows, totals, byStatus] = await Promise.all([
    db
      .select({
        student: students,
        schoolName: schools.name,
        course: { id: courses.slug, title: courses.title },
        registration: { id: registrations.id, reference: registrations.reference },
      })
      .from(students)
      .leftJoin(schools, eq(schools.id, students.schoolId))
      .leftJoin(courses, eq(courses.id, students.courseId))
      .leftJoin(registrations, eq(registrations.studentId, students.id))
      .where(filter)
      .orderBy(desc(students.createdAt), desc(students.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(students).where(filter),
    db.select({ status: students.status, n: count() }).from(students).where(searched).groupBy(students.status),
  ])
  const statusCounts = Object.fromEntries(ENUMS.StudentStatus.map((status) => [status, 0])) as Schemas['StudentStatusCounts']
  for (const row of byStatus) statusCounts[row.status] = row.n
  const items = rows.map(({ student, schoolName, course, registration }): Schemas['Student'] => ({
    id: student.id,
    name: student.name,
    status: student.status,
    ...(student.age === null ? {} : { age: student.age }),
    ...(student.yearGroup === null ? {} : { yearGroup: student.yearGroup as Schemas['SchoolYear'] }),
    ...((schoolName ?? student.school) === null ? {} : { school: schoolName ?? student.school ?? '' }),
    contactName: student.contactName,
    contactEmail: student.contactEmail,
    contactPhone: student.contactPhone,
    subjects: student.subjects,
    ...(course ? { course } : {}),
    deliveryMode: student.deliveryMode,
    ...(registration ? { registration } : {}),
    createdAt: student.createdAt.toISOString(),
  }))
  return { items, total: totals[0]?.total ?? 0, page: query.page, pageSize: query.pageSize, statusCounts }
}

/** A row's fields as the contract has them: what the edit form shows and sends back. */
export function studentFields(row: StudentRow): StudentInput {
  const optional = <T>(value: T | null) => value ?? undefined
  return {
    name: row.name,
    age: optional(row.age),
    yearGroup: optional(row.yearGroup) as Schemas['SchoolYear'] | undefined,
    schoolId: optional(row.schoolId),
    schoolName: optional(row.school),
    contact: {
      name: row.contactName,
      relationship: optional(row.contactRelationship) as Schemas['ContactRelationship'] | undefined,
      email: row.contactEmail,
      phone: row.contactPhone,
      preferredContact: optional(row.preferredContact) as Schemas['PreferredContact'] | undefined,
    },
    address:
      row.addressLine1 !== null && row.town !== null && row.postcode !== null
        ? { line1: row.addressLine1, line2: optional(row.addressLine2), town: row.town, postcode: row.postcode }
        : undefined,
    subjects: row.subjects,
    level: optional(row.level) as Schemas['StudyLevel'] | undefined,
    deliveryMode: row.deliveryMode,
    availability:
      row.availabilityDays.length + row.availabilityTimes.length > 0
        ? { days: row.availabilityDays as Schemas['Weekday'][], times: row.availabilityTimes as Schemas['TimeOfDay'][] }
        : undefined,
    goals: optional(row.goals),
    needs: optional(row.needs),
    notesForTutors: optional(row.notesForTutors),
    status: row.status,
  }
}

/** The columns for the fields (every one written, so a field cleared in the form is cleared here). */
function studentColumns(input: StudentInput) {
  return {
    name: input.name,
    status: input.status,
    age: input.age ?? null,
    yearGroup: input.yearGroup ?? null,
    schoolId: input.schoolId ?? null,
    school: input.schoolName ?? null,
    contactName: input.contact.name,
    contactRelationship: input.contact.relationship ?? null,
    contactEmail: input.contact.email,
    contactPhone: input.contact.phone,
    preferredContact: input.contact.preferredContact ?? null,
    addressLine1: input.address?.line1 ?? null,
    addressLine2: input.address?.line2 ?? null,
    town: input.address?.town ?? null,
    postcode: input.address?.postcode.toUpperCase() ?? null,
    subjects: input.subjects,
    level: input.level ?? null,
    deliveryMode: input.deliveryMode,
    availabilityDays: input.availability?.days ?? [],
    availabilityTimes: input.availability?.times ?? [],
    goals: input.goals ?? null,
    needs: input.needs ?? null,
    notesForTutors: input.notesForTutors ?? null,
  }
}

/**
 * When the learner finished, after a change to `status`: the moment they became finished (kept while they stay so),
 * none once they are taken back. Retention counts a learner's years from here.
 */
function finishedAtAfter(row: StudentRow, status: StudentStatus): Date | null {
  if (status !== 'finished') return null
  return row.status === 'finished' ? (row.finishedAt ?? new Date()) : new Date()
}

/**
 * Cleans a body the contract validator let through (trimmed, blank optional text left out, email lowercased,
 * postcode in capitals), checks it against the contract again, then the rules the schema cannot say.
 */
export async function checkStudentInput(db: Db, body: StudentInput): Promise<{ input: StudentInput; problems: FieldErrors }> {
  const input = cleanInput(body) as StudentInput
  if (input.contact?.email) input.contact.email = normaliseEmail(input.contact.email)
  if (input.address?.postcode) input.address.postcode = input.address.postcode.toUpperCase()
  const problems = checkSchema('StudentInput', input)
  if (Object.keys(problems).length > 0) return { input, problems }
  if (input.schoolId !== undefined && input.schoolName !== undefined) problems.schoolName = STUDENT_MESSAGES.schoolTwice
  else if (input.schoolId !== undefined) {
    const [school] = await db.select({ id: schools.id }).from(schools).where(eq(schools.id, input.schoolId)).limit(1)
    if (!school) problems.schoolId = STUDENT_MESSAGES.unknownSchool
  }
  if (input.deliveryMode === 'home' && input.address === undefined) problems.address = STUDENT_MESSAGES.addressForHome
  const offered = new Set((await readSubjects(db)).map((subject) => subject.toLowerCase()))
  input.subjects.forEach((subject, index) => {
    if (!offered.has(subject.toLowerCase())) problems[`subjects.${index}`] ??= STUDENT_MESSAGES.unknownSubject
  })
  return { input, problems }
}

/** Stores a new student and the history entry saying who added it; within the caller's transaction. */
export async function insertStudent(tx: Db, input: StudentInput, context: ChangeContext, extra: { courseId?: string | null } = {}): Promise<string> {
  const [row] = await tx
    .insert(students)
    .values({ ...studentColumns(input), courseId: extra.courseId ?? null, finishedAt: input.status === 'finished' ? new Date() : null })
    .returning({ id: students.id })
  if (!row) throw new Error('The student insert returned no row.')
  await recordAudit(tx, {
    action: 'student.created',
    actorUserId: context.actorId,
    subject: { type: 'student', id: row.id },
    ip: context.request.ip,
    details: { changes: [], ...(context.note === undefined ? {} : { note: context.note }) },
  })
  return row.id
}

/**
 * Changes a student made from `version`, within the caller's transaction: the row is locked, a different version
 * is refused ('stale'), and each changed field goes to the history. Nothing changed leaves the version as it was.
 */
export async function updateStudentRecord(tx: Db, id: string, version: number, input: StudentInput, context: ChangeContext): Promise<UpdateOutcome> {
  const [row] = await tx.select().from(students).where(eq(students.id, id)).for('update').limit(1)
  if (!row) return 'missing'
  if (row.version !== version) return 'stale'
  const changes = changesBetween(studentFields(row), input)
  if (changes.length === 0) return 'unchanged'
  await tx
    .update(students)
    .set({ ...studentColumns(input), finishedAt: finishedAtAfter(row, input.status), version: row.version + 1, updatedAt: new Date() })
    .where(eq(students.id, id))
  await recordAudit(tx, { action: 'student.updated', actorUserId: context.actorId, subject: { type: 'student', id }, ip: context.request.ip, details: { changes } })
  return 'updated'
}

/**
 * One student in full, or undefined when there is none with that id. Whether a safeguarding concern names them is
 * told to every admin (so nobody acts unaware); what it says is for the safeguarding leads alone.
 */
export async function readStudentRecord(db: Db, id: string): Promise<Schemas['StudentRecord'] | undefined> {
  const [found] = await db
    .select({
      student: students,
      school: { id: schools.id, name: schools.name },
      course: { id: courses.slug, title: courses.title },
      registration: { id: registrations.id, reference: registrations.reference },
      hasConcern: exists(sql`(select 1 from ${safeguardingConcerns} where ${safeguardingConcerns.studentId} = ${students.id})`).mapWith(Boolean),
    })
    .from(students)
    .leftJoin(schools, eq(schools.id, students.schoolId))
    .leftJoin(courses, eq(courses.id, students.courseId))
    .leftJoin(registrations, eq(registrations.studentId, students.id))
    .where(eq(students.id, id))
    .limit(1)
  if (!found) return undefined
  const { student, school, course, registration, hasConcern } = found
  return {
    id: student.id,
    version: student.version,
    fields: studentFields(student),
    ...(student.anonymisedAt === null ? {} : { anonymisedAt: student.anonymisedAt.toISOString() }),
    ...(school ? { school } : {}),
    ...(course ? { course } : {}),
    ...(registration ? { registration } : {}),
    hasConcern,
    createdAt: student.createdAt.toISOString(),
    updatedAt: student.updatedAt.toISOString(),
  }
}

/** One student's row as stored, or undefined. */
export async function readStudentRow(db: Db, id: string): Promise<StudentRow | undefined> {
  const [row] = await db.select().from(students).where(eq(students.id, id)).limit(1)
  return row
}
