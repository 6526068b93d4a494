import { desc } from 'drizzle-orm'
import type { components } from '../../src/api/schema.gen.ts'
import type { Db } from '../db/client.ts'
import { retentionRuns } from '../db/schema.ts'

type Schemas = components['schemas']
export type RetentionCounts = Schemas['RetentionCounts']

/** How many runs the office's screen lists: enough to see the last weeks at a glance. */
export const LISTED_RUNS = 20

const NO_COUNTS: RetentionCounts = {
  learnersAnonymised: 0,
  learnersRefused: 0,
  learnersFailed: 0,
  registrationsErased: 0,
  messagesErased: 0,
  mailDeleted: 0,
  signInRecordsDeleted: 0,
  senderDetailsCleared: 0,
  openingsDeleted: 0,
  familyLinksDeleted: 0,
}

/** A stored run's counts as the contract has them: a kind a run did not count (an older build's run) reads as 0. */
function countsOf(stored: Record<string, number>): RetentionCounts {
  const counts = { ...NO_COUNTS }
  for (const kind of Object.keys(NO_COUNTS) as (keyof RetentionCounts)[]) {
    const value = stored[kind]
    if (typeof value === 'number') counts[kind] = value
  }
  return counts
}

export async function listRetentionRunRows(db: Db): Promise<Schemas['RetentionRun'][]> {
  const rows = await db.select().from(retentionRuns).orderBy(desc(retentionRuns.startedAt), desc(retentionRuns.finishedAt)).limit(LISTED_RUNS)
  return rows.map((row) => ({ id: row.id, startedAt: row.startedAt.toISOString(), finishedAt: row.finishedAt.toISOString(), removed: countsOf(row.removed) }))
}
