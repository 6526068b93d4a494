import { eq } from 'drizzle-orm'
import type { Handler, HandlerInput, RequestInfo } from '../contract/types.ts'
import { secondFactors, users, type UserRow } from '../db/schema.ts'
import type { AppDeps } from '../deps.ts'
import { recordAudit } from '../lib/audit.ts'
import { fieldProblem, fieldsProblem, tooManyAttempts } from '../lib/replies.ts'
import { accountCounterKey, deviceCookie, isSecure, trustDevice } from './devices.ts'
import { verifyPassword } from './passwords.ts'
import { addressKey, clear, hit, RATE_LIMITS } from './rate-limit.ts'
import {
  acceptCode,
  beginSetup,
  countWrongCode,
  liveChallenge,
  markOn,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  SECOND_FACTOR_MESSAGES,
  secondFactorRequired,
  turnOff,
  useChallenge,
  useRecoveryCode,
} from './second-factor.ts'
import { createSession } from './sessions.ts'
import { sessionBody } from './users.ts'

const accountKey = (userId: string) => `second-factor:account:${userId}`
const conflict = (message: string) => ({ status: 409 as const, body: { message } })

/** Exactly one of the two kinds of code, or the 400 that says so. */
function oneCode(body: { code?: string | undefined; recoveryCode?: string | undefined }) {
  if ((body.code === undefined) === (body.recoveryCode === undefined)) {
    return { problem: fieldsProblem({ code: SECOND_FACTOR_MESSAGES.oneOfCodes }, SECOND_FACTOR_MESSAGES.oneOfCodes) }
  }
  return { problem: undefined }
}

/** Checks a code of either kind against the account, using it up when right. */
async function codeIsRight(deps: AppDeps, db: AppDeps['database']['db'], userId: string, body: { code?: string | undefined; recoveryCode?: string | undefined }) {
  if (body.code !== undefined) return acceptCode(db, deps.config.secondFactorKey, userId, body.code)
  if (body.recoveryCode !== undefined) return useRecoveryCode(db, userId, body.recoveryCode)
  return false
}

function wrongCodeProblem(body: { code?: string | undefined }) {
  return body.code !== undefined ? fieldProblem('code', SECOND_FACTOR_MESSAGES.wrongCode) : fieldProblem('recoveryCode', SECOND_FACTOR_MESSAGES.wrongRecoveryCode)
}

async function failedCode(db: AppDeps['database']['db'], userId: string, request: RequestInfo, purpose: string, kind: 'code' | 'recovery code') {
  await recordAudit(db, { action: 'auth.second_factor_failed', actorUserId: userId, ip: request.ip, details: { purpose, kind } })
}

export const completeSignIn: Handler<'completeSignIn'> = async ({ body, request }, deps) => {
  const { db } = deps.database
  const byIp = await hit(db, addressKey('second-factor', request.ip), RATE_LIMITS.secondFactorPerIp)
  if (!byIp.allowed) return tooManyAttempts(byIp.retryAfterSeconds)
  const { problem } = oneCode(body)
  if (problem) return problem
  const dead = { status: 401 as const, body: { message: SECOND_FACTOR_MESSAGES.challengeDead } }
  const kind = body.code !== undefined ? 'code' : 'recovery code'

  const outcome = await db.transaction(async (tx) => {
    const found = await liveChallenge(tx, body.challenge)
    if (!found) return dead
    const { challenge, user } = found
    const attempts = await hit(tx, accountKey(user.id), RATE_LIMITS.secondFactorPerAccount)
    if (!attempts.allowed) return tooManyAttempts(attempts.retryAfterSeconds)
    if (!(await codeIsRight(deps, tx, user.id, body))) {
      await failedCode(tx, user.id, request, 'sign-in', kind)
      const lastChance = await countWrongCode(tx, challenge.id)
      return lastChance ? { status: 401 as const, body: { message: SECOND_FACTOR_MESSAGES.tooManyWrongCodes } } : wrongCodeProblem(body)
    }
    const now = new Date()
    await useChallenge(tx, challenge.id, now)
    await clear(tx, accountKey(user.id), accountCounterKey(user.email))
    const session = await createSession(tx, user.id, challenge.remember, request, now)
    const deviceToken = await trustDevice(tx, user.id, challenge.deviceId === null ? undefined : { id: challenge.deviceId }, now)
    await recordAudit(tx, { action: 'auth.login', actorUserId: user.id, ip: request.ip, details: { remember: challenge.remember, device: challenge.deviceId ? 'trusted' : 'new', secondFactor: kind } })
    return { status: 200 as const, body: sessionBody(user, session, deps.config), headers: { 'Set-Cookie': deviceCookie(deviceToken, isSecure(deps)) } }
  })
  return outcome
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

/** The account's code counter: 429 when spent, otherwise undefined. */
async function codeThrottle(db: AppDeps['database']['db'], userId: string) {
  const attempts = await hit(db, accountKey(userId), RATE_LIMITS.secondFactorPerAccount)
  return attempts.allowed ? undefined : tooManyAttempts(attempts.retryAfterSeconds)
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
    if (!(await acceptCode(tx, deps.config.secondFactorKey, user.id, body.code))) {
      await failedCode(tx, user.id, request, 'set-up', 'code')
      return fieldProblem('code', SECOND_FACTOR_MESSAGES.wrongCode)
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
    if (!(await acceptCode(tx, deps.config.secondFactorKey, user.id, body.code))) {
      await failedCode(tx, user.id, request, 'new recovery codes', 'code')
      return fieldProblem('code', SECOND_FACTOR_MESSAGES.wrongCode)
    }
    const codes = await replaceRecoveryCodes(tx, user.id)
    await clear(tx, accountKey(user.id))
    await recordAudit(tx, { action: 'auth.recovery_codes_replaced', actorUserId: user.id, subject: { type: 'user', id: user.id }, ip: request.ip })
    return { status: 200 as const, body: { codes } }
  })
}

export const turnOffSecondFactor: Handler<'turnOffSecondFactor'> = async (input: HandlerInput<'turnOffSecondFactor'>, deps) => {
  const { body, request, session } = input
  const { user } = session()
  if (user.secondFactorAt === null) return conflict(SECOND_FACTOR_MESSAGES.notOn)
  if (secondFactorRequired(user, deps.config)) return conflict(SECOND_FACTOR_MESSAGES.requiredForAdmins)
  const { problem } = oneCode(body)
  if (problem) return problem
  return deps.database.db.transaction(async (tx) => {
    const throttled = await codeThrottle(tx, user.id)
    if (throttled) return throttled
    if (!(await verifyPassword(user.passwordHash, body.password))) return fieldProblem('password', SECOND_FACTOR_MESSAGES.wrongPassword)
    if (!(await codeIsRight(deps, tx, user.id, body))) {
      await failedCode(tx, user.id, request, 'turn off', body.code !== undefined ? 'code' : 'recovery code')
      return wrongCodeProblem(body)
    }
    await turnOff(tx, user.id)
    await clear(tx, accountKey(user.id))
    await recordAudit(tx, { action: 'auth.second_factor_off', actorUserId: user.id, subject: { type: 'user', id: user.id }, ip: request.ip })
    return { status: 200 as const, body: { enabled: false, required: false, recoveryCodesLeft: 0 } }
  })
}
