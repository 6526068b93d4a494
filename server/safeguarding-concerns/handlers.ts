import type { Handler } from '../contract/types.ts'
import { LESSON_MESSAGES } from '../lessons/messages.ts'
import { pageOf } from '../lib/paging.ts'
import { fieldsProblem } from '../lib/replies.ts'
import { staleVersion, versionFromTag, versionTag } from '../lib/versions.ts'
import { listConcernPage, readConcern } from './queries.ts'
import { changeConcernStatusRecord } from './records.ts'

const notFound = { status: 404 as const, body: { message: LESSON_MESSAGES.concernNotFound } }

export const listSafeguardingConcerns: Handler<'listSafeguardingConcerns'> = async ({ query }, deps) => {
  const { status, severity } = query
  return { status: 200, body: await listConcernPage(deps.database.db, { status, severity, ...pageOf(query) }) }
}

export const getSafeguardingConcern: Handler<'getSafeguardingConcern'> = async ({ params, session }, deps) => {
  const concern = await readConcern(deps.database.db, params.concernId)
  if (concern) deps.openings.record({ userId: session().user.id, subjectType: 'concern', subjectId: params.concernId, kind: 'opened' })
  return concern ? { status: 200, body: concern, headers: { ETag: versionTag(concern.version) } } : notFound
}

export const changeSafeguardingConcernStatus: Handler<'changeSafeguardingConcernStatus'> = async ({ params, headers, body, request, session }, deps) => {
  const { db } = deps.database
  const note = body.note.trim()
  if (note === '') return fieldsProblem({ note: 'Say what was done, for the record.' })
  const outcome = await db.transaction((tx) =>
    changeConcernStatusRecord(tx, params.concernId, versionFromTag(headers['If-Match']), { status: body.status, note }, { actorId: session().user.id, request }),
  )
  if (outcome === 'missing') return notFound
  if (outcome === 'stale') return staleVersion
  const concern = await readConcern(db, params.concernId)
  if (!concern) throw new Error('The concern just changed cannot be read.')
  return { status: 200, body: concern, headers: { ETag: versionTag(concern.version) } }
}
