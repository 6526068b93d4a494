import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { components } from '../../src/api/schema.gen.ts'
import type { Db } from '../db/client.ts'
import { lessonLearners, recordOpenings, safeguardingConcerns, users } from '../db/schema.ts'
import { window, type Page, type PageRequest } from '../lib/paging.ts'

type Schemas = components['schemas']
type Subject = Schemas['RecordOpeningSubject']

/** The records whose openings are shown with their own id; the other subjects are lists, downloaded as CSV. */
export const RECORD_SUBJECTS: ReadonlySet<Subject> = new Set(['student', 'tutor', 'school', 'lesson_report', 'concern', 'registration'])

/**
 * Which openings a subject's list shows. A learner's are theirs and those of their lesson reports and safeguarding
 * concerns, since opening either is reading about the child; a list's are its downloads.
 */
function openingsOf(subjectType: Subject, subjectId: string | undefined): SQL | undefined {
  if (subjectId === undefined) return and(eq(recordOpenings.subjectType, subjectType), isNull(recordOpenings.subjectId))
  const own = and(eq(recordOpenings.subjectType, subjectType), eq(recordOpenings.subjectId, subjectId))
  if (subjectType !== 'student') return own
  const lessonIds = sql`(select ${lessonLearners.lessonId}::text from ${lessonLearners} where ${lessonLearners.studentId} = ${subjectId})`
  const concernIds = sql`(select ${safeguardingConcerns.id}::text from ${safeguardingConcerns} where ${safeguardingConcerns.studentId} = ${subjectId})`
  return or(
    own,
    and(eq(recordOpenings.subjectType, 'lesson_report'), inArray(recordOpenings.subjectId, lessonIds)),
    and(eq(recordOpenings.subjectType, 'concern'), inArray(recordOpenings.subjectId, concernIds)),
  )
}

/** A record's (or list's) openings, newest first, with who opened each. */
export async function listOpenings(db: Db, subject: { type: Subject; id: string | undefined }, request: PageRequest): Promise<Page<Schemas['RecordOpening']>> {
  const filter = openingsOf(subject.type, subject.id)
  const { limit, offset } = window(request)
  const [rows, totals] = await Promise.all([
    db
      .select({ opening: recordOpenings, name: users.name })
      .from(recordOpenings)
      .leftJoin(users, eq(users.id, recordOpenings.userId))
      .where(filter)
      .orderBy(desc(recordOpenings.at), desc(recordOpenings.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(recordOpenings).where(filter),
  ])
  const items = rows.map(({ opening, name }): Schemas['RecordOpening'] => ({
    id: opening.id,
    at: opening.at.toISOString(),
    ...(opening.userId !== null && name !== null ? { by: { id: opening.userId, name } } : {}),
    kind: opening.kind,
    subjectType: opening.subjectType as Subject,
    ...(opening.subjectId === null ? {} : { subjectId: opening.subjectId }),
  }))
  return { items, total: totals[0]?.total ?? 0, ...request }
}
