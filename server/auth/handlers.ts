import { eq } from 'drizzle-orm'
import { recordAudit } from '../lib/audit.ts'
import { checkCurrentPassword, currentPasswordCounterKey } from './current-password.ts'
import { dummyPasswordHash, hashPassword, needsRehash, passwordProblem, verifyPassword } from './passwords.ts'
import { createChallenge, forgetStrangerWrongCodes, SECOND_FACTOR_MESSAGES, strangersLockedOut } from './second-factor.ts'
import { accountCounterKey, deviceCookie, isSecure, deviceCounterKey, deviceCounterKeys, trustDevice, trustedDeviceFor } from './devices.ts'
import { addressKey, clear, hit, RATE_LIMITS } from './rate-limit.ts'
import { signIns } from './work-queue.ts'
import { createSession, hasLeft, revokeSession, revokeUserSessions } from './sessions.ts'
import { activateInvitedTutor, endLinks, issueLink, liveLink, useLink } from './links.ts'
import type { Handler, HandlerInput, Reply, RequestInfo } from '../contract/types.ts'
import { passwordResetTokens, tutorProfiles, users } from '../db/schema.ts'
import type { Db } from '../db/client.ts'
import type { AppDeps } from '../deps.ts'
import { RESET_LINK_MINUTES } from '../link-lifetimes.ts'
import { resetPasswordMail } from '../mail/templates.ts'
import { fieldProblem, tooManyAttempts } from '../lib/replies.ts'
import { normaliseEmail } from '../lib/email.ts'
import { publicUser, sessionBody } from './users.ts'

// The second step and the sessions list live in their own files; every auth operation is answered from here.
export { completeSignIn, confirmSecondFactor, getSecondFactor, regenerateRecoveryCodes, startSecondFactorSetup, turnOffSecondFactor } from './second-factor-handlers.ts'
export { endMySession, endOtherSessions, listMySessions } from './session-handlers.ts'

export const AUTH_MESSAGES = {
  loginFailed: 'The email or password is incorrect.',
  resetLinkSent: `If an account uses that email, we have sent it a link to set a new password. The link works for ${RESET_LINK_MINUTES} minutes.`,
  resetLinkDead: 'This link has expired or was already used. Ask for a new one.',
  passwordReset: 'Your password has been changed. Sign in with your new password.',
  wrongCurrentPassword: 'The current password is incorrect.',
  samePassword: 'Choose a password different from the current one.',
  nameRequired: 'This field is required.',
} as const

/** When a reset link is made and mailed after the answer: far from the request that asked, and still at once for a person. */
const RESET_MAIL_DELAY_MS = { min: 500, max: 2000 }

/** A sign-in refused by a throttle: recorded in the audit trail (which counter, for which email), then 429. */
async function throttledSignIn(deps: AppDeps, request: RequestInfo, email: string, counter: 'address' | 'account' | 'device', retryAfterSeconds: number) {
  await recordAudit(deps.database.db, { action: 'auth.login_throttled', actorUserId: null, ip: request.ip, details: { email, counter } })
  return tooManyAttempts(retryAfterSeconds)
}

/** Under a flood, a sign-in is refused (503, Retry-After) before any other work, and nothing is counted. */
export const login: Handler<'login'> = (input, deps) => signIns.run(() => signIn(input, deps))

async function signIn({ body, cookies, request }: HandlerInput<'login'>, deps: AppDeps): Promise<Reply<'login'>> {
  const { db } = deps.database
  const email = normaliseEmail(body.email)
  const byIp = await hit(db, addressKey('login', request.ip), RATE_LIMITS.loginPerIp)
  if (!byIp.allowed) return throttledSignIn(deps, request, email, 'address', byIp.retryAfterSeconds)
  // A browser this account signed in from before is counted on its own; every other attempt on the account's
  // counter. Counted before the password is checked (unknown emails too), so guessing costs attempts either way.
  const device = await trustedDeviceFor(db, cookies.tec_device, email)
  const counterKey = device ? deviceCounterKey(device) : accountCounterKey(email)
  const attempts = await hit(db, counterKey, device ? RATE_LIMITS.loginPerDevice : RATE_LIMITS.loginPerAccount)
  if (!attempts.allowed) return throttledSignIn(deps, request, email, device ? 'device' : 'account', attempts.retryAfterSeconds)

  // One query either way, with the tutor's status: a tutor who left is refused like a wrong password.
  const [found] = await db.select({ user: users, tutorStatus: tutorProfiles.status }).from(users).leftJoin(tutorProfiles, eq(tutorProfiles.userId, users.id)).where(eq(users.email, email)).limit(1)
  const user = found?.user
  // An unknown email verifies against a dummy hash: the same work, time and answer as a wrong password.
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), body.pass)
  // A tutor who left is refused; an admin who was a tutor once is not held to their old tutor record.
  const left = user?.role === 'TUTOR' && found?.tutorStatus === 'left'
  const deactivated = user?.deactivatedAt != null
  if (!user || !passwordOk || left || deactivated) {
    await recordAudit(db, {
      action: 'auth.login_failed',
      actorUserId: user?.id ?? null,
      ip: request.ip,
      details: { email, reason: !user ? 'unknown email' : !passwordOk ? 'wrong password' : left ? 'tutor has left' : 'account deactivated', device: device ? 'trusted' : 'unknown' },
    })
    return { status: 401, body: { message: AUTH_MESSAGES.loginFailed } }
  }

  await clear(db, counterKey)
  if (user.secondFactorAt !== null && !device && (await strangersLockedOut(db, user.id))) {
    // The password is right, but this browser could only guess codes, and strangers have guessed enough.
    await recordAudit(db, { action: 'auth.login_failed', actorUserId: user.id, ip: request.ip, details: { email, reason: 'second step locked for unknown browsers', device: 'unknown' } })
    return { status: 401, body: { message: SECOND_FACTOR_MESSAGES.strangersLockedOut } }
  }
  const rehashed = needsRehash(user.passwordHash) ? await hashPassword(body.pass) : undefined
  if (user.secondFactorAt !== null) {
    // The password is right, but it opens nothing yet: the answer is a challenge the code completes.
    const challenge = await db.transaction(async (tx) => {
      if (rehashed) await tx.update(users).set({ passwordHash: rehashed }).where(eq(users.id, user.id))
      const created = await createChallenge(tx, user.id, body.remember ?? true, device?.id)
      await recordAudit(tx, { action: 'auth.second_factor_asked', actorUserId: user.id, ip: request.ip, details: { device: device ? 'trusted' : 'unknown' } })
      return created
    })
    return { status: 202, body: { challenge: challenge.token, expiresAt: challenge.expiresAt.toISOString(), message: SECOND_FACTOR_MESSAGES.codeNeeded } }
  }
  const { session, deviceToken } = await db.transaction(async (tx) => {
    if (rehashed) await tx.update(users).set({ passwordHash: rehashed }).where(eq(users.id, user.id))
    const created = await createSession(tx, user.id, body.remember ?? true, request)
    const token = await trustDevice(tx, user.id, device)
    await recordAudit(tx, { action: 'auth.login', actorUserId: user.id, ip: request.ip, details: { remember: body.remember ?? true, device: device ? 'trusted' : 'new' } })
    return { session: created, deviceToken: token }
  })
  return { status: 200, body: sessionBody(user, session, deps.config), headers: { 'Set-Cookie': deviceCookie(deviceToken, isSecure(deps)) } }
}

/** The job that mails a reset link; its payload is the address as typed and the asker's IP (for the audit). */
export const RESET_MAIL_JOB = 'password-reset-mail'

/**
 * Replaces the user's one live link with a reset link and queues the mail, in the job's transaction (RESET_MAIL_JOB,
 * run a moment after the answer), so the link, the mail and the job's end commit together. Answers whether a mail was
 * queued. The job row is deleted with it, so the typed address is kept no longer.
 */
export async function mailResetLink(deps: AppDeps, email: string, request: Pick<RequestInfo, 'ip'>, tx: Db): Promise<boolean> {
  // Locking the user row serialises two requests for one account, so neither trips the one-live-link index.
  const [user] = await tx.select().from(users).where(eq(users.email, email)).for('update').limit(1)
  // A tutor who left, or a deactivated account, gets nothing, as an unknown email does: they may not sign in again.
  if (!user || user.deactivatedAt !== null || (user.role === 'TUTOR' && (await hasLeft(tx, user.id)))) return false
  const link = await issueLink(tx, user, 'reset', deps.config.publicUrl)
  await deps.mailer.enqueue(tx, resetPasswordMail(user, link, RESET_LINK_MINUTES))
  await recordAudit(tx, { action: 'auth.password_reset_requested', actorUserId: null, subject: { type: 'user', id: user.id }, ip: request.ip })
  return true
}

export const forgetPassword: Handler<'forgetPassword'> = async ({ body, request }, deps) => {
  const { db } = deps.database
  const email = normaliseEmail(body.email)
  const byIp = await hit(db, addressKey('forget', request.ip), RATE_LIMITS.forgetPasswordPerIp)
  if (!byIp.allowed) return tooManyAttempts(byIp.retryAfterSeconds)
  const byAccount = await hit(db, `forget:account:${email}`, RATE_LIMITS.forgetPasswordPerAccount)
  if (!byAccount.allowed) return tooManyAttempts(byAccount.retryAfterSeconds)
  // The lookup and the mail happen after the answer, so a known email answers no slower than an unknown one,
  // and at a random moment a little later, so they do not slow the requests that follow it either. The job is
  // stored before the answer, so a crash or restart right after it still mails the link.
  const delayMs = RESET_MAIL_DELAY_MS.min + Math.random() * (RESET_MAIL_DELAY_MS.max - RESET_MAIL_DELAY_MS.min)
  await deps.jobs.enqueue(db, RESET_MAIL_JOB, { email, ip: request.ip }, { runAt: new Date(Date.now() + delayMs) })
  return { status: 202, body: { message: AUTH_MESSAGES.resetLinkSent } }
}

export const resetPassword: Handler<'resetPassword'> = async ({ body, query, request }, deps) => {
  const { db } = deps.database
  const byIp = await hit(db, addressKey('reset', request.ip), RATE_LIMITS.resetPerIp)
  if (!byIp.allowed) return tooManyAttempts(byIp.retryAfterSeconds)
  const deadLink = fieldProblem('token', AUTH_MESSAGES.resetLinkDead, AUTH_MESSAGES.resetLinkDead)

  const [found] = await db
    .select({ user: users })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(liveLink(query.token))
    .limit(1)
  if (!found) return deadLink
  // Checked before the link is used up, so a refused password does not cost the user their link.
  const problem = await passwordProblem(body.password, found.user)
  if (problem) return fieldProblem('password', problem)
  const passwordHash = await hashPassword(body.password)

  const changed = await db.transaction(async (tx) => {
    const now = new Date()
    const used = await useLink(tx, query.token, now)
    if (!used) return false
    const [user] = await tx.update(users).set({ passwordHash, passwordChangedAt: now, updatedAt: now, invitedAt: null }).where(eq(users.id, used.userId)).returning()
    if (!user) return false
    // The owner proved they hold the mailbox: whatever anyone tried against the account so far stops counting.
    await clear(tx, accountCounterKey(user.email), currentPasswordCounterKey(user.id), ...(await deviceCounterKeys(tx, user.id)))
    // A new password ends everything the old one could reach: sessions, sign-ins waiting for a code, any other
    // link of any kind; and whoever guessed codes with the old one starts from nothing without it.
    await endLinks(tx, used.userId)
    await revokeUserSessions(tx, used.userId, {}, now)
    await forgetStrangerWrongCodes(tx, used.userId)
    // An invited tutor who has chosen a password is active from now on.
    await activateInvitedTutor(tx, used.userId, request.ip)
    await recordAudit(tx, { action: 'auth.password_reset', actorUserId: used.userId, ip: request.ip, details: { purpose: used.purpose } })
    return true
  })
  return changed ? { status: 200, body: { message: AUTH_MESSAGES.passwordReset } } : deadLink
}

export const changePassword: Handler<'changePassword'> = async ({ body, request, session }, deps) => {
  const { db } = deps.database
  const { user, session: current } = session()
  const check = await checkCurrentPassword(db, user, body.currentPassword)
  if (check.outcome === 'throttled') return tooManyAttempts(check.retryAfterSeconds)
  // 400 rather than 401: a 401 would end the session the user is working in.
  if (check.outcome === 'wrong') return fieldProblem('currentPassword', AUTH_MESSAGES.wrongCurrentPassword)
  const problem = await passwordProblem(body.newPassword, user)
  if (problem) return fieldProblem('newPassword', problem)
  if (body.newPassword === body.currentPassword) return fieldProblem('newPassword', AUTH_MESSAGES.samePassword)
  const passwordHash = await hashPassword(body.newPassword)

  const next = await db.transaction(async (tx) => {
    const now = new Date()
    await tx.update(users).set({ passwordHash, passwordChangedAt: now, updatedAt: now }).where(eq(users.id, user.id))
    // Every session ends, this one included (the answer carries a fresh token with the same Remember me), and so
    // does any sign-in waiting for a code and any reset or invitation link mailed before: they were meant for the
    // old password.
    await revokeUserSessions(tx, user.id, {}, now)
    await endLinks(tx, user.id)
    await forgetStrangerWrongCodes(tx, user.id)
    const created = await createSession(tx, user.id, current.remember, request, now)
    await recordAudit(tx, { action: 'auth.password_changed', actorUserId: user.id, ip: request.ip })
    return created
  })
  return { status: 200, body: sessionBody(user, next, deps.config) }
}

export const logout: Handler<'logout'> = async ({ request, session }, deps) => {
  const { user, session: current } = session()
  await deps.database.db.transaction(async (tx) => {
    await revokeSession(tx, current.id)
    await recordAudit(tx, { action: 'auth.logout', actorUserId: user.id, ip: request.ip })
  })
  return { status: 204, body: undefined }
}

export const getMe: Handler<'getMe'> = async ({ session }, deps) => {
  return Promise.resolve({ status: 200, body: publicUser(session().user, deps.config) })
}

export const updateMe: Handler<'updateMe'> = async ({ body, request, session }, deps) => {
  const { user } = session()
  const name = body.name.trim()
  if (name === '') return fieldProblem('name', AUTH_MESSAGES.nameRequired)
  const updated = await deps.database.db.transaction(async (tx) => {
    const [row] = await tx.update(users).set({ name, updatedAt: new Date() }).where(eq(users.id, user.id)).returning()
    await recordAudit(tx, { action: 'user.updated', actorUserId: user.id, subject: { type: 'user', id: user.id }, ip: request.ip, details: { fields: ['name'] } })
    return row
  })
  if (!updated) throw new Error('The signed-in user vanished while being updated.')
  return { status: 200, body: publicUser(updated, deps.config) }
}
