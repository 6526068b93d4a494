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

type Schemas = components['schemas']

/** Approves a report waiting for the office, read at `version`. */
export async function approveReportRecord(tx: Db, lessonId: string, version: number, context: ChangeContext & { actorId: string }): Promise<LessonOutcome> {
  const lesson = await lockedLesson(tx, lessonId, version)
  if (typeof lesson === 'string') return lesson
  const next = nextLessonStatus(lesson.status, 'APPROVE')
  if (next === undefined) return { refused: LESSON_MESSAGES.notForReview(lesson.status) }
  await tx.update(lessonReports).set({ approvedAt: new Date(), approvedBy: context.actorId }).where(eq(lessonReports.lessonId, lesson.id))
  await changeLesson(tx, lesson, { status: next })
  await auditLesson(tx, 'lesson.report_approved', lesson, context, { changes: [{ field: 'status', from: lesson.status, to: next }] })
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
  items: { lessonId: string; version: number }[],
  context: ChangeContext & { actorId: string },
): Promise<Schemas['ReportApprovalResult']> {
  const approved: string[] = []
  const left: { lessonId: string; message: string }[] = []
  for (const item of items) {
    const outcome = await approveReportRecord(tx, item.lessonId, item.version, context)
    if (outcome === 'missing') left.push({ lessonId: item.lessonId, message: LESSON_MESSAGES.notFound })
    else if (outcome === 'stale') left.push({ lessonId: item.lessonId, message: 'Changed since you read it: open it to see the changes.' })
    else if ('refused' in outcome) left.push({ lessonId: item.lessonId, message: outcome.refused })
    else approved.push(item.lessonId)
  }
  return { approved, left }
}
