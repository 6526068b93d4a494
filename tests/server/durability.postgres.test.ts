import { afterAll, describe, expect, it } from 'vitest'
import { hashPassword } from '../../server/auth/passwords.ts'
import { databaseFromUrl } from '../../server/db/client.ts'
import { users } from '../../server/db/schema.ts'
import type { ServerProcess } from '../support/server-process.ts'
import { adminQuery, findPostgresBin, startPostgresCluster, type PostgresCluster } from './support/postgres-cluster.ts'
import { subjectEnrolment } from './support/registration-bodies.ts'
import { startServer } from './support/server.ts'
import { until } from './support/until.ts'
import { nextIp, post, writeLoad } from './support/write-load.ts'

/**
 * Faults of PostgreSQL and of several processes on it, against real server processes, each test on a cluster of its
 * own: the database going away under load and coming back, and two API processes sharing sessions, counters and links.
 * The server-pg project alone runs this file. (Crashes on either database: durability.test.ts.)
 */
const cleanups: (() => Promise<void> | void)[] = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

describe('PostgreSQL', () => {
  let cluster: PostgresCluster
  let url: string

  async function ownCluster(): Promise<void> {
    const bin = findPostgresBin()
    if (!bin) throw new Error('PostgreSQL binaries are missing')
    const started = await startPostgresCluster(bin)
    cleanups.push(() => started.stop())
    cluster = started
    await adminQuery(cluster.adminUrl(), 'create database tec')
    url = cluster.adminUrl('tec')
    const database = databaseFromUrl(url)
    await database.migrate()
    await database.close()
  }

  it('stopped under load: the API answers 503 with the error body within 2 s, and recovers once it is back', async () => {
    await ownCluster()
    const server = await startServer({ DATABASE_URL: url, TRUST_PROXY: 'true' })
    cleanups.push(() => server.stop())
    const load = writeLoad(server, 4)
    // Under load: writes are landing when PostgreSQL goes away.
    await until(
      () => Promise.resolve(load.acknowledged.length),
      (count) => count >= 8,
    )
    cluster.pause()
    await load.stop()

    for (const path of ['/health', '/courses', '/blog-posts']) {
      const started = performance.now()
      const answer = await fetch(`${server.baseUrl}/api${path}`, { signal: AbortSignal.timeout(10_000) }).catch((error: unknown) => {
        throw new Error(`The server stopped answering when PostgreSQL went away:\n${server.output()}`, { cause: error })
      })
      const took = performance.now() - started
      expect(answer.status, path).toBe(503)
      expect(Object.keys((await answer.json()) as object)).toEqual(['message'])
      // Answered rather than hung (the request gives up after 10 s); how soon is bench/'s figure (npm run bench, faults).
      console.info(`${path} answered 503 after ${took.toFixed(0)} ms with PostgreSQL stopped`)
    }
    const write = await post(server, '/enrolments/subject', subjectEnrolment(900_001))
    expect(write.status).toBe(503)

    cluster.resume()
    expect(await until(async () => (await fetch(`${server.baseUrl}/api/health`)).status, (status) => status === 200)).toBe(200)
    const after = await post(server, '/enrolments/subject', subjectEnrolment(900_002))
    expect(after.status).toBe(201)
  }, 120_000)

  it('two API processes share sessions, rate-limit counters and reset tokens', async () => {
    await ownCluster()
    const env = { DATABASE_URL: url, TRUST_PROXY: 'true' }
    const [one, two] = await Promise.all([startServer(env), startServer(env)])
    cleanups.push(() => one.stop(), () => two.stop())

    // A user made through the command line tool's path: the database, shared by both.
    const database = databaseFromUrl(url)
    await database.db.insert(users).values({ email: 'shared@tec.test', name: 'Shared', role: 'ADMIN', passwordHash: await hashPassword('Shared-Passphrase-2026') })
    await database.close()

    // A session made through one is valid on the other, and a logout through the other ends it for both.
    const login = await post(one, '/auth/login', { email: 'shared@tec.test', pass: 'Shared-Passphrase-2026' })
    const { token } = (await login.json()) as { token: string }
    const me = (server: ServerProcess) => fetch(`${server.baseUrl}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })
    expect((await me(two)).status).toBe(200)
    const logout = await fetch(`${two.baseUrl}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })
    expect(logout.status).toBeLessThan(300)
    expect((await me(one)).status).toBe(401)

    // A reset link asked for through one works once through the other.
    expect((await post(one, '/auth/forget-password', { email: 'shared@tec.test' })).status).toBe(202)
    const linkMailed = async () => {
      const outbox = (await (await fetch(`${one.baseUrl}/api/dev/outbox`)).json()) as { messages: { to: string; links: string[] }[] }
      return outbox.messages.find((message) => message.to === 'shared@tec.test')?.links.find((href) => href.includes('token='))
    }
    const link = await until(linkMailed, (found) => found !== undefined)
    const resetToken = new URL(link!).searchParams.get('token')
    const reset = (server: ServerProcess) =>
      fetch(`${server.baseUrl}/api/auth/reset-password?token=${resetToken}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
        body: JSON.stringify({ password: 'Second-Passphrase-2027' }),
      })
    expect((await reset(two)).status).toBe(200)
    expect((await reset(one)).status).toBe(400)
    expect((await post(one, '/auth/login', { email: 'shared@tec.test', pass: 'Second-Passphrase-2027' })).status).toBe(200)

    // Failed attempts counted by one and by the other add up to one limit.
    const ip = '198.51.100.77'
    const statuses: number[] = []
    for (let i = 0; i < 12; i++) {
      const answer = await post(i % 2 === 0 ? one : two, '/auth/login', { email: 'shared@tec.test', pass: 'Wrong-Guess-123' }, { 'x-forwarded-for': ip })
      statuses.push(answer.status)
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(10)
    expect(statuses.slice(10)).toEqual([429, 429])
  }, 120_000)
})
