import { and, eq, isNotNull } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { students, users } from '../db/schema.ts'
import { ERASURE_MESSAGES } from './messages.ts'

/**
 * The 409 an edit of an anonymised learner or tutor gets: what is left of the record is kept for counts, and
 * changing it would bring personal details back under a name that stands for nobody. Undefined when it may be changed.
 */
export async function anonymisedRefusal(db: Db, kind: 'student' | 'tutor', id: string): Promise<{ status: 409; body: { message: string } } | undefined> {
  const [row] =
    kind === 'student'
      ? await db.select({ id: students.id }).from(students).where(and(eq(students.id, id), isNotNull(students.anonymisedAt))).limit(1)
      : await db.select({ id: users.id }).from(users).where(and(eq(users.id, id), isNotNull(users.anonymisedAt))).limit(1)
  return row ? { status: 409, body: { message: ERASURE_MESSAGES.anonymisedRecord } } : undefined
}
