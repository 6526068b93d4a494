import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ServerBusyError, WorkQueue } from '../../server/lib/work-queue.ts'
import type { ServerProcess } from '../support/server-process.ts'
import { startServer } from './support/server.ts'
import { testDatabaseForProcess } from './support/test-app.ts'

/**
 * Sign-ins cannot starve the server: password hashing runs through a bounded queue sized to the machine, a full
 * queue answers 503 with Retry-After at once, and everything else keeps answering. A real server process, flooded
 * with 1,000 sign-ins from 1,000 addresses (each an unknown email, so every one would cost a hash).
 */
const LOGINS = 1000

describe('the bounded work queue', () => {
  it('runs at most `concurrency` at once, lines up `waiting` more, and refuses the rest at once', async () => {
    const queue = new WorkQueue(2, 3, 7)
    let running = 0
    let most = 0
    const releases: (() => void)[] = []
    const work = () =>
      queue.run(async () => {
        running += 1
        most = Math.max(most, running)
        await new Promise<void>((resolve) => releases.push(resolve))
        running -= 1
        return 'done'
      })
    const accepted = Array.from({ length: 5 }, work)
    expect(queue.full).toBe(true)
    const refused = await work().catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(ServerBusyError)
    expect((refused as ServerBusyError).retryAfterSeconds).toBe(7)
    // Release one at a time, as work finishes: the line moves up and no more than two ever run together.
    while (releases.length > 0 || running > 0) {
      await new Promise((resolve) => setImmediate(resolve))
      releases.shift()?.()
    }
    expect(await Promise.all(accepted)).toEqual(['done', 'done', 'done', 'done', 'done'])
    expect(most).toBe(2)
    expect(queue.full).toBe(false)
  })
})

describe('a flood of sign-ins', () => {
  let server: ServerProcess
  beforeAll(async () => {
    const target = await testDatabaseForProcess()
    server = await startServer({ ...target.env, TRUST_PROXY: 'true' })
  })
  afterAll(async () => server?.stop())

  it('answers 401 or a quick 503 with Retry-After to 1,000 sign-ins from 1,000 addresses, while /api/health keeps answering', async () => {
    let flooding = true
    const health: number[] = []
    const healthStatuses = new Set<number>()
    const watchHealth = (async () => {
      while (flooding) {
        const started = performance.now()
        const answer = await fetch(`${server.baseUrl}/api/health`)
        await answer.arrayBuffer()
        health.push(performance.now() - started)
        healthStatuses.add(answer.status)
      }
    })()

    const started = performance.now()
    const answers = await Promise.all(
      Array.from({ length: LOGINS }, async (_, i) => {
        const answer = await fetch(`${server.baseUrl}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.18.${i >> 8}.${i & 255}` },
          body: JSON.stringify({ email: `flood-${i}@nobody.test`, pass: 'Flood-Guess-123' }),
        })
        const body = (await answer.json()) as { message: string }
        return { status: answer.status, retryAfter: answer.headers.get('retry-after'), message: body.message }
      }),
    )
    const seconds = (performance.now() - started) / 1000
    flooding = false
    await watchHealth

    const count = (status: number) => answers.filter((answer) => answer.status === status).length
    const sorted = [...health].sort((a, b) => a - b)
    const p99 = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? Number.NaN
    console.info(
      `login flood: ${LOGINS} sign-ins in ${seconds.toFixed(1)} s: ${count(401)} checked (401), ${count(503)} refused at once (503); ` +
        `/api/health answered ${health.length} times during it, p99 ${p99.toFixed(1)} ms, median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(1)} ms`,
    )
    expect(count(401) + count(503)).toBe(LOGINS)
    expect(count(503)).toBeGreaterThan(0)
    // Refused by the sign-in queue, as a flood should be; on a machine too busy to open the pool's connections to
    // PostgreSQL within its two seconds, a sign-in that got in may be refused as the database being out of reach. Both
    // are 503 and say when to try again.
    const refusals = answers.filter((answer) => answer.status === 503)
    expect(refusals.filter((answer) => answer.message === 'The server is busy right now. Try again in a moment.').length).toBeGreaterThan(0)
    for (const refused of refusals) {
      expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1)
      expect(['The server is busy right now. Try again in a moment.', 'The service is temporarily unavailable. Please try again shortly.']).toContain(refused.message)
    }
    expect(health.length).toBeGreaterThan(0)
    expect([...healthStatuses]).toEqual([200])
    // Once the flood is over, a sign-in is checked again.
    const after = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.19.0.1' },
      body: JSON.stringify({ email: 'after-flood@nobody.test', pass: 'Flood-Guess-123' }),
    })
    expect(after.status).toBe(401)
  }, 120_000)
})
