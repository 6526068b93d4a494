import { eq, inArray, like } from 'drizzle-orm'
import { afterAll, describe, expect, inject, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import { hashPassword } from '../../server/auth/passwords.ts'
import { mailOutbox, registrationEvents, registrations, users } from '../../server/db/schema.ts'
import { startServer } from './support/server.ts'
import { testDatabaseForProcess } from './support/test-app.ts'
import { until } from './support/until.ts'
import { post, writeLoad } from './support/write-load.ts'

/**
 * Faults a real deployment meets, against the real server process, on either database: a crash in the middle of
 * writes, and delayed work across a crash. (A second process on one embedded folder: data-dir-lock.test.ts; PostgreSQL
 * going away and two API processes on one database: durability.postgres.test.ts.)
 */
const target = inject('testDatabase')
const cleanups: (() => Promise<void> | void)[] = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

describe('a crash under write load', () => {
  it('keeps every acknowledged write, whole, after SIGKILL and a restart', async () => {
    const database = await testDatabaseForProcess()
    const env = { ...database.env, TRUST_PROXY: 'true' }
    const first = await startServer(env)
    const load = writeLoad(first, 8)
    // Let a good number of writes land, then pull the plug in the middle of the next ones.
    await until(
      () => Promise.resolve(load.acknowledged.length),
      (count) => count >= 60,
      20_000,
    )
    await first.kill()
    await load.stop()
    const acknowledged = [...load.acknowledged]
    expect(acknowledged.length).toBeGreaterThanOrEqual(60)

    // The restarted server takes over the dead process's lock (embedded) and serves again.
    const second = await startServer(env)
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

describe('delayed work across a crash', () => {
  it('a reset link asked for just before SIGKILL is still mailed once the server is back', async () => {
    const database = await testDatabaseForProcess()
    const seeded = await database.open()
    await seeded.db.insert(users).values({ email: 'crash-reset@tec.test', name: 'Crash Reset', role: 'ADMIN', passwordHash: await hashPassword('Crash-Reset-Pass-1') })
    await seeded.close()
    const first = await startServer(database.env)
    const asked = await post(first, '/auth/forget-password', { email: 'crash-reset@tec.test' })
    expect(asked.status).toBe(202)
    // The mail is made 0.5 to 2 s after the answer: the process dies before that.
    await first.kill()

    const second = await startServer(database.env)
    cleanups.push(() => second.stop())
    const mailedTo = async () => {
      const outbox = (await (await fetch(`${second.baseUrl}/api/dev/outbox`)).json()) as { messages: { to: string; links: string[] }[] }
      return outbox.messages.filter((message) => message.to === 'crash-reset@tec.test')
    }
    const mailed = await until(mailedTo, (messages) => messages.length > 0, 20_000)
    expect(mailed).toHaveLength(1)
    expect(mailed[0]!.links[0]).toMatch(/\/reset-password\?token=/)
  }, 120_000)
})
