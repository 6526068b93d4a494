import type { Db } from '../db/client.ts'
import type { UserRow } from '../db/schema.ts'
import { verifyPassword } from './passwords.ts'
import { clear, hit, RATE_LIMITS } from './rate-limit.ts'

/** What asking for the password again came to: right, wrong, or refused for now (too many wrong ones). */
export type PasswordCheck = { outcome: 'right' } | { outcome: 'wrong' } | { outcome: 'throttled'; retryAfterSeconds: number }

const attemptsKey = (userId: string) => `change-password:user:${userId}`

/**
 * The password asked again before a change a session alone must not make (a new password, setting up or turning off
 * the second step). Counted per account, so someone holding a stolen session cannot guess it at leisure; a right one
 * clears the count.
 */
export async function checkCurrentPassword(db: Db, user: Pick<UserRow, 'id' | 'passwordHash'>, password: string): Promise<PasswordCheck> {
  const attempts = await hit(db, attemptsKey(user.id), RATE_LIMITS.changePasswordPerAccount)
  if (!attempts.allowed) return { outcome: 'throttled', retryAfterSeconds: attempts.retryAfterSeconds }
  if (!(await verifyPassword(user.passwordHash, password))) return { outcome: 'wrong' }
  await clear(db, attemptsKey(user.id))
  return { outcome: 'right' }
}

/** The counter's key, for a completed reset that clears every count the account had. */
export const currentPasswordCounterKey = attemptsKey
