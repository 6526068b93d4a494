import type { Handler } from '../contract/types.ts'
import { pageOf } from '../lib/paging.ts'
import { fieldProblem } from '../lib/replies.ts'
import { listOpenings, RECORD_SUBJECTS } from './queries.ts'

export const RECORD_OPENINGS_MESSAGES = {
  recordNeedsId: 'Say which record: its id is needed.',
  listHasNoId: 'A list has no id: leave it out to see its downloads.',
} as const

export const listRecordOpenings: Handler<'listRecordOpenings'> = async ({ query }, deps) => {
  const isRecord = RECORD_SUBJECTS.has(query.subjectType)
  if (isRecord && query.subjectId === undefined) return fieldProblem('subjectId', RECORD_OPENINGS_MESSAGES.recordNeedsId)
  if (!isRecord && query.subjectId !== undefined) return fieldProblem('subjectId', RECORD_OPENINGS_MESSAGES.listHasNoId)
  return { status: 200, body: await listOpenings(deps.database.db, { type: query.subjectType, id: query.subjectId }, pageOf(query)) }
}
