import { and, count, eq, inArray, ne, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { daysBetween } from '../../shared/lesson-time.ts'
import type { components } from '../../src/api/schema.gen.ts'
import type { Db } from '../db/client.ts'
import { lessonLearners, lessons } from '../db/schema.ts'
import { lessonDays, lessonOfLearner, lessonOfSchool, lessonRows, SOONEST_FIRST, toLessons } from '../lessons/queries.ts'
import { window, type PageRequest } from '../lib/paging.ts'

type Schemas = components['schemas']

/** The longest stretch the office's calendar reads at once: a month view's six weeks, with room. */
export const MOST_CALENDAR_DAYS = 62

export const OFFICE_CALENDAR_MESSAGES = {
  toBeforeFrom: 'The last day cannot come before the first.',
  tooLong: `Choose ${MOST_CALENDAR_DAYS} days or fewer.`,
} as const

export interface OfficeLessonQuery extends PageRequest {
  from: string
  to: string
  tutorId?: string
  schoolId?: string
  studentId?: string
  mode?: Schemas['DeliveryMode']
}

/** What is wrong with the days asked for, by field; undefined when they can be read. */
export function officeRangeProblem(from: string, to: string): Record<string, string> | undefined {
  if (to < from) return { to: OFFICE_CALENDAR_MESSAGES.toBeforeFrom }
  if (daysBetween(from, to) + 1 > MOST_CALENDAR_DAYS) return { to: OFFICE_CALENDAR_MESSAGES.tooLong }
  return undefined
}

const other = alias(lessons, 'other_lessons')

/**
 * For each of these lessons not cancelled, the other lessons not cancelled that overlap it with the same tutor or one
 * of the same learners, by id.
 */
async function clashesOf(db: Db, lessonIds: string[]): Promise<Map<string, string[]>> {
  if (lessonIds.length === 0) return new Map()
  const overlap = and(
    ne(other.id, lessons.id),
    ne(other.status, 'cancelled'),
    sql`${other.startsAt} < ${lessons.startsAt} + ${lessons.minutes} * interval '1 minute'`,
    sql`${other.startsAt} + ${other.minutes} * interval '1 minute' > ${lessons.startsAt}`,
  )
  const sameLearner = sql`exists (select 1 from ${lessonLearners} as mine join ${lessonLearners} as theirs on theirs.student_id = mine.student_id where mine.lesson_id = ${lessons.id} and theirs.lesson_id = ${other.id})`
  const rows = await db
    .selectDistinct({ lessonId: lessons.id, otherId: other.id })
    .from(lessons)
    .innerJoin(other, and(overlap, or(eq(other.tutorId, lessons.tutorId), sameLearner)))
    .where(and(inArray(lessons.id, lessonIds), ne(lessons.status, 'cancelled')))
  const found = new Map<string, string[]>()
  for (const row of rows) found.set(row.lessonId, [...(found.get(row.lessonId) ?? []), row.otherId].sort())
  return found
}

/** Every lesson of the days asked for, narrowed as asked, soonest first, each with the lessons it clashes with. */
export async function listOfficeLessons(db: Db, query: OfficeLessonQuery): Promise<Schemas['LessonPage']> {
  const filter = and(
    lessonDays(query.from, query.to),
    query.tutorId === undefined ? undefined : eq(lessons.tutorId, query.tutorId),
    query.schoolId === undefined ? undefined : lessonOfSchool(query.schoolId),
    query.studentId === undefined ? undefined : lessonOfLearner(query.studentId),
    query.mode === undefined ? undefined : eq(lessons.mode, query.mode),
  )
  const { limit, offset } = window(query)
  const [rows, totals] = await Promise.all([lessonRows(db, filter, SOONEST_FIRST, { limit, offset }), db.select({ total: count() }).from(lessons).where(filter)])
  const [items, clashes] = await Promise.all([toLessons(db, rows, 'admin'), clashesOf(db, rows.map((row) => row.lesson.id))])
  return {
    items: items.map((lesson) => ({ ...lesson, ...(clashes.has(lesson.id) ? { clashes: clashes.get(lesson.id) } : {}) })),
    total: totals[0]?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  }
}
