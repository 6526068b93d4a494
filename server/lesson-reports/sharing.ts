import { aliasedTable, and, asc, eq } from 'drizzle-orm'
import type { components } from '../../src/api/schema.gen.ts'
import { londonDay } from '../../shared/lesson-time.ts'
import type { Db } from '../db/client.ts'
import { lessonReports, lessons, mailOutbox, users } from '../db/schema.ts'
import type { LessonDeps } from '../lessons/lifecycle.ts'
import { readLessonDetail } from '../lessons/queries.ts'
import { reportSharedMail, type SharedReport } from '../mail/templates.ts'
import { issueFamilyLinks } from '../family/links.ts'
import { readersOfLesson, type Reader } from '../family/readers.ts'

type Schemas = components['schemas']

/** The readers of this lesson's report who have not stopped report mails. */
export function readersToMail(tx: Db, lessonId: string): Promise<Reader[]> {
  return readersOfLesson(tx, lessonId, { schoolContacts: true, without: 'reports' })
}

/**
 * Marks the report shared (the family page shows it from now) and queues its family part to everyone who reads it
 * and has not stopped report mails, each with a fresh link to their page, in the caller's transaction (the outbox
 * sends it after the commit): what was covered, progress and next steps, homework and attendance. Never the note for
 * the office, never a concern. `known`: the readers, when the caller already read them. Answers how many mails were queued.
 */
export async function shareReport(tx: Db, deps: Pick<LessonDeps, 'mailer' | 'config'>, lessonId: string, known?: Reader[]): Promise<number> {
  const [row] = await tx
    .select({ lesson: lessons, report: lessonReports, tutor: users.name })
    .from(lessons)
    .innerJoin(lessonReports, eq(lessonReports.lessonId, lessons.id))
    .innerJoin(users, eq(users.id, lessons.tutorId))
    .where(eq(lessons.id, lessonId))
    .limit(1)
  if (!row || row.report.covered === null || row.report.progress === null) return 0
  await tx.update(lessonReports).set({ sharedAt: new Date() }).where(eq(lessonReports.lessonId, lessonId))
  const readers = known ?? (await readersToMail(tx, lessonId))
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
    await deps.mailer.enqueue(tx, reportSharedMail(reader, report, await issueFamilyLinks(tx, deps.config.publicUrl, reader.email, 'reports')))
  }
  return readers.length
}

/**
 * The mails of this report's family part, oldest first, each named by the contact it went to as the records have
 * them now (the address alone when no record names it any more).
 */
export async function reportMailsOf(db: Db, lessonId: string): Promise<NonNullable<Schemas['LessonReport']['familyMail']>> {
  const mails = await db
    .select({ to: mailOutbox.to, status: mailOutbox.status, queuedAt: mailOutbox.createdAt, sentAt: mailOutbox.sentAt })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.lessonId, lessonId), eq(mailOutbox.kind, 'report_shared')))
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.to))
  if (mails.length === 0) return []
  const names = new Map((await readersOfLesson(db, lessonId, { schoolContacts: true })).map((reader) => [reader.email.toLowerCase(), reader.name]))
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
    reportMailsOf(db, lessonId),
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
