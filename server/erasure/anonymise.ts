import { and, count, eq, inArray, isNull, ne, notInArray, or, sql } from 'drizzle-orm'
import { sameName } from '../../shared/confirm-name.ts'
import type { Db } from '../db/client.ts'
import { contactMessages, lessonLearners, lessonReports, lessons, placements, registrationEvents, registrations, safeguardingConcerns, students } from '../db/schema.ts'
import { recordAudit } from '../lib/audit.ts'
import { anonymiseAnswers, type AnswerLabels } from './answers.ts'
import { ERASURE_MESSAGES } from './messages.ts'
import {
  dropWorkingRows,
  holdsAny,
  placeholderHash,
  PLACEHOLDER_DOMAIN,
  PLACEHOLDER_PHONE,
  purgeMail,
  redactHistory,
  replaceInJson,
  replaceValues,
  searchable,
  stableCode,
  type Replacement,
} from './scrub.ts'

/**
 * Who asked and why: an admin's request (they typed the person's name to confirm it), or the daily retention job,
 * which has no actor and confirms nothing.
 */
export type AnonymiseContext = { reason: 'request'; actorId: string; ip: string | null; confirmName: string } | { reason: 'retention'; now: Date }

/** When the record is anonymised: the retention run's moment (the application's clock it counted from), else now. */
export const momentOf = (context: AnonymiseContext): Date => (context.reason === 'retention' ? context.now : new Date())

/** How many rows of each kind lost personal values: ids and counts only ever go to the audit trail. */
export type AnonymiseCounts = Record<string, number>

export type AnonymiseOutcome =
  | { status: 'anonymised'; counts: AnonymiseCounts }
  | { status: 'missing' }
  | { status: 'already' }
  /** The typed name is not the person's: nothing changed. */
  | { status: 'mismatch' }
  /** The person may not be anonymised now; the message says why and what to do. */
  | { status: 'refused'; message: string }


/** The name an anonymised learner is shown under: stable for the record, saying nothing of the child. */
export const learnerLabel = (studentId: string) => `Anonymised learner ${stableCode(studentId)}`
export const CONTACT_LABEL = 'Anonymised contact'
/** What an anonymised person's registration says in the inbox, where it said what they asked for. */
export const ANONYMISED_SUMMARY = 'Anonymised'

/** What the history says of why a record was anonymised. */
export const ANONYMISED_BECAUSE = { request: 'On request', retention: 'Its retention period ended' } as const

/**
 * Registrations that are the person's own (a learner's enrolments, a tutor's applications), anonymised whole: the
 * answers keep only the forms' choices, the name and address become the labels, and the fingerprint, the sender's
 * address and browser and the office's notes on it go. Returns their ids.
 */
export async function anonymiseOwnRegistrations(tx: Db, rows: readonly { id: string; answers: Record<string, unknown> }[], labels: AnswerLabels, now: Date): Promise<string[]> {
  for (const row of rows) {
    await tx
      .update(registrations)
      .set({
        answers: anonymiseAnswers(row.answers, labels),
        name: labels.person,
        email: labels.email,
        summary: ANONYMISED_SUMMARY,
        duplicateKey: placeholderHash(row.id),
        ip: null,
        userAgent: null,
        updatedAt: now,
      })
      .where(eq(registrations.id, row.id))
  }
  const ids = rows.map((row) => row.id)
  if (ids.length > 0) await tx.update(registrationEvents).set({ note: null, reason: null }).where(inArray(registrationEvents.registrationId, ids))
  return ids
}

const nonEmpty = (values: (string | null | undefined)[]) => values.filter((value): value is string => typeof value === 'string' && value.trim() !== '')

/** The personal values one registration's answers hold, each with what replaces it in other people's text. */
function answerValues(answers: Record<string, unknown>, labels: { person: string; email: string }, withContact: boolean): Replacement[] {
  const found: Replacement[] = []
  const student = answers.student as { name?: string } | undefined
  if (student?.name) found.push({ value: student.name, by: labels.person })
  if (!withContact) return found
  const contact = answers.contact as { name?: string; email?: string; phone?: string } | undefined
  if (contact?.name) found.push({ value: contact.name, by: CONTACT_LABEL })
  if (contact?.email) found.push({ value: contact.email, by: labels.email })
  if (contact?.phone) found.push({ value: contact.phone, by: PLACEHOLDER_PHONE })
  const emergency = answers.emergencyContact as { name?: string; phone?: string } | undefined
  if (emergency?.name) found.push({ value: emergency.name, by: 'Anonymised person' })
  if (emergency?.phone) found.push({ value: emergency.phone, by: PLACEHOLDER_PHONE })
  const address = answers.address as { line1?: string; line2?: string; postcode?: string } | undefined
  for (const part of nonEmpty([address?.line1, address?.line2, address?.postcode])) found.push({ value: part, by: 'Removed' })
  return found
}

/**
 * Text the learner's own records do not hold but that may name them: messages sent through the contact form ("about
 * my son …", by the family or anyone else), registrations not linked to their record (a sibling's enrolment, one sent
 * twice and rejected) and notes on them. Each value found is replaced; a row whose sender was the learner's contact
 * also loses its sender's address and browser, and a row changed loses its fingerprint or duplicate key (a hash of
 * what it said, which could be matched against the values just removed).
 */
async function replaceMentions(tx: Db, searched: Replacement[], own: { registrationIds: string[]; addresses: string[]; now: Date }): Promise<{ messages: number; registrations: number }> {
  const counts = { messages: 0, registrations: 0 }
  if (searched.length === 0) return counts
  const theirs = new Set(own.addresses.map((address) => address.toLowerCase()))
  const text = (value: string) => replaceValues(value, searched)
  const optional = (value: string | null) => (value === null ? null : text(value))

  const messages = await tx
    .select()
    .from(contactMessages)
    .where(or(holdsAny(contactMessages.name, searched), holdsAny(contactMessages.email, searched), holdsAny(sql`coalesce(${contactMessages.phone}, '')`, searched), holdsAny(contactMessages.subject, searched), holdsAny(contactMessages.message, searched)))
    .for('update')
  for (const row of messages) {
    const sender = theirs.has(row.email.toLowerCase())
    await tx
      .update(contactMessages)
      .set({
        name: text(row.name),
        email: text(row.email),
        phone: optional(row.phone),
        subject: text(row.subject),
        message: text(row.message),
        fingerprint: placeholderHash(row.id),
        ...(sender ? { ip: null, userAgent: null } : {}),
      })
      .where(eq(contactMessages.id, row.id))
  }
  counts.messages = messages.length

  const notOwn = own.registrationIds.length === 0 ? undefined : notInArray(registrations.id, own.registrationIds)
  const others = await tx
    .select()
    .from(registrations)
    .where(and(notOwn, or(holdsAny(sql`${registrations.answers}::text`, searched), holdsAny(registrations.name, searched), holdsAny(registrations.email, searched), holdsAny(registrations.summary, searched))))
    .for('update')
  for (const row of others) {
    const sender = theirs.has(row.email.toLowerCase())
    await tx
      .update(registrations)
      .set({
        answers: replaceInJson(row.answers, searched),
        name: text(row.name),
        email: text(row.email),
        summary: text(row.summary),
        duplicateKey: placeholderHash(row.id),
        ...(sender ? { ip: null, userAgent: null } : {}),
        updatedAt: own.now,
      })
      .where(eq(registrations.id, row.id))
  }
  counts.registrations = others.length

  const notes = await tx
    .select()
    .from(registrationEvents)
    .where(and(own.registrationIds.length === 0 ? undefined : notInArray(registrationEvents.registrationId, own.registrationIds), or(holdsAny(sql`coalesce(${registrationEvents.note}, '')`, searched), holdsAny(sql`coalesce(${registrationEvents.reason}, '')`, searched))))
  for (const event of notes) await tx.update(registrationEvents).set({ note: optional(event.note), reason: optional(event.reason) }).where(eq(registrationEvents.id, event.id))
  return counts
}

/**
 * Anonymises a learner in one transaction (a savepoint when `db` is already a transaction, so the retention job can
 * call it learner by learner): their record's personal fields are replaced or cleared, their registrations' answers
 * too, their one-to-one lessons' and reports' free text cleared (group lessons lose only their name), placement
 * notes and end reasons cleared, the history's old values redacted, mail to or about them purged. Lessons,
 * attendance, placements and figures keep their counts; safeguarding concerns keep their words and their link to
 * the learner (statutory retention), and who opened the record stays (it holds nothing personal).
 *
 * The contact's own details leave this learner's records in every case; they are searched for and replaced
 * elsewhere (mail, history, throttling rows) only when no other learner still on record shares the contact, since
 * they are then that learner's contact too (anonymiseContact removes them everywhere).
 *
 * Refused while the learner has a current placement or a safeguarding concern that is not closed.
 */
export async function anonymiseLearner(db: Db, studentId: string, context: AnonymiseContext): Promise<AnonymiseOutcome> {
  return db.transaction(async (tx) => {
    const [student] = await tx.select().from(students).where(eq(students.id, studentId)).for('update').limit(1)
    if (!student) return { status: 'missing' as const }
    if (student.anonymisedAt !== null) return { status: 'already' as const }
    if (context.reason === 'request' && !sameName(context.confirmName, student.name)) return { status: 'mismatch' as const }

    const [current] = await tx
      .select({ n: count() })
      .from(placements)
      .where(and(eq(placements.studentId, studentId), eq(placements.status, 'active')))
    if ((current?.n ?? 0) > 0) return { status: 'refused' as const, message: ERASURE_MESSAGES.learnerPlaced(current?.n ?? 0) }
    const [openConcerns] = await tx
      .select({ n: count() })
      .from(safeguardingConcerns)
      .where(and(eq(safeguardingConcerns.studentId, studentId), ne(safeguardingConcerns.status, 'closed')))
    if ((openConcerns?.n ?? 0) > 0) return { status: 'refused' as const, message: ERASURE_MESSAGES.learnerConcernOpen }

    const now = momentOf(context)
    const label = learnerLabel(studentId)
    const placeholderEmail = `contact-${stableCode(studentId).toLowerCase()}@${PLACEHOLDER_DOMAIN}`
    const [sharing] = await tx
      .select({ n: count() })
      .from(students)
      .where(and(ne(students.id, studentId), isNull(students.anonymisedAt), sql`lower(${students.contactEmail}) = lower(${student.contactEmail})`))
    const contactShared = (sharing?.n ?? 0) > 0

    const ownRegistrations = await tx.select().from(registrations).where(eq(registrations.studentId, studentId)).for('update')
    const labels = { person: label, email: placeholderEmail }
    const replacements: Replacement[] = [{ value: student.name, by: label }]
    const addresses: string[] = []
    if (!contactShared) {
      replacements.push(
        { value: student.contactName, by: CONTACT_LABEL },
        { value: student.contactEmail, by: placeholderEmail },
        { value: student.contactPhone, by: PLACEHOLDER_PHONE },
        ...nonEmpty([student.addressLine1, student.addressLine2, student.postcode]).map((value) => ({ value, by: 'Removed' })),
      )
      addresses.push(student.contactEmail, ...ownRegistrations.map((row) => row.email))
    }
    for (const row of ownRegistrations) replacements.push(...answerValues(row.answers, labels, !contactShared))
    const searched = searchable(replacements)

    await tx
      .update(students)
      .set({
        name: label,
        school: null,
        contactName: CONTACT_LABEL,
        contactRelationship: null,
        contactEmail: placeholderEmail,
        contactPhone: PLACEHOLDER_PHONE,
        preferredContact: null,
        addressLine1: null,
        addressLine2: null,
        town: null,
        postcode: null,
        availabilityDays: [],
        availabilityTimes: [],
        goals: null,
        needs: null,
        notesForTutors: null,
        anonymisedAt: now,
        version: student.version + 1,
        updatedAt: now,
      })
      .where(eq(students.id, studentId))

    const registrationIds = await anonymiseOwnRegistrations(tx, ownRegistrations, labels, now)
    const elsewhere = await replaceMentions(tx, searched, { registrationIds, addresses, now })

    const placed = await tx.update(placements).set({ notes: null, endReason: null }).where(eq(placements.studentId, studentId)).returning({ id: placements.id })

    // A lesson with no other learner is this learner's alone; a group lesson's words belong to the others too.
    const theirLessons = tx.select({ lessonId: lessonLearners.lessonId }).from(lessonLearners).where(eq(lessonLearners.studentId, studentId))
    const taught = await tx
      .select({ lessonId: lessonLearners.lessonId, learners: count() })
      .from(lessonLearners)
      .where(inArray(lessonLearners.lessonId, theirLessons))
      .groupBy(lessonLearners.lessonId)
    const solo = taught.filter((row) => row.learners === 1).map((row) => row.lessonId)
    const group = taught.filter((row) => row.learners > 1).map((row) => row.lessonId)
    if (solo.length > 0) {
      await tx.update(lessons).set({ place: null, cancelReason: null, missedNote: null }).where(inArray(lessons.id, solo))
      await tx
        .update(lessonReports)
        .set({ covered: null, progress: null, homework: null, staffNote: null, returnComment: null, draft: null })
        .where(inArray(lessonReports.lessonId, solo))
    }
    if (group.length > 0 && searched.length > 0) {
      for (const lesson of await tx.select().from(lessons).where(inArray(lessons.id, group))) {
        const text = (value: string | null) => (value === null ? null : replaceValues(value, searched))
        await tx.update(lessons).set({ place: text(lesson.place), cancelReason: text(lesson.cancelReason), missedNote: text(lesson.missedNote) }).where(eq(lessons.id, lesson.id))
      }
      for (const report of await tx.select().from(lessonReports).where(inArray(lessonReports.lessonId, group))) {
        const text = (value: string | null) => (value === null ? null : replaceValues(value, searched))
        await tx
          .update(lessonReports)
          .set({
            covered: text(report.covered),
            progress: text(report.progress),
            homework: text(report.homework),
            staffNote: text(report.staffNote),
            returnComment: text(report.returnComment),
            draft: report.draft === null ? null : replaceInJson(report.draft, searched),
          })
          .where(eq(lessonReports.lessonId, report.lessonId))
      }
    }

    const history = await redactHistory(tx, {
      refs: [`student:${studentId}`, ...registrationIds.map((id) => `registration:${id}`), ...placed.map((row) => `placement:${row.id}`), ...solo.map((id) => `lesson:${id}`)],
      replacements: searched,
    })
    const mail = await purgeMail(tx, addresses, placeholderEmail, searched, now)
    await dropWorkingRows(tx, contactShared ? [] : addresses, [studentId])

    const counts = {
      registrations: registrationIds.length,
      placements: placed.length,
      lessons: solo.length + group.length,
      historyEntries: history,
      mail,
      otherRegistrations: elsewhere.registrations,
      messages: elsewhere.messages,
    }
    await recordAudit(tx, {
      action: 'student.anonymised',
      actorUserId: context.reason === 'request' ? context.actorId : null,
      subject: { type: 'student', id: studentId },
      ip: context.reason === 'request' ? context.ip : null,
      details: { reason: context.reason, detail: ANONYMISED_BECAUSE[context.reason], ...counts },
    })
    return { status: 'anonymised' as const, counts }
  })
}
