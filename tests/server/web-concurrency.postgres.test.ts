import { describe, expect, it } from 'vitest'
import type { ServerProcess } from '../support/server-process.ts'
import { getAlone } from './support/get-alone.ts'
import { sample } from './support/metrics-text.ts'
import { startServer } from './support/server.ts'
import { testDatabaseForProcess } from './support/test-app.ts'
import { until } from './support/until.ts'

/**
 * WEB_CONCURRENCY runs several API processes on one port, with PostgreSQL (the embedded database belongs to one
 * process: web-concurrency.pglite.test.ts). Throughput figures are bench/'s, not a test's.
 */

/** Waits until both workers say they listen, each with its own process id. */
async function bothListening(server: ServerProcess): Promise<void> {
  const listening = () => new Set([...server.output().matchAll(/"pid":(\d+),"port":\d+,"msg":"listening"/g)].map((match) => match[1]))
  expect(await until(() => Promise.resolve(listening().size), (size) => size === 2)).toBe(2)
}

describe('several API processes (WEB_CONCURRENCY) on PostgreSQL', () => {
  it('start as many processes as asked, each answering on the one port, and stop together', { timeout: 120_000 }, async () => {
    const database = await testDatabaseForProcess()
    const server = await startServer({ ...database.env, WEB_CONCURRENCY: '2', LOG_LEVEL: 'info' })
    try {
      await bothListening(server)
      expect(server.output()).toContain('Serving with 2 API processes (WEB_CONCURRENCY).')
      const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${server.baseUrl}/api/courses`)))
      expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 20 }, () => 200))
    } finally {
      await server.stop()
    }
  })

  it("add up every process's metrics, whichever process a scrape reaches", { timeout: 120_000 }, async () => {
    const database = await testDatabaseForProcess()
    const server = await startServer({ ...database.env, WEB_CONCURRENCY: '2', LOG_LEVEL: 'info' })
    try {
      await bothListening(server)
      for (let n = 0; n < 6; n++) expect((await getAlone(`${server.baseUrl}/api/health/live`)).status).toBe(200)
      // Four scrapes, so both processes answer some: each says the six requests, not its own share of them.
      for (let n = 0; n < 4; n++) {
        const scraped = await getAlone(`${server.baseUrl}/api/metrics`)
        expect(scraped.status).toBe(200)
        expect(sample(scraped.text, 'tec_http_requests_total', { operation: 'getLiveness', status: '200' })).toBe(6)
        // Read from the shared database once, not once per process.
        expect(sample(scraped.text, 'tec_mail_failed')).toBe(0)
      }
    } finally {
      await server.stop()
    }
  })
})
