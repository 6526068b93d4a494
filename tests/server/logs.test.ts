import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { hashPassword } from '../../server/auth/passwords.ts'
import { seal } from '../../server/auth/secret-box.ts'
import { secondFactors, users } from '../../server/db/schema.ts'
import { createLogger } from '../../server/logger.ts'
import type { ServerProcess } from '../support/server-process.ts'
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts'
import { startServer } from './support/server.ts'
import { testDatabaseForProcess } from './support/test-app.ts'
import { until } from './support/until.ts'

const EMAIL = 'logged@tec.test'
const PASSWORD = 'Quiet-Library-Morning-7'
const NEW_PASSWORD = 'Loud-Canteen-Evening-8'
const CHANGED_PASSWORD = 'Calm-Harbour-Sunrise-9'
const PREVIOUS_KEY = Buffer.alloc(32, 8)

let server: ServerProcess
let sink: SmtpSink
let loggedUserId = ''

beforeAll(async () => {
  const target = await testDatabaseForProcess()
  const database = await target.open()
  const [logged] = await database.db.insert(users).values({ email: EMAIL, name: 'Logged Person', role: 'TUTOR', passwordHash: await hashPassword(PASSWORD) }).returning()
  loggedUserId = logged?.id ?? ''
  // An authenticator secret sealed under a key this server was not given, as after SECOND_FACTOR_KEY changed.
  const [rekeyed] = await database.db.insert(users).values({ email: 'rekeyed@tec.test', name: 'Rekeyed Person', role: 'TUTOR', passwordHash: await hashPassword(PASSWORD) }).returning()
  if (!rekeyed) throw new Error('no user')
  await database.db.insert(secondFactors).values({ userId: rekeyed.id, secretCiphertext: seal(Buffer.alloc(32, 9), 'JBSWY3DPEHPK3PXP', rekeyed.id), createdAt: new Date() })
  // And one sealed under the key being rotated out, which the server is given as the previous key.
  const [rotated] = await database.db.insert(users).values({ email: 'rotated@tec.test', name: 'Rotated Person', role: 'TUTOR', passwordHash: await hashPassword(PASSWORD) }).returning()
  if (!rotated) throw new Error('no user')
  await database.db.insert(secondFactors).values({ userId: rotated.id, secretCiphertext: seal(PREVIOUS_KEY, 'JBSWY3DPEHPK3PXP', rotated.id), createdAt: new Date() })
  await database.close()
  sink = await startSmtpSink()
  // The most talkative level: if anything were to log a secret, debug would.
  server = await startServer({ ...target.env, SMTP_URL: sink.url, LOG_LEVEL: 'debug', SECOND_FACTOR_PREVIOUS_KEY: PREVIOUS_KEY.toString('base64') })
})
afterAll(async () => {
  await server?.stop()
  await sink?.close()
})

const call = async (method: string, path: string, body?: unknown, token?: string) => {
  const headers: Record<string, string> = {}
  if (body !== undefined) headers['content-type'] = 'application/json'
  if (token) headers.authorization = `Bearer ${token}`
  const answer = await fetch(`${server.baseUrl}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
  return { status: answer.status, body: (answer.status === 204 ? {} : await answer.json()) as { token?: string } }
}

describe('the structured logs of a real server process', () => {
  test('tell whoever runs the server, at start, which secrets moved to the new SECOND_FACTOR_KEY and which open with no key given', () => {
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level?: number; msg?: string; unreadable?: number; resealed?: number })
      .filter((line) => line.msg?.includes('SECOND_FACTOR_KEY'))
    expect(lines).toEqual([expect.objectContaining({ level: 30, resealed: 1 }), expect.objectContaining({ level: 50, unreadable: 1 })])
    expect(lines[0]?.msg).toBe('1 stored authenticator secret(s) moved from SECOND_FACTOR_PREVIOUS_KEY to SECOND_FACTOR_KEY.')
    expect(lines[1]?.msg).toContain('1 stored authenticator secret(s) do not open with SECOND_FACTOR_KEY or SECOND_FACTOR_PREVIOUS_KEY')
  })

  test("name a signed-in request in each of its lines: its id, its operation and the caller's id, never their email or name", async () => {
    const signedIn = await call('POST', '/auth/login', { email: EMAIL, pass: PASSWORD })
    expect(signedIn.status).toBe(200)
    const answer = await fetch(`${server.baseUrl}/api/auth/me`, { headers: { authorization: `Bearer ${signedIn.body.token}` } })
    expect(answer.status).toBe(200)
    const requestId = answer.headers.get('x-request-id')
    expect(requestId).toBeTruthy()
    // Written as the answer goes out: read the output until the request's own line is there.
    const linesOf = () =>
      server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{') && line.includes(`"${requestId}"`))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
    const lines = await until(
      () => Promise.resolve(linesOf()),
      (found) => found.some((line) => line.msg === 'request'),
    )
    // At debug level the handler's side logs too ('request started'): every line says the same three things.
    expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(['request started', 'request']))
    for (const line of lines) expect(line).toMatchObject({ requestId, operation: 'getMe', userId: loggedUserId })
    const text = JSON.stringify(lines)
    expect(text).not.toContain(EMAIL)
    expect(text).not.toContain('Logged Person')
  })

  test('record every request but never a password, a token or a reset link', async () => {
    expect((await call('POST', '/auth/login', { email: EMAIL, pass: 'Wrong-Password-123' })).status).toBe(401)
    const signedIn = await call('POST', '/auth/login', { email: EMAIL, pass: PASSWORD })
    expect(signedIn.status).toBe(200)
    expect((await call('GET', '/auth/me', undefined, signedIn.body.token)).status).toBe(200)

    expect((await call('POST', '/auth/forget-password', { email: EMAIL })).status).toBe(202)
    const mail = await sink.waitForMail(EMAIL)
    const link = /https?:\/\/\S+\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(mail.text ?? '')
    expect(link).not.toBeNull()
    const resetToken = link?.[1] ?? ''
    // The token in every place a reset link's address can reach the server before it is used: refused bodies and
    // methods, the page itself, and a sign-in page sent back to it.
    const withToken = (path: string, init: RequestInit = {}) => fetch(`${server.baseUrl}${path}`, init).then((answer) => answer.status)
    expect(await withToken(`/api/auth/reset-password?token=${resetToken}`, { method: 'PATCH', body: '{"password": ', headers: { 'content-type': 'application/json' } })).toBe(400)
    expect(await withToken(`/api/auth/reset-password?token=${resetToken}&welcome=1`, { method: 'POST' })).toBe(405)
    await withToken(`/reset-password?token=${resetToken}`)
    await withToken(`/login?redirect=${encodeURIComponent(`/reset-password?token=${resetToken}`)}`)
    expect((await call('PATCH', `/auth/reset-password?token=${resetToken}`, { password: NEW_PASSWORD })).status).toBe(200)

    const again = await call('POST', '/auth/login', { email: EMAIL, pass: NEW_PASSWORD })
    const changed = await call('PATCH', '/auth/change-password', { currentPassword: NEW_PASSWORD, newPassword: CHANGED_PASSWORD }, again.body.token)
    expect(changed.status).toBe(200)
    expect((await call('POST', '/auth/logout', undefined, changed.body.token)).status).toBe(204)
    await server.stop()

    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg?: string; route?: string; status?: number })
    // The logs are there, structured, one line per request with its route pattern and status...
    expect(lines.filter((line) => line.msg === 'request').map((line) => `${line.route} ${line.status}`)).toEqual(
      expect.arrayContaining(['/api/auth/login 401', '/api/auth/login 200', '/api/auth/me 200', '/api/auth/forget-password 202', '/api/auth/reset-password 200', '/api/auth/change-password 200', '/api/auth/logout 204']),
    )
    // ...and hold no secret the requests carried.
    const logText = server.output()
    for (const secret of [PASSWORD, NEW_PASSWORD, CHANGED_PASSWORD, 'Wrong-Password-123', signedIn.body.token, again.body.token, changed.body.token, resetToken, link?.[0]]) {
      expect(secret && logText.includes(secret), `a secret reached the logs`).toBe(false)
    }
    expect(logText).not.toContain('reset-password?token')
  })
})

describe('the logger', () => {
  test('blanks a token or password in any address a line holds, whatever the level, the field or how deep', () => {
    const secret = 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5'
    const lines: string[] = []
    const logger = createLogger('trace', { write: (line: string) => lines.push(line) })
    logger.debug({ address: `/reset-password?token=${secret}&welcome=1` }, 'page left to the browser')
    logger.trace(`PATCH /api/auth/reset-password?welcome=1&token=${secret}`)
    logger.info({ nested: { deeper: { url: `http://tec.test/login?redirect=${encodeURIComponent(`/reset-password?token=${secret}`)}` } } }, 'seen')
    logger.warn({ err: new Error(`could not read http://tec.test/x?password=${secret}#top`) }, 'a read failed')
    logger.error({ address: `/feed?key=${secret}` }, `failed at /x?access_token=${secret}`)
    expect(lines).toHaveLength(5)
    for (const line of lines) expect(line).not.toContain(secret)
    const [first, second, third, fourth] = lines.map((line) => JSON.parse(line) as { address?: string; msg?: string; nested?: { deeper: { url: string } }; err?: { message: string } })
    // What is left still says where the request went.
    expect(first?.address).toBe('/reset-password?token=[redacted]&welcome=1')
    expect(second?.msg).toBe('PATCH /api/auth/reset-password?welcome=1&token=[redacted]')
    expect(third?.nested?.deeper.url).toBe('http://tec.test/login?redirect=%2Freset-password%3Ftoken%3D[redacted]')
    expect(fourth?.err?.message).toBe('could not read http://tec.test/x?password=[redacted]#top')
  })
})
