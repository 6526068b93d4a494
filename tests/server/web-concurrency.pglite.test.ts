import { describe, expect, it } from 'vitest'
import { startServer } from './support/server.ts'
import { testDatabaseForProcess } from './support/test-app.ts'

/**
 * WEB_CONCURRENCY runs several API processes on one port, with PostgreSQL only: the embedded database belongs to one
 * process, and the server says so instead of starting. (On PostgreSQL: web-concurrency.postgres.test.ts.)
 */
describe('several API processes on the embedded database', () => {
  it('are refused at start, saying that they need PostgreSQL', { timeout: 60_000 }, async () => {
    const database = await testDatabaseForProcess()
    await expect(startServer({ ...database.env, WEB_CONCURRENCY: '2' })).rejects.toThrow(
      /exited with code 1:[\s\S]*TEC web cannot start: WEB_CONCURRENCY is 2, but several processes need PostgreSQL \(DATABASE_URL\)/,
    )
  })
})
