import { eq } from 'drizzle-orm'
import { nextLessonStatus } from '../../shared/lesson-lifecycle.ts'
import { londonDay } from '../../shared/lesson-time.ts'
import type { components } from '../../src/api/schema.gen.ts'
import type { Db } from '../db/client.ts'
import { lessonReports, users } from '../db/schema.ts'
import type { ChangeContext } from '../lib/history.ts'
import { reportReturnedMail } from '../mail/templates.ts'
import { auditLesson, changeLesson, learnerNames, lockedLesson, type LessonDeps, type LessonOutcome } from '../lessons/lifecycle.ts'
import { LESSON_MESSAGES } from '../lessons/messages.ts'
import { readersToMail, shareReport } from './sharing.ts'

type Schemas = components['schemas']

/** How the office approves: sending the family part at once (the default), or holding it back, with why. */
export interface Approval {
  holdBack?: boolean
  reason?: string
}

/**
 * Approves a report waiting for the office, read at `version`, and in the same transaction queues its family part
 * to the learners' contacts and school contacts (sharing.ts), unless the office holds it back.
 */
export async function approveReportRecord(
  tx: Db,
  deps: Pick<LessonDeps, 'mailer' | 'config'>,
  lessonId: string,
  version: number,
  approval: Approval,
  context: ChangeContext & { actorId: string },
): Promise<LessonOutcome> {
  const lesson = await lockedLesson(tx, lessonId, version)
  if (typeof lesson === 'string') return lesson
  const next = nextLessonStatus(lesson.status, 'APPROVE')
  if (next === undefined) return { refused: LESSON_MESSAGES.notForReview(lesson.status) }
  const now = new Date()
  const reason = approval.reason?.trim() || null
  await tx
    .update(lessonReports)
    .set({ approvedAt: now, approvedBy: context.actorId, ...(approval.holdBack ? { heldBackAt: now, heldBackBy: context.actorId, heldBackReason: reason } : {}) })
    .where(eq(lessonReports.lessonId, lesson.id))
  await changeLesson(tx, lesson, { status: next })
  await auditLesson(tx, 'lesson.report_approved', lesson, context, { changes: [{ field: 'status', from: lesson.status, to: next }] })
  if (approval.holdBack) await auditLesson(tx, 'lesson.report_held_back', lesson, context, reason === null ? {} : { detail: reason })
  else await shareReport(tx, deps, lesson.id)
  return { lessonIds: [lesson.id] }
}

/** Sends the family part of a report the office held back, once: refused unless it is approved, held back and not sent. */
export async function shareReportRecord(tx: Db, deps: Pick<LessonDeps, 'mailer' | 'config'>, lessonId: string, version: number, context: ChangeContext & { actorId: string }): Promise<LessonOutcome> {
  const lesson = await lockedLesson(tx, lessonId, version)
  if (typeof lesson === 'string') return lesson
  const [report] = await tx.select({ sharedAt: lessonReports.sharedAt }).from(lessonReports).where(eq(lessonReports.lessonId, lesson.id)).limit(1)
  if (lesson.status !== 'approved') return { refused: LESSON_MESSAGES.shareOnlyApproved }
  if (!report || report.sharedAt !== null) return { refused: LESSON_MESSAGES.alreadyShared }
  const readers = await readersToMail(tx, lesson.id)
  if (readers.length === 0) return { refused: LESSON_MESSAGES.nobodyToShareWith }
  await shareReport(tx, deps, lesson.id, readers)
  await changeLesson(tx, lesson, {})
  await auditLesson(tx, 'lesson.report_shared', lesson, context, {})
  return { lessonIds: [lesson.id] }
}

/** Returns a report to its tutor with the office's comment, and mails the tutor. */
export async function returnReportRecord(tx: Db, deps: LessonDeps, lessonId: string, version: number, comment: string, context: ChangeContext & { actorId: string }): Promise<LessonOutcome> {
  const lesson = await lockedLesson(tx, lessonId, version)
  if (typeof lesson === 'string') return lesson
  const next = nextLessonStatus(lesson.status, 'RETURN')
  if (next === undefined) return { refused: LESSON_MESSAGES.notForReview(lesson.status) }
  await tx.update(lessonReports).set({ returnComment: comment, returnedAt: new Date(), returnedBy: context.actorId }).where(eq(lessonReports.lessonId, lesson.id))
  await changeLesson(tx, lesson, { status: next })
  await auditLesson(tx, 'lesson.report_returned', lesson, context, { changes: [{ field: 'status', from: lesson.status, to: next }], detail: comment })
  const [tutor] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, lesson.tutorId)).limit(1)
  if (!tutor) throw new Error('A lesson without its tutor.')
  const learners = (await learnerNames(tx, lesson.id)).map((learner) => learner.name).join(', ')
  await deps.mailer.enqueue(
    tx,
    reportReturnedMail(tutor, { learners, subject: lesson.subject, day: londonDay(lesson.startsAt), comment }, `${deps.config.publicUrl}/tutor/reports/${lesson.id}`),
  )
  return { lessonIds: [lesson.id] }
}

/** Approves each report that is waiting and unchanged since the office read it; says why each other one was left. */
export async function approveReports(
  tx: Db,
  deps: Pick<LessonDeps, 'mailer' | 'config'>,
  items: { lessonId: string; version: number }[],
  context: ChangeContext & { actorId: string },
): Promise<Schemas['ReportApprovalResult']> {
  const approved: string[] = []
  const left: { lessonId: string; message: string }[] = []
  for (const item of items) {
    const outcome = await approveReportRecord(tx, deps, item.lessonId, item.version, {}, context)
    if (outcome === 'missing') left.push({ lessonId: item.lessonId, message: LESSON_MESSAGES.notFound })
    else if (outcome === 'stale') left.push({ lessonId: item.lessonId, message: 'Changed since you read it: open it to see the changes.' })
    else if ('refused' in outcome) left.push({ lessonId: item.lessonId, message: outcome.refused })
    else approved.push(item.lessonId)
  }
  return { approved, left }
}
