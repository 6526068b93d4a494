import { and, count, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import { londonMonth, londonMonthBounds, REPORT_DUE_HOURS, startOfLondonDay } from '../../shared/lesson-time.ts'
import type { components } from '../../src/api/schema.gen.ts'
import type { Db } from '../db/client.ts'
import { lessonReports, lessons, placements, students } from '../db/schema.ts'
import { window, type Page, type PageRequest } from '../lib/paging.ts'
import { lessonDays, lessonEnd, lessonOfLearner, lessonRows, NEWEST_FIRST, REPORTED_STATUSES, SOONEST_FIRST, toLessons, type Lesson } from './queries.ts'
import { settlePassedLessons } from './records.ts'

type Schemas = components['schemas']

/** How far ahead the tutor's first page looks for what is next, and how many lessons it lists at most. */
const COMING_DAYS = 14
const COMING_MOST = 20

/**
 * The contacts of the learners placed with this tutor now, by learner: a learner whose placement ended (or moved to
 * another tutor) is no longer this tutor's to call.
 */
async function contactsToCall(db: Db, tutorId: string): Promise<Map<string, Schemas['ComingLesson']['contacts']>> {
  const rows = await db
    .selectDistinct({ studentId: students.id, name: students.contactName, phone: students.contactPhone })
    .from(placements)
    .innerJoin(students, eq(students.id, placements.studentId))
    .where(and(eq(placements.tutorId, tutorId), eq(placements.status, 'active')))
  return new Map(rows.map((row) => [row.studentId, [row]]))
}

/** The tutor's first page: what is next, what to do (oldest first), and the month's figures. */
export async function tutorOverview(db: Db, tutorId: string, now = new Date()): Promise<Schemas['TutorOverview']> {
  await settlePassedLessons(db, tutorId)
  const mine = eq(lessons.tutorId, tutorId)
  const month = londonMonthBounds(now)
  const monthStart = startOfLondonDay(month.from)
  const monthEnd = startOfLondonDay(month.to)
  const [awaiting, returned, notOver, taught, reports, overdue] = await Promise.all([
    lessonRows(db, and(mine, eq(lessons.status, 'awaiting_report')), SOONEST_FIRST, { limit: 100, offset: 0 }),
    lessonRows(db, and(mine, eq(lessons.status, 'returned')), SOONEST_FIRST, { limit: 100, offset: 0 }),
    lessonRows(db, and(mine, sql`${lessonEnd} > ${now.toISOString()}::timestamptz`), SOONEST_FIRST, { limit: COMING_MOST, offset: 0 }),
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
  // The next 14 days, or the very next lesson when none falls within them.
  const horizon = now.getTime() + COMING_DAYS * 24 * 3600_000
  const nextOn = notOver.find((row) => row.lesson.status !== 'cancelled')
  const comingRows = notOver.filter((row) => row === nextOn || row.lesson.startsAt.getTime() < horizon)
  const [awaitingReport, returnedLessons, comingLessons, contacts] = await Promise.all([
    toLessons(db, awaiting, 'tutor'),
    toLessons(db, returned, 'tutor'),
    toLessons(db, comingRows, 'tutor'),
    contactsToCall(db, tutorId),
  ])
  return {
    awaitingReport,
    returned: returnedLessons,
    coming: comingLessons.map((lesson) => ({ lesson, contacts: lesson.learners.flatMap((learner) => contacts.get(learner.id) ?? []) })),
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
