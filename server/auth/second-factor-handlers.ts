import { eq } from 'drizzle-orm'
import type { Handler, RequestInfo } from '../contract/types.ts'
import { secondFactors, users, type UserRow } from '../db/schema.ts'
import type { AppDeps } from '../deps.ts'
import { recordAudit } from '../lib/audit.ts'
import { fieldProblem, fieldsProblem, tooManyAttempts } from '../lib/replies.ts'
import { recoveryCodeUsedMail, strangersLockedOutMail, wrongCodeAfterPasswordMail } from '../mail/templates.ts'
import { accountCounterKey, countDeviceWrongCode, deviceCookie, isSecure, trustDevice } from './devices.ts'
import { checkCurrentPassword } from './current-password.ts'
import { addressKey, clear, giveBack, hit, RATE_LIMITS } from './rate-limit.ts'
import {
  acceptCode,
  beginSetup,
  type CodeCheck,
  countStrangerWrongCode,
  CODE_COUNTERS,
  countWrongCode,
  liveChallenge,
  markOn,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  SECOND_FACTOR_MESSAGES,
  secondFactorRequired,
  STRANGER_WRONG_CODES_LIMIT,
  strangersLockedOut,
  secretKeysOf,
  turnOff,
  useChallenge,
  useRecoveryCode,
} from './second-factor.ts'
import { deviceName } from './session-handlers.ts'
import { createSession, revokeUserSessions } from './sessions.ts'
import { sessionBody } from './users.ts'

/** One warning mail an hour at most: enough to tell the owner, too few to flood their inbox. */
const WRONG_CODE_MAIL = { limit: 1, windowSeconds: 3600 }
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

/** Counts a code on its counter: the 429 when the counter is spent, otherwise undefined. */
async function codeThrottle(db: Db, key: string) {
  const attempts = await hit(db, key, RATE_LIMITS.secondFactorPerAccount)
  return attempts.allowed ? undefined : tooManyAttempts(attempts.retryAfterSeconds)
}

/**
 * A wrong sign-in code from a browser the account does not know, after the right password: counted towards the
 * account's limit, and the owner is told (their password is known to someone), at most once an hour, and once more
 * when the limit is reached.
 */
async function strangerWrongCode(deps: AppDeps, tx: Db, user: UserRow, request: RequestInfo): Promise<void> {
  const wrong = await countStrangerWrongCode(tx, user.id)
  if (wrong === STRANGER_WRONG_CODES_LIMIT) {
    await deps.mailer.enqueue(tx, strangersLockedOutMail(user, STRANGER_WRONG_CODES_LIMIT, deps.config.publicUrl))
    await recordAudit(tx, { action: 'auth.second_factor_locked', actorUserId: null, subject: { type: 'user', id: user.id }, ip: request.ip, details: { wrongCodes: wrong } })
  } else if ((await hit(tx, `second-factor:warned:${user.id}`, WRONG_CODE_MAIL)).allowed) {
    await deps.mailer.enqueue(tx, wrongCodeAfterPasswordMail(user, { device: deviceName(request.userAgent ?? null), address: request.ip }, deps.config.publicUrl))
  }
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
    const stranger = challenge.deviceId === null
    if (stranger && (await strangersLockedOut(tx, user.id))) {
      await useChallenge(tx, challenge.id)
      return { status: 401 as const, body: { message: SECOND_FACTOR_MESSAGES.strangersLockedOut } }
    }
    const counterKey = challenge.deviceId === null ? CODE_COUNTERS.stranger(user.id) : CODE_COUNTERS.knownBrowser(challenge.deviceId)
    const throttled = await codeThrottle(tx, counterKey)
    if (throttled) return throttled
    const check = await checkEitherCode(deps, tx, user.id, body)
    if (check === 'unreadable') return codeProblem(body, check)
    if (check === 'wrong') {
      await failedCode(tx, user.id, request, 'sign-in', body)
      if (challenge.deviceId === null) await strangerWrongCode(deps, tx, user, request)
      else if (await countDeviceWrongCode(tx, challenge.deviceId, STRANGER_WRONG_CODES_LIMIT)) {
        await recordAudit(tx, { action: 'auth.device_untrusted', actorUserId: null, subject: { type: 'user', id: user.id }, ip: request.ip, details: { wrongCodes: STRANGER_WRONG_CODES_LIMIT } })
      }
      const lastChance = await countWrongCode(tx, challenge.id)
      return lastChance ? { status: 401 as const, body: { message: SECOND_FACTOR_MESSAGES.tooManyWrongCodes } } : codeProblem(body, check)
    }
    const now = new Date()
    await useChallenge(tx, challenge.id, now)
    // A known browser's own count is cleared; from any other browser only this right code is taken back, so the owner
    // signing in from a new browser never wipes out what strangers tried.
    await clear(tx, accountCounterKey(user.email), ...(stranger ? [] : [counterKey]))
    if (stranger) await giveBack(tx, counterKey)
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

/** The password asked again: undefined when right, otherwise the answer (400 on `password`, or 429). */
async function passwordRefusal(db: Db, user: UserRow, password: string) {
  const check = await checkCurrentPassword(db, user, password)
  if (check.outcome === 'throttled') return tooManyAttempts(check.retryAfterSeconds)
  return check.outcome === 'wrong' ? fieldProblem('password', SECOND_FACTOR_MESSAGES.wrongPassword) : undefined
}

export const startSecondFactorSetup: Handler<'startSecondFactorSetup'> = async ({ body, session }, deps) => {
  const { user } = session()
  if (user.secondFactorAt !== null) return conflict(SECOND_FACTOR_MESSAGES.alreadyOn)
  // A session left open or stolen must not tie the account to someone else's app.
  const refused = await passwordRefusal(deps.database.db, user, body.password)
  if (refused) return refused
  return { status: 200, body: await beginSetup(deps.database.db, deps.config.secondFactorKey, user) }
}

export const confirmSecondFactor: Handler<'confirmSecondFactor'> = async ({ body, request, session }, deps) => {
  const { user, session: here } = session()
  if (user.secondFactorAt !== null) return conflict(SECOND_FACTOR_MESSAGES.alreadyOn)
  return deps.database.db.transaction(async (tx) => {
    const throttled = await codeThrottle(tx, CODE_COUNTERS.settings(user.id))
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
    // The account's other sessions signed in without the step: from now on every one of them needs it.
    await revokeUserSessions(tx, user.id, { exceptSessionId: here.id }, now)
    await clear(tx, CODE_COUNTERS.settings(user.id))
    await recordAudit(tx, { action: 'auth.second_factor_on', actorUserId: user.id, subject: { type: 'user', id: user.id }, ip: request.ip })
    return { status: 200 as const, body: { codes } }
  })
}

export const regenerateRecoveryCodes: Handler<'regenerateRecoveryCodes'> = async ({ body, request, session }, deps) => {
  const { user } = session()
  if (user.secondFactorAt === null) return conflict(SECOND_FACTOR_MESSAGES.notOn)
  return deps.database.db.transaction(async (tx) => {
    const throttled = await codeThrottle(tx, CODE_COUNTERS.settings(user.id))
    if (throttled) return throttled
    const check = await checkAppCode(deps, tx, user.id, body.code)
    if (check !== 'right') {
      if (check === 'wrong') await failedCode(tx, user.id, request, 'new recovery codes', body)
      return codeProblem(body, check)
    }
    const codes = await replaceRecoveryCodes(tx, user.id)
    await clear(tx, CODE_COUNTERS.settings(user.id))
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
  const throttled = await codeThrottle(db, CODE_COUNTERS.settings(user.id))
  if (throttled) return throttled
  // Checked before the transaction: hashing takes a while, and no transaction should wait on it.
  const refused = await passwordRefusal(db, user, body.password)
  if (refused) return refused
  return db.transaction(async (tx) => {
    const check = await checkEitherCode(deps, tx, user.id, body)
    if (check !== 'right') {
      if (check === 'wrong') await failedCode(tx, user.id, request, 'turn off', body)
      return codeProblem(body, check)
    }
    await turnOff(tx, user.id)
    await clear(tx, CODE_COUNTERS.settings(user.id))
    await recordAudit(tx, { action: 'auth.second_factor_off', actorUserId: user.id, subject: { type: 'user', id: user.id }, ip: request.ip })
    return { status: 200 as const, body: { enabled: false, required: false, recoveryCodesLeft: 0 } }
  })
}
