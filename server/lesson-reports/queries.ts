import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { components } from '../../src/api/schema.gen.ts'
import type { Db } from '../db/client.ts'
import { lessons } from '../db/schema.ts'
import { window, type Page, type PageRequest } from '../lib/paging.ts'
import {
  isOverdue,
  lessonDays,
  lessonOfLearner,
  lessonOfSchool,
  lessonRows,
  NEWEST_FIRST,
  REPORTED_STATUSES,
  TO_REVIEW_STATUSES,
  toLessons,
  type Lesson,
} from '../lessons/queries.ts'
import { settlePassedLessons } from '../lessons/records.ts'

type Schemas = components['schemas']
type ReportState = Schemas['ReportState']

/** Each state of the reports list as a filter: the dashboard counts with the same ones. */
export const REPORT_STATES: Record<ReportState, SQL | undefined> = {
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
  const filter = and(narrowed, query.state === undefined ? inArray(lessons.status, [...REPORTED_STATUSES]) : REPORT_STATES[query.state])
  const { limit, offset } = window(query)
  const [rows, totals, counts] = await Promise.all([
    lessonRows(db, filter, NEWEST_FIRST, { limit, offset }),
    db.select({ total: count() }).from(lessons).where(filter),
    db
      .select({
        to_review: sql<number>`count(*) filter (where ${REPORT_STATES.to_review})`.mapWith(Number),
        awaiting_report: sql<number>`count(*) filter (where ${REPORT_STATES.awaiting_report})`.mapWith(Number),
        overdue: sql<number>`count(*) filter (where ${REPORT_STATES.overdue})`.mapWith(Number),
        returned: sql<number>`count(*) filter (where ${REPORT_STATES.returned})`.mapWith(Number),
        approved: sql<number>`count(*) filter (where ${REPORT_STATES.approved})`.mapWith(Number),
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
