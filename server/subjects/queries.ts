import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { courses } from '../db/schema.ts'

/**
 * Subjects TEC tutors teach whether or not a course is built around them; the forms offer these plus every
 * subject of a published course, so a new course's subject appears without a code change.
 */
export const SUBJECT_CATALOGUE: readonly string[] = [
  'Maths',
  'English',
  'English Literature',
  'Reading',
  'Phonics',
  'Grammar',
  'Science',
  'Biology',
  'Chemistry',
  'Physics',
  'Computing',
  'History',
  'Geography',
  'French',
  'Spanish',
  'German',
  'Religious Studies',
  'Economics',
  'Business Studies',
  'Psychology',
  'Art and Design',
  'Music',
  'ESOL',
  'Study skills',
  '11+ preparation',
]

/** Course tags that describe a course rather than name a subject someone could choose. */
const NOT_SUBJECTS = new Set(['all subjects'])

/** The catalogue plus the published courses' subjects, without duplicates (ignoring case), sorted by name. */
export async function readSubjects(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ subject: sql<string>`unnest(${courses.subjects})` })
    .from(courses)
    .where(eq(courses.status, 'published'))
  const byKey = new Map<string, string>()
  for (const subject of [...SUBJECT_CATALOGUE, ...rows.map((row) => row.subject.trim())]) {
    const key = subject.toLowerCase()
    if (subject !== '' && !NOT_SUBJECTS.has(key) && !byKey.has(key)) byKey.set(key, subject)
  }
  return [...byKey.values()].sort((a, b) => a.localeCompare(b, 'en'))
}
