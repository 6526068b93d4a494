import { inArray } from 'drizzle-orm'
import type { Handler } from '../contract/types.ts'
import type { Db } from '../db/client.ts'
import { lessons } from '../db/schema.ts'
import { lessonRows, SOONEST_FIRST, toLessons } from '../lessons/queries.ts'
import { fieldsProblem } from '../lib/replies.ts'
import { cancelSeries, moveSeries, SERIES_MESSAGES, type SeriesOutcome } from './records.ts'

/** The answer for a change to a series: its lessons as they are now, or why nothing was changed. */
async function seriesReply(db: Db, outcome: SeriesOutcome) {
  if (outcome === 'missing') return { status: 404 as const, body: { message: SERIES_MESSAGES.notFound } }
  if ('refused' in outcome) return { status: 409 as const, body: { message: outcome.refused } }
  if ('fields' in outcome) return fieldsProblem(outcome.fields)
  const rows = await lessonRows(db, inArray(lessons.id, outcome.lessonIds), SOONEST_FIRST, { limit: outcome.lessonIds.length, offset: 0 })
  return { status: 200 as const, body: { items: await toLessons(db, rows, 'admin') } }
}

export const moveLessonSeries: Handler<'moveLessonSeries'> = async ({ params, body, session, request }, deps) => {
  const { db } = deps.database
  const outcome = await db.transaction((tx) => moveSeries(tx, deps, params.seriesId, body, { actorId: session().user.id, request }))
  if (typeof outcome === 'object' && 'lessonIds' in outcome) deps.mailer.kick()
  return seriesReply(db, outcome)
}

export const cancelLessonSeries: Handler<'cancelLessonSeries'> = async ({ params, body, session, request }, deps) => {
  const { db } = deps.database
  const outcome = await db.transaction((tx) => cancelSeries(tx, deps, params.seriesId, body, { actorId: session().user.id, request }))
  if (typeof outcome === 'object' && 'lessonIds' in outcome) deps.mailer.kick()
  return seriesReply(db, outcome)
}
