import { aliasedTable, and, asc, eq, inArray, isNull } from 'drizzle-orm'
import type { components } from '../../src/api/schema.gen.ts'
import { londonDay } from '../../shared/lesson-time.ts'
import type { Db } from '../db/client.ts'
import { lessonLearners, lessonReports, lessons, mailOutbox, placements, schools, students, users } from '../db/schema.ts'
import type { LessonDeps } from '../lessons/lifecycle.ts'
import { readLessonDetail } from '../lessons/queries.ts'
import { reportSharedMail, type SharedReport } from '../mail/templates.ts'
import { FAMILY_LINK_DAYS, familyPageUrl, familyStopUrl, issueFamilyLink, stoppedAmong } from '../family/links.ts'

type Schemas = components['schemas']

/** Who reads a report's family part: a learner's contact, or a school contact marked to receive reports. */
interface Reader {
  name: string
  email: string
  /** The learners of this lesson the reader is told about (siblings in one group share one mail). */
  learners: SharedReport['learners']
}

/**
 * The people the family part of this lesson's report goes to: each learner's contact, and for a learner taught at
 * school, the school's contacts marked to receive reports; one mail per address, naming only their own learners. An
 * anonymised learner's record stands for nobody, so nobody is mailed about them.
 */
async function readersOf(tx: Db, lessonId: string): Promise<Reader[]> {
  const rows = await tx
    .select({
      name: students.name,
      contactName: students.contactName,
      contactEmail: students.contactEmail,
      schoolId: students.schoolId,
      mode: placements.mode,
      attendance: lessonLearners.attendance,
    })
    .from(lessonLearners)
    .innerJoin(students, eq(students.id, lessonLearners.studentId))
    .innerJoin(placements, eq(placements.id, lessonLearners.placementId))
    .where(and(eq(lessonLearners.lessonId, lessonId), isNull(students.anonymisedAt)))
    .orderBy(asc(students.name))
  const schoolIds = [...new Set(rows.flatMap((row) => (row.mode === 'school' && row.schoolId !== null ? [row.schoolId] : [])))]
  const schoolRows = schoolIds.length === 0 ? [] : await tx.select({ id: schools.id, contacts: schools.contacts }).from(schools).where(inArray(schools.id, schoolIds))
  const readers = new Map<string, Reader>()
  const add = (name: string, email: string, learner: SharedReport['learners'][number]) => {
    const key = email.toLowerCase()
    const reader = readers.get(key) ?? { name, email, learners: [] }
    if (!reader.learners.some((known) => known.name === learner.name)) reader.learners.push(learner)
    readers.set(key, reader)
  }
  for (const row of rows) {
    const learner = { name: row.name, attendance: row.attendance }
    if (row.contactEmail) add(row.contactName, row.contactEmail, learner)
    if (row.mode !== 'school') continue
    const school = schoolRows.find((candidate) => candidate.id === row.schoolId)
    for (const contact of school?.contacts ?? []) if (contact.receivesReports && contact.email) add(contact.name, contact.email, learner)
  }
  return [...readers.values()]
}

/** The readers of this lesson's report who have not stopped report mails. */
export async function readersToMail(tx: Db, lessonId: string): Promise<Reader[]> {
  const everyone = await readersOf(tx, lessonId)
  const stopped = await stoppedAmong(
    tx,
    everyone.map((reader) => reader.email),
    'reports',
  )
  return everyone.filter((reader) => !stopped.has(reader.email.toLowerCase()))
}

/**
 * Marks the report shared (the family page shows it from now) and queues its family part to everyone who reads it
 * and has not stopped report mails, each with a fresh link to their page, in the caller's transaction (the outbox
 * sends it after the commit): what was covered, progress and next steps, homework and attendance. Never the note for
 * the office, never a concern. Answers how many mails were queued.
 */
export async function shareReport(tx: Db, deps: Pick<LessonDeps, 'mailer' | 'config'>, lessonId: string): Promise<number> {
  const [row] = await tx
    .select({ lesson: lessons, report: lessonReports, tutor: users.name })
    .from(lessons)
    .innerJoin(lessonReports, eq(lessonReports.lessonId, lessons.id))
    .innerJoin(users, eq(users.id, lessons.tutorId))
    .where(eq(lessons.id, lessonId))
    .limit(1)
  if (!row || row.report.covered === null || row.report.progress === null) return 0
  await tx.update(lessonReports).set({ sharedAt: new Date() }).where(eq(lessonReports.lessonId, lessonId))
  const readers = await readersToMail(tx, lessonId)
  for (const reader of readers) {
    const report: SharedReport = {
      lessonId,
      subject: row.lesson.subject,
      day: londonDay(row.lesson.startsAt),
      tutor: row.tutor,
      learners: reader.learners,
      covered: row.report.covered,
      progress: row.report.progress,
      homework: row.report.homework,
    }
    const token = await issueFamilyLink(tx, reader.email)
    const links = { page: familyPageUrl(deps.config.publicUrl, token), stop: familyStopUrl(deps.config.publicUrl, token, 'reports'), days: FAMILY_LINK_DAYS }
    await deps.mailer.enqueue(tx, reportSharedMail(reader, report, links))
  }
  return readers.length
}

/**
 * The mails of this report's family part, oldest first, each named by the contact it went to as the records have
 * them now (the address alone when no record names it any more).
 */
export async function familyMailOf(db: Db, lessonId: string): Promise<NonNullable<Schemas['LessonReport']['familyMail']>> {
  const mails = await db
    .select({ to: mailOutbox.to, status: mailOutbox.status, queuedAt: mailOutbox.createdAt, sentAt: mailOutbox.sentAt })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.lessonId, lessonId), eq(mailOutbox.kind, 'report_shared')))
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.to))
  if (mails.length === 0) return []
  const names = new Map((await readersOf(db, lessonId)).map((reader) => [reader.email.toLowerCase(), reader.name]))
  return mails.map((mail) => ({
    to: names.get(mail.to.toLowerCase()) ?? mail.to,
    address: mail.to,
    status: mail.status,
    queuedAt: mail.queuedAt.toISOString(),
    ...(mail.sentAt === null ? {} : { sentAt: mail.sentAt.toISOString() }),
  }))
}

const holders = aliasedTable(users, 'held_back_by')

/** What became of the report's family part, for the office: held back (by whom, why), and each mail of it. */
async function familyPart(db: Db, lessonId: string): Promise<Pick<Schemas['LessonReport'], 'heldBack' | 'familyMail'>> {
  const [[row], familyMail] = await Promise.all([
    db
      .select({ at: lessonReports.heldBackAt, reason: lessonReports.heldBackReason, byId: holders.id, byName: holders.name })
      .from(lessonReports)
      .leftJoin(holders, eq(holders.id, lessonReports.heldBackBy))
      .where(eq(lessonReports.lessonId, lessonId))
      .limit(1),
    familyMailOf(db, lessonId),
  ])
  const by = row?.byId && row.byName !== null ? { id: row.byId, name: row.byName } : undefined
  return {
    ...(row?.at ? { heldBack: { at: row.at.toISOString(), ...(by ? { by } : {}), ...(row.reason === null ? {} : { reason: row.reason }) } } : {}),
    ...(familyMail.length > 0 ? { familyMail } : {}),
  }
}

/** A lesson as the office reads it (readLessonDetail), with what became of its report's family part. */
export async function readOfficeReport(db: Db, lessonId: string, viewer: { safeguardingLead: boolean }): Promise<Schemas['LessonDetail'] | undefined> {
  const detail = await readLessonDetail(db, lessonId, 'admin', viewer)
  if (!detail?.report) return detail
  return { ...detail, report: { ...detail.report, ...(await familyPart(db, lessonId)) } }
}
