import { daysBetween } from '../../shared/lesson-time.ts'
import type { Handler } from '../contract/types.ts'
import { LESSON_MESSAGES } from '../lessons/messages.ts'
import { fieldsProblem } from '../lib/replies.ts'
import { figureRowsCsv, lessonFigures, schoolTermSummary } from './queries.ts'

/** The longest period figures cover, in days. */
const LONGEST_PERIOD_DAYS = 731

function periodProblem(from: string, to: string) {
  if (to < from) return fieldsProblem({ to: LESSON_MESSAGES.periodOrder })
  if (daysBetween(from, to) > LONGEST_PERIOD_DAYS) return fieldsProblem({ to: LESSON_MESSAGES.periodTooLong })
  return undefined
}

export const getLessonFigures: Handler<'getLessonFigures'> = async ({ query }, deps) => {
  const problem = periodProblem(query.from, query.to)
  if (problem) return problem
  return { status: 200, body: await lessonFigures(deps.database.db, query.from, query.to) }
}

export const exportLessonFigureRows: Handler<'exportLessonFigureRows'> = async ({ query, session }, deps) => {
  const problem = periodProblem(query.from, query.to)
  if (problem) return problem
  const csv = await figureRowsCsv(deps.database.db, query.from, query.to, query.figure)
  // A row per learner and lesson: a download of children's data, recorded as the lists' CSV downloads are.
  deps.openings.record({ userId: session().user.id, subjectType: 'lesson_figures', subjectId: null, kind: 'downloaded' })
  return {
    status: 200,
    bytes: new TextEncoder().encode(csv),
    contentType: 'text/csv',
    headers: { 'Content-Disposition': `attachment; filename="tec-${query.figure}-${query.from}-to-${query.to}.csv"` },
  }
}

export const getSchoolTermSummary: Handler<'getSchoolTermSummary'> = async ({ params, query }, deps) => {
  const summary = await schoolTermSummary(deps.database.db, params.schoolId, query.year, query.term)
  return summary ? { status: 200, body: summary } : { status: 404, body: { message: LESSON_MESSAGES.schoolNotFound } }
}
