import { eq, inArray, like } from 'drizzle-orm'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { databaseFromUrl, type Database } from '../../server/db/client.ts'
import { hashPassword } from '../../server/auth/passwords.ts'
import { mailOutbox, registrationEvents, registrations, users } from '../../server/db/schema.ts'
import { startServerProcess, type ServerProcess } from '../support/server-process.ts'
import { adminQuery, findPostgresBin, startPostgresCluster, type PostgresCluster } from './support/postgres-cluster.ts'
import { subjectEnrolment } from './support/registration-bodies.ts'
import { noDatabase, testDatabaseForProcess } from './support/test-app.ts'

/**
 * Faults a real deployment meets, against the real server process: a crash in the middle of writes, a second
 * process on the same data, PostgreSQL going away and coming back, and two API processes on one database.
 */
const target = inject('testDatabase')
const onPostgres = target.kind === 'postgres'
const cleanups: (() => Promise<void> | void)[] = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

let counter = 0
const nextIp = () => {
  counter += 1
  return `100.96.${(counter >> 8) & 255}.${counter & 255}`
}

async function post(server: ServerProcess, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.baseUrl}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp(), ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  })
}

/** Sends enrolments from `workers` loops until `stop()` says so; answers the references the server acknowledged. */
function writeLoad(server: ServerProcess, workers: number) {
  const acknowledged: string[] = []
  let running = true
  let sent = 0
  const loops = Array.from({ length: workers }, async () => {
    while (running) {
      sent += 1
      try {
        const n = 100_000 + counter * 7 + sent
        const answer = await post(server, '/enrolments/subject', subjectEnrolment(n, { contact: { ...subjectEnrolment(n).contact, email: `load.${n}@crash.example` } }))
        if (answer.status === 201) acknowledged.push(((await answer.json()) as { reference: string }).reference)
      } catch {
        // The connection died with the server: this write was never acknowledged.
      }
    }
  })
  return {
    acknowledged,
    stop: async () => {
      running = false
      await Promise.all(loops)
    },
  }
}

describe.skipIf(noDatabase)('a crash under write load', () => {
  it('keeps every acknowledged write, whole, after SIGKILL and a restart', async () => {
    const database = await testDatabaseForProcess()
    const env = { ...database.env, TRUST_PROXY: 'true' }
    const first = await startServerProcess(env)
    const load = writeLoad(first, 8)
    // Let a good number of writes land, then pull the plug in the middle of the next ones.
    const deadline = Date.now() + 20_000
    while (load.acknowledged.length < 60 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25))
    await first.kill()
    await load.stop()
    const acknowledged = [...load.acknowledged]
    expect(acknowledged.length).toBeGreaterThanOrEqual(60)

    // The restarted server takes over the dead process's lock (embedded) and serves again.
    const second = await startServerProcess(env)
    expect((await fetch(`${second.baseUrl}/api/health`)).status).toBe(200)
    await second.stop()

    const db: Database = await database.open()
    try {
      const stored = await db.db.select().from(registrations).where(inArray(registrations.reference, acknowledged))
      expect(stored.map((row) => row.reference).sort()).toEqual([...acknowledged].sort())
      // Nothing half-written: every registration the crash left behind has its history entry and both mails.
      const all = await db.db.select().from(registrations).where(like(registrations.email, 'load.%@crash.example'))
      for (const row of all) {
        const events = await db.db.select().from(registrationEvents).where(eq(registrationEvents.registrationId, row.id))
        expect(events.map((event) => event.kind), row.reference).toEqual(['submitted'])
        const mails = await db.db.select().from(mailOutbox).where(like(mailOutbox.text, `%${row.reference}%`))
        expect(mails.length, row.reference).toBe(2)
      }
      console.info(`crash under load (${target.kind}): ${acknowledged.length} acknowledged, ${all.length} stored, all whole`)
    } finally {
      await db.close()
    }
  }, 120_000)
})

describe.skipIf(noDatabase)('delayed work across a crash', () => {
  it('a reset link asked for just before SIGKILL is still mailed once the server is back', async () => {
    const database = await testDatabaseForProcess()
    const seeded = await database.open()
    await seeded.db.insert(users).values({ email: 'crash-reset@tec.test', name: 'Crash Reset', role: 'ADMIN', passwordHash: await hashPassword('Crash-Reset-Pass-1') })
    await seeded.close()
    const first = await startServerProcess(database.env)
    const asked = await post(first, '/auth/forget-password', { email: 'crash-reset@tec.test' })
    expect(asked.status).toBe(202)
    // The mail is made 0.5 to 2 s after the answer: the process dies before that.
    await first.kill()

    const second = await startServerProcess(database.env)
    cleanups.push(() => second.stop())
    const deadline = Date.now() + 20_000
    let mailed: { to: string; links: string[] }[] = []
    while (mailed.length === 0 && Date.now() < deadline) {
      const outbox = (await (await fetch(`${second.baseUrl}/api/dev/outbox`)).json()) as { messages: { to: string; links: string[] }[] }
      mailed = outbox.messages.filter((message) => message.to === 'crash-reset@tec.test')
      if (mailed.length === 0) await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(mailed).toHaveLength(1)
    expect(mailed[0]!.links[0]).toMatch(/\/reset-password\?token=/)
  }, 120_000)
})

// Each project runs the faults that belong to its database; neither registers the other's as skipped.
const embeddedOnly = noDatabase || onPostgres ? () => {} : describe
const postgresOnly = onPostgres ? describe : () => {}

embeddedOnly('one embedded database, one process', () => {
  it('refuses a second process on the same DATA_DIR with a clear message, and the first keeps working', async () => {
    const database = await testDatabaseForProcess()
    const first = await startServerProcess(database.env)
    cleanups.push(() => first.stop())
    const refused = await startServerProcess(database.env).then(
      async (second) => {
        await second.stop()
        return 'started'
      },
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    )
    expect(refused).toMatch(/exited with code [1-9]/)
    expect(refused).toContain(database.env.DATA_DIR)
    expect(refused).toMatch(/in use|locked|another/i)
    expect((await fetch(`${first.baseUrl}/api/health`)).status).toBe(200)
    const login = await post(first, '/auth/login', { email: 'nobody@tec.test', pass: 'Wrong-Guess-123' })
    expect(login.status).toBe(401)
  }, 120_000)
})

postgresOnly('PostgreSQL', () => {
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
    const server = await startServerProcess({ DATABASE_URL: url, TRUST_PROXY: 'true' })
    cleanups.push(() => server.stop())
    const load = writeLoad(server, 4)
    await new Promise((resolve) => setTimeout(resolve, 1000))
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
      expect(took, `${path} took ${took.toFixed(0)} ms`).toBeLessThan(2000)
    }
    const write = await post(server, '/enrolments/subject', subjectEnrolment(900_001))
    expect(write.status).toBe(503)

    cluster.resume()
    let recovered = false
    for (let i = 0; i < 50 && !recovered; i++) {
      recovered = (await fetch(`${server.baseUrl}/api/health`)).status === 200
      if (!recovered) await new Promise((resolve) => setTimeout(resolve, 200))
    }
    expect(recovered).toBe(true)
    const after = await post(server, '/enrolments/subject', subjectEnrolment(900_002))
    expect(after.status).toBe(201)
  }, 120_000)

  it('two API processes share sessions, rate-limit counters and reset tokens', async () => {
    await ownCluster()
    const env = { DATABASE_URL: url, TRUST_PROXY: 'true' }
    const [one, two] = await Promise.all([startServerProcess(env), startServerProcess(env)])
    cleanups.push(() => one.stop(), () => two.stop())

    // A user made through the command line tool's path: the database, shared by both.
    const { hashPassword } = await import('../../server/auth/passwords.ts')
    const { users } = await import('../../server/db/schema.ts')
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
    let link: string | undefined
    for (let i = 0; i < 50 && !link; i++) {
      const outbox = (await (await fetch(`${one.baseUrl}/api/dev/outbox`)).json()) as { messages: { to: string; links: string[] }[] }
      link = outbox.messages.find((message) => message.to === 'shared@tec.test')?.links.find((href) => href.includes('token='))
      if (!link) await new Promise((resolve) => setTimeout(resolve, 100))
    }
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
