import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { nextLessonStatus } from '../../shared/lesson-lifecycle.ts'
import { londonDay } from '../../shared/lesson-time.ts'
import type { components } from '../../src/api/schema.gen.ts'
import type { Db } from '../db/client.ts'
import { lessonReports, lessons, users } from '../db/schema.ts'
import type { ChangeContext } from '../lib/history.ts'
import { window, type Page, type PageRequest } from '../lib/paging.ts'
import { reportReturnedMail } from '../mail/templates.ts'
import { auditLesson, changeLesson, learnerNames, lockedLesson, type LessonDeps, type LessonOutcome } from '../lessons/lifecycle.ts'
import { LESSON_MESSAGES } from '../lessons/messages.ts'
import {
  isOverdue,
  lessonDays,
  lessonOfLearner,
  lessonOfSchool,
  lessonRows,
  NEWEST_FIRST,
  REPORTED_STATUSES,
  settlePassedLessons,
  TO_REVIEW_STATUSES,
  toLessons,
  type Lesson,
} from '../lessons/queries.ts'

type Schemas = components['schemas']
type ReportState = Schemas['ReportState']

const STATES: Record<ReportState, SQL | undefined> = {
  to_review: inArray(lessons.status, [...TO_REVIEW_STATUSES]),
  awaiting_report: eq(lessons.status, 'awaiting_report'),
  overdue: isOverdue,
  returned: eq(lessons.status, 'returned'),
  approved: eq(lessons.status, 'approved'),
}

export interface ReportQuery extends PageRequest {
  tutorId?: string
  studentId?: string
  schoolId?: string
  state?: ReportState
  from?: string
  to?: string
}

/** Lessons and their reports for the office, newest first, with how many are in each state under the same filters. */
export async function listReportPage(db: Db, query: ReportQuery): Promise<Page<Lesson> & { stateCounts: Schemas['LessonReportPage']['stateCounts'] }> {
  await settlePassedLessons(db)
  const narrowed = and(
    query.tutorId === undefined ? undefined : eq(lessons.tutorId, query.tutorId),
    query.studentId === undefined ? undefined : lessonOfLearner(query.studentId),
    query.schoolId === undefined ? undefined : lessonOfSchool(query.schoolId),
    lessonDays(query.from, query.to),
  )
  const filter = and(narrowed, query.state === undefined ? inArray(lessons.status, [...REPORTED_STATUSES]) : STATES[query.state])
  const { limit, offset } = window(query)
  const [rows, totals, counts] = await Promise.all([
    lessonRows(db, filter, NEWEST_FIRST, { limit, offset }),
    db.select({ total: count() }).from(lessons).where(filter),
    db
      .select({
        to_review: sql<number>`count(*) filter (where ${STATES.to_review})`.mapWith(Number),
        awaiting_report: sql<number>`count(*) filter (where ${STATES.awaiting_report})`.mapWith(Number),
        overdue: sql<number>`count(*) filter (where ${STATES.overdue})`.mapWith(Number),
        returned: sql<number>`count(*) filter (where ${STATES.returned})`.mapWith(Number),
        approved: sql<number>`count(*) filter (where ${STATES.approved})`.mapWith(Number),
      })
      .from(lessons)
      .where(narrowed),
  ])
  return {
    items: await toLessons(db, rows, 'admin'),
    total: totals[0]?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    stateCounts: counts[0] ?? { to_review: 0, awaiting_report: 0, overdue: 0, returned: 0, approved: 0 },
  }
}

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
