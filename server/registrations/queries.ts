import { aliasedTable, and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import type { components } from '../../src/api/schema.gen.ts'
import { ENUMS } from '../../shared/contract.gen.ts'
import type { Db } from '../db/client.ts'
import {
  courses,
  registrationEvents,
  registrations,
  schools,
  students,
  users,
  type RegistrationRow,
  type RegistrationStatus,
  type RegistrationType,
} from '../db/schema.ts'
import { containsPattern, searchText } from '../lib/search.ts'
import { allowedStatuses, canAccept } from './workflow.ts'

type Schemas = components['schemas']

export function summaryOf(row: RegistrationRow): Schemas['RegistrationSummary'] {
  return {
    id: row.id,
    reference: row.reference,
    type: row.type,
    status: row.status,
    name: row.name,
    email: row.email,
    summary: row.summary,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

export interface RegistrationQuery {
  type?: RegistrationType
  status?: RegistrationStatus
  q?: string
  sort: 'newest' | 'oldest' | 'name'
  page: number
  pageSize: number
}

const ORDERS = {
  newest: [desc(registrations.createdAt), desc(registrations.id)],
  oldest: [asc(registrations.createdAt), asc(registrations.id)],
  name: [asc(sql`lower(${registrations.name})`), desc(registrations.createdAt), desc(registrations.id)],
} as const

export async function listRegistrationPage(db: Db, query: RegistrationQuery): Promise<Schemas['RegistrationPage']> {
  const text = searchText(query.q)
  const shared: (SQL | undefined)[] = [query.type === undefined ? undefined : eq(registrations.type, query.type)]
  if (text !== undefined) {
    const pattern = containsPattern(text)
    shared.push(or(ilike(registrations.name, pattern), ilike(registrations.email, pattern), ilike(registrations.reference, pattern)))
  }
  const filtered = and(...shared, query.status === undefined ? undefined : eq(registrations.status, query.status))
  const [rows, totals, byStatus] = await Promise.all([
    db
      .select()
      .from(registrations)
      .where(filtered)
      .orderBy(...ORDERS[query.sort])
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(registrations).where(filtered),
    db.select({ status: registrations.status, n: count() }).from(registrations).where(and(...shared)).groupBy(registrations.status),
  ])
  const statusCounts = Object.fromEntries(ENUMS.RegistrationStatus.map((status) => [status, 0])) as Schemas['RegistrationStatusCounts']
  for (const row of byStatus) statusCounts[row.status] = row.n
  return { items: rows.map(summaryOf), total: totals[0]?.total ?? 0, page: query.page, pageSize: query.pageSize, statusCounts }
}

const actors = aliasedTable(users, 'actors')

/** One registration in full, or undefined when there is none with that id. */
export async function readRegistration(db: Db, id: string): Promise<Schemas['Registration'] | undefined> {
  const [row] = await db.select().from(registrations).where(eq(registrations.id, id)).limit(1)
  if (!row) return undefined
  const [events, student, school, tutor, course] = await Promise.all([
    db
      .select({ event: registrationEvents, actorName: actors.name })
      .from(registrationEvents)
      .leftJoin(actors, eq(actors.id, registrationEvents.actorUserId))
      .where(eq(registrationEvents.registrationId, id))
      .orderBy(asc(registrationEvents.at), asc(registrationEvents.id)),
    row.studentId ? db.select({ id: students.id, name: students.name }).from(students).where(eq(students.id, row.studentId)) : [],
    row.schoolId ? db.select({ id: schools.id, name: schools.name }).from(schools).where(eq(schools.id, row.schoolId)) : [],
    row.userId ? db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, row.userId)) : [],
    row.type === 'course' && typeof row.answers.courseId === 'string'
      ? db.select({ id: courses.slug, title: courses.title }).from(courses).where(eq(courses.slug, row.answers.courseId))
      : [],
  ])
  const created: Schemas['RegistrationCreated'] = {}
  if (student[0]) created.student = student[0]
  if (school[0]) created.school = school[0]
  if (tutor[0]) created.tutor = tutor[0]
  return {
    ...summaryOf(row),
    ...(course[0] ? { course: course[0] } : {}),
    answers: row.answers as Schemas['RegistrationAnswers'],
    events: events.map(({ event, actorName }) => {
      const entry: Schemas['RegistrationEvent'] = { id: event.id, kind: event.kind, at: event.at.toISOString() }
      if (event.actorUserId !== null && actorName !== null) entry.actor = { id: event.actorUserId, name: actorName }
      if (event.fromStatus !== null) entry.fromStatus = event.fromStatus
      if (event.toStatus !== null) entry.toStatus = event.toStatus
      if (event.note !== null) entry.note = event.note
      if (event.reason !== null) entry.reason = event.reason
      if (event.notified !== null) entry.notified = event.notified
      return entry
    }),
    created,
    allowedStatuses: allowedStatuses(row.status),
    canAccept: canAccept(row.status),
  }
}
