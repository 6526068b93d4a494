import { and, count, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import { londonMonth, londonMonthBounds, londonWeek, REPORT_DUE_HOURS, startOfLondonDay } from '../../shared/lesson-time.ts'
import type { components } from '../../src/api/schema.gen.ts'
import type { Db } from '../db/client.ts'
import { lessonReports, lessons } from '../db/schema.ts'
import { window, type Page, type PageRequest } from '../lib/paging.ts'
import { lessonDays, lessonEnd, lessonOfLearner, lessonRows, NEWEST_FIRST, REPORTED_STATUSES, SOONEST_FIRST, toLessons, type Lesson } from './queries.ts'
import { settlePassedLessons } from './records.ts'

type Schemas = components['schemas']

/** The tutor's first page: what to do (oldest first), this week, and the month's figures. */
export async function tutorOverview(db: Db, tutorId: string, now = new Date()): Promise<Schemas['TutorOverview']> {
  await settlePassedLessons(db, tutorId)
  const mine = eq(lessons.tutorId, tutorId)
  const week = londonWeek(now)
  const month = londonMonthBounds(now)
  const monthStart = startOfLondonDay(month.from)
  const monthEnd = startOfLondonDay(month.to)
  const [awaiting, returned, thisWeek, taught, reports, overdue] = await Promise.all([
    lessonRows(db, and(mine, eq(lessons.status, 'awaiting_report')), SOONEST_FIRST, { limit: 100, offset: 0 }),
    lessonRows(db, and(mine, eq(lessons.status, 'returned')), SOONEST_FIRST, { limit: 100, offset: 0 }),
    lessonRows(db, and(mine, gte(lessons.startsAt, startOfLondonDay(week.from)), lt(lessons.startsAt, startOfLondonDay(week.to))), SOONEST_FIRST, { limit: 200, offset: 0 }),
    db
      .select({ total: count() })
      .from(lessons)
      .where(and(mine, inArray(lessons.status, [...REPORTED_STATUSES]), gte(lessons.startsAt, monthStart), lt(lessons.startsAt, monthEnd))),
    db
      .select({
        total: count(),
        onTime: sql<number>`count(*) filter (where ${lessonReports.firstSubmittedAt} <= ${lessonEnd} + interval '${sql.raw(String(REPORT_DUE_HOURS))} hours')`.mapWith(Number),
      })
      .from(lessonReports)
      .innerJoin(lessons, eq(lessons.id, lessonReports.lessonId))
      .where(and(mine, gte(lessonReports.firstSubmittedAt, monthStart), lt(lessonReports.firstSubmittedAt, monthEnd))),
    db
      .select({ total: count() })
      .from(lessons)
      .where(and(mine, eq(lessons.status, 'awaiting_report'), sql`${lessonEnd} + interval '${sql.raw(String(REPORT_DUE_HOURS))} hours' < ${now.toISOString()}::timestamptz`)),
  ])
  const [awaitingReport, returnedLessons, weekLessons] = await Promise.all([toLessons(db, awaiting, 'tutor'), toLessons(db, returned, 'tutor'), toLessons(db, thisWeek, 'tutor')])
  return {
    awaitingReport,
    returned: returnedLessons,
    thisWeek: weekLessons,
    figures: {
      month: londonMonth(now),
      taughtThisMonth: taught[0]?.total ?? 0,
      reportsThisMonth: reports[0]?.total ?? 0,
      reportsOnTime: reports[0]?.onTime ?? 0,
      reportsOverdue: overdue[0]?.total ?? 0,
    },
  }
}

export interface MyLessonQuery extends PageRequest {
  from?: string
  to?: string
  studentId?: string
  status?: Schemas['LessonStatus']
}

/** The tutor's lessons: soonest first from a day, otherwise newest first. */
export async function listLessonsOf(db: Db, tutorId: string, query: MyLessonQuery): Promise<Page<Lesson>> {
  await settlePassedLessons(db, tutorId)
  const filter = and(
    eq(lessons.tutorId, tutorId),
    lessonDays(query.from, query.to),
    query.studentId === undefined ? undefined : lessonOfLearner(query.studentId),
    query.status === undefined ? undefined : eq(lessons.status, query.status),
  )
  const { limit, offset } = window(query)
  const [rows, totals] = await Promise.all([
    lessonRows(db, filter, query.from === undefined ? NEWEST_FIRST : SOONEST_FIRST, { limit, offset }),
    db.select({ total: count() }).from(lessons).where(filter),
  ])
  return { items: await toLessons(db, rows, 'tutor'), total: totals[0]?.total ?? 0, page: query.page, pageSize: query.pageSize }
}
