import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jobs } from '../../server/db/schema.ts'
import { Jobs } from '../../server/lib/jobs.ts'
import { createLogger } from '../../server/logger.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { until } from './support/until.ts'

/**
 * The job mechanism with several connections: on the embedded database a job's transaction holds its one connection,
 * so only PostgreSQL can show a slow job holding back no other (the server-pg project alone runs this file; the rest
 * of the mechanism, on both databases: jobs.test.ts). Two Jobs instances on one database stand for two processes.
 */
describe('jobs on PostgreSQL', () => {
  let t: TestApp
  const logger = createLogger('silent')
  const started: Jobs[] = []
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => {
    for (const runner of started) await runner.stop()
    await t.close()
  })

  const runner = () => {
    const made = new Jobs(t.database.db, logger)
    started.push(made)
    return made
  }
  const rowsOfKind = (kind: string) => t.database.db.select().from(jobs).where(eq(jobs.kind, kind))

  it('claims one job at a time, so a slow job holds back no other: another process runs them meanwhile', async () => {
    let release = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    const ran: string[] = []
    let slowStarted = false
    const [a, b] = [runner(), runner()]
    a.define('slow', async () => {
      slowStarted = true
      await gate
      ran.push('a:slow')
    })
    for (const [name, one] of [['a', a] as const, ['b', b] as const]) {
      one.define('quick', () => {
        ran.push(`${name}:quick`)
        return Promise.resolve()
      })
    }
    await t.database.db.transaction(async (tx) => {
      await a.enqueue(tx, 'slow', {}, { runAt: new Date(Date.now() - 1000) })
      await a.enqueue(tx, 'quick', {})
      await a.enqueue(tx, 'quick', {})
    })
    await a.start()
    await until(
      () => Promise.resolve(slowStarted),
      (started) => started,
    )
    await b.start()
    await until(
      () => rowsOfKind('quick'),
      (rows) => rows.length === 0,
    )
    expect(ran).toEqual(['b:quick', 'b:quick'])
    release()
    await until(
      () => rowsOfKind('slow'),
      (rows) => rows.length === 0,
    )
    expect(ran).toEqual(['b:quick', 'b:quick', 'a:slow'])
  })
})
