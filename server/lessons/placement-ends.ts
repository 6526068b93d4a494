import { and, asc, eq, inArray, isNotNull, ne } from 'drizzle-orm'
import { londonDay } from '../../shared/lesson-time.ts'
import type { Db } from '../db/client.ts'
import { lessonLearners, lessons, placements, students } from '../db/schema.ts'

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
