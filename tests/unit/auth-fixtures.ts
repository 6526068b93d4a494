import { fromPromise } from 'xstate'
import type { SecondFactorChallenge, SecondFactorSignIn, Session, User } from '@/api/auth'
import { authMachine } from '@/machines/auth.machine'
import type { LoginInput } from '@/machines/auth.machine'

export const admin: User = { id: '0b6f3c1e-8d7a-4c55-9a53-2f1f4b2a9d10', email: 'admin@tec.test', name: 'Ada Admin', role: 'ADMIN', secondFactor: false, secondFactorDue: false, safeguardingLead: true }
export const tutor: User = { id: '5a1d2e3f-4b5c-4d6e-8f70-8192a3b4c5d6', email: 'tutor@tec.test', name: 'Tom Tutor', role: 'TUTOR', secondFactor: false, secondFactorDue: false, safeguardingLead: false }
export const token = 'A'.repeat(43)
export const otherToken = 'B'.repeat(43)

export function sessionFor(user: User, sessionToken = token): Session {
  return { user, token: sessionToken, expiresAt: '2030-01-01T00:00:00.000Z' }
}

/** The challenge a right password answers for an account with the second step on; by default it lives the server's five minutes from now. */
export function challengeFor(expiresAt = new Date(Date.now() + 5 * 60_000).toISOString()): SecondFactorChallenge {
  return { challenge: 'C'.repeat(43), expiresAt, message: 'Enter the 6-digit code from your authenticator app.' }
}

/** An error shaped like the API client's: a status and a message. */
export function httpError(status: number, message: string): Error & { status: number } {
  return Object.assign(new Error(message), { status })
}

export interface FakeIo {
  verifySession?: () => Promise<User>
  login?: (input: LoginInput) => Promise<Session | SecondFactorChallenge>
  completeSignIn?: (input: SecondFactorSignIn) => Promise<Session>
  revokeSession?: () => Promise<void>
}

/** The pure machine with its I/O replaced by the given functions and the side-effect actions recorded. */
export function machineWith(io: FakeIo) {
  const effects: string[] = []
  const never = () => new Promise<never>(() => {})
  const machine = authMachine.provide({
    actors: {
      verifySession: fromPromise(io.verifySession ?? never),
      login: fromPromise(({ input }) => (io.login ?? never)(input)),
      completeSignIn: fromPromise(({ input }) => (io.completeSignIn ?? never)(input)),
      revokeSession: fromPromise(io.revokeSession ?? never),
    },
    actions: {
      persistSession: () => effects.push('persistSession'),
      removeStoredSession: () => effects.push('removeStoredSession'),
      broadcastSessionEnded: () => effects.push('broadcastSessionEnded'),
      reload: () => effects.push('reload'),
    },
  })
  return { machine, effects }
}
