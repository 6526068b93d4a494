import { createActor, fromPromise } from 'xstate'
import type { InspectionEvent, Observer } from 'xstate'
import type { AuthApi } from '@/api/auth'
import { authMachine } from './auth.machine'
import type { AuthActor } from './auth.machine'
import { announceSessionEnded, followOtherTabs } from './auth.cross-tab'
import type { AuthChannel } from './auth.cross-tab'
import { createAuthStorage } from './auth.storage'
import type { SessionStores } from './auth.storage'

export interface AuthWiring {
  authApi: Pick<AuthApi, 'login' | 'completeSignIn' | 'getMe' | 'logout'>
  stores: SessionStores
  channel: AuthChannel
  /** Where `storage` events arrive: the window. */
  storageEvents: EventTarget
  reload: () => void
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void) | undefined
}

/**
 * The app's one auth actor with real I/O provided and the other tabs followed. Returned unstarted: the
 * caller starts it once its API client can read the actor's token (starting checks the stored session).
 */
export function createAuthActor(wiring: AuthWiring): AuthActor {
  const storage = createAuthStorage(wiring.stores)
  const machine = authMachine.provide({
    actors: {
      verifySession: fromPromise(() => wiring.authApi.getMe()),
      login: fromPromise(({ input }) => wiring.authApi.login(input)),
      completeSignIn: fromPromise(({ input }) => wiring.authApi.completeSignIn(input)),
      revokeSession: fromPromise(() => wiring.authApi.logout()),
    },
    actions: {
      persistSession: ({ context: { user, token, remember } }) => {
        if (user && token) storage.save({ user, token, remember })
      },
      removeStoredSession: () => storage.remove(),
      broadcastSessionEnded: () => announceSessionEnded(wiring.channel),
      reload: () => wiring.reload(),
    },
  })
  const actor = createActor(machine, { input: storage.read(), inspect: wiring.inspect })
  const stopFollowing = followOtherTabs(actor, { channel: wiring.channel, storageEvents: wiring.storageEvents, storage })
  actor.subscribe({ complete: stopFollowing, error: stopFollowing })
  return actor
}
