import { randomUUID } from 'node:crypto'
import { and, asc, eq, gte, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm'
import { labelOf } from '../../shared/labels.ts'
import { nextLessonStatus, type LessonEventType, type LessonStatus } from '../../shared/lesson-lifecycle.ts'
import { isLateCancellation, lessonInstant, longLessonDay, londonDay, londonTime, PLAN_AHEAD_DAYS, SERIES_LIMIT, shiftDay, startOfLondonDay, weeklyDays, daysBetween } from '../../shared/lesson-time.ts'
import type { components } from '../../src/api/schema.gen.ts'
import type { Db } from '../db/client.ts'
import type { AppDeps } from '../deps.ts'
import { lessonLearners, lessonReports, lessons, placements, safeguardingConcerns, students, users, type LessonReportDraftValue, type LessonRow } from '../db/schema.ts'
import { recordAudit, type AuditAction } from '../lib/audit.ts'
import type { ChangeContext } from '../lib/history.ts'
import { concernRaisedMail } from '../mail/templates.ts'
import { holidayOn, holidaysOf } from '../term-calendar/calendar.ts'
import { LESSON_MESSAGES } from './messages.ts'
import { cancelledByPlacementEnd, holdPlacementsOf, pastPlacementEnd, placementEndsOf, type PlacementEnd } from './placement-ends.ts'
import { settlePassedLessons } from './records.ts'
import { tellContactsOfChange } from './reminders.ts'

type Schemas = components['schemas']

/** How a lesson write ended: the lessons it made or changed, a refusal (409), a field at fault (400), or not found/stale. */
export type LessonResult = { lessonIds: string[] } | { refused: string } | { fields: Record<string, string> }
export type LessonOutcome = LessonResult | 'missing' | 'stale'

const field = (name: string, message: string) => ({ fields: { [name]: message } })

/** What a lesson write needs beyond the database: the mail queue and the site's address for links. */
export interface LessonDeps {
  mailer: Pick<AppDeps['mailer'], 'enqueue'>
  config: Pick<AppDeps['config'], 'publicUrl'>
}

/** "Monday 7 December 2026 at 16:00" */
export function whenOf(startsAt: Date): string {
  return `${longLessonDay(londonDay(startsAt))} at ${londonTime(startsAt)}`
}

export async function learnerNames(tx: Db, lessonId: string): Promise<{ id: string; name: string; schoolId: string | null }[]> {
  return tx
    .select({ id: students.id, name: students.name, schoolId: students.schoolId })
    .from(lessonLearners)
    .innerJoin(students, eq(students.id, lessonLearners.studentId))
    .where(eq(lessonLearners.lessonId, lessonId))
    .orderBy(asc(sql`lower(${students.name})`))
}

function related(tutorId: string, learners: { id: string; schoolId: string | null }[]): string[] {
  const schoolIds = [...new Set(learners.map((learner) => learner.schoolId).filter((id): id is string => id !== null))]
  return [`tutor:${tutorId}`, ...learners.map((learner) => `student:${learner.id}`), ...schoolIds.map((id) => `school:${id}`)]
}

/** One lesson's time: when it starts and how long it lasts. */
interface LessonTime {
  startsAt: Date
  minutes: number
}

const overlaps = (a: LessonTime, b: LessonTime) => a.startsAt.getTime() < b.startsAt.getTime() + b.minutes * 60_000 && a.startsAt.getTime() + a.minutes * 60_000 > b.startsAt.getTime()

/** Lessons not cancelled that overlap the span from the first of `times` to the end of the last. */
function overlappingSpan(times: LessonTime[]) {
  const first = Math.min(...times.map((time) => time.startsAt.getTime()))
  const last = Math.max(...times.map((time) => time.startsAt.getTime() + time.minutes * 60_000))
  return and(
    ne(lessons.status, 'cancelled'),
    sql`${lessons.startsAt} < ${new Date(last).toISOString()}`,
    sql`${lessons.startsAt} + ${lessons.minutes} * interval '1 minute' > ${new Date(first).toISOString()}`,
  )
}

/**
 * The first lesson (cancelled ones aside, and those in `except` aside) that overlaps one of these times, as the
 * sentence that refuses the plan; undefined when none does. The tutor's own lessons first, then any other lesson of
 * the learners, whoever teaches it: a learner cannot be in two lessons at once. The other lesson is named by its day
 * and subject only, since its tutor and notes are not this tutor's to read.
 */
export async function clashWith(tx: Db, tutorId: string, learnerIds: string[], times: LessonTime[], except: string[] = []): Promise<string | undefined> {
  if (times.length === 0) return undefined
  const notExcepted = except.length === 0 ? undefined : notInArray(lessons.id, except)
  const existing = await tx
    .select({ id: lessons.id, startsAt: lessons.startsAt, minutes: lessons.minutes, subject: lessons.subject })
    .from(lessons)
    .where(and(eq(lessons.tutorId, tutorId), notExcepted, overlappingSpan(times)))
    .orderBy(asc(lessons.startsAt))
  for (const time of times) {
    const clash = existing.find((lesson) => overlaps(lesson, time))
    if (clash) {
      const names = (await learnerNames(tx, clash.id)).map((learner) => learner.name).join(', ')
      return LESSON_MESSAGES.clash(whenOf(clash.startsAt), `${names} (${clash.subject})`)
    }
  }
  if (learnerIds.length === 0) return undefined
  const theirs = await tx
    .select({ startsAt: lessons.startsAt, minutes: lessons.minutes, subject: lessons.subject, learner: students.name })
    .from(lessons)
    .innerJoin(lessonLearners, eq(lessonLearners.lessonId, lessons.id))
    .innerJoin(students, eq(students.id, lessonLearners.studentId))
    .where(and(inArray(lessonLearners.studentId, learnerIds), notExcepted, overlappingSpan(times)))
    .orderBy(asc(lessons.startsAt), asc(students.name))
  for (const time of times) {
    const clash = theirs.find((lesson) => overlaps(lesson, time))
    if (clash) return LESSON_MESSAGES.learnerClash(clash.learner, whenOf(clash.startsAt), clash.subject)
  }
  return undefined
}

/** Holds the tutor's row for the rest of the transaction, so two plans or moves for one tutor cannot both pass the clash check. */
export async function lockTutor(tx: Db, tutorId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, tutorId)).for('update')
}

/**
 * Holds the learners' rows for the rest of the transaction, after the tutor's and in one order (starting a placement
 * takes the tutor's row before the learner's too), so two plans or moves for one learner with two tutors cannot both
 * pass the clash check, and no two writers wait on each other.
 */
export async function lockLearners(tx: Db, learnerIds: string[]): Promise<void> {
  if (learnerIds.length > 0) await tx.select({ id: students.id }).from(students).where(inArray(students.id, learnerIds)).orderBy(asc(students.id)).for('update')
}

export interface LessonPlanInput {
  placementIds: string[]
  date: string
  startTime: string
  minutes: number
  place?: string
  repeat?: { until?: string; times?: number }
}

/**
 * Plans one lesson, or a weekly series, for the tutor's current placements: all of it, or nothing when a field is
 * wrong or a lesson would overlap another of the tutor's. Lessons whose time has passed start as awaiting_report.
 */
export async function planLessonSeries(tx: Db, tutorId: string, plan: LessonPlanInput, context: ChangeContext): Promise<LessonResult> {
  const { repeat } = plan
  if (repeat !== undefined && (repeat.until === undefined) === (repeat.times === undefined)) return field('repeat', LESSON_MESSAGES.repeatOne)
  if (repeat?.until !== undefined && repeat.until < plan.date) return field('repeat.until', LESSON_MESSAGES.repeatBeforeStart)
  if (repeat?.until !== undefined && Math.floor(daysBetween(plan.date, repeat.until) / 7) + 1 > SERIES_LIMIT) return field('repeat.until', LESSON_MESSAGES.seriesTooLong)
  const holidays = repeat === undefined ? [] : await holidaysOf(tx)
  const days = weeklyDays(plan.date, repeat, (day) => holidayOn(holidays, day) !== undefined)
  if (days.length === 0) return field('repeat', LESSON_MESSAGES.allInHolidays)
  const lastDay = days.at(-1) ?? plan.date
  if (lastDay > shiftDay(londonDay(new Date()), PLAN_AHEAD_DAYS)) return field(repeat === undefined ? 'date' : 'repeat', LESSON_MESSAGES.tooFarAhead)

  await lockTutor(tx, tutorId)
  const chosen = await tx
    .select({ placement: placements, schoolId: students.schoolId, learner: students.name })
    .from(placements)
    .innerJoin(students, eq(students.id, placements.studentId))
    .where(and(inArray(placements.id, plan.placementIds), eq(placements.tutorId, tutorId), eq(placements.status, 'active')))
    // Held until the lessons are stored, so a placement ended at the same moment waits and then cancels them, or is seen here as ended.
    .for('share', { of: placements })
  if (chosen.length !== plan.placementIds.length) return field('placementIds', LESSON_MESSAGES.notYourPlacement)
  const [first] = chosen
  if (!first) return field('placementIds', LESSON_MESSAGES.notYourPlacement)
  if (chosen.length > 1) {
    const oneGroup = chosen.every(
      (row) => row.placement.mode === 'school' && row.schoolId !== null && row.schoolId === first.schoolId && row.placement.subject.toLowerCase() === first.placement.subject.toLowerCase(),
    )
    if (!oneGroup) return field('placementIds', LESSON_MESSAGES.groupMismatch)
  }
  const placementStart = chosen.map((row) => row.placement.startsOn).sort().at(-1) ?? plan.date
  if (plan.date < placementStart) return field('date', LESSON_MESSAGES.beforePlacement(longLessonDay(placementStart)))

  const times = days.map((day) => ({ startsAt: lessonInstant(day, plan.startTime), minutes: plan.minutes }))
  const learnerIds = chosen.map((row) => row.placement.studentId)
  await lockLearners(tx, learnerIds)
  const clash = await clashWith(tx, tutorId, learnerIds, times)
  if (clash !== undefined) return { refused: clash }

  const seriesId = times.length > 1 ? randomUUID() : null
  const now = Date.now()
  const passed = nextLessonStatus('planned', 'TIME_PASSED') ?? 'planned'
  const made = await tx
    .insert(lessons)
    .values(
      times.map((time) => ({
        tutorId,
        subject: first.placement.subject,
        mode: first.placement.mode,
        startsAt: time.startsAt,
        minutes: time.minutes,
        place: plan.place ?? null,
        status: (time.startsAt.getTime() + time.minutes * 60_000 <= now ? passed : 'planned'),
        seriesId,
        createdBy: context.actorId,
      })),
    )
    .returning({ id: lessons.id, startsAt: lessons.startsAt })
  await tx.insert(lessonLearners).values(made.flatMap((lesson) => chosen.map((row) => ({ lessonId: lesson.id, studentId: row.placement.studentId, placementId: row.placement.id }))))
  const learners = chosen.map((row) => ({ id: row.placement.studentId, schoolId: row.schoolId }))
  const names = chosen.map((row) => row.learner).join(', ')
  for (const lesson of made) {
    await recordAudit(tx, {
      action: 'lesson.planned',
      actorUserId: context.actorId,
      subject: { type: 'lesson', id: lesson.id },
      related: related(tutorId, learners),
      ip: context.request.ip,
      details: { detail: `${first.placement.subject} with ${names}, ${whenOf(lesson.startsAt)}, ${plan.minutes} minutes${seriesId === null ? '' : ` (one of ${made.length} weekly)`}` },
    })
  }
  return { lessonIds: made.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime()).map((lesson) => lesson.id) }
}

/**
 * The tutor's lesson, locked, once its passed time has been applied; 'missing' for another tutor's lesson or none,
 * 'stale' when `version` is not the one the tutor read (undefined skips that check).
 */
export async function lockedLesson(tx: Db, lessonId: string, version: number | undefined, tutorId?: string): Promise<LessonRow | 'missing' | 'stale'> {
  const mine = and(eq(lessons.id, lessonId), tutorId === undefined ? undefined : eq(lessons.tutorId, tutorId))
  const [held] = await tx.select({ id: lessons.id, tutorId: lessons.tutorId }).from(lessons).where(mine).for('update').limit(1)
  if (!held) return 'missing'
  await settlePassedLessons(tx, held.tutorId)
  const [lesson] = await tx.select().from(lessons).where(eq(lessons.id, lessonId)).limit(1)
  if (!lesson) return 'missing'
  if (version !== undefined && lesson.version !== version) return 'stale'
  return lesson
}

/**
 * The tutor's lesson, locked, as lockedLesson answers it, with the earliest end of its placements when the office has
 * ended one. A lesson that end cancelled is refused, saying why, whatever the tutor asks of it and before the version
 * is checked: the tutor's open page is stale by then, and reloading it would not let them do anything more. A lesson
 * cancelled before the end, by the tutor or the family, is refused as any cancelled lesson is, for its own reason.
 */
async function tutorsLesson(
  tx: Db,
  lessonId: string,
  version: number | undefined,
  tutorId: string,
): Promise<{ lesson: LessonRow; end: PlacementEnd | undefined } | 'missing' | 'stale' | { refused: string }> {
  await holdPlacementsOf(tx, lessonId, tutorId)
  const lesson = await lockedLesson(tx, lessonId, undefined, tutorId)
  if (typeof lesson === 'string') return lesson
  const end = (await placementEndsOf(tx, [lesson.id])).get(lesson.id)
  if (cancelledByPlacementEnd(lesson, end)) return { refused: LESSON_MESSAGES.placementEnded(end.learner, longLessonDay(end.endedOn)) }
  if (version !== undefined && lesson.version !== version) return 'stale'
  return { lesson, end }
}

/** Sets the lesson's new status (and more), raising its version. */
export async function changeLesson(tx: Db, lesson: LessonRow, set: Partial<typeof lessons.$inferInsert>): Promise<void> {
  await tx
    .update(lessons)
    .set({ ...set, version: lesson.version + 1, updatedAt: new Date() })
    .where(eq(lessons.id, lesson.id))
}

export async function auditLesson(tx: Db, action: AuditAction, lesson: LessonRow, context: ChangeContext, details: Record<string, unknown>): Promise<void> {
  const learners = await learnerNames(tx, lesson.id)
  await recordAudit(tx, { action, actorUserId: context.actorId, subject: { type: 'lesson', id: lesson.id }, related: related(lesson.tutorId, learners), ip: context.request.ip, details })
}

function statusChange(from: LessonStatus, to: LessonStatus) {
  return from === to ? [] : [{ field: 'status', from, to }]
}

/** Moves a planned lesson to a time still to come that overlaps none of the tutor's other lessons. */
export async function moveLessonRecord(
  tx: Db,
  deps: LessonDeps,
  tutorId: string,
  lessonId: string,
  version: number,
  move: { date: string; startTime: string; minutes?: number; place?: string },
  context: ChangeContext,
): Promise<LessonOutcome> {
  await lockTutor(tx, tutorId)
  const held = await tutorsLesson(tx, lessonId, version, tutorId)
  if (typeof held === 'string' || 'refused' in held) return held
  const { lesson, end } = held
  const next = nextLessonStatus(lesson.status, 'MOVE')
  if (next === undefined) return { refused: LESSON_MESSAGES.cannotMove(lesson.status) }
  const startsAt = lessonInstant(move.date, move.startTime)
  if (startsAt.getTime() <= Date.now()) return field('date', LESSON_MESSAGES.notInFuture)
  if (move.date > shiftDay(londonDay(new Date()), PLAN_AHEAD_DAYS)) return field('date', LESSON_MESSAGES.tooFarAhead)
  if (pastPlacementEnd(startsAt, end)) return { refused: LESSON_MESSAGES.afterPlacementEnd(end.learner, longLessonDay(end.endedOn)) }
  const minutes = move.minutes ?? lesson.minutes
  const learnerIds = (await learnerNames(tx, lesson.id)).map((learner) => learner.id)
  await lockLearners(tx, learnerIds)
  const clash = await clashWith(tx, tutorId, learnerIds, [{ startsAt, minutes }], [lesson.id])
  if (clash !== undefined) return { refused: clash }
  const place = move.place ?? lesson.place
  // Reminded again the day before its new day.
  await changeLesson(tx, lesson, { status: next, startsAt, minutes, place, remindedAt: null })
  await auditLesson(tx, 'lesson.moved', lesson, context, {
    changes: [
      { field: 'startsAt', from: whenOf(lesson.startsAt), to: whenOf(startsAt) },
      ...(minutes === lesson.minutes ? [] : [{ field: 'minutes', from: lesson.minutes, to: minutes }]),
      ...((move.place ?? lesson.place) === lesson.place ? [] : [{ field: 'place', from: lesson.place, to: move.place ?? null }]),
    ],
  })
  await tellContactsOfChange(tx, deps, { ...lesson, startsAt, minutes, place }, { movedFrom: lesson.startsAt })
  return { lessonIds: [lesson.id] }
}

/** Cancels a lesson not yet reported: by whom and why; late when with less than a day's notice. */
export async function cancelLessonRecord(
  tx: Db,
  deps: LessonDeps,
  tutorId: string,
  lessonId: string,
  version: number,
  cancellation: { cancelledBy: Schemas['CancelledBy']; reason: string },
  context: ChangeContext,
): Promise<LessonOutcome> {
  const held = await tutorsLesson(tx, lessonId, version, tutorId)
  if (typeof held === 'string' || 'refused' in held) return held
  const { lesson } = held
  const next = nextLessonStatus(lesson.status, 'CANCEL')
  if (next === undefined) return { refused: LESSON_MESSAGES.cannotCancel(lesson.status) }
  const now = new Date()
  const late = isLateCancellation(lesson.startsAt, now)
  await changeLesson(tx, lesson, { status: next, cancelledBy: cancellation.cancelledBy, cancelledLate: late, cancelReason: cancellation.reason, cancelledAt: now })
  await auditLesson(tx, 'lesson.cancelled', lesson, context, {
    changes: statusChange(lesson.status, next),
    detail: `${labelOf('CancelledBy', cancellation.cancelledBy)} cancelled ${late ? 'late' : 'with notice'}: ${cancellation.reason}`,
  })
  // A lesson already past needs no notice: it is cancelled after the fact, for the record.
  if (lesson.startsAt.getTime() > now.getTime()) await tellContactsOfChange(tx, deps, lesson, { cancelledBy: labelOf('CancelledBy', cancellation.cancelledBy) })
  return { lessonIds: [lesson.id] }
}

/** A lesson a placement's end touched: which, and when it was to start. */
export interface EndedLesson {
  id: string
  startsAt: Date
}

/**
 * What a placement's end did to its lessons still to come, soonest first in each list. The two are told apart
 * because a group lesson the learner left still takes place, and its tutor must not read that it was cancelled.
 */
export interface EndedLessons {
  /** The lessons cancelled, as nobody placed is left to take them. */
  cancelled: EndedLesson[]
  /** The group lessons that go on for their other learners, without this one. */
  leftGroups: EndedLesson[]
}

/**
 * Ends a placement's lessons from its end date on, within the caller's transaction, which has just ended (or moved)
 * the placement and holds it. Only planned lessons not yet started are touched: one taught, under way or awaiting
 * its report keeps its report. Each is cancelled by the office as any cancellation is recorded (the machine's
 * status, late with less than a day's notice, its history), with a reason that does not repeat the office's own,
 * which may not be the tutor's to read. A group lesson whose other learners are still placed goes on without this one.
 */
export async function endPlacementLessons(tx: Db, placementId: string, endedOn: string, why: 'ended' | 'moved', context: ChangeContext): Promise<EndedLessons> {
  const next = nextLessonStatus('planned', 'CANCEL')
  if (next === undefined) throw new Error('The lesson machine no longer cancels planned lessons.')
  const now = new Date()
  const from = new Date(Math.max(now.getTime(), startOfLondonDay(endedOn).getTime()))
  const rows = await tx
    .select({ lesson: lessons })
    .from(lessons)
    .innerJoin(lessonLearners, and(eq(lessonLearners.lessonId, lessons.id), eq(lessonLearners.placementId, placementId)))
    .where(and(eq(lessons.status, 'planned'), gte(lessons.startsAt, from)))
    .orderBy(asc(lessons.startsAt))
    .for('update', { of: lessons })
  const reason = why === 'ended' ? LESSON_MESSAGES.endedPlacement : LESSON_MESSAGES.movedPlacement
  const ended: EndedLessons = { cancelled: [], leftGroups: [] }
  for (const { lesson } of rows) {
    const day = londonDay(lesson.startsAt)
    const others = await tx
      .select({ status: placements.status, endedOn: placements.endedOn })
      .from(lessonLearners)
      .innerJoin(placements, eq(placements.id, lessonLearners.placementId))
      .where(and(eq(lessonLearners.lessonId, lesson.id), ne(lessonLearners.placementId, placementId)))
    if (others.some((other) => other.status === 'active' || (other.endedOn !== null && day < other.endedOn))) {
      await tx.delete(lessonLearners).where(and(eq(lessonLearners.lessonId, lesson.id), eq(lessonLearners.placementId, placementId)))
      await changeLesson(tx, lesson, {})
      ended.leftGroups.push({ id: lesson.id, startsAt: lesson.startsAt })
      continue
    }
    const late = isLateCancellation(lesson.startsAt, now)
    await changeLesson(tx, lesson, { status: next, cancelledBy: 'office', cancelledLate: late, cancelReason: reason, cancelledAt: now })
    await auditLesson(tx, 'lesson.cancelled', lesson, context, {
      changes: statusChange(lesson.status, next),
      detail: `${labelOf('CancelledBy', 'office')} cancelled ${late ? 'late' : 'with notice'}: ${reason}`,
    })
    ended.cancelled.push({ id: lesson.id, startsAt: lesson.startsAt })
  }
  return ended
}

/** Records that the learners did not come; they are marked absent, which the attendance figures count. */
export async function markLessonMissedRecord(tx: Db, tutorId: string, lessonId: string, version: number, note: string | undefined, context: ChangeContext): Promise<LessonOutcome> {
  const held = await tutorsLesson(tx, lessonId, version, tutorId)
  if (typeof held === 'string' || 'refused' in held) return held
  const { lesson } = held
  const next = nextLessonStatus(lesson.status, 'MARK_MISSED')
  if (next === undefined) return { refused: LESSON_MESSAGES.cannotMarkMissed(lesson.status) }
  if (lesson.startsAt.getTime() > Date.now()) return { refused: LESSON_MESSAGES.notYetStarted }
  await changeLesson(tx, lesson, { status: next, missedNote: note ?? null })
  await tx.update(lessonLearners).set({ attendance: 'absent' }).where(eq(lessonLearners.lessonId, lesson.id))
  await auditLesson(tx, 'lesson.missed', lesson, context, { changes: statusChange(lesson.status, next), ...(note === undefined ? {} : { detail: note }) })
  return { lessonIds: [lesson.id] }
}

/** The machine's event for sending a report from this status: first time, again after a return, or an edit. */
function reportEvent(status: LessonStatus): LessonEventType | undefined {
  const events: LessonEventType[] = ['SUBMIT_REPORT', 'RESUBMIT', 'EDIT_REPORT']
  return events.find((event) => nextLessonStatus(status, event) !== undefined)
}

/** Why no report can be written or changed in this status. */
function noReportMessage(status: LessonStatus): string {
  if (status === 'planned') return LESSON_MESSAGES.notYetTaught
  if (status === 'approved') return LESSON_MESSAGES.alreadyApproved
  return LESSON_MESSAGES.noReport(status)
}

/** Keeps the tutor's unfinished report; nothing but the learners is checked, and the latest save wins. */
export async function saveDraftRecord(tx: Db, tutorId: string, lessonId: string, draft: LessonReportDraftValue): Promise<{ savedAt: Date } | { refused: string } | { fields: Record<string, string> } | 'missing'> {
  const held = await tutorsLesson(tx, lessonId, undefined, tutorId)
  if (typeof held === 'string') return 'missing'
  if ('refused' in held) return held
  const { lesson } = held
  if (reportEvent(lesson.status) === undefined) return { refused: noReportMessage(lesson.status) }
  const learners = new Set((await learnerNames(tx, lesson.id)).map((learner) => learner.id))
  if ((draft.attendance ?? []).some((mark) => !learners.has(mark.studentId))) return field('attendance', LESSON_MESSAGES.unknownLearner)
  const savedAt = new Date()
  await tx
    .insert(lessonReports)
    .values({ lessonId: lesson.id, draft, draftSavedAt: savedAt })
    .onConflictDoUpdate({ target: lessonReports.lessonId, set: { draft, draftSavedAt: savedAt } })
  return { savedAt }
}

export interface ReportInput {
  attendance: { studentId: string; attendance: Schemas['Attendance'] }[]
  covered: string
  progress: string
  homework?: string
  staffNote?: string
  concern?: { severity: Schemas['ConcernSeverity']; details: string; studentId?: string }
}

const REPORT_ACTIONS: Record<string, AuditAction> = { SUBMIT_REPORT: 'lesson.report_submitted', RESUBMIT: 'lesson.report_resubmitted', EDIT_REPORT: 'lesson.report_edited' }

/**
 * Sends the report: the first time, again after the office returned it, or edited before it is approved. Attendance
 * for exactly the lesson's learners; a concern is stored apart for the office, and every active safeguarding lead is
 * mailed (need-to-know: other admins learn only that a learner has a concern, from the learner's page).
 */
export async function submitReportRecord(tx: Db, deps: LessonDeps, tutorId: string, lessonId: string, version: number, report: ReportInput, context: ChangeContext): Promise<LessonOutcome> {
  const held = await tutorsLesson(tx, lessonId, version, tutorId)
  if (typeof held === 'string' || 'refused' in held) return held
  const { lesson } = held
  const event = reportEvent(lesson.status)
  const next = event === undefined ? undefined : nextLessonStatus(lesson.status, event)
  if (event === undefined || next === undefined) return { refused: noReportMessage(lesson.status) }
  const learners = await learnerNames(tx, lesson.id)
  const marks = new Map(report.attendance.map((mark) => [mark.studentId, mark.attendance]))
  if (report.attendance.some((mark) => !learners.some((learner) => learner.id === mark.studentId))) return field('attendance', LESSON_MESSAGES.unknownLearner)
  if (marks.size !== report.attendance.length || learners.some((learner) => !marks.has(learner.id))) {
    return field('attendance', LESSON_MESSAGES.attendanceFor(learners.map((learner) => learner.name)))
  }
  const concernLearner = report.concern?.studentId ?? (learners.length === 1 ? learners[0]?.id : undefined)
  if (report.concern?.studentId !== undefined && !learners.some((learner) => learner.id === report.concern?.studentId)) return field('concern.studentId', LESSON_MESSAGES.concernLearner)

  const now = new Date()
  const values = { covered: report.covered, progress: report.progress, homework: report.homework ?? null, staffNote: report.staffNote ?? null, submittedAt: now, draft: null, draftSavedAt: null }
  await tx
    .insert(lessonReports)
    .values({ lessonId: lesson.id, ...values, firstSubmittedAt: now })
    .onConflictDoUpdate({ target: lessonReports.lessonId, set: { ...values, firstSubmittedAt: sql`coalesce(${lessonReports.firstSubmittedAt}, ${now.toISOString()})` } })
  for (const learner of learners) {
    await tx
      .update(lessonLearners)
      .set({ attendance: marks.get(learner.id) ?? null })
      .where(and(eq(lessonLearners.lessonId, lesson.id), eq(lessonLearners.studentId, learner.id)))
  }
  await changeLesson(tx, lesson, { status: next })
  const actionName = REPORT_ACTIONS[event] ?? 'lesson.report_submitted'
  await auditLesson(tx, actionName, lesson, context, { changes: statusChange(lesson.status, next) })

  if (report.concern !== undefined) {
    const [concern] = await tx
      .insert(safeguardingConcerns)
      .values({ lessonId: lesson.id, studentId: concernLearner ?? null, raisedBy: tutorId, severity: report.concern.severity, details: report.concern.details })
      .returning({ id: safeguardingConcerns.id })
    if (!concern) throw new Error('The concern insert returned no row.')
    await recordAudit(tx, {
      action: 'concern.raised',
      actorUserId: context.actorId,
      subject: { type: 'safeguarding_concern', id: concern.id },
      related: [`lesson:${lesson.id}`],
      ip: context.request.ip,
      details: { detail: `Severity ${labelOf('ConcernSeverity', report.concern.severity).toLowerCase()}` },
    })
    const [tutor] = await tx.select({ name: users.name }).from(users).where(eq(users.id, tutorId)).limit(1)
    const leads = await tx
      .select({ name: users.name, email: users.email })
      .from(users)
      .where(and(eq(users.role, 'ADMIN'), eq(users.safeguardingLead, true), isNull(users.deactivatedAt)))
      .orderBy(asc(users.email))
    for (const lead of leads) {
      await deps.mailer.enqueue(
        tx,
        concernRaisedMail(
          lead,
          { severity: report.concern.severity, tutor: tutor?.name ?? 'A tutor', subject: lesson.subject, day: londonDay(lesson.startsAt) },
          `${deps.config.publicUrl}/admin/reports/concerns/${concern.id}`,
        ),
      )
    }
  }
  return { lessonIds: [lesson.id] }
}

