import { eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { tutorProfiles, users, type TutorProfileRow } from '../db/schema.ts'
import { checkStateOf, newestChecks, type CheckState } from '../tutors/queries.ts'
import { PLACEMENT_MESSAGES } from './messages.ts'

/** Who may be given learners: a tutor's account, profile and where their newest check stands. */
export interface TutorFacts {
  user: { id: string; name: string; email: string; deactivatedAt: Date | null }
  profile: TutorProfileRow
  checkState: CheckState
  checkExpiresOn: string | null
}

/** The tutors' accounts, profiles and where their newest safeguarding check stands. */
export async function tutorFacts(db: Db, ids?: readonly string[]): Promise<TutorFacts[]> {
  const rows = await db
    .select({ user: { id: users.id, name: users.name, email: users.email, deactivatedAt: users.deactivatedAt }, profile: tutorProfiles })
    .from(tutorProfiles)
    .innerJoin(users, eq(users.id, tutorProfiles.userId))
    .where(ids === undefined ? undefined : inArray(tutorProfiles.userId, [...ids]))
  const checks = await newestChecks(
    db,
    rows.map((row) => row.user.id),
  )
  return rows.map((row) => {
    const newest = checks.get(row.user.id)
    return { ...row, checkState: checkStateOf(newest), checkExpiresOn: newest?.expiresOn ?? null }
  })
}

/** Why this tutor may not be given a learner now, or undefined when they may (invited or active, account not deactivated, check current). */
export function tutorRefusal(tutor: TutorFacts): string | undefined {
  const { name } = tutor.user
  if (tutor.profile.status === 'left') return PLACEMENT_MESSAGES.tutorLeft(name)
  if (tutor.user.deactivatedAt !== null) return PLACEMENT_MESSAGES.accountDeactivated(name)
  if (tutor.profile.status === 'paused') return PLACEMENT_MESSAGES.tutorPaused(name)
  if (tutor.checkState === 'none') return PLACEMENT_MESSAGES.noCheck(name)
  if (tutor.checkState === 'expired') return PLACEMENT_MESSAGES.checkExpired(name)
  return undefined
}

export const sameText = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
