import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { hashPassword } from '../../server/auth/passwords.ts'
import { users } from '../../server/db/schema.ts'
import { startServerProcess, type ServerProcess } from '../support/server-process.ts'
import { testDatabaseForProcess } from './support/test-app.ts'

/**
 * `npm start` runs the compiled server (scripts/build-server.ts), not the TypeScript source: the run's global setup
 * builds it as `npm run build` does, and this checks that it finds every file it reads at run time and every package it
 * loads late.
 */
const SCRIPT = inject('serverScript')
const PASSWORD = 'Correct-Horse-Battery-9'
let server: ServerProcess

beforeAll(async () => {
  const database = await testDatabaseForProcess()
  const db = await database.open()
  await db.db.insert(users).values({ email: 'built@tec.test', role: 'ADMIN', name: 'Built Server', passwordHash: await hashPassword(PASSWORD) })
  await db.close()
  server = await startServerProcess(database.env, { script: SCRIPT })
}, 120_000)

afterAll(async () => {
  await server?.stop()
})

async function call(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers: Record<string, string> = {}
  if (body !== undefined) headers['content-type'] = 'application/json'
  if (token !== undefined) headers.authorization = `Bearer ${token}`
  const answer = await fetch(`${server.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> }
}

describe('the compiled server', () => {
  it('migrates, reads its contract and serves a public read', async () => {
    expect((await call('GET', '/api/health')).status).toBe(200)
    const courses = await call('GET', '/api/courses')
    expect(courses.status).toBe(200)
    expect(Array.isArray(courses.body.items)).toBe(true)
  })

  it('checks a request against the contract and names each bad field', async () => {
    const answer = await call('POST', '/api/auth/login', { email: 'not an email', pass: '' })
    expect(answer.status).toBe(400)
    expect(Object.keys(answer.body.fields as object)).toEqual(expect.arrayContaining(['email']))
  })

  it('signs in (argon2) and refuses a common and a guessable new password (its word list and zxcvbn)', async () => {
    const login = await call('POST', '/api/auth/login', { email: 'built@tec.test', pass: PASSWORD, remember: false })
    expect(login.status).toBe(200)
    const token = String(login.body.token)
    const common = await call('PATCH', '/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'Password1234' }, token)
    expect(common.status).toBe(400)
    expect(common.body.fields).toEqual({ newPassword: 'This password is too common. Choose something less predictable.' })
    const guessable = await call('PATCH', '/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'qwertyuiopasdf' }, token)
    expect(guessable.status).toBe(400)
    expect(guessable.body.fields).toEqual({ newPassword: 'This password would be easy to guess. Try three or four unrelated words together.' })
  })
})
