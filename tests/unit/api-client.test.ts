import { describe, expect, it, vi } from 'vitest'
import { createAuthApi } from '@/api/auth'
import { createApiClient } from '@/api/client'
import { ApiError, NETWORK_ERROR_MESSAGE } from '@/api/errors'
import { admin, sessionFor, token } from './auth-fixtures'
import { apiWith, json } from './fake-api-server'

describe('the API client', () => {
  it('adds the Bearer token when there is one', async () => {
    const { client, requests } = apiWith({ 'GET /auth/me': () => json(200, admin) }, { token })
    await expect(createAuthApi(client).getMe()).resolves.toEqual(admin)
    expect(requests[0]?.headers.get('Authorization')).toBe(`Bearer ${token}`)
  })

  it('sends no Authorization header without a token', async () => {
    const { client, requests } = apiWith({ 'POST /auth/login': () => json(200, sessionFor(admin)) }, { token: null })
    await createAuthApi(client).login({ email: admin.email, pass: 'secret', remember: true })
    expect(requests[0]?.headers.has('Authorization')).toBe(false)
    await expect(requests[0]?.json()).resolves.toEqual({ email: admin.email, pass: 'secret', remember: true })
  })

  it('throws the server message, fields and status as an ApiError', async () => {
    const body = { message: 'Check the highlighted fields.', fields: { currentPassword: 'That is not your current password.' } }
    const { client } = apiWith({ 'PATCH /auth/change-password': () => json(400, body) }, { token })
    const error = await createAuthApi(client).changePassword({ currentPassword: 'x', newPassword: 'long enough' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 400, kind: 'http', message: body.message, fields: body.fields })
  })

  it('explains an error answer without the contract body in plain words', async () => {
    const { client } = apiWith({ 'GET /auth/me': () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }) }, { token })
    await expect(createAuthApi(client).getMe()).rejects.toMatchObject({
      status: 502,
      kind: 'http',
      message: 'The server could not answer (502 Bad Gateway). Try again in a moment.',
    })
  })

  it('sends the reset token as the query parameter and reads the field messages', async () => {
    const resetToken = 'T'.repeat(43)
    const body = { message: 'This link has expired or was already used.', fields: { token: 'Ask for a new link.' } }
    const { client, requests } = apiWith({ 'PATCH /auth/reset-password': () => json(400, body) }, { token: null })
    const error = await createAuthApi(client).resetPassword(resetToken, { password: 'a new password' }).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 400, fields: body.fields })
    expect(new URL(requests[0]?.url ?? '').search).toBe(`?token=${resetToken}`)
  })

  it('calls onUnauthorized for a 401 to a request that carried a token', async () => {
    const onUnauthorized = vi.fn()
    const { client } = apiWith({ 'GET /auth/me': () => json(401, { message: 'Your session has ended.' }) }, { token, onUnauthorized })
    await expect(createAuthApi(client).getMe()).rejects.toMatchObject({ status: 401 })
    expect(onUnauthorized).toHaveBeenCalledOnce()
  })

  it('does not treat a failed sign-in (401 without a token) as an ended session', async () => {
    const onUnauthorized = vi.fn()
    const { client } = apiWith({ 'POST /auth/login': () => json(401, { message: 'Wrong email or password.' }) }, { token: null, onUnauthorized })
    await expect(createAuthApi(client).login({ email: admin.email, pass: 'nope', remember: true })).rejects.toMatchObject({
      status: 401,
      message: 'Wrong email or password.',
    })
    expect(onUnauthorized).not.toHaveBeenCalled()
  })

  it('turns a 2xx answer that is not JSON into a parse ApiError', async () => {
    const { client } = apiWith({ 'GET /auth/me': () => new Response('not json', { status: 200 }) }, { token })
    await expect(createAuthApi(client).getMe()).rejects.toMatchObject({ kind: 'parse', status: 200 })
  })

  it('turns a failed fetch into a network ApiError with status 0', async () => {
    const client = createApiClient({
      baseUrl: 'http://api.test/api',
      getToken: () => null,
      onUnauthorized: () => {},
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    })
    await expect(createAuthApi(client).getMe()).rejects.toMatchObject({ status: 0, kind: 'network', message: NETWORK_ERROR_MESSAGE })
  })

  it('gives up after the timeout with a timeout ApiError', async () => {
    const client = createApiClient({
      baseUrl: 'http://api.test/api',
      getToken: () => null,
      onUnauthorized: () => {},
      timeoutMs: 20,
      fetch: (request) =>
        new Promise<Response>((_, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason as Error))),
    })
    await expect(createAuthApi(client).getMe()).rejects.toMatchObject({ status: 0, kind: 'timeout' })
  })
})
