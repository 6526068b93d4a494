import { afterEach, describe, expect, it, vi } from 'vitest'
import { waitFor } from 'xstate'
import { createAuthApi } from '@/api/auth'
import { AUTH_CHANNEL_NAME } from '@/machines/auth.cross-tab'
import type { AuthActor } from '@/machines/auth.machine'
import { TOKEN_KEY, USER_KEY } from '@/machines/auth.storage'
import { createAuthActor } from '@/machines/auth.wiring'
import { admin, otherToken, sessionFor, token, tutor } from './auth-fixtures'
import { apiWith, json, type Handler } from './fake-api-server'

const started: AuthActor[] = []
const channels: BroadcastChannel[] = []

afterEach(() => {
  started.splice(0).forEach((actor) => actor.stop())
  channels.splice(0).forEach((channel) => channel.close())
})

/** One browser tab: the real wiring over jsdom's storage, a real BroadcastChannel and an HTTP API. */
function openTab(handlers: Record<string, Handler> = {}) {
  const reload = vi.fn()
  const channel = new BroadcastChannel(AUTH_CHANNEL_NAME)
  channels.push(channel)
  const storageEvents = new EventTarget()
  // Read lazily, as in main.tsx: the client exists before the actor it asks for the token.
  const session = {
    get token() {
      return actor.getSnapshot().context.token
    },
    onUnauthorized: () => actor.send({ type: 'SESSION.EXPIRED' }),
  }
  const { client, requests } = apiWith(handlers, session)
  const actor = createAuthActor({
    authApi: createAuthApi(client),
    stores: { local: localStorage, session: sessionStorage },
    channel,
    storageEvents,
    reload,
  })
  started.push(actor)
  actor.start()
  return { actor, reload, requests, storageEvents, client }
}

function store(storage: Storage, user = admin, value = token) {
  storage.setItem(USER_KEY, JSON.stringify(user))
  storage.setItem(TOKEN_KEY, value)
}

const signIn = async (actor: AuthActor, remember: boolean) => {
  actor.send({ type: 'LOGIN', email: admin.email, pass: 'ChangeMe-2026!', remember })
  return waitFor(actor, (s) => !s.matches('authenticating'))
}

describe('persistence', () => {
  it('keeps a remembered session in local storage only', async () => {
    const { actor } = openTab({ 'POST /auth/login': () => json(200, sessionFor(admin)) })
    store(sessionStorage, tutor, otherToken)
    await signIn(actor, true)
    expect(JSON.parse(localStorage.getItem(USER_KEY) ?? 'null')).toEqual(admin)
    expect(localStorage.getItem(TOKEN_KEY)).toBe(token)
    expect(sessionStorage.getItem(USER_KEY)).toBeNull()
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull()
  })

  it('keeps a session without "Remember me" in session storage only', async () => {
    const { actor, requests } = openTab({ 'POST /auth/login': () => json(200, sessionFor(admin)) })
    store(localStorage, tutor, otherToken)
    await signIn(actor, false)
    await expect(requests[0]?.json()).resolves.toMatchObject({ remember: false })
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe(token)
    expect(localStorage.getItem(USER_KEY)).toBeNull()
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull()
  })

  it('restores a stored session, checking it with /auth/me and the stored token', async () => {
    store(sessionStorage)
    const { actor, requests } = openTab({ 'GET /auth/me': () => json(200, { ...admin, name: 'Ada Lovelace' }) })
    const snapshot = await waitFor(actor, (s) => !s.matches('restoring'))
    expect(snapshot.value).toEqual({ authenticated: 'admin' })
    expect(snapshot.context.remember).toBe(false)
    expect(requests[0]?.headers.get('Authorization')).toBe(`Bearer ${token}`)
    expect(JSON.parse(sessionStorage.getItem(USER_KEY) ?? 'null')).toMatchObject({ name: 'Ada Lovelace' })
  })

  it('treats corrupt stored JSON as no session', () => {
    localStorage.setItem(USER_KEY, '{not json')
    localStorage.setItem(TOKEN_KEY, token)
    const { actor } = openTab()
    expect(actor.getSnapshot().value).toBe('anonymous')
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull()
  })

  it('USER.UPDATE saves the merged user', async () => {
    store(localStorage)
    const { actor } = openTab({ 'GET /auth/me': () => json(200, admin) })
    await waitFor(actor, (s) => s.matches('authenticated'))
    actor.send({ type: 'USER.UPDATE', patch: { name: 'Ada L.' } })
    expect(JSON.parse(localStorage.getItem(USER_KEY) ?? 'null')).toEqual({ ...admin, name: 'Ada L.' })
  })

  it('LOGOUT revokes the token on the server, removes both keys and reloads', async () => {
    store(localStorage)
    const { actor, reload, requests } = openTab({ 'GET /auth/me': () => json(200, admin), 'POST /auth/logout': () => new Response(null, { status: 204 }) })
    await waitFor(actor, (s) => s.matches('authenticated'))
    actor.send({ type: 'LOGOUT' })
    await waitFor(actor, (s) => s.matches('anonymous'))
    const logout = requests.find((request) => request.url.endsWith('/auth/logout'))
    expect(logout?.headers.get('Authorization')).toBe(`Bearer ${token}`)
    expect(localStorage.getItem(USER_KEY)).toBeNull()
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull()
    expect(reload).toHaveBeenCalledOnce()
  })
})

describe('the 401 path', () => {
  it('a 401 on any request with the token ends the session and clears storage', async () => {
    store(localStorage)
    let meAnswer = json(200, admin)
    const { actor, client } = openTab({ 'GET /auth/me': () => meAnswer })
    await waitFor(actor, (s) => s.matches('authenticated'))
    meAnswer = json(401, { message: 'Your session has ended. Sign in again.' })
    await expect(createAuthApi(client).getMe()).rejects.toMatchObject({ status: 401 })
    expect(actor.getSnapshot().value).toBe('anonymous')
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull()
  })

  it('a stored token the server rejects on start is dropped', async () => {
    store(localStorage)
    const { actor } = openTab({ 'GET /auth/me': () => json(401, { message: 'Your session has ended.' }) })
    const snapshot = await waitFor(actor, (s) => !s.matches('restoring'))
    expect(snapshot.value).toBe('anonymous')
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull()
  })

  it('an unreachable server on start keeps the stored session', async () => {
    store(localStorage)
    const { actor } = openTab({ 'GET /auth/me': () => Promise.reject(new TypeError('Failed to fetch')) })
    const snapshot = await waitFor(actor, (s) => !s.matches('restoring'))
    expect(snapshot.value).toEqual({ authenticated: 'admin' })
    expect(localStorage.getItem(TOKEN_KEY)).toBe(token)
  })
})

describe('across tabs', () => {
  const api = { 'GET /auth/me': () => json(200, admin), 'POST /auth/logout': () => new Response(null, { status: 204 }) }

  it('a logout in one tab logs out the other', async () => {
    store(localStorage)
    const first = openTab(api)
    const second = openTab(api)
    await waitFor(first.actor, (s) => s.matches('authenticated'))
    await waitFor(second.actor, (s) => s.matches('authenticated'))

    first.actor.send({ type: 'LOGOUT' })
    const snapshot = await waitFor(second.actor, (s) => s.matches('anonymous'))
    expect(snapshot.context).toMatchObject({ user: null, token: null })
    expect(second.reload).not.toHaveBeenCalled()
    expect(second.requests.some((request) => request.url.endsWith('/auth/logout'))).toBe(false)
  })

  it('an expired session in one tab ends it in the other', async () => {
    store(localStorage)
    const first = openTab(api)
    const second = openTab(api)
    await waitFor(second.actor, (s) => s.matches('authenticated'))
    await waitFor(first.actor, (s) => s.matches('authenticated'))
    first.actor.send({ type: 'SESSION.EXPIRED' })
    await waitFor(second.actor, (s) => s.matches('anonymous'))
  })

  it('follows a token removed from local storage by another tab', async () => {
    store(localStorage)
    const tab = openTab(api)
    await waitFor(tab.actor, (s) => s.matches('authenticated'))
    tab.storageEvents.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEY, oldValue: token, newValue: null }))
    expect(tab.actor.getSnapshot().value).toBe('anonymous')
  })

  it('adopts the new token another tab stored after a password change', async () => {
    store(localStorage)
    const tab = openTab(api)
    await waitFor(tab.actor, (s) => s.matches('authenticated'))
    store(localStorage, admin, otherToken)
    tab.storageEvents.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEY, oldValue: token, newValue: otherToken }))
    expect(tab.actor.getSnapshot().context.token).toBe(otherToken)
  })
})
