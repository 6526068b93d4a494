import { and, eq, sql } from 'drizzle-orm'
import type { components } from '../../src/api/schema.gen.ts'
import { formatDay } from '../../shared/date-words.ts'
import { isoDay } from '../../shared/dates.ts'
import { labelOf } from '../../shared/labels.ts'
import { londonDay, londonTime } from '../../shared/lesson-time.ts'
import type { Db } from '../db/client.ts'
import { ERASURE_MESSAGES } from '../erasure/messages.ts'
import type { AppDeps } from '../deps.ts'
import { courses, placements, students, users, type PlacementRow, type StudentRow } from '../db/schema.ts'
import { recordAudit } from '../lib/audit.ts'
import type { ChangeContext } from '../lib/history.ts'
import { endPlacementLessons, type EndedLesson, type EndedLessons } from '../lessons/lifecycle.ts'
import { placementEndedContactMail, placementEndedTutorMail, placementStartedContactMail, placementStartedTutorMail, type EndedLessonTimes, type MailMessage } from '../mail/templates.ts'
import { tutorFacts, tutorRefusal } from './eligibility.ts'
import { PLACEMENT_MESSAGES } from './messages.ts'

type Schemas = components['schemas']
type DeliveryMode = Schemas['DeliveryMode']

// Placing, ending and moving (who may be placed: eligibility.ts; who fits best: suggestions.ts; reading: queries.ts).

/** What placing needs beyond the database: the mail queue, and the site's address for the tutor's link. */
export interface PlacementDeps {
  mailer: Pick<AppDeps['mailer'], 'enqueue'>
  config: Pick<AppDeps['config'], 'publicUrl'>
}

/** How a placement write ended: the placement it made or changed, a refusal (409), a field at fault (400). */
export type PlacementResult = { placementId: string } | { refused: string } | { field: string; message: string }
export type PlacementOutcome = PlacementResult | 'missing' | 'stale'

/**
 * Thrown from inside a transaction to undo what it did so far (a move that ended the old placement, then found the
 * new tutor may not be placed); the caller answers with the outcome it carries.
 */
export class PlacementRefused extends Error {
  constructor(readonly outcome: Exclude<PlacementResult, { placementId: string }>) {
    super('The placement was refused.')
  }
}

/** A line about a placement for the history (read by staff): "Maths with Imogen Hale, Online, Weekly from 2026-12-07". */
function placementSummary(subject: string, tutorName: string, mode: DeliveryMode, frequency: Schemas['LessonFrequency'], startsOn: string): string {
  return `${subject} with ${tutorName}, ${labelOf('DeliveryMode', mode, 'staff')}, ${labelOf('LessonFrequency', frequency, 'staff')} from ${formatDay(startsOn)}`
}

interface NewPlacement {
  subject: string
  courseId?: string
  mode: DeliveryMode
  startsOn: string
  startTime?: string
  frequency: Schemas['LessonFrequency']
  lessonCount?: number
  lessonMinutes?: Schemas['LessonMinutes']
  notes?: string
}

/**
 * Starts a placement within the caller's transaction, after the checks that make it possible: the learner may be
 * taught (not paused or finished) and has no current placement for the subject; the tutor is invited or active
 * with a current check. A waiting learner becomes active; the tutor and the contact are mailed through the outbox.
 */
async function startPlacement(
  tx: Db,
  deps: PlacementDeps,
  studentId: string,
  tutorId: string,
  input: NewPlacement,
  context: ChangeContext & { movedFrom?: { id: string; tutorId: string }; reason?: string; groupLessons?: string[] },
): Promise<PlacementResult> {
  // The tutor's row before the learner's, the order lessons are planned and moved in (server/lessons/lifecycle.ts),
  // so a placement started while its tutor plans or the office moves a series waits rather than deadlocks. Held until
  // the placement is stored, so a deactivation at the same moment waits for it or is seen here.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, tutorId)).for('share')
  const [student] = await tx.select().from(students).where(eq(students.id, studentId)).for('update').limit(1)
  if (!student) return { field: 'studentId', message: PLACEMENT_MESSAGES.unknownLearner }
  // Read under the row lock: a learner anonymised a moment ago (what is left stands for nobody) is never placed.
  if (student.anonymisedAt !== null) return { refused: ERASURE_MESSAGES.anonymisedRecord }
  const [tutor] = await tutorFacts(tx, [tutorId])
  if (!tutor) return { field: 'tutorId', message: PLACEMENT_MESSAGES.unknownTutor }
  if (student.status === 'paused' || student.status === 'finished') return { refused: PLACEMENT_MESSAGES.learnerClosed(student.name, student.status) }
  const refusal = tutorRefusal(tutor)
  if (refusal !== undefined) return { refused: refusal }
  let courseId: string | null = null
  if (input.courseId !== undefined) {
    const [course] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.slug, input.courseId)).limit(1)
    if (!course) return { field: 'courseId', message: PLACEMENT_MESSAGES.unknownCourse }
    courseId = course.id
  }
  const [clash] = await tx
    .select({ tutorName: users.name, subject: placements.subject })
    .from(placements)
    .innerJoin(users, eq(users.id, placements.tutorId))
    .where(and(eq(placements.studentId, studentId), eq(placements.status, 'active'), sql`lower(${placements.subject}) = lower(${input.subject})`))
    .limit(1)
  if (clash) return { refused: PLACEMENT_MESSAGES.alreadyPlaced(student.name, clash.subject, clash.tutorName) }

  const [placement] = await tx
    .insert(placements)
    .values({
      studentId,
      tutorId,
      subject: input.subject,
      courseId,
      mode: input.mode,
      startsOn: input.startsOn,
      startTime: input.startTime ?? null,
      frequency: input.frequency,
      lessonCount: input.lessonCount ?? null,
      lessonMinutes: input.lessonMinutes ?? null,
      notes: input.notes ?? null,
      movedFromId: context.movedFrom?.id ?? null,
      createdBy: context.actorId,
    })
    .returning()
  if (!placement) throw new Error('The placement insert returned no row.')
  if (student.status === 'waiting') {
    await tx.update(students).set({ status: 'active', version: student.version + 1, updatedAt: new Date() }).where(eq(students.id, studentId))
  }
  const details = {
    changes: student.status === 'waiting' ? [{ field: 'status', from: 'waiting', to: 'active' }] : [],
    detail: [placementSummary(input.subject, tutor.user.name, input.mode, input.frequency, input.startsOn), context.reason].filter(Boolean).join('. '),
  }
  await recordAudit(tx, {
    action: context.movedFrom === undefined ? 'placement.started' : 'placement.moved',
    actorUserId: context.actorId,
    subject: { type: 'placement', id: placement.id },
    related: [
      `student:${studentId}`,
      `tutor:${tutorId}`,
      ...(context.movedFrom === undefined ? [] : [`tutor:${context.movedFrom.tutorId}`]),
      ...(student.schoolId === null ? [] : [`school:${student.schoolId}`]),
      ...(context.groupLessons ?? []).map((id) => `lesson:${id}`),
    ],
    ip: context.request.ip,
    details,
  })
  const mails = placementMails(deps, student, tutor.user, input)
  await deps.mailer.enqueue(tx, mails.tutor)
  await deps.mailer.enqueue(tx, mails.contact)
  return { placementId: placement.id }
}

interface PlacementMails {
  tutor: MailMessage
  contact: MailMessage
}

/** The mails a new placement sends, the tutor's and the contact's: what placing sends, and what the office reads first. */
export function placementMails(
  deps: Pick<PlacementDeps, 'config'>,
  student: Pick<StudentRow, 'name' | 'contactName' | 'contactEmail'>,
  tutor: { name: string; email: string },
  input: NewPlacement,
): PlacementMails {
  const lesson = { learner: student.name, subject: input.subject, mode: input.mode, startsOn: input.startsOn, startTime: input.startTime, frequency: input.frequency, notes: input.notes }
  return {
    tutor: placementStartedTutorMail(tutor, lesson, `${deps.config.publicUrl}/tutor`),
    contact: placementStartedContactMail({ name: student.contactName, email: student.contactEmail }, { ...lesson, tutor: tutor.name }),
  }
}

/**
 * The mails placing would send, without storing or sending anything; a field at fault when the learner or the tutor
 * is not on record (whether the tutor may be placed, placing itself says).
 */
export async function previewPlacementMails(db: Db, deps: Pick<PlacementDeps, 'config'>, input: PlacementInput): Promise<PlacementMails | { field: string; message: string }> {
  const { studentId, tutorId, ...placement } = input
  const [student] = await db.select().from(students).where(eq(students.id, studentId)).limit(1)
  if (!student) return { field: 'studentId', message: PLACEMENT_MESSAGES.unknownLearner }
  const [tutor] = await tutorFacts(db, [tutorId])
  if (!tutor) return { field: 'tutorId', message: PLACEMENT_MESSAGES.unknownTutor }
  return placementMails(deps, student, tutor.user, placement)
}

export interface PlacementInput extends NewPlacement {
  studentId: string
  tutorId: string
}

export async function createPlacementRecord(tx: Db, deps: PlacementDeps, input: PlacementInput, context: ChangeContext): Promise<PlacementResult> {
  const { studentId, tutorId, ...placement } = input
  return startPlacement(tx, deps, studentId, tutorId, placement, context)
}

/** The current placement, locked, when `version` is the one the editor read. */
async function currentPlacement(tx: Db, id: string, version: number): Promise<PlacementRow | 'missing' | 'stale' | { refused: string }> {
  const [placement] = await tx.select().from(placements).where(eq(placements.id, id)).for('update').limit(1)
  if (!placement) return 'missing'
  if (placement.version !== version) return 'stale'
  if (placement.status !== 'active') return { refused: PLACEMENT_MESSAGES.notCurrent }
  return placement
}

async function closePlacement(tx: Db, placement: PlacementRow, status: 'ended' | 'moved', endedOn: string, reason: string): Promise<void> {
  await tx
    .update(placements)
    .set({ status, endedOn, endReason: reason, version: placement.version + 1, updatedAt: new Date() })
    .where(eq(placements.id, placement.id))
}

async function namesOf(tx: Db, placement: PlacementRow) {
  const [row] = await tx
    .select({
      learner: students.name,
      schoolId: students.schoolId,
      tutor: { name: users.name, email: users.email },
      contact: { name: students.contactName, email: students.contactEmail },
    })
    .from(students)
    .innerJoin(users, eq(users.id, placement.tutorId))
    .where(eq(students.id, placement.studentId))
    .limit(1)
  if (!row) throw new Error('A placement without its learner or tutor.')
  return row
}

/** The lessons a placement's end cancelled, and the group lessons it took the learner off, as the mails list them. */
function endedLessonTimes(ended: EndedLessons): EndedLessonTimes {
  const times = (lessons: EndedLesson[]) => lessons.map(({ startsAt }) => ({ day: londonDay(startsAt), time: londonTime(startsAt) }))
  return { cancelled: times(ended.cancelled), goingOn: times(ended.leftGroups) }
}

/**
 * Ends a current placement made from `version`, with the reason. Its lessons from the end date on are cancelled (or,
 * in a group that goes on, lose this learner), and the tutor and the learner's contact are each told once, by mail.
 * The learner's status stays.
 */
export async function endPlacementRecord(
  tx: Db,
  deps: Pick<PlacementDeps, 'mailer'>,
  id: string,
  version: number,
  end: { reason: string; endedOn?: string },
  context: ChangeContext,
): Promise<PlacementOutcome> {
  const placement = await currentPlacement(tx, id, version)
  if (typeof placement === 'string' || 'refused' in placement) return placement
  // A placement called off before its first lesson ends today; a last day given must not come before the first.
  if (end.endedOn !== undefined && end.endedOn < placement.startsOn) return { field: 'endedOn', message: PLACEMENT_MESSAGES.endBeforeStart }
  const endedOn = end.endedOn ?? isoDay(new Date(), 'utc')
  await closePlacement(tx, placement, 'ended', endedOn, end.reason)
  const lessons = await endPlacementLessons(tx, placement.id, endedOn, 'ended', context)
  const names = await namesOf(tx, placement)
  await recordAudit(tx, {
    action: 'placement.ended',
    actorUserId: context.actorId,
    subject: { type: 'placement', id },
    related: [
      `student:${placement.studentId}`,
      `tutor:${placement.tutorId}`,
      ...(names.schoolId === null ? [] : [`school:${names.schoolId}`]),
      // A group lesson the learner left shows why in its own history.
      ...lessons.leftGroups.map((lesson) => `lesson:${lesson.id}`),
    ],
    ip: context.request.ip,
    details: { changes: [{ field: 'status', from: 'active', to: 'ended' }], detail: `${placement.subject} with ${names.tutor.name}, last day ${formatDay(endedOn)}. ${end.reason}` },
  })
  const times = endedLessonTimes(lessons)
  await deps.mailer.enqueue(tx, placementEndedTutorMail(names.tutor, { learner: names.learner, subject: placement.subject, endedOn, moved: false }, times))
  await deps.mailer.enqueue(tx, placementEndedContactMail(names.contact, { learner: names.learner, subject: placement.subject, tutor: names.tutor.name, endedOn }, times))
  return { placementId: id }
}

/**
 * Moves a current placement to another tutor: it ends as moved (the old tutor's lessons from the new one's first day
 * are cancelled, as when a placement ends), and a new one with the same subject and rhythm starts with the new tutor
 * (who must be placeable, like any other). The old tutor, the new tutor and the contact are mailed once each: the
 * contact's mail names the new tutor, who arranges the lessons from then on.
 */
export async function movePlacementRecord(
  tx: Db,
  deps: PlacementDeps,
  id: string,
  version: number,
  move: { tutorId: string; reason: string; startsOn?: string },
  context: ChangeContext,
): Promise<PlacementOutcome> {
  const placement = await currentPlacement(tx, id, version)
  if (typeof placement === 'string' || 'refused' in placement) return placement
  const names = await namesOf(tx, placement)
  if (move.tutorId === placement.tutorId) return { refused: PLACEMENT_MESSAGES.sameTutor(names.tutor.name) }
  const startsOn = move.startsOn ?? isoDay(new Date(), 'utc')
  // The old placement's last day is the new one's first, or its own first when it never started.
  const endedOn = startsOn < placement.startsOn ? placement.startsOn : startsOn
  await closePlacement(tx, placement, 'moved', endedOn, move.reason)
  const lessons = await endPlacementLessons(tx, placement.id, endedOn, 'moved', context)
  const [course] = placement.courseId === null ? [] : await tx.select({ slug: courses.slug }).from(courses).where(eq(courses.id, placement.courseId)).limit(1)
  const outcome = await startPlacement(
    tx,
    deps,
    placement.studentId,
    move.tutorId,
    {
      subject: placement.subject,
      courseId: course?.slug,
      mode: placement.mode,
      startsOn,
      frequency: placement.frequency,
      lessonCount: placement.lessonCount ?? undefined,
      lessonMinutes: (placement.lessonMinutes ?? undefined) as Schemas['LessonMinutes'] | undefined,
      notes: placement.notes ?? undefined,
    },
    { ...context, movedFrom: { id: placement.id, tutorId: placement.tutorId }, reason: `Moved from ${names.tutor.name}: ${move.reason}`, groupLessons: lessons.leftGroups.map((lesson) => lesson.id) },
  )
  if (!('placementId' in outcome)) throw new PlacementRefused(outcome)
  await deps.mailer.enqueue(tx, placementEndedTutorMail(names.tutor, { learner: names.learner, subject: placement.subject, endedOn, moved: true }, endedLessonTimes(lessons)))
  return outcome
}
