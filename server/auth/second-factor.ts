import { randomInt } from 'node:crypto'
import { and, count, eq, gt, gte, isNull, lt, lte, or, sql } from 'drizzle-orm'
import { generateSecret, generateURI, verify } from 'otplib'
import type { Db } from '../db/client.ts'
import { recoveryCodes, secondFactors, signInChallenges, users, type UserRow } from '../db/schema.ts'
import type { Config } from '../config.ts'
import { open, seal } from './secret-box.ts'
import { clear } from './rate-limit.ts'
import { maySignIn } from './sessions.ts'
import { hashToken, newToken, TOKEN_PATTERN } from './tokens.ts'

/** RFC 6238 as authenticator apps use it: 6 digits, 30-second steps, one step either side accepted for clock drift. */
export const TOTP = { digits: 6, periodSeconds: 30, toleranceSteps: 1, issuer: 'TEC' } as const
/** A half-done sign-in lasts this long, and dies after this many wrong codes. */
export const CHALLENGE = { lifetimeMs: 5 * 60_000, maxFailedCodes: 5 } as const
/**
 * NIST SP 800-63B 5.2.2: at most 100 failed codes on an account, whatever the time between them. Counted for
 * browsers the account never signed in from, and only a new password starts that count again; each browser the owner
 * signed in from has its own count of wrong codes in a row, and at 100 it is trusted no more (so a stranger cannot
 * lock the owner out, and a stolen device cookie is no way round the limit).
 */
export const STRANGER_WRONG_CODES_LIMIT = 100
export const RECOVERY_CODE_COUNT = 10
/**
 * Wrong codes are counted apart where one kind of attempt must not stop another: sign-in codes from the owner's known
 * browsers per browser, every other browser's per account (and in all, STRANGER_WRONG_CODES_LIMIT), and the codes the
 * settings ask for per account on their own, so a stolen session cannot throttle the owner's sign-in.
 */
export const CODE_COUNTERS = {
  stranger: (userId: string) => `second-factor:account:${userId}`,
  knownBrowser: (deviceId: string) => `second-factor:device:${deviceId}`,
  settings: (userId: string) => `second-factor:settings:${userId}`,
}
/** Crockford's base32 (no i, l, o, u): 12 characters are 60 random bits, read and typed without mix-ups. */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'
const RECOVERY_CODE_LENGTH = 12

export const SECOND_FACTOR_MESSAGES = {
  codeNeeded: 'Enter the 6-digit code from your authenticator app.',
  wrongCode: 'That code is not right. Check that your phone shows the time correctly, and enter the newest code.',
  wrongRecoveryCode: 'That recovery code is not right, or was already used.',
  oneOfCodes: 'Enter the code from your authenticator app, or one of your recovery codes.',
  challengeDead: 'This sign-in has expired or was already used. Sign in again.',
  tooManyWrongCodes: 'Too many wrong codes. Sign in again.',
  alreadyOn: 'The second sign-in step is already on. Turn it off first to set up another app.',
  noSetup: 'Start the set-up first: it gives you the secret for your authenticator app.',
  notOn: 'The second sign-in step is not on.',
  requiredForAdmins: 'Admins must keep the second sign-in step on. To move it to a new phone, ask another admin to reset it, then set it up again.',
  setUpFirst: 'Set up the second sign-in step (a code from an authenticator app) before using the admin area. /admin shows how.',
  wrongPassword: 'The password is incorrect.',
  secretUnreadable:
    'Codes from your authenticator app cannot be checked: the server’s secret key has changed since you set the app up. Use one of your recovery codes, and ask an admin to reset your second step.',
  setupUnreadable: 'This set-up was started under another server key. Start the set-up again.',
  strangersLockedOut:
    'Too many wrong codes have been tried on this account from browsers it has not signed in from. To sign in here, set a new password with “Forgot your password?”, or sign in from a browser you have used before.',
} as const

/** Whether this account may do nothing but set up its second step (admins, when the settings require it). */
export function secondFactorDue(user: Pick<UserRow, 'role' | 'secondFactorAt'>, config: Pick<Config, 'adminSecondFactor'>): boolean {
  return user.role === 'ADMIN' && config.adminSecondFactor === 'required' && user.secondFactorAt === null
}

export function secondFactorRequired(user: Pick<UserRow, 'role'>, config: Pick<Config, 'adminSecondFactor'>): boolean {
  return user.role === 'ADMIN' && config.adminSecondFactor === 'required'
}

/** The key that seals the authenticator secrets, and while it is being rotated the one it replaces. */
export interface SecretKeys {
  current: Buffer
  previous?: Buffer | undefined
}

export const secretKeysOf = (config: Pick<Config, 'secondFactorKey' | 'previousSecondFactorKey'>): SecretKeys => ({
  current: config.secondFactorKey,
  previous: config.previousSecondFactorKey,
})

/** Replaces any set-up not yet confirmed with a new secret, stored sealed; answers it for the app. */
export async function beginSetup(db: Db, key: Buffer, user: Pick<UserRow, 'id' | 'email'>, now = new Date()): Promise<{ secret: string; otpauthUri: string }> {
  const secret = generateSecret()
  const secretCiphertext = seal(key, secret, user.id)
  await db
    .insert(secondFactors)
    .values({ userId: user.id, secretCiphertext, createdAt: now, lastStep: null })
    .onConflictDoUpdate({ target: secondFactors.userId, set: { secretCiphertext, createdAt: now, lastStep: null } })
  return { secret, otpauthUri: generateURI({ issuer: TOTP.issuer, label: user.email, secret }) }
}

/** What a code from the app came to: right (and used up), wrong (or replayed, or nothing set up), or not checkable. */
export type CodeCheck = 'right' | 'wrong' | 'unreadable'

/**
 * Accepts a code from the user's app once: it must match a step within the tolerance and be later than the last
 * step accepted, and recording its step is one conditional update, so the same code sent twice at once is accepted
 * once. A secret that opens only with the previous key is sealed again with the current one on the way. 'unreadable'
 * when it opens with neither (SECOND_FACTOR_KEY changed since the set-up, and the old key is not given):
 * no code can be checked then, and saying "wrong" would send the person round in circles.
 */
export async function acceptCode(db: Db, keys: SecretKeys, userId: string, code: string, now = new Date()): Promise<CodeCheck> {
  const [row] = await db.select().from(secondFactors).where(eq(secondFactors.userId, userId)).limit(1)
  if (!row) return 'wrong'
  const opened = openWithEither(keys, row.secretCiphertext, userId)
  if (!opened) return 'unreadable'
  if (opened.stale) await reseal(db, keys, row, opened.secret)
  const { secret } = opened
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOTP.toleranceSteps * TOTP.periodSeconds,
    ...(row.lastStep === null ? {} : { afterTimeStep: row.lastStep }),
  })
  // The union also holds HOTP's answer, which has no time step.
  if (!result.valid || !('timeStep' in result)) return 'wrong'
  const step = result.timeStep
  const [recorded] = await db
    .update(secondFactors)
    .set({ lastStep: step })
    .where(and(eq(secondFactors.userId, userId), or(isNull(secondFactors.lastStep), lt(secondFactors.lastStep, step))))
    .returning({ userId: secondFactors.userId })
  return recorded !== undefined ? 'right' : 'wrong'
}

function openOrUndefined(key: Buffer, sealed: string, userId: string): string | undefined {
  try {
    return open(key, sealed, userId)
  } catch {
    return undefined
  }
}

/** The secret, and whether it opened only with the previous key (so is due to be sealed again); undefined with neither. */
function openWithEither(keys: SecretKeys, sealed: string, userId: string): { secret: string; stale: boolean } | undefined {
  const secret = openOrUndefined(keys.current, sealed, userId)
  if (secret !== undefined) return { secret, stale: false }
  const old = keys.previous === undefined ? undefined : openOrUndefined(keys.previous, sealed, userId)
  return old === undefined ? undefined : { secret: old, stale: true }
}

/** Seals a secret again with the current key, unless a new set-up replaced the row meanwhile. */
async function reseal(db: Db, keys: SecretKeys, row: { userId: string; secretCiphertext: string }, secret: string): Promise<boolean> {
  const [done] = await db
    .update(secondFactors)
    .set({ secretCiphertext: seal(keys.current, secret, row.userId) })
    .where(and(eq(secondFactors.userId, row.userId), eq(secondFactors.secretCiphertext, row.secretCiphertext)))
    .returning({ userId: secondFactors.userId })
  return done !== undefined
}

/**
 * Run at start: seals again with the current key every stored secret that opens only with the previous one (the
 * rotation), and counts those that open with neither, so a changed or mistyped SECOND_FACTOR_KEY is reported to
 * whoever runs the server before a person meets it at sign-in.
 */
export async function resealSecrets(db: Db, keys: SecretKeys): Promise<{ resealed: number; unreadable: number }> {
  const rows = await db.select({ userId: secondFactors.userId, secretCiphertext: secondFactors.secretCiphertext }).from(secondFactors)
  let resealed = 0
  let unreadable = 0
  for (const row of rows) {
    const opened = openWithEither(keys, row.secretCiphertext, row.userId)
    if (!opened) unreadable++
    else if (opened.stale && (await reseal(db, keys, row, opened.secret))) resealed++
  }
  return { resealed, unreadable }
}

/** Lowercase, without spaces or dashes, with Crockford's look-alikes read as the digits they stand for. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '').replace(/[il]/g, '1').replace(/o/g, '0')
}

/** Uses one of the user's recovery codes, once; false when it is not theirs or was used. */
export async function useRecoveryCode(db: Db, userId: string, code: string, now = new Date()): Promise<boolean> {
  const [used] = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashToken(normaliseRecoveryCode(code))), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id })
  return used !== undefined
}

function newRecoveryCode(): string {
  const characters = Array.from({ length: RECOVERY_CODE_LENGTH }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)])
  return [0, 4, 8].map((start) => characters.slice(start, start + 4).join('')).join('-')
}

/** Ten new recovery codes in place of the old ones; only their hashes are stored, the codes are answered once. */
export async function replaceRecoveryCodes(db: Db, userId: string, now = new Date()): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId))
  await db.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashToken(normaliseRecoveryCode(code)), createdAt: now })))
  return codes
}

export async function recoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ left: count() }).from(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
  return row?.left ?? 0
}

/** Turns the step on: the confirmed secret stays, the account says since when. */
export async function markOn(db: Db, userId: string, now = new Date()): Promise<void> {
  await db.update(users).set({ secondFactorAt: now, updatedAt: now }).where(eq(users.id, userId))
}

/** Turns the step off: the secret, its recovery codes and any half-done sign-in go. */
export async function turnOff(db: Db, userId: string, now = new Date()): Promise<void> {
  await db.delete(secondFactors).where(eq(secondFactors.userId, userId))
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId))
  await db.delete(signInChallenges).where(eq(signInChallenges.userId, userId))
  await db.update(users).set({ secondFactorAt: null, updatedAt: now }).where(eq(users.id, userId))
}

export interface NewChallenge {
  token: string
  expiresAt: Date
}

/** A half-done sign-in for the account, finished by completeSignIn (housekeeping deletes it once dead). */
export async function createChallenge(db: Db, userId: string, remember: boolean, deviceId: string | undefined, now = new Date()): Promise<NewChallenge> {
  const token = newToken()
  const expiresAt = new Date(now.getTime() + CHALLENGE.lifetimeMs)
  await db.insert(signInChallenges).values({ tokenHash: hashToken(token), userId, remember, deviceId: deviceId ?? null, createdAt: now, expiresAt })
  return { token, expiresAt }
}

/** The live challenge a token names, locked until the transaction ends, with its account; undefined when dead. */
export async function liveChallenge(tx: Db, token: string, now = new Date()) {
  if (!TOKEN_PATTERN.test(token)) return undefined
  const [found] = await tx
    .select({ challenge: signInChallenges, user: users })
    .from(signInChallenges)
    .innerJoin(users, eq(users.id, signInChallenges.userId))
    .where(
      and(
        eq(signInChallenges.tokenHash, hashToken(token)),
        isNull(signInChallenges.usedAt),
        gt(signInChallenges.expiresAt, now),
        lt(signInChallenges.failedCodes, CHALLENGE.maxFailedCodes),
        // Checked again as a password sign-in checks the account: a challenge outlives nothing that ends sign-ins.
        maySignIn,
        lte(users.passwordChangedAt, signInChallenges.createdAt),
      ),
    )
    .for('update', { of: signInChallenges })
    .limit(1)
  return found
}

/** Counts a wrong code against the challenge; true when that was its last allowed one. */
export async function countWrongCode(db: Db, challengeId: string): Promise<boolean> {
  const [row] = await db
    .update(signInChallenges)
    .set({ failedCodes: sql`${signInChallenges.failedCodes} + 1` })
    .where(eq(signInChallenges.id, challengeId))
    .returning({ failedCodes: signInChallenges.failedCodes })
  return (row?.failedCodes ?? CHALLENGE.maxFailedCodes) >= CHALLENGE.maxFailedCodes
}

export async function useChallenge(db: Db, challengeId: string, now = new Date()): Promise<void> {
  await db.update(signInChallenges).set({ usedAt: now }).where(eq(signInChallenges.id, challengeId))
}

/** Counts a wrong sign-in code from a browser the account did not know; answers the count so far. */
export async function countStrangerWrongCode(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .update(secondFactors)
    .set({ strangerWrongCodes: sql`${secondFactors.strangerWrongCodes} + 1` })
    .where(eq(secondFactors.userId, userId))
    .returning({ wrong: secondFactors.strangerWrongCodes })
  return row?.wrong ?? 0
}

/** Whether browsers the account does not know have used up their wrong codes: only a new password lets them try again. */
export async function strangersLockedOut(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: secondFactors.userId })
    .from(secondFactors)
    .where(and(eq(secondFactors.userId, userId), gte(secondFactors.strangerWrongCodes, STRANGER_WRONG_CODES_LIMIT)))
    .limit(1)
  return row !== undefined
}

/** A new password: whoever was guessing codes with the old one no longer has it, so the counts start again. */
export async function forgetStrangerWrongCodes(db: Db, userId: string): Promise<void> {
  await db.update(secondFactors).set({ strangerWrongCodes: 0 }).where(eq(secondFactors.userId, userId))
  await clear(db, CODE_COUNTERS.stranger(userId))
}
