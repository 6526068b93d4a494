import { eq } from 'drizzle-orm'
import { recordAudit } from '../lib/audit.ts'
import { hashPassword } from '../auth/passwords.ts'
import { newToken } from '../auth/tokens.ts'
import type { RequestInfo } from '../contract/types.ts'
import type { Db } from '../db/client.ts'
import { isUniqueViolation } from '../db/errors.ts'
import { courses, registrationEvents, registrations, type RegistrationRow } from '../db/schema.ts'
import type { AppDeps } from '../deps.ts'
import type { ChangeContext } from '../lib/history.ts'
import { insertSchool } from '../schools/records.ts'
import type { StudentInput } from '../students/queries.ts'
import { insertStudent } from '../students/records.ts'
import { createTutorAccount } from '../tutors/records.ts'
import { enrolmentAcceptedMail } from '../mail/templates.ts'
import { contactOf, type CourseAnswers, type SchoolAnswers, type SubjectAnswers, type TutorAnswers } from './forms.ts'
import { canAccept, statusWords } from './workflow.ts'

/** The set-password link an accepted tutor is mailed: the reset-token mechanism with purpose `invite`. */

export const ACCEPT_MESSAGES = {
  notFound: 'We could not find that registration.',
  alreadyAccepted: 'This registration has already been accepted.',
  accountExists: (email: string) =>
    `An account already uses ${email}, so no tutor account was created and the application is unchanged. The person can sign in, or use "Forgot your password?", with that address.`,
} as const

export type AcceptOutcome = { ok: true } | { ok: false; status: 404 | 409; message: string }

interface Acceptance {
  row: RegistrationRow
  actorId: string
  request: RequestInfo
  note: string | undefined
  notify: boolean
}

/** What accepting made, linked back from the registration. */
type Links = Partial<Pick<RegistrationRow, 'studentId' | 'schoolId' | 'userId'>>

/** The student a subject or course enrolment asks for, waiting for a tutor (also used by the demo seed). */
export async function createStudent(tx: Db, row: RegistrationRow, context: ChangeContext): Promise<Links> {
  const answers = row.answers as unknown as SubjectAnswers | CourseAnswers
  let courseId: string | null = null
  let subjects: string[]
  let availability: StudentInput['availability']
  let level: StudentInput['level']
  let goals: string | undefined
  if ('courseId' in answers) {
    const [course] = await tx.select({ id: courses.id, subjects: courses.subjects }).from(courses).where(eq(courses.slug, answers.courseId)).limit(1)
    courseId = course?.id ?? null
    subjects = course?.subjects ?? []
  } else {
    subjects = answers.subjects
    availability = { days: answers.availability.days, times: answers.availability.times }
    level = answers.level
    goals = answers.goals
  }
  const { contact, student } = answers
  const input: StudentInput = {
    name: student.name,
    age: student.age,
    yearGroup: student.yearGroup,
    schoolName: student.school,
    contact: { name: contact.name, relationship: contact.relationship, email: contact.email, phone: contact.phone, preferredContact: contact.preferredContact },
    address: answers.address,
    subjects,
    level,
    deliveryMode: answers.deliveryMode,
    availability,
    goals,
    needs: answers.learningNeeds,
    status: 'waiting',
  }
  const studentId = await insertStudent(tx, input, { ...context, note: row.reference }, { courseId })
  return { studentId }
}

/** The school a school enrolment describes (also used by the demo seed). */
export async function createSchool(tx: Db, row: RegistrationRow, context: ChangeContext): Promise<Links> {
  const answers = row.answers as unknown as SchoolAnswers
  const schoolId = await insertSchool(
    tx,
    {
      name: answers.school.name,
      type: answers.school.type,
      address: answers.school.address,
      contacts: [answers.mainContact],
      safeguardingLead: answers.safeguardingLead,
      pupilCount: answers.pupilCount,
      notes: answers.notes,
    },
    { ...context, note: row.reference },
  )
  return { schoolId }
}

/**
 * The TUTOR account, with a password nobody knows (the hash of a random token) until the tutor sets one through
 * the mailed link. Answers undefined when an account already uses the email.
 */
async function createTutor(tx: Db, deps: AppDeps, acceptance: Acceptance, passwordHash: string): Promise<Links | undefined> {
  const answers = acceptance.row.answers as unknown as TutorAnswers
  const { personal, teaching, delivery, availability } = answers
  const created = await createTutorAccount(
    tx,
    deps,
    { name: personal.name, email: personal.email, passwordHash },
    {
      phone: personal.phone,
      postcode: personal.postcode,
      subjects: teaching.subjects,
      levels: teaching.levels,
      modes: delivery.modes,
      travelArea: delivery.travelArea,
      maxTravelMiles: delivery.maxTravelMiles,
      availability: { days: availability.days, times: availability.times },
      hoursPerWeek: availability.hoursPerWeek,
      highestQualification: teaching.highestQualification,
      qualifiedTeacher: teaching.qualifiedTeacher,
      qualifications: teaching.qualifications,
      experienceYears: teaching.experienceYears,
      experience: teaching.experience,
    },
    { actorId: acceptance.actorId, request: acceptance.request, note: acceptance.row.reference, why: 'accepted' },
  )
  return created && { userId: created.id }
}

/**
 * Accepts a registration in one transaction: locks it, checks it can still be accepted, makes the student, the
 * school or the tutor account, links it back, records the history entry and the audit event, and queues mail.
 */
export async function acceptRegistration(
  deps: AppDeps,
  id: string,
  options: { actorId: string; request: RequestInfo; note: string | undefined; notify: boolean },
): Promise<AcceptOutcome> {
  const { db } = deps.database
  const [peek] = await db.select({ type: registrations.type }).from(registrations).where(eq(registrations.id, id)).limit(1)
  if (!peek) return { ok: false, status: 404, message: ACCEPT_MESSAGES.notFound }
  // Hashed before the transaction: argon2 takes a while, and row locks should not be held that long.
  const passwordHash = peek.type === 'tutor' ? await hashPassword(newToken()) : undefined

  try {
    const outcome = await db.transaction(async (tx): Promise<AcceptOutcome> => {
      const [row] = await tx.select().from(registrations).where(eq(registrations.id, id)).for('update').limit(1)
      if (!row) return { ok: false, status: 404, message: ACCEPT_MESSAGES.notFound }
      if (!canAccept(row.status)) {
        const message =
          row.status === 'accepted'
            ? ACCEPT_MESSAGES.alreadyAccepted
            : `This registration is ${statusWords(row.status)}. Reopen it for review before accepting it.`
        return { ok: false, status: 409, message }
      }
      const acceptance: Acceptance = { row, ...options }
      let links: Links | undefined
      if (row.type === 'tutor') links = await createTutor(tx, deps, acceptance, passwordHash ?? '')
      else if (row.type === 'school') links = await createSchool(tx, row, { actorId: options.actorId, request: options.request })
      else links = await createStudent(tx, row, { actorId: options.actorId, request: options.request })
      if (!links) return { ok: false, status: 409, message: ACCEPT_MESSAGES.accountExists(row.email) }

      const now = new Date()
      // The tutor's set-password mail is the acceptance mail, so it is always sent.
      const notified = row.type === 'tutor' ? true : options.notify
      await tx
        .update(registrations)
        .set({ ...links, status: 'accepted', updatedAt: now })
        .where(eq(registrations.id, id))
      await tx.insert(registrationEvents).values({
        registrationId: id,
        kind: 'accepted',
        actorUserId: options.actorId,
        fromStatus: row.status,
        toStatus: 'accepted',
        note: options.note ?? null,
        notified,
        at: now,
      })
      if (row.type !== 'tutor' && options.notify) {
        await deps.mailer.enqueue(tx, enrolmentAcceptedMail(contactOf(row.type, row.answers), { type: row.type, reference: row.reference }))
      }
      await recordAudit(tx, {
        action: 'registration.accepted',
        actorUserId: options.actorId,
        subject: { type: 'registration', id },
        ip: options.request.ip,
        details: { reference: row.reference, from: row.status, ...links, notified },
      })
      return { ok: true }
    })
    if (outcome.ok) deps.mailer.kick()
    return outcome
  } catch (error) {
    // Another registration with the same email was accepted at the same moment: its account won.
    if (peek.type === 'tutor' && isUniqueViolation(error)) {
      const [row] = await db.select({ email: registrations.email }).from(registrations).where(eq(registrations.id, id)).limit(1)
      return { ok: false, status: 409, message: ACCEPT_MESSAGES.accountExists(row?.email ?? 'this email') }
    }
    throw error
  }
}
