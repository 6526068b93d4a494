import { assertEvent, assign, emit, fromPromise, not, setup } from 'xstate'
import type { ActorRefFrom, ErrorActorEvent, SnapshotFrom } from 'xstate'
import type { Session, User } from '../api/auth'

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
  /** Why the last sign-in failed, for people. */
  error: string | null
}

export interface LoginInput {
  email: string
  pass: string
  remember: boolean
}

export type AuthEvent =
  | ({ type: 'LOGIN' } & LoginInput)
  | { type: 'CREDENTIALS.SET'; user: User; token: string; remember?: boolean }
  | { type: 'USER.UPDATE'; patch: Partial<User> }
  | { type: 'LOGOUT' }
  | { type: 'SESSION.EXPIRED' }
  | { type: 'SESSION.ENDED_ELSEWHERE' }

export type AuthEmitted = { type: 'loggedIn'; user: User } | { type: 'loginFailed'; message: string }

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

const signedOut = { user: null, token: null, error: null } as const

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as StoredSession,
    emitted: {} as AuthEmitted,
  },
  actors: {
    verifySession: fromPromise<User>(notProvided('verifySession')),
    login: fromPromise<Session, LoginInput>(notProvided('login')),
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
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({ ...input, error: null }),
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
        onDone: {
          target: 'authenticated',
          actions: [
            assign({ user: ({ event }) => event.output.user, token: ({ event }) => event.output.token }),
            'persistSession',
            emit(({ event }) => ({ type: 'loggedIn' as const, user: event.output.user })),
          ],
        },
        onError: {
          target: 'anonymous',
          actions: [
            assign({ error: ({ event }) => messageOf(event.error) }),
            emit(({ event }) => ({ type: 'loginFailed' as const, message: messageOf(event.error) })),
          ],
        },
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
