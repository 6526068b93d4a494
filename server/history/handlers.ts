import type { Handler } from '../contract/types.ts'
import { pageOf } from '../lib/paging.ts'
import { MESSAGES } from '../messages.ts'
import { listRecordHistory } from './queries.ts'

export const listHistory: Handler<'listHistory'> = async ({ query, session }, deps) => {
  const viewer = session().user
  // A concern's own history is its handling: for the safeguarding leads alone, as the concern itself is.
  if (query.subjectType === 'safeguarding_concern' && !viewer.safeguardingLead) return { status: 403, body: { message: MESSAGES.safeguardingLeadsOnly } }
  return { status: 200, body: await listRecordHistory(deps.database.db, { type: query.subjectType, id: query.subjectId }, pageOf(query), viewer) }
}
