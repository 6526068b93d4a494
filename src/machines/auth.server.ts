import type { AuthApi } from '@/api/auth'
import { memoryStorage } from '@/memory-storage'
import type { AuthActor } from './auth.machine'
import { createAuthActor } from './auth.wiring'

const noServerSession = () => Promise.reject(new Error('The server renders pages signed out'))

/**
 * The auth actor a server render runs with: nobody is signed in (nothing is stored), nothing reaches another tab
 * and nothing is remembered after the render. Started, it settles at once on anonymous, so /login's guard passes.
 */
export function createSignedOutAuthActor(): AuthActor {
  const authApi: Pick<AuthApi, 'login' | 'completeSignIn' | 'getMe' | 'logout'> = {
    login: noServerSession,
    completeSignIn: noServerSession,
    getMe: noServerSession,
    logout: noServerSession,
  }
  return createAuthActor({
    authApi,
    stores: { local: memoryStorage(), session: memoryStorage() },
    channel: { postMessage: () => {}, addEventListener: () => {}, removeEventListener: () => {} },
    storageEvents: new EventTarget(),
    reload: () => {},
  })
}
