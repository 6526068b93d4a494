import type { Handler } from '../contract/types.ts'
import { staleVersion, versionFromTag, versionTag } from '../lib/versions.ts'
import { listRetentionRunRows } from './runs.ts'
import { readRetentionRecord, updateRetentionRecord } from './settings.ts'

export const getRetentionSettings: Handler<'getRetentionSettings'> = async (_input, deps) => {
  const record = await readRetentionRecord(deps.database.db)
  return { status: 200, body: record, headers: { ETag: versionTag(record.version) } }
}

export const updateRetentionSettings: Handler<'updateRetentionSettings'> = async ({ headers, body, request, session }, deps) => {
  const { db } = deps.database
  const outcome = await db.transaction((tx) => updateRetentionRecord(tx, versionFromTag(headers['If-Match']), body, { actorId: session().user.id, request }))
  if (outcome === 'stale') return staleVersion
  const record = await readRetentionRecord(db)
  return { status: 200, body: record, headers: { ETag: versionTag(record.version) } }
}

export const listRetentionRuns: Handler<'listRetentionRuns'> = async (_input, deps) => {
  return { status: 200, body: { items: await listRetentionRunRows(deps.database.db) } }
}
