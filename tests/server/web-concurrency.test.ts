import { describe, expect, inject, it } from 'vitest'
import { startServerProcess } from '../support/server-process.ts'
import { testDatabaseForProcess } from './support/test-app.ts'

/**
 * WEB_CONCURRENCY runs several API processes on one port, with PostgreSQL (the embedded database belongs to one
 * process, and the server says so instead of starting). Throughput figures are bench/'s, not a test's.
 */
const kind = inject('testDatabase').kind
const postgresOnly = kind === 'postgres' ? describe : () => {}
const embeddedOnly = kind === 'pglite' ? describe : () => {}

embeddedOnly('several API processes on the embedded database', () => {
  it('are refused at start, saying that they need PostgreSQL', { timeout: 60_000 }, async () => {
    const database = await testDatabaseForProcess()
    await expect(startServerProcess({ ...database.env, WEB_CONCURRENCY: '2' })).rejects.toThrow(
      /exited with code 1:[\s\S]*TEC web cannot start: WEB_CONCURRENCY is 2, but several processes need PostgreSQL \(DATABASE_URL\)/,
    )
  })
})

postgresOnly('several API processes (WEB_CONCURRENCY) on PostgreSQL', () => {
  it('start as many processes as asked, each answering on the one port, and stop together', { timeout: 120_000 }, async () => {
    const database = await testDatabaseForProcess()
    const server = await startServerProcess({ ...database.env, WEB_CONCURRENCY: '2', LOG_LEVEL: 'info' })
    try {
      // Both workers say they listen, each with its own process id.
      const listening = () => new Set([...server.output().matchAll(/"pid":(\d+),"port":\d+,"msg":"listening"/g)].map((match) => match[1]))
      const deadline = Date.now() + 60_000
      while (listening().size < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))
      expect(listening().size).toBe(2)
      expect(server.output()).toContain('Serving with 2 API processes (WEB_CONCURRENCY).')
      const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${server.baseUrl}/api/courses`)))
      expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 20 }, () => 200))
    } finally {
      await server.stop()
    }
  })
})
