import { eq } from 'drizzle-orm'
import { checkSchema, cleanInput } from '../contract/input.ts'
import type { FieldErrors } from '../contract/validators.ts'
import type { Db } from '../db/client.ts'
import { schools, students, type StudentRow, type StudentStatus } from '../db/schema.ts'
import { recordAudit } from '../lib/audit.ts'
import { normaliseEmail } from '../lib/email.ts'
import { changesBetween, type ChangeContext, type UpdateOutcome } from '../lib/history.ts'
import { readSubjects } from '../subjects/queries.ts'
import { studentFields, type StudentInput } from './queries.ts'

export const STUDENT_MESSAGES = {
  notFound: 'We could not find that learner.',
  unknownSchool: 'Choose a school from the list of partner schools.',
  schoolTwice: 'Choose a partner school or type the name of another school, not both.',
  addressForHome: 'Enter the address where lessons will happen.',
  unknownSubject: 'Choose a subject from the list.',
} as const

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
