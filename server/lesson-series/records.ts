import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm'
import { labelOf } from '../../shared/labels.ts'
import { nextLessonStatus } from '../../shared/lesson-lifecycle.ts'
import { daysBetween, endOfLondonDay, isLateCancellation, lessonInstant, londonDay, londonTime, longLessonDay, PLAN_AHEAD_DAYS, shiftDay, startOfLondonDay } from '../../shared/lesson-time.ts'
import type { Db } from '../db/client.ts'
import { lessonLearners, lessons, placements, users, type LessonRow } from '../db/schema.ts'
import { issueFamilyLinks } from '../family/links.ts'
import { readersOfLesson } from '../family/readers.ts'
import type { ChangeContext } from '../lib/history.ts'
import { auditLesson, changeLesson, clashWith, learnerNames, lockLearners, lockTutor, whenOf, type LessonDeps } from '../lessons/lifecycle.ts'
import { LESSON_MESSAGES } from '../lessons/messages.ts'
import { pastPlacementEnd, placementEndsOf } from '../lessons/placement-ends.ts'
import { seriesChangedContactMail, seriesChangedTutorMail, type SeriesChange } from '../mail/templates.ts'
import { holidayOn, holidaysOf } from '../term-calendar/calendar.ts'

export const SERIES_MESSAGES = {
  notFound: 'We could not find that series of lessons.',
  nothingFrom: (day: string) => `No lesson of this series is still planned on or after ${day}: there is nothing to change.`,
  inHoliday: (day: string, holiday: string) => `${day} falls in ${holiday} in the term dates. Choose another day, or pause the series for the holiday.`,
  untilBeforeFrom: 'The last day cannot come before the first.',
} as const

/** How a change to a series ended: the lessons it changed, a refusal (409), a field at fault (400), or no such series. */
export type SeriesOutcome = { lessonIds: string[] } | { refused: string } | { fields: Record<string, string> } | 'missing'

/** The tutor of a series, or undefined when no lesson has that series. */
async function tutorOfSeries(tx: Db, seriesId: string): Promise<string | undefined> {
  const [row] = await tx.select({ tutorId: lessons.tutorId }).from(lessons).where(eq(lessons.seriesId, seriesId)).limit(1)
  return row?.tutorId
}

/** The series' lessons still planned and to come from a London day (to another), soonest first, locked. */
async function plannedFrom(tx: Db, seriesId: string, from: string, until?: string): Promise<LessonRow[]> {
  const start = new Date(Math.max(Date.now(), startOfLondonDay(from).getTime()))
  return tx
    .select()
    .from(lessons)
    .where(and(eq(lessons.seriesId, seriesId), eq(lessons.status, 'planned'), gte(lessons.startsAt, start), until === undefined ? undefined : lt(lessons.startsAt, endOfLondonDay(until))))
    .orderBy(asc(lessons.startsAt))
    .for('update')
}

/**
 * Holds the placements of the series' lessons still planned (as a single move holds its lesson's), so a placement
 * ended at the same moment waits and then cancels the lessons past its end, or is seen here as ended.
 */
async function holdSeriesPlacements(tx: Db, seriesId: string): Promise<void> {
  await tx
    .select({ id: placements.id })
    .from(placements)
    .innerJoin(lessonLearners, eq(lessonLearners.placementId, placements.id))
    .innerJoin(lessons, eq(lessons.id, lessonLearners.lessonId))
    .where(and(eq(lessons.seriesId, seriesId), eq(lessons.status, 'planned')))
    .for('share', { of: placements })
}

async function learnersOfAll(tx: Db, lessonIds: string[]): Promise<string[]> {
  const rows = await tx.selectDistinct({ id: lessonLearners.studentId }).from(lessonLearners).where(inArray(lessonLearners.lessonId, lessonIds))
  return rows.map((row) => row.id)
}

/**
 * One mail each to the tutor and to every learner's contact who has not stopped lesson mails, for the whole change,
 * in the caller's transaction: many lessons changed at once are one message, not one per lesson.
 */
async function tellOfSeriesChange(tx: Db, deps: LessonDeps, first: LessonRow, change: Omit<SeriesChange, 'tutor' | 'learners'>, reason?: string): Promise<void> {
  const [tutor] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, first.tutorId)).limit(1)
  if (!tutor) throw new Error('A series without its tutor.')
  const learners = (await learnerNames(tx, first.id)).map((learner) => learner.name)
  await deps.mailer.enqueue(tx, seriesChangedTutorMail(tutor, { ...change, tutor: tutor.name, learners, ...(reason === undefined ? {} : { reason }) }, `${deps.config.publicUrl}/tutor/calendar`))
  for (const contact of await readersOfLesson(tx, first.id, { schoolContacts: false, without: 'reminders' })) {
    const links = await issueFamilyLinks(tx, deps.config.publicUrl, contact.email, 'reminders')
    await deps.mailer.enqueue(tx, seriesChangedContactMail(contact, { ...change, tutor: tutor.name, learners: contact.learners.map((learner) => learner.name) }, links))
  }
}

/**
 * Moves the series' planned lessons from `from` on by as many days as lie between the first of them and `toDate`,
 * each to the time given: all of them or none. Refused when one would pass, go beyond a year ahead, fall in a holiday
 * or after its placement's end, or overlap another lesson of the tutor or of its learners (the series' own aside).
 */
export async function moveSeries(
  tx: Db,
  deps: LessonDeps,
  seriesId: string,
  move: { from: string; toDate: string; startTime: string; minutes?: number },
  context: ChangeContext,
): Promise<SeriesOutcome> {
  const tutorId = await tutorOfSeries(tx, seriesId)
  if (tutorId === undefined) return 'missing'
  await lockTutor(tx, tutorId)
  await holdSeriesPlacements(tx, seriesId)
  const rows = await plannedFrom(tx, seriesId, move.from)
  const [first] = rows
  if (!first) return { refused: SERIES_MESSAGES.nothingFrom(longLessonDay(move.from)) }
  // Counted from the day chosen, not the first lesson still to come: a lesson of that day already under way is left
  // where it is, and the later ones still move by the days the office meant.
  const offset = daysBetween(move.from, move.toDate)
  const moved = rows.map((lesson) => {
    const day = shiftDay(londonDay(lesson.startsAt), offset)
    return { lesson, day, startsAt: lessonInstant(day, move.startTime), minutes: move.minutes ?? lesson.minutes }
  })
  if (moved.some((item) => item.startsAt.getTime() <= Date.now())) return { fields: { toDate: LESSON_MESSAGES.notInFuture } }
  if (moved.some((item) => item.day > shiftDay(londonDay(new Date()), PLAN_AHEAD_DAYS))) return { fields: { toDate: LESSON_MESSAGES.tooFarAhead } }
  const holidays = await holidaysOf(tx)
  for (const item of moved) {
    const holiday = holidayOn(holidays, item.day)
    if (holiday) return { refused: SERIES_MESSAGES.inHoliday(longLessonDay(item.day), holiday.name) }
  }
  const ends = await placementEndsOf(tx, rows.map((lesson) => lesson.id))
  for (const item of moved) {
    const end = ends.get(item.lesson.id)
    if (pastPlacementEnd(item.startsAt, end)) return { refused: LESSON_MESSAGES.afterPlacementEnd(end.learner, longLessonDay(end.endedOn)) }
  }
  const ids = rows.map((lesson) => lesson.id)
  const learnerIds = await learnersOfAll(tx, ids)
  await lockLearners(tx, learnerIds)
  const clash = await clashWith(tx, tutorId, learnerIds, moved, ids)
  if (clash !== undefined) return { refused: clash }
  const next = nextLessonStatus('planned', 'MOVE') ?? 'planned'
  for (const item of moved) {
    // Each is reminded again the day before its new day.
    await changeLesson(tx, item.lesson, { status: next, startsAt: item.startsAt, minutes: item.minutes, remindedAt: null })
    await auditLesson(tx, 'lesson.moved', item.lesson, context, {
      changes: [
        { field: 'startsAt', from: whenOf(item.lesson.startsAt), to: whenOf(item.startsAt) },
        ...(item.minutes === item.lesson.minutes ? [] : [{ field: 'minutes', from: item.lesson.minutes, to: item.minutes }]),
      ],
      detail: `The office moved the series from ${longLessonDay(move.from)}`,
    })
  }
  await tellOfSeriesChange(tx, deps, first, { kind: 'moved', subject: first.subject, lessons: moved.map((item) => ({ day: item.day, time: londonTime(item.startsAt) })) })
  return { lessonIds: ids }
}

/**
 * Cancels, by the office, the series' planned lessons from `from` on (to `until`, which pauses it), each as any
 * cancellation is recorded: late with less than a day's notice, with the reason in its history.
 */
export async function cancelSeries(tx: Db, deps: LessonDeps, seriesId: string, cancel: { from: string; until?: string; reason: string }, context: ChangeContext): Promise<SeriesOutcome> {
  if (cancel.until !== undefined && cancel.until < cancel.from) return { fields: { until: SERIES_MESSAGES.untilBeforeFrom } }
  const tutorId = await tutorOfSeries(tx, seriesId)
  if (tutorId === undefined) return 'missing'
  await lockTutor(tx, tutorId)
  const rows = await plannedFrom(tx, seriesId, cancel.from, cancel.until)
  const [first] = rows
  if (!first) return { refused: SERIES_MESSAGES.nothingFrom(longLessonDay(cancel.from)) }
  const next = nextLessonStatus('planned', 'CANCEL')
  if (next === undefined) throw new Error('The lesson machine no longer cancels planned lessons.')
  const now = new Date()
  for (const lesson of rows) {
    const late = isLateCancellation(lesson.startsAt, now)
    await changeLesson(tx, lesson, { status: next, cancelledBy: 'office', cancelledLate: late, cancelReason: cancel.reason, cancelledAt: now })
    await auditLesson(tx, 'lesson.cancelled', lesson, context, {
      changes: [{ field: 'status', from: lesson.status, to: next }],
      detail: `${labelOf('CancelledBy', 'office')} cancelled ${late ? 'late' : 'with notice'}, with the series from ${longLessonDay(cancel.from)}: ${cancel.reason}`,
    })
  }
  await tellOfSeriesChange(tx, deps, first, { kind: 'cancelled', subject: first.subject, lessons: rows.map((lesson) => ({ day: londonDay(lesson.startsAt), time: londonTime(lesson.startsAt) })) }, cancel.reason)
  return { lessonIds: rows.map((lesson) => lesson.id) }
}
