import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer } from './support/server.ts'
import { until } from './support/until.ts'
import { createTestApp, rowsOf, testDatabaseForProcess, type TestApp } from './support/test-app.ts'

/**
 * Liveness and readiness told apart: a process is live while it answers at all, and ready only while its database
 * answers, its migrations are all applied, its change feed listens and it is not shutting down.
 */
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

const ready = () => t.request('GET', '/api/health/ready')
const live = () => t.request('GET', '/api/health/live')

describe('health', () => {
  it('is live and, once its change feed listens, ready', async () => {
    expect(await live()).toMatchObject({ status: 200, body: { status: 'ok' } })
    expect(await until(ready, (answer) => answer.status === 200)).toMatchObject({ status: 200, body: { status: 'ok' } })
    expect((await ready()).headers.get('cache-control')).toBe('no-store')
  })

  it('is not ready while a migration of this build is not applied, and says so', async () => {
    const [last] = await rowsOf<{ id: number; hash: string; created_at: string }>(t.database, sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`)
    if (!last) throw new Error('no migration recorded')
    await t.database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last.id}`)
    try {
      const answer = await ready()
      expect(answer.status).toBe(503)
      expect(answer.body.message).toBe('Not ready: 1 migration is not applied (run npm run migrate, or start a server of this build without MIGRATE_ON_START=false).')
      expect(answer.headers.get('retry-after')).toBe('5')
      expect((await live()).status).toBe(200)
    } finally {
      await t.database.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last.id}, ${last.hash}, ${last.created_at})`)
    }
    expect((await ready()).status).toBe(200)
  })

  it('is not ready from the moment a shutdown begins, while still live', async () => {
    t.deps.readiness.drain()
    expect(await ready()).toMatchObject({ status: 503, body: { message: 'Not ready: the server is shutting down.' } })
    expect((await live()).status).toBe(200)
  })
})

describe('a real process draining', () => {
  it('answers 503 on ready, and 200 on live, from SIGTERM until its listener closes, then exits cleanly', async () => {
    const database = await testDatabaseForProcess()
    const server = await startServer({ ...database.env, SHUTDOWN_DELAY_MS: '2500' })
    const status = async (path: string) => (await fetch(`${server.baseUrl}${path}`, { signal: AbortSignal.timeout(5_000) })).status
    expect(await until(() => status('/api/health/ready'), (answer) => answer === 200)).toBe(200)
    const stopped = server.stop()
    const started = Date.now()
    expect(await until(() => status('/api/health/ready'), (answer) => answer === 503)).toBe(503)
    // Still serving everything else while the load balancer notices.
    expect(await status('/api/health/live')).toBe(200)
    expect(await status('/api/courses')).toBe(200)
    await stopped
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000)
    await expect(fetch(`${server.baseUrl}/api/health/live`)).rejects.toThrow()
    expect(server.output()).not.toMatch(/shutdown failed/)
  }, 60_000)
})
