import { describe, expect, it, vi } from 'vitest'
import { createActor, waitFor } from 'xstate'
import { CHALLENGE_EXPIRED_MESSAGE, type AuthEmitted, type StoredSession } from '@/machines/auth.machine'
import { admin, challengeFor, httpError, machineWith, otherToken, sessionFor, token, tutor } from './auth-fixtures'

const signedOut: StoredSession = { user: null, token: null, remember: true }

function start(io: Parameters<typeof machineWith>[0], input = signedOut) {
  const { machine, effects } = machineWith(io)
  const actor = createActor(machine, { input })
  const emitted: AuthEmitted[] = []
  actor.on('*', (event) => emitted.push(event))
  actor.start()
  return { actor, effects, emitted }
}

describe('restoring', () => {
  it('goes straight to anonymous without a stored session, and never calls /auth/me', () => {
    const verifySession = vi.fn(() => Promise.resolve(admin))
    const { actor, effects } = start({ verifySession })
    expect(actor.getSnapshot().value).toBe('anonymous')
    expect(verifySession).not.toHaveBeenCalled()
    expect(effects).toEqual(['removeStoredSession'])
  })

  it('treats a token without a user as no session', () => {
    const { actor } = start({}, { user: null, token, remember: true })
    expect(actor.getSnapshot().value).toBe('anonymous')
    expect(actor.getSnapshot().context.token).toBeNull()
  })

  it('verifies a stored session and takes the fresh user from /auth/me', async () => {
    const renamed = { ...admin, name: 'Ada Lovelace' }
    const { actor, effects } = start({ verifySession: () => Promise.resolve(renamed) }, { user: admin, token, remember: false })
    expect(actor.getSnapshot().value).toBe('restoring')
    const snapshot = await waitFor(actor, (s) => !s.matches('restoring'))
    expect(snapshot.value).toEqual({ authenticated: 'admin' })
    expect(snapshot.context).toMatchObject({ user: renamed, token, remember: false })
    expect(effects).toEqual(['persistSession'])
  })

  it('ends a stored session the server rejects (401)', async () => {
    const { actor, effects } = start({ verifySession: () => Promise.reject(httpError(401, 'Sign in again.')) }, { user: admin, token, remember: true })
    const snapshot = await waitFor(actor, (s) => !s.matches('restoring'))
    expect(snapshot.value).toBe('anonymous')
    expect(snapshot.context).toMatchObject({ user: null, token: null })
    expect(effects).toEqual(['removeStoredSession', 'broadcastSessionEnded'])
  })

  it('keeps the stored session when the server cannot be reached', async () => {
    const { actor, effects } = start({ verifySession: () => Promise.reject(new TypeError('Failed to fetch')) }, { user: tutor, token, remember: true })
    const snapshot = await waitFor(actor, (s) => !s.matches('restoring'))
    expect(snapshot.value).toEqual({ authenticated: 'tutor' })
    expect(snapshot.context).toMatchObject({ user: tutor, token })
    expect(effects).toEqual([])
  })

  it('ends the session when any request gets a 401 while restoring', () => {
    const { actor, effects } = start({}, { user: admin, token, remember: true })
    actor.send({ type: 'SESSION.EXPIRED' })
    expect(actor.getSnapshot().value).toBe('anonymous')
    expect(effects).toEqual(['removeStoredSession', 'broadcastSessionEnded'])
  })
})

describe('login', () => {
  it.each([
    [admin, { authenticated: 'admin' }],
    [tutor, { authenticated: 'tutor' }],
  ])('signs in %s.role and routes by role', async (user, expected) => {
    const login = vi.fn(() => Promise.resolve(sessionFor(user)))
    const { actor, effects, emitted } = start({ login })
    actor.send({ type: 'LOGIN', email: user.email, pass: 'secret', remember: false })
    expect(actor.getSnapshot().value).toBe('authenticating')
    const snapshot = await waitFor(actor, (s) => !s.matches('authenticating'))
    expect(login).toHaveBeenCalledWith({ email: user.email, pass: 'secret', remember: false })
    expect(snapshot.value).toEqual(expected)
    expect(snapshot.context).toEqual({ user, token, remember: false, error: null, challenge: null })
    expect(effects).toEqual(['removeStoredSession', 'persistSession'])
    expect(emitted).toEqual([{ type: 'loggedIn', user }])
  })

  it('stays anonymous with the server message and emits loginFailed', async () => {
    const { actor, emitted } = start({ login: () => Promise.reject(httpError(401, 'Wrong email or password.')) })
    actor.send({ type: 'LOGIN', email: 'a@b.test', pass: 'nope', remember: true })
    const snapshot = await waitFor(actor, (s) => !s.matches('authenticating'))
    expect(snapshot.value).toBe('anonymous')
    expect(snapshot.context).toMatchObject({ user: null, token: null, error: 'Wrong email or password.' })
    expect(emitted).toEqual([{ type: 'loginFailed', message: 'Wrong email or password.' }])
  })

  it('clears the last error when a new attempt starts', async () => {
    const { actor } = start({ login: () => Promise.reject(httpError(429, 'Too many attempts.')) })
    actor.send({ type: 'LOGIN', email: 'a@b.test', pass: 'nope', remember: true })
    await waitFor(actor, (s) => s.context.error !== null)
    actor.send({ type: 'LOGIN', email: 'a@b.test', pass: 'nope', remember: true })
    expect(actor.getSnapshot().context.error).toBeNull()
  })
})

describe('while authenticated', () => {
  const signedIn: StoredSession = { user: admin, token, remember: true }
  const restored = async (io: Parameters<typeof machineWith>[0] = {}) => {
    const started = start({ verifySession: () => Promise.resolve(admin), ...io }, signedIn)
    await waitFor(started.actor, (s) => s.matches('authenticated'))
    started.effects.length = 0
    return started
  }

  it('CREDENTIALS.SET replaces user and token, keeps remember unless given, saves, and re-routes by role', async () => {
    const { actor, effects } = await restored()
    actor.send({ type: 'CREDENTIALS.SET', user: tutor, token: otherToken })
    expect(actor.getSnapshot().value).toEqual({ authenticated: 'tutor' })
    expect(actor.getSnapshot().context).toMatchObject({ user: tutor, token: otherToken, remember: true })
    actor.send({ type: 'CREDENTIALS.SET', user: admin, token, remember: false })
    expect(actor.getSnapshot().context.remember).toBe(false)
    expect(effects).toEqual(['persistSession', 'persistSession'])
  })

  it('USER.UPDATE merges the patch into the user and saves it', async () => {
    const { actor, effects } = await restored()
    actor.send({ type: 'USER.UPDATE', patch: { name: 'Ada L.' } })
    expect(actor.getSnapshot().context.user).toEqual({ ...admin, name: 'Ada L.' })
    expect(actor.getSnapshot().context.token).toBe(token)
    expect(effects).toEqual(['persistSession'])
  })

  it.each([
    ['the server revokes the token', () => Promise.resolve()],
    ['revoking fails', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('LOGOUT clears, removes the keys, tells other tabs and reloads when %s', async (_, revokeSession) => {
    const revoke = vi.fn(revokeSession)
    const { actor, effects } = await restored({ revokeSession: revoke })
    actor.send({ type: 'LOGOUT' })
    expect(actor.getSnapshot().value).toBe('loggingOut')
    const snapshot = await waitFor(actor, (s) => s.matches('anonymous'))
    expect(revoke).toHaveBeenCalledOnce()
    expect(snapshot.context).toMatchObject({ user: null, token: null })
    expect(effects).toEqual(['removeStoredSession', 'broadcastSessionEnded', 'reload'])
  })

  it('SESSION.EXPIRED clears and tells other tabs without calling the server', async () => {
    const revoke = vi.fn(() => Promise.resolve())
    const { actor, effects } = await restored({ revokeSession: revoke })
    actor.send({ type: 'SESSION.EXPIRED' })
    expect(actor.getSnapshot().value).toBe('anonymous')
    expect(actor.getSnapshot().context).toMatchObject({ user: null, token: null })
    expect(effects).toEqual(['removeStoredSession', 'broadcastSessionEnded'])
    expect(revoke).not.toHaveBeenCalled()
  })

  it('SESSION.ENDED_ELSEWHERE only clears this tab: the other tab already cleared storage', async () => {
    const { actor, effects } = await restored()
    actor.send({ type: 'SESSION.ENDED_ELSEWHERE' })
    expect(actor.getSnapshot().value).toBe('anonymous')
    expect(actor.getSnapshot().context).toMatchObject({ user: null, token: null })
    expect(effects).toEqual([])
  })
})

describe('the second step', () => {
  const awaitingCode = async (io: Parameters<typeof machineWith>[0] = {}, challenge = challengeFor()) => {
    const started = start({ login: () => Promise.resolve(challenge), ...io })
    started.actor.send({ type: 'LOGIN', email: admin.email, pass: 'secret', remember: false })
    await waitFor(started.actor, (s) => !s.matches('authenticating'))
    return { ...started, challenge }
  }

  it('waits for a code when the password answers a challenge: no session, nothing stored', async () => {
    const { actor, effects, emitted, challenge } = await awaitingCode()
    expect(actor.getSnapshot().value).toBe('awaitingSecondFactor')
    expect(actor.getSnapshot().context).toMatchObject({ user: null, token: null, challenge, error: null })
    expect(effects).toEqual(['removeStoredSession'])
    expect(emitted).toEqual([{ type: 'secondFactorNeeded' }])
  })

  it.each([
    ['a code from the app', { code: '123456' }],
    ['a recovery code', { recoveryCode: 'abcd-efgh-jkmn' }],
  ])('signs in with %s, sending it with the challenge', async (_kind, code) => {
    const completeSignIn = vi.fn(() => Promise.resolve(sessionFor(admin)))
    const { actor, effects, emitted, challenge } = await awaitingCode({ completeSignIn })
    actor.send({ type: 'SECOND_FACTOR.SUBMIT', ...code })
    expect(actor.getSnapshot().value).toBe('verifyingSecondFactor')
    const snapshot = await waitFor(actor, (s) => !s.matches('verifyingSecondFactor'))
    expect(completeSignIn).toHaveBeenCalledWith({ challenge: challenge.challenge, ...code })
    expect(snapshot.value).toEqual({ authenticated: 'admin' })
    expect(snapshot.context).toMatchObject({ user: admin, token, challenge: null, remember: false })
    expect(effects).toEqual(['removeStoredSession', 'persistSession'])
    expect(emitted).toEqual([{ type: 'secondFactorNeeded' }, { type: 'loggedIn', user: admin }])
  })

  it("keeps the challenge after a wrong code, with the field's message, for another try", async () => {
    const wrong = Object.assign(httpError(400, 'Check the highlighted fields.'), { fields: { code: 'That code is not right.' } })
    const { actor, emitted, challenge } = await awaitingCode({ completeSignIn: () => Promise.reject(wrong) })
    actor.send({ type: 'SECOND_FACTOR.SUBMIT', code: '000000' })
    const snapshot = await waitFor(actor, (s) => !s.matches('verifyingSecondFactor'))
    expect(snapshot.value).toBe('awaitingSecondFactor')
    expect(snapshot.context).toMatchObject({ challenge, error: 'That code is not right.' })
    expect(emitted.at(-1)).toEqual({ type: 'secondFactorFailed', message: 'That code is not right.' })
    actor.send({ type: 'SECOND_FACTOR.SUBMIT', code: '111111' })
    expect(actor.getSnapshot().context.error).toBeNull()
  })

  it('goes back to the password when the server says the challenge is dead', async () => {
    const { actor, emitted } = await awaitingCode({ completeSignIn: () => Promise.reject(httpError(401, 'Too many wrong codes. Sign in again.')) })
    actor.send({ type: 'SECOND_FACTOR.SUBMIT', code: '000000' })
    const snapshot = await waitFor(actor, (s) => !s.matches('verifyingSecondFactor'))
    expect(snapshot.value).toBe('anonymous')
    expect(snapshot.context).toMatchObject({ challenge: null, error: 'Too many wrong codes. Sign in again.' })
    expect(emitted.at(-1)).toEqual({ type: 'loginFailed', message: 'Too many wrong codes. Sign in again.' })
  })

  it('drops the challenge on "Back to sign in" (or leaving the page)', async () => {
    const { actor } = await awaitingCode()
    actor.send({ type: 'SECOND_FACTOR.CANCEL' })
    expect(actor.getSnapshot().value).toBe('anonymous')
    expect(actor.getSnapshot().context).toMatchObject({ challenge: null, error: null })
  })

  it('keeps a challenge whose expiry is beyond what a timer holds (no overflow to an instant expiry)', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T10:00:00.000Z') })
    const { actor } = await awaitingCode({}, challengeFor('2030-01-01T00:00:00.000Z'))
    vi.advanceTimersByTime(60_000)
    expect(actor.getSnapshot().value).toBe('awaitingSecondFactor')
  })

  it('drops the challenge when it expires, saying so', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T10:00:00.000Z') })
    const { actor, emitted } = await awaitingCode({}, challengeFor('2026-11-24T10:05:00.000Z'))
    vi.advanceTimersByTime(5 * 60_000 - 1)
    expect(actor.getSnapshot().value).toBe('awaitingSecondFactor')
    vi.advanceTimersByTime(1)
    expect(actor.getSnapshot().value).toBe('anonymous')
    expect(actor.getSnapshot().context).toMatchObject({ challenge: null, error: CHALLENGE_EXPIRED_MESSAGE })
    expect(emitted.at(-1)).toEqual({ type: 'loginFailed', message: CHALLENGE_EXPIRED_MESSAGE })
  })
})
