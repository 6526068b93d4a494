import { eq } from 'drizzle-orm'
import type { Handler, RequestInfo } from '../contract/types.ts'
import { secondFactors, users, type UserRow } from '../db/schema.ts'
import type { AppDeps } from '../deps.ts'
import { recordAudit } from '../lib/audit.ts'
import { fieldProblem, fieldsProblem, tooManyAttempts } from '../lib/replies.ts'
import { recoveryCodeUsedMail } from '../mail/templates.ts'
import { accountCounterKey, deviceCookie, isSecure, trustDevice } from './devices.ts'
import { verifyPassword } from './passwords.ts'
import { addressKey, clear, hit, RATE_LIMITS } from './rate-limit.ts'
import {
  acceptCode,
  beginSetup,
  type CodeCheck,
  countWrongCode,
  liveChallenge,
  markOn,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  SECOND_FACTOR_MESSAGES,
  secondFactorRequired,
  secretKeysOf,
  turnOff,
  useChallenge,
  useRecoveryCode,
} from './second-factor.ts'
import { deviceName } from './session-handlers.ts'
import { createSession } from './sessions.ts'
import { sessionBody } from './users.ts'

const accountKey = (userId: string) => `second-factor:account:${userId}`
const conflict = (message: string) => ({ status: 409 as const, body: { message } })

type Db = AppDeps['database']['db']
/** A body that carries a code from the app or a recovery code. */
type EitherCode = { code?: string | undefined; recoveryCode?: string | undefined }

/** The 400 when a body carries neither kind of code, or both. */
function notOneCode(body: EitherCode) {
  if ((body.code === undefined) !== (body.recoveryCode === undefined)) return undefined
  return fieldsProblem({ code: SECOND_FACTOR_MESSAGES.oneOfCodes }, SECOND_FACTOR_MESSAGES.oneOfCodes)
}

const kindOf = (body: EitherCode) => (body.code !== undefined ? 'code' : 'recovery code')

/** Checks a code from the app, telling whoever runs the server when the secret does not open with the key. */
async function checkAppCode(deps: AppDeps, db: Db, userId: string, code: string): Promise<CodeCheck> {
  const check = await acceptCode(db, secretKeysOf(deps.config), userId, code)
  if (check === 'unreadable') deps.logger.error({ userId }, 'an authenticator secret does not open with SECOND_FACTOR_KEY (nor SECOND_FACTOR_PREVIOUS_KEY): the key changed since it was set up')
  return check
}

/** Checks a code of either kind against the account, using it up when right. */
async function checkEitherCode(deps: AppDeps, db: Db, userId: string, body: EitherCode): Promise<CodeCheck> {
  if (body.code !== undefined) return checkAppCode(deps, db, userId, body.code)
  if (body.recoveryCode !== undefined) return (await useRecoveryCode(db, userId, body.recoveryCode)) ? 'right' : 'wrong'
  return 'wrong'
}

/** The 400 on the field that held the code; a secret that cannot be opened is not the person's mistake, and says so. */
function codeProblem(body: EitherCode, check: Exclude<CodeCheck, 'right'>) {
  if (check === 'unreadable') return fieldProblem('code', SECOND_FACTOR_MESSAGES.secretUnreadable, SECOND_FACTOR_MESSAGES.secretUnreadable)
  return body.code !== undefined ? fieldProblem('code', SECOND_FACTOR_MESSAGES.wrongCode) : fieldProblem('recoveryCode', SECOND_FACTOR_MESSAGES.wrongRecoveryCode)
}

async function failedCode(db: Db, userId: string, request: RequestInfo, purpose: string, body: EitherCode) {
  await recordAudit(db, { action: 'auth.second_factor_failed', actorUserId: userId, ip: request.ip, details: { purpose, kind: kindOf(body) } })
}

/** Counts a code against the account: the 429 when its counter is spent, otherwise undefined. */
async function codeThrottle(db: Db, userId: string) {
  const attempts = await hit(db, accountKey(userId), RATE_LIMITS.secondFactorPerAccount)
  return attempts.allowed ? undefined : tooManyAttempts(attempts.retryAfterSeconds)
}

export const completeSignIn: Handler<'completeSignIn'> = async ({ body, request }, deps) => {
  const { db } = deps.database
  const byIp = await hit(db, addressKey('second-factor', request.ip), RATE_LIMITS.secondFactorPerIp)
  if (!byIp.allowed) return tooManyAttempts(byIp.retryAfterSeconds)
  const problem = notOneCode(body)
  if (problem) return problem

  return db.transaction(async (tx) => {
    const found = await liveChallenge(tx, body.challenge)
    if (!found) return { status: 401 as const, body: { message: SECOND_FACTOR_MESSAGES.challengeDead } }
    const { challenge, user } = found
    const throttled = await codeThrottle(tx, user.id)
    if (throttled) return throttled
    const check = await checkEitherCode(deps, tx, user.id, body)
    if (check === 'unreadable') return codeProblem(body, check)
    if (check === 'wrong') {
      await failedCode(tx, user.id, request, 'sign-in', body)
      const lastChance = await countWrongCode(tx, challenge.id)
      return lastChance ? { status: 401 as const, body: { message: SECOND_FACTOR_MESSAGES.tooManyWrongCodes } } : codeProblem(body, check)
    }
    const now = new Date()
    await useChallenge(tx, challenge.id, now)
    await clear(tx, accountKey(user.id), accountCounterKey(user.email))
    const session = await createSession(tx, user.id, challenge.remember, request, now)
    const deviceToken = await trustDevice(tx, user.id, challenge.deviceId === null ? undefined : { id: challenge.deviceId }, now)
    await recordAudit(tx, { action: 'auth.login', actorUserId: user.id, ip: request.ip, details: { remember: challenge.remember, device: challenge.deviceId ? 'trusted' : 'new', secondFactor: kindOf(body) } })
    if (body.recoveryCode !== undefined) {
      const used = { device: deviceName(request.userAgent ?? null), address: request.ip, left: await recoveryCodesLeft(tx, user.id) }
      await deps.mailer.enqueue(tx, recoveryCodeUsedMail(user, used, deps.config.publicUrl))
    }
    return { status: 200 as const, body: sessionBody(user, session, deps.config), headers: { 'Set-Cookie': deviceCookie(deviceToken, isSecure(deps)) } }
  })
}

async function statusOf(deps: AppDeps, user: UserRow) {
  return {
    enabled: user.secondFactorAt !== null,
    ...(user.secondFactorAt === null ? {} : { enabledAt: user.secondFactorAt.toISOString() }),
    required: secondFactorRequired(user, deps.config),
    recoveryCodesLeft: user.secondFactorAt === null ? 0 : await recoveryCodesLeft(deps.database.db, user.id),
  }
}

export const getSecondFactor: Handler<'getSecondFactor'> = async ({ session }, deps) => {
  return { status: 200, body: await statusOf(deps, session().user) }
}

export const startSecondFactorSetup: Handler<'startSecondFactorSetup'> = async ({ session }, deps) => {
  const { user } = session()
  if (user.secondFactorAt !== null) return conflict(SECOND_FACTOR_MESSAGES.alreadyOn)
  return { status: 200, body: await beginSetup(deps.database.db, deps.config.secondFactorKey, user) }
}

export const confirmSecondFactor: Handler<'confirmSecondFactor'> = async ({ body, request, session }, deps) => {
  const { user } = session()
  if (user.secondFactorAt !== null) return conflict(SECOND_FACTOR_MESSAGES.alreadyOn)
  return deps.database.db.transaction(async (tx) => {
    const throttled = await codeThrottle(tx, user.id)
    if (throttled) return throttled
    // Locks the account, so two confirmations at once make one set of recovery codes.
    const [current] = await tx.select({ secondFactorAt: users.secondFactorAt }).from(users).where(eq(users.id, user.id)).for('update')
    if (current?.secondFactorAt != null) return conflict(SECOND_FACTOR_MESSAGES.alreadyOn)
    const [setUp] = await tx.select({ userId: secondFactors.userId }).from(secondFactors).where(eq(secondFactors.userId, user.id))
    if (!setUp) return conflict(SECOND_FACTOR_MESSAGES.noSetup)
    const check = await checkAppCode(deps, tx, user.id, body.code)
    if (check === 'unreadable') return conflict(SECOND_FACTOR_MESSAGES.setupUnreadable)
    if (check === 'wrong') {
      await failedCode(tx, user.id, request, 'set-up', body)
      return codeProblem(body, check)
    }
    const now = new Date()
    await markOn(tx, user.id, now)
    const codes = await replaceRecoveryCodes(tx, user.id, now)
    await clear(tx, accountKey(user.id))
    await recordAudit(tx, { action: 'auth.second_factor_on', actorUserId: user.id, subject: { type: 'user', id: user.id }, ip: request.ip })
    return { status: 200 as const, body: { codes } }
  })
}

export const regenerateRecoveryCodes: Handler<'regenerateRecoveryCodes'> = async ({ body, request, session }, deps) => {
  const { user } = session()
  if (user.secondFactorAt === null) return conflict(SECOND_FACTOR_MESSAGES.notOn)
  return deps.database.db.transaction(async (tx) => {
    const throttled = await codeThrottle(tx, user.id)
    if (throttled) return throttled
    const check = await checkAppCode(deps, tx, user.id, body.code)
    if (check !== 'right') {
      if (check === 'wrong') await failedCode(tx, user.id, request, 'new recovery codes', body)
      return codeProblem(body, check)
    }
    const codes = await replaceRecoveryCodes(tx, user.id)
    await clear(tx, accountKey(user.id))
    await recordAudit(tx, { action: 'auth.recovery_codes_replaced', actorUserId: user.id, subject: { type: 'user', id: user.id }, ip: request.ip })
    return { status: 200 as const, body: { codes } }
  })
}

export const turnOffSecondFactor: Handler<'turnOffSecondFactor'> = async ({ body, request, session }, deps) => {
  const { user } = session()
  const { db } = deps.database
  if (user.secondFactorAt === null) return conflict(SECOND_FACTOR_MESSAGES.notOn)
  if (secondFactorRequired(user, deps.config)) return conflict(SECOND_FACTOR_MESSAGES.requiredForAdmins)
  const problem = notOneCode(body)
  if (problem) return problem
  const throttled = await codeThrottle(db, user.id)
  if (throttled) return throttled
  // Checked before the transaction: hashing takes a while, and no transaction should wait on it.
  if (!(await verifyPassword(user.passwordHash, body.password))) return fieldProblem('password', SECOND_FACTOR_MESSAGES.wrongPassword)
  return db.transaction(async (tx) => {
    const check = await checkEitherCode(deps, tx, user.id, body)
    if (check !== 'right') {
      if (check === 'wrong') await failedCode(tx, user.id, request, 'turn off', body)
      return codeProblem(body, check)
    }
    await turnOff(tx, user.id)
    await clear(tx, accountKey(user.id))
    await recordAudit(tx, { action: 'auth.second_factor_off', actorUserId: user.id, subject: { type: 'user', id: user.id }, ip: request.ip })
    return { status: 200 as const, body: { enabled: false, required: false, recoveryCodesLeft: 0 } }
  })
}
