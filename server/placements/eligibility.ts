import { desc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { safeguardingChecks, tutorProfiles, users, type TutorProfileRow } from '../db/schema.ts'
import { checkStateOf, type CheckState } from '../tutors/queries.ts'
import { PLACEMENT_MESSAGES } from './messages.ts'

/** Who may be given learners: a tutor's account, profile and where their newest check stands. */
export interface TutorFacts {
  user: { id: string; name: string; email: string }
  profile: TutorProfileRow
  checkState: CheckState
  checkExpiresOn: string | null
}

/** The tutors' accounts, profiles and where their newest safeguarding check stands. */
export async function tutorFacts(db: Db, ids?: readonly string[]): Promise<TutorFacts[]> {
  const rows = await db
    .select({ user: { id: users.id, name: users.name, email: users.email }, profile: tutorProfiles })
    .from(tutorProfiles)
    .innerJoin(users, eq(users.id, tutorProfiles.userId))
    .where(ids === undefined ? undefined : inArray(tutorProfiles.userId, [...ids]))
  if (rows.length === 0) return []
  const newest = await db
    .selectDistinctOn([safeguardingChecks.tutorId])
    .from(safeguardingChecks)
    .where(inArray(safeguardingChecks.tutorId, rows.map((row) => row.user.id)))
    .orderBy(safeguardingChecks.tutorId, desc(safeguardingChecks.issuedOn), desc(safeguardingChecks.recordedAt))
  const checks = new Map(newest.map((check) => [check.tutorId, check]))
  return rows.map((row) => {
    const newest = checks.get(row.user.id)
    return { ...row, checkState: checkStateOf(newest), checkExpiresOn: newest?.expiresOn ?? null }
  })
}

/** Why this tutor may not be given a learner now, or undefined when they may (invited or active, check current). */
export function tutorRefusal(tutor: TutorFacts): string | undefined {
  const { name } = tutor.user
  if (tutor.profile.status === 'left') return PLACEMENT_MESSAGES.tutorLeft(name)
  if (tutor.profile.status === 'paused') return PLACEMENT_MESSAGES.tutorPaused(name)
  if (tutor.checkState === 'none') return PLACEMENT_MESSAGES.noCheck(name)
  if (tutor.checkState === 'expired') return PLACEMENT_MESSAGES.checkExpired(name)
  return undefined
}

export const sameText = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
