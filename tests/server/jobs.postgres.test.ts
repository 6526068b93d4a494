import { describe, expect, it } from 'vitest'
import { jobRunners } from './support/job-runners.ts'
import { until } from './support/until.ts'

/**
 * The job mechanism with several connections: on the embedded database a job's transaction holds its one connection,
 * so only PostgreSQL can show a slow job holding back no other (the server-pg project alone runs this file; the rest
 * of the mechanism, on both databases: jobs.test.ts). Two Jobs instances on one database stand for two processes.
 */
describe('jobs on PostgreSQL', () => {
  const { app, runner, rowsOfKind } = jobRunners()

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
    await app().database.db.transaction(async (tx) => {
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
