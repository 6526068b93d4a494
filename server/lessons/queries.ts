import { aliasedTable, and, asc, desc, eq, exists, inArray, sql, type SQL } from 'drizzle-orm'
import { lessonMoves, type LessonStatus } from '../../shared/lesson-lifecycle.ts'
import { endOfLondonDay, londonDay, londonTime, REPORT_DUE_HOURS, reportDueAt, startOfLondonDay } from '../../shared/lesson-time.ts'
import type { components } from '../../src/api/schema.gen.ts'
import type { Db } from '../db/client.ts'
import { lessonLearners, lessonReports, lessons, safeguardingConcerns, schools, students, users, type LessonReportRow, type LessonRow } from '../db/schema.ts'
import { pastPlacementEnd, placementEndsOf } from './placement-ends.ts'

type Schemas = components['schemas']
export type Lesson = Schemas['Lesson']
export type LessonDetail = Schemas['LessonDetail']
export type MyLessonDetail = Schemas['MyLessonDetail']
/** Who reads a lesson: its tutor, or the office (which alone learns whether a concern was raised). */
export type Reader = 'tutor' | 'admin'

/** Statuses of a lesson whose report has been sent at least once: the lessons that count as delivered. */
export const REPORTED_STATUSES = ['submitted', 'returned', 'resubmitted', 'approved'] as const satisfies readonly LessonStatus[]
/** Reports waiting for the office. */
export const TO_REVIEW_STATUSES = ['submitted', 'resubmitted'] as const satisfies readonly LessonStatus[]

/** When a lesson ends, in SQL. */
export const lessonEnd = sql`(${lessons.startsAt} + ${lessons.minutes} * interval '1 minute')`

/** A lesson awaiting its report more than REPORT_DUE_HOURS after it ended. */
export const isOverdue = and(eq(lessons.status, 'awaiting_report'), sql`${lessonEnd} + interval '${sql.raw(String(REPORT_DUE_HOURS))} hours' < now()`)

/** Lessons on or after `from` and on or before `to`, London days. */
export function lessonDays(from: string | undefined, to: string | undefined): SQL | undefined {
  return and(
    from === undefined ? undefined : sql`${lessons.startsAt} >= ${startOfLondonDay(from).toISOString()}`,
    to === undefined ? undefined : sql`${lessons.startsAt} < ${endOfLondonDay(to).toISOString()}`,
  )
}

/** Lessons one of whose learners is this learner. */
export function lessonOfLearner(studentId: string): SQL {
  return exists(
    sql`(select 1 from ${lessonLearners} where ${lessonLearners.lessonId} = ${lessons.id} and ${lessonLearners.studentId} = ${studentId})`,
  )
}

/** Lessons one of whose learners belongs to this school. */
export function lessonOfSchool(schoolId: string): SQL {
  return exists(
    sql`(select 1 from ${lessonLearners} join ${students} on ${students.id} = ${lessonLearners.studentId} where ${lessonLearners.lessonId} = ${lessons.id} and ${students.schoolId} = ${schoolId})`,
  )
}

const tutors = aliasedTable(users, 'lesson_tutors')

export interface LessonJoin {
  lesson: LessonRow
  tutor: Schemas['NamedRef']
  report: LessonReportRow | null
}

/** Lessons with their tutor and report, in the order asked. */
export async function lessonRows(db: Db, where: SQL | undefined, order: SQL[], page = { limit: 1, offset: 0 }): Promise<LessonJoin[]> {
  return db
    .select({ lesson: lessons, tutor: { id: tutors.id, name: tutors.name }, report: lessonReports })
    .from(lessons)
    .innerJoin(tutors, eq(tutors.id, lessons.tutorId))
    .leftJoin(lessonReports, eq(lessonReports.lessonId, lessons.id))
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset)
}

export const SOONEST_FIRST = [asc(lessons.startsAt), asc(lessons.id)]
export const NEWEST_FIRST = [desc(lessons.startsAt), asc(lessons.id)]

interface LearnerRow {
  lessonId: string
  id: string
  name: string
  placementId: string
  attendance: Schemas['Attendance'] | null
  school: Schemas['NamedRef'] | null
}

async function learnersOf(db: Db, lessonIds: string[]): Promise<Map<string, LearnerRow[]>> {
  const byLesson = new Map<string, LearnerRow[]>()
  if (lessonIds.length === 0) return byLesson
  const rows = await db
    .select({
      lessonId: lessonLearners.lessonId,
      id: students.id,
      name: students.name,
      placementId: lessonLearners.placementId,
      attendance: lessonLearners.attendance,
      schoolId: schools.id,
      schoolName: schools.name,
    })
    .from(lessonLearners)
    .innerJoin(students, eq(students.id, lessonLearners.studentId))
    .leftJoin(schools, eq(schools.id, students.schoolId))
    .where(inArray(lessonLearners.lessonId, lessonIds))
    .orderBy(asc(sql`lower(${students.name})`))
  for (const row of rows) {
    const list = byLesson.get(row.lessonId) ?? []
    list.push({
      lessonId: row.lessonId,
      id: row.id,
      name: row.name,
      placementId: row.placementId,
      attendance: row.attendance,
      school: row.schoolId === null || row.schoolName === null ? null : { id: row.schoolId, name: row.schoolName },
    })
    byLesson.set(row.lessonId, list)
  }
  return byLesson
}

async function lessonsWithConcerns(db: Db, lessonIds: string[]): Promise<Set<string>> {
  if (lessonIds.length === 0) return new Set()
  const rows = await db.selectDistinct({ lessonId: safeguardingConcerns.lessonId }).from(safeguardingConcerns).where(inArray(safeguardingConcerns.lessonId, lessonIds))
  return new Set(rows.map((row) => row.lessonId))
}

function endOf(lesson: LessonRow): Date {
  return new Date(lesson.startsAt.getTime() + lesson.minutes * 60_000)
}

/** Whether a report first sent at `sentAt` came within REPORT_DUE_HOURS of the lesson's end. */
export function sentOnTime(lesson: LessonRow, sentAt: Date): boolean {
  return sentAt.getTime() <= reportDueAt(endOf(lesson)).getTime()
}

/**
 * The tutor's cancelled lessons that fall on or after the end of a placement the office ended: their place (often the
 * family's address) is no longer the tutor's to see.
 */
async function placesWithheld(db: Db, rows: LessonJoin[]): Promise<Set<string>> {
  const cancelled = rows.filter((row) => row.lesson.status === 'cancelled')
  const ends = await placementEndsOf(db, cancelled.map((row) => row.lesson.id))
  return new Set(cancelled.filter((row) => pastPlacementEnd(row.lesson.startsAt, ends.get(row.lesson.id))).map((row) => row.lesson.id))
}

function toLesson(row: LessonJoin, learners: LearnerRow[], reader: Reader, concerns: Set<string>, withheld: Set<string>, now: Date): Lesson {
  const { lesson, report } = row
  const endsAt = endOf(lesson)
  const dueAt = reportDueAt(endsAt)
  const school = learners.find((learner) => learner.school !== null)?.school ?? null
  return {
    id: lesson.id,
    ...(lesson.seriesId === null ? {} : { seriesId: lesson.seriesId }),
    version: lesson.version,
    status: lesson.status,
    tutor: row.tutor,
    learners: learners.map((learner) => ({ id: learner.id, name: learner.name, placementId: learner.placementId, ...(learner.attendance === null ? {} : { attendance: learner.attendance }) })),
    ...(school === null ? {} : { school }),
    subject: lesson.subject,
    mode: lesson.mode,
    date: londonDay(lesson.startsAt),
    startTime: londonTime(lesson.startsAt),
    minutes: lesson.minutes as Schemas['LessonMinutes'],
    startsAt: lesson.startsAt.toISOString(),
    endsAt: endsAt.toISOString(),
    ...(lesson.place === null || withheld.has(lesson.id) ? {} : { place: lesson.place }),
    overdue: lesson.status === 'awaiting_report' && dueAt.getTime() < now.getTime(),
    reportDueAt: dueAt.toISOString(),
    ...(report?.submittedAt ? { submittedAt: report.submittedAt.toISOString() } : {}),
    ...(report?.firstSubmittedAt ? { onTime: sentOnTime(lesson, report.firstSubmittedAt) } : {}),
    ...(reader === 'admin' ? { concernRaised: concerns.has(lesson.id) } : {}),
    ...(lesson.cancelledBy !== null && lesson.cancelledAt !== null
      ? { cancellation: { by: lesson.cancelledBy, late: lesson.cancelledLate ?? false, reason: lesson.cancelReason ?? '', at: lesson.cancelledAt.toISOString() } }
      : {}),
    ...(lesson.missedNote === null ? {} : { missedNote: lesson.missedNote }),
    ...(lesson.status === 'returned' && report?.returnComment ? { returnComment: report.returnComment } : {}),
  }
}

/**
 * The rows as the contract's lessons, with their learners; for the office, whether a concern was raised; for the
 * tutor, no place on the lessons their placement's end cancelled.
 */
export async function toLessons(db: Db, rows: LessonJoin[], reader: Reader): Promise<Lesson[]> {
  const ids = rows.map((row) => row.lesson.id)
  const none = Promise.resolve(new Set<string>())
  const [learners, concerns, withheld] = await Promise.all([
    learnersOf(db, ids),
    reader === 'admin' ? lessonsWithConcerns(db, ids) : none,
    reader === 'tutor' ? placesWithheld(db, rows) : none,
  ])
  const now = new Date()
  return rows.map((row) => toLesson(row, learners.get(row.lesson.id) ?? [], reader, concerns, withheld, now))
}

const reviewers = aliasedTable(users, 'reviewers')

/** The moves the machine allows now: a lesson is marked missed only once its time has come. */
function movesNow(lesson: LessonRow, now = Date.now()): Schemas['LessonEvent'][] {
  return lessonMoves(lesson.status).filter((move) => move !== 'MARK_MISSED' || lesson.startsAt.getTime() <= now)
}

/**
 * One lesson in full: its report as last sent, the concerns it raised and the moves the machine allows now. A
 * safeguarding lead reads each concern with its handling; another admin only that one was raised, and when
 * (need-to-know). `tutorId` narrows it to that tutor's lessons (another's answers undefined, like a lesson that does
 * not exist) and adds their draft; a tutor reads only that they raised a concern and when: its words, severity and
 * handling are kept by the safeguarding leads.
 */
export async function readLessonDetail(db: Db, lessonId: string, reader: 'admin', viewer: { safeguardingLead: boolean }): Promise<LessonDetail | undefined>
export async function readLessonDetail(db: Db, lessonId: string, reader: 'tutor', tutorId: string): Promise<MyLessonDetail | undefined>
export async function readLessonDetail(
  db: Db,
  lessonId: string,
  reader: Reader,
  who: string | { safeguardingLead: boolean },
): Promise<LessonDetail | MyLessonDetail | undefined> {
  const tutorId = typeof who === 'string' ? who : undefined
  const [row] = await lessonRows(db, and(eq(lessons.id, lessonId), tutorId === undefined ? undefined : eq(lessons.tutorId, tutorId)), SOONEST_FIRST)
  if (!row) return undefined
  const [[lesson], names, concerns] = await Promise.all([
    toLessons(db, [row], reader),
    reviewerNames(db, row.report),
    db
      .select()
      .from(safeguardingConcerns)
      .where(eq(safeguardingConcerns.lessonId, lessonId))
      .orderBy(asc(safeguardingConcerns.createdAt), asc(safeguardingConcerns.id)),
  ])
  if (!lesson) throw new Error('A lesson read without its answer.')
  const { report } = row
  const common = {
    lesson,
    ...(report?.submittedAt && report.firstSubmittedAt && report.covered !== null && report.progress !== null
      ? {
          report: {
            covered: report.covered,
            progress: report.progress,
            ...(report.homework === null ? {} : { homework: report.homework }),
            ...(report.staffNote === null ? {} : { staffNote: report.staffNote }),
            firstSubmittedAt: report.firstSubmittedAt.toISOString(),
            submittedAt: report.submittedAt.toISOString(),
            onTime: sentOnTime(row.lesson, report.firstSubmittedAt),
            ...(report.returnComment === null ? {} : { returnComment: report.returnComment }),
            ...(report.returnedAt === null ? {} : { returnedAt: report.returnedAt.toISOString() }),
            ...(names.returnedBy ? { returnedBy: names.returnedBy } : {}),
            ...(report.approvedAt === null ? {} : { approvedAt: report.approvedAt.toISOString() }),
            ...(names.approvedBy ? { approvedBy: names.approvedBy } : {}),
          },
        }
      : {}),
    moves: movesNow(row.lesson),
  }
  if (reader === 'admin') {
    const lead = typeof who === 'object' && who.safeguardingLead
    return {
      ...common,
      concerns: concerns.map((concern) =>
        lead
          ? { id: concern.id, severity: concern.severity, details: concern.details, status: concern.status, raisedAt: concern.createdAt.toISOString() }
          : { id: concern.id, raisedAt: concern.createdAt.toISOString() },
      ),
    }
  }
  return {
    ...common,
    ...(report?.draft ? { draft: report.draft } : {}),
    ...(report?.draftSavedAt ? { draftSavedAt: report.draftSavedAt.toISOString() } : {}),
    concerns: concerns
      .filter((concern) => concern.raisedBy === tutorId)
      .map((concern) => ({ id: concern.id, raisedAt: concern.createdAt.toISOString() })),
  }
}

async function reviewerNames(db: Db, report: LessonReportRow | null): Promise<{ returnedBy?: Schemas['NamedRef']; approvedBy?: Schemas['NamedRef'] }> {
  const ids = [report?.returnedBy, report?.approvedBy].filter((id): id is string => typeof id === 'string')
  if (ids.length === 0) return {}
  const rows = await db.select({ id: reviewers.id, name: reviewers.name }).from(reviewers).where(inArray(reviewers.id, ids))
  const byId = new Map(rows.map((row) => [row.id, row]))
  return {
    ...(report?.returnedBy && byId.has(report.returnedBy) ? { returnedBy: byId.get(report.returnedBy) } : {}),
    ...(report?.approvedBy && byId.has(report.approvedBy) ? { approvedBy: byId.get(report.approvedBy) } : {}),
  }
}
