import type { Handler } from '../contract/types.ts'
import { fieldsProblem } from '../lib/replies.ts'
import { staleVersion, versionFromTag, versionTag } from '../lib/versions.ts'
import { readTermCalendar, saveTermCalendar, termCalendarProblems } from './calendar.ts'

export const getTermCalendar: Handler<'getTermCalendar'> = async ({ session }, deps) => {
  const { updatedBy, ...record } = await readTermCalendar(deps.database.db)
  // Who in the office last changed the dates is the office's to know, not a tutor's.
  const body = session().user.role === 'ADMIN' && updatedBy !== undefined ? { ...record, updatedBy } : record
  return { status: 200, body, headers: { ETag: versionTag(record.version) } }
}

export const updateTermCalendar: Handler<'updateTermCalendar'> = async ({ headers, body, request, session }, deps) => {
  const problems = termCalendarProblems(body)
  if (Object.keys(problems).length > 0) return fieldsProblem(problems)
  const { db } = deps.database
  const outcome = await db.transaction((tx) => saveTermCalendar(tx, versionFromTag(headers['If-Match']), body, { actorId: session().user.id, request }))
  if (outcome === 'stale') return staleVersion
  const record = await readTermCalendar(db)
  return { status: 200, body: record, headers: { ETag: versionTag(record.version) } }
}
