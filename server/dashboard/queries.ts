import { aliasedTable, and, count, desc, eq, inArray, type SQL } from 'drizzle-orm'
import { ENUMS } from '../../shared/contract.gen.ts'
import type { components } from '../../src/api/schema.gen.ts'
import { statusesOf } from '../contact-messages/queries.ts'
import type { Db } from '../db/client.ts'
import { countRecentlyFailedMail } from '../mail/outbox.ts'
import { auditEvents, contactMessages, lessons, placements, registrations, safeguardingConcerns, schools, students, tutorProfiles, users } from '../db/schema.ts'
import { tutorConditions } from '../tutors/queries.ts'
import { REPORT_STATES } from '../lesson-reports/queries.ts'
import { settlePassedLessons } from '../lessons/records.ts'
import { concernStatusesOf } from '../safeguarding-concerns/queries.ts'
import { UUID_PATTERN } from '../../shared/uuid.ts'

type Schemas = components['schemas']
type ActivitySubject = Schemas['ActivitySubject']

/** How many changes the dashboard lists. */
export const ACTIVITY_LENGTH = 15

async function total(query: Promise<{ n: number }[]>): Promise<number> {
  return (await query)[0]?.n ?? 0
}

/**
 * The office's figures, each counted with the very filter of the list it links to (reports to review and overdue,
 * active tutors without a valid check, failed mail, the inbox's new registrations of a kind, waiting students,
 * invited tutors, checks to renew, contact messages not yet handled), and for a safeguarding lead the concerns still
 * to act on (need-to-know: nobody else learns how many there are).
 */
export async function readFigures(db: Db, reader: { safeguardingLead: boolean }): Promise<Schemas['DashboardFigures']> {
  const tutorCount = (where: ReturnType<typeof tutorConditions>) =>
    total(db.select({ n: count() }).from(tutorProfiles).innerJoin(users, eq(users.id, tutorProfiles.userId)).where(where))
  // Lessons whose time has passed wait for their report from now on, as the reports list counts them.
  await settlePassedLessons(db)
  const lessonCount = (where: SQL | undefined) => total(db.select({ n: count() }).from(lessons).where(where))
  const [byType, studentsWaiting, tutorsInvited, checksExpiring, tutorsWithoutCheck, openMessages, failedMail, reportsToReview, reportsOverdue, concernsToActOn] = await Promise.all([
    db.select({ type: registrations.type, n: count() }).from(registrations).where(eq(registrations.status, 'new')).groupBy(registrations.type),
    total(db.select({ n: count() }).from(students).where(eq(students.status, 'waiting'))),
    tutorCount(and(tutorConditions({}), eq(tutorProfiles.status, 'invited'))),
    tutorCount(tutorConditions({ check: 'expiring' })),
    tutorCount(and(tutorConditions({ check: 'not_valid' }), eq(tutorProfiles.status, 'active'))),
    total(db.select({ n: count() }).from(contactMessages).where(inArray(contactMessages.status, statusesOf('open')))),
    countRecentlyFailedMail(db, reader),
    lessonCount(REPORT_STATES.to_review),
    lessonCount(REPORT_STATES.overdue),
    reader.safeguardingLead
      ? total(db.select({ n: count() }).from(safeguardingConcerns).where(inArray(safeguardingConcerns.status, concernStatusesOf('to_act_on'))))
      : undefined,
  ])
  const newRegistrations = Object.fromEntries(ENUMS.RegistrationType.map((type) => [type, 0])) as Schemas['DashboardFigures']['newRegistrations']
  for (const row of byType) newRegistrations[row.type] = row.n
  return {
    newRegistrations,
    studentsWaiting,
    tutorsInvited,
    checksExpiring,
    tutorsWithoutCheck,
    openMessages,
    failedMail,
    reportsToReview,
    reportsOverdue,
    ...(concernsToActOn === undefined ? {} : { concernsToActOn }),
  }
}

const actors = aliasedTable(users, 'actors')
const placedStudents = aliasedTable(students, 'placed_students')

/** The names the records have now, by kind and id; a record removed since has none. */
async function namesOf(db: Db, ids: Map<ActivitySubject, string[]>): Promise<Map<string, string>> {
  const names = new Map<string, string>()
  const fetchers: Record<ActivitySubject, (list: string[]) => Promise<{ id: string; name: string }[]>> = {
    student: (list) => db.select({ id: students.id, name: students.name }).from(students).where(inArray(students.id, list)),
    school: (list) => db.select({ id: schools.id, name: schools.name }).from(schools).where(inArray(schools.id, list)),
    tutor: (list) => db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, list)),
    placement: async (list) =>
      (
        await db
          .select({ id: placements.id, learner: placedStudents.name, subject: placements.subject })
          .from(placements)
          .innerJoin(placedStudents, eq(placedStudents.id, placements.studentId))
          .where(inArray(placements.id, list))
      ).map((row) => ({ id: row.id, name: `${row.learner}, ${row.subject}` })),
    registration: async (list) =>
      (await db.select({ id: registrations.id, name: registrations.name, reference: registrations.reference }).from(registrations).where(inArray(registrations.id, list))).map((row) => ({
        id: row.id,
        name: `${row.name} (${row.reference})`,
      })),
    contact_message: async (list) =>
      (await db.select({ id: contactMessages.id, name: contactMessages.name, reference: contactMessages.reference }).from(contactMessages).where(inArray(contactMessages.id, list))).map(
        (row) => ({ id: row.id, name: `${row.name} (${row.reference})` }),
      ),
  }
  await Promise.all(
    [...ids].map(async ([type, list]) => {
      for (const row of await fetchers[type](list)) names.set(`${type}:${row.id}`, row.name)
    }),
  )
  return names
}

/** The latest changes staff and tutors made to the office's records, newest first, each with the record's name. */
export async function readActivity(db: Db): Promise<Schemas['ActivityEntry'][]> {
  const rows = await db
    .select({ event: auditEvents, actorName: actors.name })
    .from(auditEvents)
    .leftJoin(actors, eq(actors.id, auditEvents.actorUserId))
    .where(inArray(auditEvents.action, [...ENUMS.ActivityAction]))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(ACTIVITY_LENGTH)
  const subjects = new Set<string>(ENUMS.ActivitySubject)
  const wanted = new Map<ActivitySubject, string[]>()
  const entries = rows.flatMap(({ event, actorName }) => {
    const type = event.subjectType
    const id = event.subjectId
    if (type === null || id === null || !subjects.has(type) || !UUID_PATTERN.test(id)) return []
    const subject = type as ActivitySubject
    wanted.set(subject, [...(wanted.get(subject) ?? []), id])
    return [{ event, actorName, subject, id }]
  })
  const names = await namesOf(db, wanted)
  return entries.map(({ event, actorName, subject, id }): Schemas['ActivityEntry'] => {
    const details = event.details ?? {}
    const name = names.get(`${subject}:${id}`) ?? (typeof details.name === 'string' ? details.name : undefined)
    return {
      id: event.id,
      at: event.at.toISOString(),
      ...(event.actorUserId !== null && actorName !== null ? { actor: { id: event.actorUserId, name: actorName } } : {}),
      action: event.action as Schemas['ActivityAction'],
      subject: { type: subject, id, ...(name === undefined ? {} : { name }) },
      ...(typeof details.detail === 'string' ? { detail: details.detail } : {}),
    }
  })
}
