import { and, asc, eq, inArray, isNotNull, ne } from 'drizzle-orm'
import { londonDay } from '../../shared/lesson-time.ts'
import type { Db } from '../db/client.ts'
import { lessonLearners, lessons, placements, students, type LessonRow } from '../db/schema.ts'
import { LESSON_MESSAGES } from './messages.ts'

/** A placement of one of a lesson's learners that the office ended (or moved to another tutor): whose, and from when. */
export interface PlacementEnd {
  learner: string
  /** The end date the office gave: lessons on it and after it are no longer the placement's. */
  endedOn: string
}

/** Whether a lesson falls on or after the end of its placement, so the placement no longer covers it. */
export function pastPlacementEnd(startsAt: Date, end: PlacementEnd | undefined): end is PlacementEnd {
  return end !== undefined && londonDay(startsAt) >= end.endedOn
}

/** The reasons a placement's end gives the lessons it cancels; nobody else's cancellation is read as the end's. */
const ENDING_REASONS: ReadonlySet<string> = new Set([LESSON_MESSAGES.endedPlacement, LESSON_MESSAGES.movedPlacement])

/**
 * Whether the end of a placement cancelled this lesson: cancelled by the office with the end's own reason, on or after
 * the end. A lesson the tutor, the family or the school called off before keeps its own account, even when it falls
 * after the end, since it was not the end that cancelled it.
 */
export function cancelledByPlacementEnd(
  lesson: Pick<LessonRow, 'status' | 'cancelledBy' | 'cancelReason' | 'startsAt'>,
  end: PlacementEnd | undefined,
): end is PlacementEnd {
  return (
    lesson.status === 'cancelled' &&
    lesson.cancelledBy === 'office' &&
    lesson.cancelReason !== null &&
    ENDING_REASONS.has(lesson.cancelReason) &&
    pastPlacementEnd(lesson.startsAt, end)
  )
}

/** For each lesson whose learners' placements include an ended one, the earliest such end. */
export async function placementEndsOf(db: Db, lessonIds: string[]): Promise<Map<string, PlacementEnd>> {
  const ends = new Map<string, PlacementEnd>()
  if (lessonIds.length === 0) return ends
  const rows = await db
    .select({ lessonId: lessonLearners.lessonId, learner: students.name, endedOn: placements.endedOn })
    .from(lessonLearners)
    .innerJoin(placements, eq(placements.id, lessonLearners.placementId))
    .innerJoin(students, eq(students.id, lessonLearners.studentId))
    .where(and(inArray(lessonLearners.lessonId, lessonIds), ne(placements.status, 'active'), isNotNull(placements.endedOn)))
    .orderBy(asc(placements.endedOn))
  for (const row of rows) {
    if (row.endedOn !== null && !ends.has(row.lessonId)) ends.set(row.lessonId, { learner: row.learner, endedOn: row.endedOn })
  }
  return ends
}

/**
 * Holds the placements of one of the tutor's lessons until the transaction ends. Taken before the lesson itself, in
 * the order ending a placement takes them (the placement, then its lessons), so an ending at the same moment either
 * waits for the tutor's change and then sees it, or is seen by it; never a deadlock between the two.
 */
export async function holdPlacementsOf(tx: Db, lessonId: string, tutorId: string): Promise<void> {
  await tx
    .select({ id: placements.id })
    .from(placements)
    .innerJoin(lessonLearners, eq(lessonLearners.placementId, placements.id))
    .innerJoin(lessons, eq(lessons.id, lessonLearners.lessonId))
    .where(and(eq(lessonLearners.lessonId, lessonId), eq(lessons.tutorId, tutorId)))
    .for('share', { of: placements })
}
