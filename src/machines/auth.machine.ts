import { assertEvent, assign, emit, fromPromise, not, setup } from 'xstate'
import type { ActorRefFrom, ErrorActorEvent, SnapshotFrom } from 'xstate'
import type { SecondFactorChallenge, SecondFactorSignIn, Session, User } from '@/api/auth'

/**
 * The staff session. Pure: every side effect (HTTP, storage, other tabs, reload) is a named action or
 * actor that the wiring provides, so tests swap them and the diagram reads like the specification.
 */

export interface StoredSession {
  user: User | null
  token: string | null
  remember: boolean
}

export interface AuthContext extends StoredSession {
  /** Why the last sign-in (or its code) failed, for people. */
  error: string | null
  /** A sign-in waiting for its second step: the password was right. Never stored: leaving the page drops it. */
  challenge: SecondFactorChallenge | null
}

/** The code of the second step: from the authenticator app, or a recovery code. */
export type SecondFactorCode = { code: string } | { recoveryCode: string }

export interface LoginInput {
  email: string
  pass: string
  remember: boolean
}

export type AuthEvent =
  | ({ type: 'LOGIN' } & LoginInput)
  | ({ type: 'SECOND_FACTOR.SUBMIT' } & SecondFactorCode)
  | { type: 'SECOND_FACTOR.CANCEL' }
  | { type: 'CREDENTIALS.SET'; user: User; token: string; remember?: boolean }
  | { type: 'USER.UPDATE'; patch: Partial<User> }
  | { type: 'LOGOUT' }
  | { type: 'SESSION.EXPIRED' }
  | { type: 'SESSION.ENDED_ELSEWHERE' }

export type AuthEmitted =
  | { type: 'loggedIn'; user: User }
  | { type: 'loginFailed'; message: string }
  | { type: 'secondFactorNeeded' }
  | { type: 'secondFactorFailed'; message: string }

/** The longest delay setTimeout keeps; a longer one is clamped to 1 ms by browsers and Node. */
const MAX_TIMER_MS = 2 ** 31 - 1

/** When the challenge dies on its own (the server says 5 minutes): the person signs in again. */
export const CHALLENGE_EXPIRED_MESSAGE = 'The sign-in took too long. Enter your email and password again.'

const notProvided = (what: string) => () => {
  throw new Error(`The auth machine needs "${what}" from its wiring`)
}

/** A rejection the server gave for the token itself, as opposed to not answering. */
function isUnauthorizedError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 401
}

function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message
  return 'Sign-in failed. Try again.'
}

/** A refused code's own message (the field's), else the answer's. */
function codeMessageOf(error: unknown): string {
  const fields = typeof error === 'object' && error !== null ? (error as { fields?: Record<string, string> }).fields : undefined
  return fields?.code ?? fields?.recoveryCode ?? messageOf(error)
}

function isChallenge(output: Session | SecondFactorChallenge): output is SecondFactorChallenge {
  return 'challenge' in output
}

/** The sign-in's answer past the isChallenge guard, which takes every challenge. */
function asSession(output: Session | SecondFactorChallenge): Session {
  if (isChallenge(output)) throw new Error('A challenge reached the transition for sessions.')
  return output
}

const signedOut = { user: null, token: null, error: null, challenge: null } as const

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as StoredSession,
    emitted: {} as AuthEmitted,
  },
  actors: {
    verifySession: fromPromise<User>(notProvided('verifySession')),
    login: fromPromise<Session | SecondFactorChallenge, LoginInput>(notProvided('login')),
    completeSignIn: fromPromise<Session, SecondFactorSignIn>(notProvided('completeSignIn')),
    revokeSession: fromPromise<void>(notProvided('revokeSession')),
  },
  actions: {
    clearSession: assign(signedOut),
    /** Saves user and token where `remember` says (local or session storage). */
    persistSession: notProvided('persistSession'),
    removeStoredSession: notProvided('removeStoredSession'),
    /** Tells the other open tabs that this session has ended. */
    broadcastSessionEnded: notProvided('broadcastSessionEnded'),
    reload: notProvided('reload'),
  },
  guards: {
    hasStoredSession: ({ context }) => context.user !== null && context.token !== null,
    isAdmin: ({ context }) => context.user?.role === 'ADMIN',
    isSessionRejected: (_, error: unknown) => isUnauthorizedError(error),
    isChallenge: (_, output: Session | SecondFactorChallenge) => isChallenge(output),
  },
  delays: {
    /** Until the server's challenge expires; capped where timers overflow (2^31 − 1 ms), which would fire at once. */
    challengeLifetime: ({ context }) =>
      Math.min(MAX_TIMER_MS, Math.max(0, Date.parse(context.challenge?.expiresAt ?? '') - Date.now() || 0)),
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({ ...input, error: null, challenge: null }),
  initial: 'restoring',
  states: {
    restoring: {
      always: {
        guard: not('hasStoredSession'),
        target: 'anonymous',
        actions: ['clearSession', 'removeStoredSession'],
      },
      invoke: {
        src: 'verifySession',
        onDone: {
          target: 'authenticated',
          actions: [assign({ user: ({ event }) => event.output }), 'persistSession'],
        },
        onError: [
          {
            guard: { type: 'isSessionRejected', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            target: 'anonymous',
            actions: ['clearSession', 'removeStoredSession', 'broadcastSessionEnded'],
          },
          // Not reachable (offline, 5xx): keep the stored session; the next request that gets a 401 ends it.
          { target: 'authenticated' },
        ],
      },
      on: {
        'SESSION.EXPIRED': {
          target: 'anonymous',
          actions: ['clearSession', 'removeStoredSession', 'broadcastSessionEnded'],
        },
        'SESSION.ENDED_ELSEWHERE': { target: 'anonymous', actions: 'clearSession' },
      },
    },
    anonymous: {
      on: {
        LOGIN: {
          target: 'authenticating',
          actions: assign({ error: null, remember: ({ event }) => event.remember }),
        },
      },
    },
    authenticating: {
      invoke: {
        src: 'login',
        input: ({ event }) => {
          assertEvent(event, 'LOGIN')
          return { email: event.email, pass: event.pass, remember: event.remember }
        },
        onDone: [
          {
            // The password was right, and the account has the second step on: no session yet.
            guard: { type: 'isChallenge', params: ({ event }) => event.output },
            target: 'awaitingSecondFactor',
            actions: [assign({ challenge: ({ event }) => (isChallenge(event.output) ? event.output : null) }), emit({ type: 'secondFactorNeeded' as const })],
          },
          {
            target: 'authenticated',
            actions: [
              assign({ user: ({ event }) => asSession(event.output).user, token: ({ event }) => asSession(event.output).token }),
              'persistSession',
              emit(({ event }) => ({ type: 'loggedIn' as const, user: asSession(event.output).user })),
            ],
          },
        ],
        onError: {
          target: 'anonymous',
          actions: [
            assign({ error: ({ event }) => messageOf(event.error) }),
            emit(({ event }) => ({ type: 'loginFailed' as const, message: messageOf(event.error) })),
          ],
        },
      },
    },
    /** The code screen: the challenge waits for a code from the app or a recovery code, until it expires. */
    awaitingSecondFactor: {
      on: {
        'SECOND_FACTOR.SUBMIT': { target: 'verifyingSecondFactor', actions: assign({ error: null }) },
        // "Back to sign in", or leaving the page: the half-done sign-in is dropped.
        'SECOND_FACTOR.CANCEL': { target: 'anonymous', actions: assign({ challenge: null, error: null }) },
      },
      after: {
        challengeLifetime: {
          target: 'anonymous',
          actions: [assign({ challenge: null, error: CHALLENGE_EXPIRED_MESSAGE }), emit({ type: 'loginFailed' as const, message: CHALLENGE_EXPIRED_MESSAGE })],
        },
      },
    },
    verifyingSecondFactor: {
      invoke: {
        src: 'completeSignIn',
        input: ({ context, event }) => {
          assertEvent(event, 'SECOND_FACTOR.SUBMIT')
          const challenge = context.challenge?.challenge ?? ''
          return 'code' in event ? { challenge, code: event.code } : { challenge, recoveryCode: event.recoveryCode }
        },
        onDone: {
          target: 'authenticated',
          actions: [
            assign({ user: ({ event }) => event.output.user, token: ({ event }) => event.output.token, challenge: null }),
            'persistSession',
            emit(({ event }) => ({ type: 'loggedIn' as const, user: event.output.user })),
          ],
        },
        onError: [
          {
            // The challenge is dead (expired, used, too many wrong codes): back to the password.
            guard: { type: 'isSessionRejected', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            target: 'anonymous',
            actions: [
              assign({ challenge: null, error: ({ event }) => messageOf(event.error) }),
              emit(({ event }) => ({ type: 'loginFailed' as const, message: messageOf(event.error) })),
            ],
          },
          {
            // A wrong code, throttling or no answer: the same challenge takes another code.
            target: 'awaitingSecondFactor',
            actions: [
              assign({ error: ({ event }) => codeMessageOf(event.error) }),
              emit(({ event }) => ({ type: 'secondFactorFailed' as const, message: codeMessageOf(event.error) })),
            ],
          },
        ],
      },
    },
    authenticated: {
      initial: 'routing',
      states: {
        /** Picks the area by role; re-entered whenever the user changes. */
        routing: {
          always: [{ guard: 'isAdmin', target: 'admin' }, { target: 'tutor' }],
        },
        admin: {},
        tutor: {},
      },
      on: {
        'CREDENTIALS.SET': {
          target: '.routing',
          actions: [
            assign({
              user: ({ event }) => event.user,
              token: ({ event }) => event.token,
              remember: ({ event, context }) => event.remember ?? context.remember,
            }),
            'persistSession',
          ],
        },
        'USER.UPDATE': {
          target: '.routing',
          actions: [
            assign({ user: ({ context, event }) => (context.user ? { ...context.user, ...event.patch } : null) }),
            'persistSession',
          ],
        },
        LOGOUT: { target: 'loggingOut' },
        'SESSION.EXPIRED': {
          target: 'anonymous',
          actions: ['clearSession', 'removeStoredSession', 'broadcastSessionEnded'],
        },
        'SESSION.ENDED_ELSEWHERE': { target: 'anonymous', actions: 'clearSession' },
      },
    },
    loggingOut: {
      invoke: {
        src: 'revokeSession',
        // Revoked or not (offline, already expired), this browser forgets the session all the same.
        onDone: { target: 'anonymous', actions: ['clearSession', 'removeStoredSession', 'broadcastSessionEnded', 'reload'] },
        onError: { target: 'anonymous', actions: ['clearSession', 'removeStoredSession', 'broadcastSessionEnded', 'reload'] },
      },
    },
  },
})

export type AuthMachine = typeof authMachine
export type AuthActor = ActorRefFrom<AuthMachine>
export type AuthSnapshot = SnapshotFrom<AuthMachine>
