import { inArray } from 'drizzle-orm'
import type { Handler } from '../contract/types.ts'
import type { Db } from '../db/client.ts'
import { lessons } from '../db/schema.ts'
import { checkSchema, cleanInput } from '../contract/input.ts'
import { pageOf } from '../lib/paging.ts'
import { fieldsProblem } from '../lib/replies.ts'
import { staleVersion, versionFromTag, versionTag } from '../lib/versions.ts'
import {
  cancelLessonRecord,
  markLessonMissedRecord,
  moveLessonRecord,
  planLessonSeries,
  saveDraftRecord,
  submitReportRecord,
  type LessonOutcome,
  type LessonPlanInput,
  type ReportInput,
} from './lifecycle.ts'
import { LESSON_MESSAGES } from './messages.ts'
import { listLessonsOf, tutorOverview } from './overview.ts'
import { lessonRows, readLessonDetail, SOONEST_FIRST, toLessons } from './queries.ts'
import { settlePassedLessons } from './records.ts'

const notFound = { status: 404 as const, body: { message: LESSON_MESSAGES.notFound } }

/** The answer for a change to one of the tutor's lessons: the lesson as it is now, or why it was not changed. */
async function lessonReply(db: Db, tutorId: string, outcome: LessonOutcome) {
  if (outcome === 'missing') return notFound
  if (outcome === 'stale') return staleVersion
  if ('refused' in outcome) return { status: 409 as const, body: { message: outcome.refused } }
  if ('fields' in outcome) return fieldsProblem(outcome.fields)
  const [lessonId] = outcome.lessonIds
  const detail = lessonId === undefined ? undefined : await readLessonDetail(db, lessonId, 'tutor', tutorId)
  if (!detail) throw new Error('The lesson just changed cannot be read.')
  return { status: 200 as const, body: detail, headers: { ETag: versionTag(detail.lesson.version) } }
}

export const getTutorOverview: Handler<'getTutorOverview'> = async ({ session }, deps) => {
  return { status: 200, body: await tutorOverview(deps.database.db, session().user.id) }
}

export const listMyLessons: Handler<'listMyLessons'> = async ({ query, session }, deps) => {
  const { from, to, studentId, status } = query
  return { status: 200, body: await listLessonsOf(deps.database.db, session().user.id, { from, to, studentId, status, ...pageOf(query) }) }
}

export const planLessons: Handler<'planLessons'> = async ({ body, request, session }, deps) => {
  const { db } = deps.database
  const tutorId = session().user.id
  const outcome = await db.transaction((tx) => planLessonSeries(tx, tutorId, cleanInput(body) as LessonPlanInput, { actorId: tutorId, request }))
  if ('refused' in outcome) return { status: 409, body: { message: outcome.refused } }
  if ('fields' in outcome) return fieldsProblem(outcome.fields)
  const rows = await lessonRows(db, inArray(lessons.id, outcome.lessonIds), SOONEST_FIRST, { limit: outcome.lessonIds.length, offset: 0 })
  return { status: 201, body: { items: await toLessons(db, rows, 'tutor') } }
}

export const getMyLesson: Handler<'getMyLesson'> = async ({ params, session }, deps) => {
  const { db } = deps.database
  const tutorId = session().user.id
  await settlePassedLessons(db, tutorId)
  const detail = await readLessonDetail(db, params.lessonId, 'tutor', tutorId)
  if (detail) deps.openings.record({ userId: tutorId, subjectType: 'lesson_report', subjectId: params.lessonId, kind: 'opened' })
  // Another tutor's lesson answers exactly as one that does not exist.
  return detail ? { status: 200, body: detail, headers: { ETag: versionTag(detail.lesson.version) } } : notFound
}

export const moveLesson: Handler<'moveLesson'> = async ({ params, headers, body, request, session }, deps) => {
  const { db } = deps.database
  const tutorId = session().user.id
  const outcome = await db.transaction((tx) => moveLessonRecord(tx, deps, tutorId, params.lessonId, versionFromTag(headers['If-Match']), body, { actorId: tutorId, request }))
  if (typeof outcome === 'object' && 'lessonIds' in outcome) deps.mailer.kick()
  return lessonReply(db, tutorId, outcome)
}

export const cancelLesson: Handler<'cancelLesson'> = async ({ params, headers, body, request, session }, deps) => {
  const { db } = deps.database
  const tutorId = session().user.id
  const reason = body.reason.trim()
  if (reason === '') return fieldsProblem({ reason: 'Say why the lesson is cancelled.' })
  const outcome = await db.transaction((tx) =>
    cancelLessonRecord(tx, deps, tutorId, params.lessonId, versionFromTag(headers['If-Match']), { cancelledBy: body.cancelledBy, reason }, { actorId: tutorId, request }),
  )
  if (typeof outcome === 'object' && 'lessonIds' in outcome) deps.mailer.kick()
  return lessonReply(db, tutorId, outcome)
}

export const markLessonMissed: Handler<'markLessonMissed'> = async ({ params, headers, body, request, session }, deps) => {
  const { db } = deps.database
  const tutorId = session().user.id
  const note = body.note?.trim() || undefined
  const outcome = await db.transaction((tx) => markLessonMissedRecord(tx, tutorId, params.lessonId, versionFromTag(headers['If-Match']), note, { actorId: tutorId, request }))
  return lessonReply(db, tutorId, outcome)
}

export const saveLessonReportDraft: Handler<'saveLessonReportDraft'> = async ({ params, body, session }, deps) => {
  const { db } = deps.database
  const outcome = await db.transaction((tx) => saveDraftRecord(tx, session().user.id, params.lessonId, body))
  if (outcome === 'missing') return notFound
  if ('refused' in outcome) return { status: 409, body: { message: outcome.refused } }
  if ('fields' in outcome) return fieldsProblem(outcome.fields)
  return { status: 200, body: { savedAt: outcome.savedAt.toISOString() } }
}

export const submitLessonReport: Handler<'submitLessonReport'> = async ({ params, headers, body, request, session }, deps) => {
  const { db } = deps.database
  const tutorId = session().user.id
  const report = cleanInput(body) as ReportInput
  const problems = checkSchema('LessonReportInput', report)
  if (Object.keys(problems).length > 0) return fieldsProblem(problems)
  const outcome = await db.transaction((tx) => submitReportRecord(tx, deps, tutorId, params.lessonId, versionFromTag(headers['If-Match']), report, { actorId: tutorId, request }))
  if (typeof outcome === 'object' && 'lessonIds' in outcome) deps.mailer.kick()
  return lessonReply(db, tutorId, outcome)
}
