import type { Handler } from '../contract/types.ts'
import { anonymisedRefusal } from '../erasure/guards.ts'
import { listPageReply } from '../record-openings/downloads.ts'
import { pageOf } from '../lib/paging.ts'
import { fieldsProblem } from '../lib/replies.ts'
import { staleVersion, versionFromTag, versionTag } from '../lib/versions.ts'
import { listStudentPage, readStudentRecord } from './queries.ts'
import { checkStudentInput, insertStudent, STUDENT_MESSAGES, updateStudentRecord } from './records.ts'

const notFound = { status: 404 as const, body: { message: STUDENT_MESSAGES.notFound } }

export const listStudents: Handler<'listStudents'> = async (input, deps) => {
  const { query } = input
  return listPageReply(deps, input, 'students', await listStudentPage(deps.database.db, { q: query.q, status: query.status, ...pageOf(query) }))
}

export const getStudent: Handler<'getStudent'> = async ({ params, session }, deps) => {
  const record = await readStudentRecord(deps.database.db, params.studentId)
  if (record) deps.openings.record({ userId: session().user.id, subjectType: 'student', subjectId: params.studentId, kind: 'opened' })
  return record ? { status: 200, body: record, headers: { ETag: versionTag(record.version) } } : notFound
}

export const createStudent: Handler<'createStudent'> = async ({ body, request, session }, deps) => {
  const { db } = deps.database
  const { input, problems } = await checkStudentInput(db, body)
  if (Object.keys(problems).length > 0) return fieldsProblem(problems)
  const id = await db.transaction((tx) => insertStudent(tx, input, { actorId: session().user.id, request }))
  const record = await readStudentRecord(db, id)
  if (!record) throw new Error('The student just stored cannot be read.')
  return { status: 201, body: record, headers: { ETag: versionTag(record.version) } }
}

export const updateStudent: Handler<'updateStudent'> = async ({ params, headers, body, request, session }, deps) => {
  const { db } = deps.database
  const anonymised = await anonymisedRefusal(db, 'student', params.studentId)
  if (anonymised) return anonymised
  const { input, problems } = await checkStudentInput(db, body)
  if (Object.keys(problems).length > 0) return fieldsProblem(problems)
  const outcome = await db.transaction((tx) =>
    updateStudentRecord(tx, params.studentId, versionFromTag(headers['If-Match']), input, { actorId: session().user.id, request }),
  )
  if (outcome === 'missing') return notFound
  if (outcome === 'stale') return staleVersion
  const record = await readStudentRecord(db, params.studentId)
  return record ? { status: 200, body: record, headers: { ETag: versionTag(record.version) } } : notFound
}
