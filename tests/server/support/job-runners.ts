import { eq } from 'drizzle-orm'
import { afterAll, beforeAll } from 'vitest'
import { jobs } from '../../../server/db/schema.ts'
import { Jobs } from '../../../server/lib/jobs.ts'
import { createLogger } from '../../../server/logger.ts'
import { createTestApp, type TestApp } from './test-app.ts'

/**
 * For a describe block about the job mechanism: one test app for the block, `runner()` a new Jobs on its database
 * (several stand for several processes), all stopped when the block ends, and `rowsOfKind` the stored jobs of a kind.
 */
export function jobRunners() {
  const state: { t: TestApp | undefined } = { t: undefined }
  const logger = createLogger('silent')
  const started: Jobs[] = []
  beforeAll(async () => {
    state.t = await createTestApp()
  })
  afterAll(async () => {
    for (const runner of started) await runner.stop()
    await state.t?.close()
  })
  const app = () => {
    if (!state.t) throw new Error('The test app starts in beforeAll.')
    return state.t
  }
  return {
    app,
    logger,
    runner: () => {
      const made = new Jobs(app().database.db, logger)
      started.push(made)
      return made
    },
    rowsOfKind: (kind: string) => app().database.db.select().from(jobs).where(eq(jobs.kind, kind)),
  }
}
