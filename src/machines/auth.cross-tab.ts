import type { AuthActor } from './auth.machine'
import type { AuthStorage } from './auth.storage'
import { TOKEN_KEY } from './auth.storage'

/** The BroadcastChannel name every tab of the site listens on. */
export const AUTH_CHANNEL_NAME = 'tec.auth'

export type AuthChannel = Pick<BroadcastChannel, 'postMessage' | 'addEventListener' | 'removeEventListener'>

const SESSION_ENDED = 'session-ended'

export function announceSessionEnded(channel: AuthChannel): void {
  channel.postMessage({ type: SESSION_ENDED })
}

/**
 * Keeps this tab in step with the others. The channel carries logouts and expiries (it also reaches tabs
 * whose session sits in session storage); the `storage` event covers a token removed from or replaced in
 * local storage, e.g. after a password change in another tab issued a new token.
 * Returns a function that stops listening.
 */
export function followOtherTabs(
  actor: AuthActor,
  { channel, storageEvents, storage }: { channel: AuthChannel; storageEvents: EventTarget; storage: AuthStorage },
): () => void {
  const onMessage = (event: Event) => {
    const data: unknown = (event as MessageEvent).data
    if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === SESSION_ENDED) {
      actor.send({ type: 'SESSION.ENDED_ELSEWHERE' })
    }
  }
  const onStorage = (event: Event) => {
    const { key, oldValue, newValue } = event as StorageEvent
    if (key !== TOKEN_KEY) return
    if (newValue === null && oldValue !== null) {
      actor.send({ type: 'SESSION.ENDED_ELSEWHERE' })
      return
    }
    const stored = storage.read()
    if (stored.user && stored.token && stored.token !== actor.getSnapshot().context.token) {
      actor.send({ type: 'CREDENTIALS.SET', user: stored.user, token: stored.token, remember: stored.remember })
    }
  }
  channel.addEventListener('message', onMessage)
  storageEvents.addEventListener('storage', onStorage)
  return () => {
    channel.removeEventListener('message', onMessage)
    storageEvents.removeEventListener('storage', onStorage)
  }
}
