import type { Handler } from '../contract/types.ts'
import type { Db } from '../db/client.ts'
import type { LessonOutcome } from '../lessons/lifecycle.ts'
import { LESSON_MESSAGES } from '../lessons/messages.ts'
import { readOfficeReport } from './sharing.ts'
import { settlePassedLessons } from '../lessons/records.ts'
import { pageOf } from '../lib/paging.ts'
import { fieldsProblem } from '../lib/replies.ts'
import { staleVersion, versionFromTag, versionTag } from '../lib/versions.ts'
import { listReportPage } from './queries.ts'
import { approveReportRecord, approveReports, returnReportRecord, shareReportRecord } from './records.ts'

const notFound = { status: 404 as const, body: { message: LESSON_MESSAGES.notFound } }

async function reviewReply(db: Db, outcome: LessonOutcome, viewer: { safeguardingLead: boolean }) {
  if (outcome === 'missing') return notFound
  if (outcome === 'stale') return staleVersion
  if ('refused' in outcome) return { status: 409 as const, body: { message: outcome.refused } }
  if ('fields' in outcome) return fieldsProblem(outcome.fields)
  const [lessonId] = outcome.lessonIds
  const detail = lessonId === undefined ? undefined : await readOfficeReport(db, lessonId, viewer)
  if (!detail) throw new Error('The lesson just reviewed cannot be read.')
  return { status: 200 as const, body: detail, headers: { ETag: versionTag(detail.lesson.version) } }
}

export const listLessonReports: Handler<'listLessonReports'> = async ({ query }, deps) => {
  const { tutorId, studentId, schoolId, state, from, to } = query
  if (from !== undefined && to !== undefined && to < from) return fieldsProblem({ to: LESSON_MESSAGES.periodOrder })
  return { status: 200, body: await listReportPage(deps.database.db, { tutorId, studentId, schoolId, state, from, to, ...pageOf(query) }) }
}

export const getLessonReport: Handler<'getLessonReport'> = async ({ params, session }, deps) => {
  const { db } = deps.database
  await settlePassedLessons(db)
  const detail = await readOfficeReport(db, params.lessonId, session().user)
  if (detail) deps.openings.record({ userId: session().user.id, subjectType: 'lesson_report', subjectId: params.lessonId, kind: 'opened' })
  return detail ? { status: 200, body: detail, headers: { ETag: versionTag(detail.lesson.version) } } : notFound
}

export const approveLessonReport: Handler<'approveLessonReport'> = async ({ params, headers, body, request, session }, deps) => {
  const { db } = deps.database
  const actorId = session().user.id
  const outcome = await db.transaction((tx) => approveReportRecord(tx, deps, params.lessonId, versionFromTag(headers['If-Match']), body ?? {}, { actorId, request }))
  if (typeof outcome === 'object' && 'lessonIds' in outcome) deps.mailer.kick()
  return reviewReply(db, outcome, session().user)
}

export const shareLessonReport: Handler<'shareLessonReport'> = async ({ params, headers, request, session }, deps) => {
  const { db } = deps.database
  const actorId = session().user.id
  const outcome = await db.transaction((tx) => shareReportRecord(tx, deps, params.lessonId, versionFromTag(headers['If-Match']), { actorId, request }))
  if (typeof outcome === 'object' && 'lessonIds' in outcome) deps.mailer.kick()
  return reviewReply(db, outcome, session().user)
}

export const returnLessonReport: Handler<'returnLessonReport'> = async ({ params, headers, body, request, session }, deps) => {
  const { db } = deps.database
  const comment = body.comment.trim()
  if (comment === '') return fieldsProblem({ comment: 'Say what the tutor should change.' })
  const actorId = session().user.id
  const outcome = await db.transaction((tx) => returnReportRecord(tx, deps, params.lessonId, versionFromTag(headers['If-Match']), comment, { actorId, request }))
  if (typeof outcome === 'object' && 'lessonIds' in outcome) deps.mailer.kick()
  return reviewReply(db, outcome, session().user)
}

export const approveLessonReports: Handler<'approveLessonReports'> = async ({ body, request, session }, deps) => {
  const actorId = session().user.id
  const ids = body.items.map((item) => item.lessonId)
  if (new Set(ids).size !== ids.length) return fieldsProblem({ items: 'Name each report once.' })
  const result = await deps.database.db.transaction((tx) => approveReports(tx, deps, body.items, { actorId, request }))
  if (result.approved.length > 0) deps.mailer.kick()
  return { status: 200, body: result }
}
