import type { Role, User } from '@/api/auth'
import type { StoredSession } from './auth.machine'
import { removeTabDrafts } from './tab-drafts'

export const USER_KEY = 'tec.auth.user'
export const TOKEN_KEY = 'tec.auth.token'

/** Where sessions are kept: local storage for "Remember me", session storage (this tab only) otherwise. */
export interface SessionStores {
  local: Storage
  session: Storage
}

export interface AuthStorage {
  read(): StoredSession
  save(session: { user: User; token: string; remember: boolean }): void
  remove(): void
}

export function createAuthStorage(stores: SessionStores): AuthStorage {
  return {
    read() {
      const local = readFrom(stores.local)
      if (local) return { ...local, remember: true }
      const session = readFrom(stores.session)
      if (session) return { ...session, remember: false }
      return { user: null, token: null, remember: true }
    },
    save({ user, token, remember }) {
      const [keep, drop] = remember ? [stores.local, stores.session] : [stores.session, stores.local]
      removeFrom(drop)
      try {
        // The user first: other tabs react to the token key, and must find the matching user by then.
        keep.setItem(USER_KEY, JSON.stringify(user))
        keep.setItem(TOKEN_KEY, token)
      } catch {
        // Storage refused (private mode, quota): the session still works in memory until the page reloads.
        removeFrom(keep)
      }
    },
    remove() {
      removeFrom(stores.local)
      removeFrom(stores.session)
      try {
        removeTabDrafts(stores.session)
      } catch {
        // Storage refused: there is nothing in it to remove.
      }
    },
  }
}

function removeFrom(storage: Storage): void {
  storage.removeItem(USER_KEY)
  storage.removeItem(TOKEN_KEY)
}

/** A half-written or hand-edited entry counts as no session at all. */
function readFrom(storage: Storage): { user: User; token: string } | null {
  const token = storage.getItem(TOKEN_KEY)
  const user = parseUser(storage.getItem(USER_KEY))
  return token && user ? { user, token } : null
}

function parseUser(raw: string | null): User | null {
  if (raw === null) return null
  try {
    const value: unknown = JSON.parse(raw)
    return isUser(value) ? value : null
  } catch {
    return null
  }
}

function isUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false
  const { id, email, name, role } = value as Record<string, unknown>
  return typeof id === 'string' && typeof email === 'string' && typeof name === 'string' && isRole(role)
}

const knownRoles: Record<Role, true> = { ADMIN: true, TUTOR: true }

function isRole(value: unknown): value is Role {
  return typeof value === 'string' && Object.hasOwn(knownRoles, value)
}
