import type { Handler } from '../contract/types.ts'
import { pageOf } from '../lib/paging.ts'
import { listRecordHistory } from './queries.ts'

export const listHistory: Handler<'listHistory'> = async ({ query }, deps) => {
  return { status: 200, body: await listRecordHistory(deps.database.db, { type: query.subjectType, id: query.subjectId }, pageOf(query)) }
}
