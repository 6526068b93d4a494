import type { Handler } from '../contract/types.ts'
import { listPageReply } from '../record-openings/downloads.ts'
import { pageOf } from '../lib/paging.ts'
import { fieldsProblem } from '../lib/replies.ts'
import { staleVersion, versionFromTag, versionTag } from '../lib/versions.ts'
import { listSchoolPage, readSchoolRecord, SCHOOL_MESSAGES } from './queries.ts'
import { checkSchoolInput, deleteSchoolRecord, insertSchool, updateSchoolRecord } from './records.ts'

const notFound = { status: 404 as const, body: { message: SCHOOL_MESSAGES.notFound } }

export const listSchools: Handler<'listSchools'> = async (input, deps) => {
  return listPageReply(deps, input, 'schools', await listSchoolPage(deps.database.db, { q: input.query.q, ...pageOf(input.query) }))
}

export const getSchool: Handler<'getSchool'> = async ({ params, session }, deps) => {
  const record = await readSchoolRecord(deps.database.db, params.schoolId)
  if (record) deps.openings.record({ userId: session().user.id, subjectType: 'school', subjectId: params.schoolId, kind: 'opened' })
  return record ? { status: 200, body: record, headers: { ETag: versionTag(record.version) } } : notFound
}

export const createSchool: Handler<'createSchool'> = async ({ body, request, session }, deps) => {
  const { db } = deps.database
  const { input, problems } = checkSchoolInput(body)
  if (Object.keys(problems).length > 0) return fieldsProblem(problems)
  const id = await db.transaction((tx) => insertSchool(tx, input, { actorId: session().user.id, request }))
  const record = await readSchoolRecord(db, id)
  if (!record) throw new Error('The school just stored cannot be read.')
  return { status: 201, body: record, headers: { ETag: versionTag(record.version) } }
}

export const updateSchool: Handler<'updateSchool'> = async ({ params, headers, body, request, session }, deps) => {
  const { db } = deps.database
  const { input, problems } = checkSchoolInput(body)
  if (Object.keys(problems).length > 0) return fieldsProblem(problems)
  const outcome = await db.transaction((tx) => updateSchoolRecord(tx, params.schoolId, versionFromTag(headers['If-Match']), input, { actorId: session().user.id, request }))
  if (outcome === 'missing') return notFound
  if (outcome === 'stale') return staleVersion
  const record = await readSchoolRecord(db, params.schoolId)
  return record ? { status: 200, body: record, headers: { ETag: versionTag(record.version) } } : notFound
}

export const deleteSchool: Handler<'deleteSchool'> = async ({ params, headers, request, session }, deps) => {
  const outcome = await deps.database.db.transaction((tx) => deleteSchoolRecord(tx, params.schoolId, versionFromTag(headers['If-Match']), { actorId: session().user.id, request }))
  if (outcome === 'missing') return notFound
  if (outcome === 'stale') return staleVersion
  if (typeof outcome === 'object') return { status: 409, body: { message: SCHOOL_MESSAGES.hasLearners(outcome.learners) } }
  return { status: 204, body: undefined }
}
