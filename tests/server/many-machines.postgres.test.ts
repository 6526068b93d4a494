import { and, eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import type { components } from '../../src/api/schema.gen.ts'
import { hashPassword } from '../../server/auth/passwords.ts'
import { loadConfig } from '../../server/config.ts'
import { databaseFromUrl, MIGRATION_LOCK_KEY, openDatabase, type Database } from '../../server/db/client.ts'
import { auditEvents, blogPosts, users } from '../../server/db/schema.ts'
import { seedDemoContent } from '../../server/demo/content.ts'
import { courseEnrolment } from './support/registration-bodies.ts'
import { startServer } from './support/server.ts'
import { DEFAULT_PASSWORD, rowsOf, testDatabaseForProcess } from './support/test-app.ts'
import { until } from './support/until.ts'

type Schemas = components['schemas']

/**
 * Several machines on one PostgreSQL, which only PostgreSQL allows (the embedded database belongs to one process): pools
 * that fit PostgreSQL's connections, a migration that waits for another machine's, and server processes that each see
 * what the other changed (scheduled publishing, public reads and the office's lists kept in memory, sessions). The
 * server-pg project alone runs this file. (Visitors behind proxies and migrating as a step: many-machines.test.ts.)
 */

/** A course's cost, as a visitor reads it from one server process. */
const courseCost = async (base: string, slug: string) => ((await (await fetch(`${base}/api/courses/${slug}`)).json()) as Schemas['Course']).cost

/** How many connections this application holds to one database, as PostgreSQL sees them. */
async function connectionsOf(url: string, applicationName: string): Promise<number> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const result = await client.query<{ n: string }>('select count(*) as n from pg_stat_activity where datname = current_database() and application_name = $1', [applicationName])
    return Number(result.rows[0]?.n ?? 0)
  } finally {
    await client.end()
  }
}

describe('on one PostgreSQL', () => {
  it('holds no more pooled connections than DATABASE_POOL_MAX allows, by default fewer as WEB_CONCURRENCY grows', async () => {
    const { env } = await testDatabaseForProcess()
    const url = env.DATABASE_URL ?? ''
    const config = loadConfig({ DATABASE_URL: url, WEB_CONCURRENCY: '8' }, process.cwd(), 'tool')
    expect(config.databasePoolMax).toBe(2)
    const database = await openDatabase(config)
    let peak = 0
    let running = true
    const watching = (async () => {
      while (running) {
        peak = Math.max(peak, await connectionsOf(url, 'tec-web'))
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    })()
    try {
      const answers = await Promise.all(Array.from({ length: 6 }, (_, n) => rowsOf<{ n: number }>(database, sql`select ${n}::int as n, pg_sleep(0.3)`)))
      expect(answers.map((rows) => rows[0]?.n)).toEqual([0, 1, 2, 3, 4, 5])
    } finally {
      running = false
      await watching
      await database.close()
    }
    expect(peak).toBeGreaterThan(0)
    expect(peak).toBeLessThanOrEqual(2)
  })

  it('waits for another machine\'s migration longer than the pool\'s statement timeout, then starts', async () => {
    const { env } = await testDatabaseForProcess()
    const url = env.DATABASE_URL ?? ''
    const otherMachine = new pg.Client({ connectionString: url })
    await otherMachine.connect()
    let database: Database | undefined
    try {
      await otherMachine.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
      // The pool's timeout made short (1 s rather than 10 s), so the test waits it out in seconds.
      database = databaseFromUrl(url, { statementTimeoutMs: 1_000 })
      let settled = false
      const migrating = database.migrate().finally(() => (settled = true))
      migrating.catch(() => {})
      // The migration waits on the other machine's lock: PostgreSQL says so.
      const waiting = async () => {
        const result = await otherMachine.query<{ n: string }>("select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and application_name = 'tec-web migrate'")
        return Number(result.rows[0]?.n ?? 0)
      }
      expect(await until(waiting, (n) => n === 1)).toBe(1)
      // A pooled statement started after the migration began waiting outlasts the pool's timeout and is cancelled:
      // by then the migration has waited longer than any pooled statement may, and it still waits.
      const cancelled = await rowsOf(database, sql`select pg_sleep(60)`).then(
        () => 'finished',
        (error: unknown) => `${String(error)} ${String((error as Error).cause)}`,
      )
      expect(cancelled).toMatch(/statement timeout/)
      expect(settled).toBe(false)
      await otherMachine.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
      await expect(migrating).resolves.toBeUndefined()
      expect(await database.pendingMigrations()).toBe(0)
    } finally {
      await otherMachine.end()
      await database?.close()
    }
  })
})

describe('scheduled publishing with two server processes on PostgreSQL', () => {
  it('publishes a due post exactly once, whichever process gets there first', { timeout: 90_000 }, async () => {
    const database = await testDatabaseForProcess()
    const db = await database.open()
    try {
      await db.db.transaction((tx) => seedDemoContent(tx))
      const [cover] = await db.db.select({ id: blogPosts.coverMediaId }).from(blogPosts).limit(1)
      // Three posts due within the next second or so, while both processes run their rounds every 200 ms.
      const soon = Date.now() + 1500
      const slugs = ['due-first', 'due-second', 'due-third']
      await db.db.insert(blogPosts).values(
        slugs.map((slug, index) => ({ slug, title: slug, excerpt: 'x', bodyHtml: '<p>x</p>', coverMediaId: cover?.id ?? null, authorName: 'x', status: 'scheduled' as const, publishedAt: new Date(soon + index * 100) })),
      )
      const settings = { ...database.env, SCHEDULED_PUBLISH_EVERY_MS: '200' }
      const [first, second] = await Promise.all([startServer(settings), startServer(settings)])
      try {
        await expect
          .poll(async () => (await db.db.select({ slug: blogPosts.slug }).from(blogPosts).where(eq(blogPosts.status, 'scheduled'))).length, { timeout: 30_000, interval: 200 })
          .toBe(0)
        const published = await db.db.select({ id: auditEvents.id, subject: auditEvents.subjectId }).from(auditEvents).where(and(eq(auditEvents.action, 'post.published')))
        expect(published).toHaveLength(3)
        expect(new Set(published.map((row) => row.subject)).size).toBe(3)
        for (const server of [first, second]) {
          const answer = await fetch(`${server.baseUrl}/api/blog-posts/due-third`)
          expect(answer.status).toBe(200)
        }
      } finally {
        await Promise.all([first.stop(), second.stop()])
      }
    } finally {
      await db.close()
    }
  })
})

describe('public reads kept by two server processes on PostgreSQL', () => {
  it('show a change made through one process from the other, and refuse a session ended on the other as soon as its notice arrives', { timeout: 120_000 }, async () => {
    const database = await testDatabaseForProcess()
    const db = await database.open()
    try {
      await db.db.transaction((tx) => seedDemoContent(tx))
      await db.db.insert(users).values({ email: 'two@tec.test', role: 'ADMIN', name: 'Two Processes', passwordHash: await hashPassword(DEFAULT_PASSWORD) })
      const [first, second] = await Promise.all([startServer(database.env), startServer(database.env)])
      try {
        const call = async <T,>(base: string, method: string, path: string, token?: string, body?: unknown, headers: Record<string, string> = {}) => {
          const reply = await fetch(`${base}/api${path}`, {
            method,
            headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
            body: body === undefined ? undefined : JSON.stringify(body),
          })
          return { status: reply.status, body: (reply.status === 204 ? undefined : await reply.json()) as T }
        }
        const slug = 'coding-for-beginners'
        // Both have read (and kept) the course.
        const before = await Promise.all([courseCost(first.baseUrl, slug), courseCost(second.baseUrl, slug)])
        expect(before[0]).toBeTypeOf('string')
        expect(before[0]).toBe(before[1])

        const signedIn = await call<{ token: string }>(first.baseUrl, 'POST', '/auth/login', undefined, { email: 'two@tec.test', pass: DEFAULT_PASSWORD, remember: false })
        const token = signedIn.body.token
        const rows = await call<Schemas['CourseRowPage']>(first.baseUrl, 'GET', '/admin/courses?q=Coding', token)
        const id = rows.body.items.find((row) => row.slug === slug)?.id ?? ''
        const record = await call<Schemas['CourseRecord']>(first.baseUrl, 'GET', `/admin/courses/${id}`, token)
        const changed = await call(first.baseUrl, 'PUT', `/admin/courses/${id}`, token, { ...record.body.fields, cost: 'Changed through the first' }, { 'if-match': `"${record.body.version}"` })
        expect(changed.status).toBe(200)
        expect(await courseCost(first.baseUrl, slug)).toBe('Changed through the first')
        expect(await until(() => courseCost(second.baseUrl, slug), (cost) => cost === 'Changed through the first')).toBe('Changed through the first')

        // A session signed out through one process is refused by that process at once, and by the other as soon as
        // the database's notice of the commit reaches it: PostgreSQL delivers it apart from the answer, so on a busy
        // machine the other's next request can come first (a clean-clone run saw it).
        expect((await call(second.baseUrl, 'GET', '/auth/me', token)).status).toBe(200)
        expect((await call(first.baseUrl, 'POST', '/auth/logout', token)).status).toBe(204)
        expect((await call(first.baseUrl, 'GET', '/auth/me', token)).status).toBe(401)
        const refused = async () => (await call(second.baseUrl, 'GET', '/auth/me', token)).status
        expect(await until(refused, (status) => status === 401, 5_000)).toBe(401)
      } finally {
        await Promise.all([first.stop(), second.stop()])
      }
    } finally {
      await db.close()
    }
  })
})

describe("the office's lists kept by two server processes on PostgreSQL", () => {
  it('show a form sent through one in the office list kept by the other', { timeout: 120_000 }, async () => {
    const database = await testDatabaseForProcess()
    const db = await database.open()
    try {
      await db.db.transaction((tx) => seedDemoContent(tx))
      await db.db.insert(users).values({ email: 'kept@tec.test', role: 'ADMIN', name: 'Kept Lists', passwordHash: await hashPassword(DEFAULT_PASSWORD) })
      const [first, second] = await Promise.all([startServer(database.env), startServer(database.env)])
      try {
        const login = await fetch(`${second.baseUrl}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'kept@tec.test', pass: DEFAULT_PASSWORD }),
        })
        const { token } = (await login.json()) as { token: string }
        const total = async () => {
          const reply = await fetch(`${second.baseUrl}/api/admin/registrations`, { headers: { authorization: `Bearer ${token}` } })
          return ((await reply.json()) as Schemas['RegistrationPage']).total
        }
        const before = await total()
        expect(await total()).toBe(before)
        const sent = await fetch(`${first.baseUrl}/api/enrolments/course`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(courseEnrolment(502)) })
        expect(sent.status).toBe(201)
        expect(await until(total, (shown) => shown === before + 1)).toBe(before + 1)
      } finally {
        await Promise.all([first.stop(), second.stop()])
      }
    } finally {
      await db.close()
    }
  })
})
