import { and, eq, sql } from 'drizzle-orm'
import { nextLessonStatus } from '../../shared/lesson-lifecycle.ts'
import type { Db } from '../db/client.ts'
import { lessons } from '../db/schema.ts'
import { lessonEnd } from './queries.ts'

/**
 * The machine's TIME_PASSED for every planned lesson (of one tutor, or all) whose time has passed. Run before a
 * lesson is read or changed, so what is shown and what is refused agree with the clock; it is not an edit anyone
 * made, so the version stays.
 */
export async function settlePassedLessons(db: Db, tutorId?: string): Promise<void> {
  const next = nextLessonStatus('planned', 'TIME_PASSED')
  if (next === undefined) throw new Error('The lesson machine no longer moves planned lessons on when their time passes.')
  await db
    .update(lessons)
    .set({ status: next })
    .where(and(eq(lessons.status, 'planned'), sql`${lessonEnd} <= now()`, tutorId === undefined ? undefined : eq(lessons.tutorId, tutorId)))
}
