import { aliasedTable, and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { components } from '../../src/api/schema.gen.ts'
import type { Db } from '../db/client.ts'
import { courses, placements, schools, students, users, type PlacementRow } from '../db/schema.ts'
import { window, type Page, type PageRequest } from '../lib/paging.ts'

type Schemas = components['schemas']
type Placement = Schemas['Placement']

const movedFrom = aliasedTable(placements, 'moved_from')
const movedFromTutor = aliasedTable(users, 'moved_from_tutor')
const movedTo = aliasedTable(placements, 'moved_to')
const movedToTutor = aliasedTable(users, 'moved_to_tutor')
const tutors = aliasedTable(users, 'tutors')

export interface PlacementQuery extends PageRequest {
  studentId?: string
  tutorId?: string
  schoolId?: string
  status?: Schemas['PlacementStatus']
}

/** Placements with the names around them, current first then newest. */
async function placementRows(db: Db, where: SQL | undefined, page: { limit: number; offset: number } = { limit: 1, offset: 0 }): Promise<PlacementJoin[]> {
  return db
    .select({
      placement: placements,
      student: { id: students.id, name: students.name, status: students.status },
      tutor: { id: tutors.id, name: tutors.name },
      school: { id: schools.id, name: schools.name },
      course: { id: courses.slug, title: courses.title },
      movedFrom: { id: movedFromTutor.id, name: movedFromTutor.name },
      movedTo: { id: movedToTutor.id, name: movedToTutor.name },
    })
    .from(placements)
    .innerJoin(students, eq(students.id, placements.studentId))
    .innerJoin(tutors, eq(tutors.id, placements.tutorId))
    .leftJoin(schools, eq(schools.id, students.schoolId))
    .leftJoin(courses, eq(courses.id, placements.courseId))
    .leftJoin(movedFrom, eq(movedFrom.id, placements.movedFromId))
    .leftJoin(movedFromTutor, eq(movedFromTutor.id, movedFrom.tutorId))
    .leftJoin(movedTo, eq(movedTo.movedFromId, placements.id))
    .leftJoin(movedToTutor, eq(movedToTutor.id, movedTo.tutorId))
    .where(where)
    .orderBy(sql`${placements.status} = 'active' desc`, desc(placements.startsOn), desc(placements.createdAt), asc(placements.id))
    .limit(page.limit)
    .offset(page.offset)
}

interface PlacementJoin {
  placement: PlacementRow
  student: Schemas['StudentRef']
  tutor: Schemas['NamedRef']
  school: Schemas['NamedRef'] | null
  course: { id: string; title: string } | null
  movedFrom: Schemas['NamedRef'] | null
  movedTo: Schemas['NamedRef'] | null
}

function toPlacement(row: PlacementJoin): Placement {
  const { placement } = row
  return {
    id: placement.id,
    version: placement.version,
    status: placement.status,
    student: row.student,
    tutor: row.tutor,
    ...(row.school ? { school: row.school } : {}),
    subject: placement.subject,
    ...(row.course ? { course: row.course } : {}),
    mode: placement.mode,
    startsOn: placement.startsOn,
    ...(placement.startTime === null ? {} : { startTime: placement.startTime }),
    frequency: placement.frequency,
    ...(placement.lessonCount === null ? {} : { lessonCount: placement.lessonCount }),
    ...(placement.lessonMinutes === null ? {} : { lessonMinutes: placement.lessonMinutes as Schemas['LessonMinutes'] }),
    ...(placement.notes === null ? {} : { notes: placement.notes }),
    ...(placement.endedOn === null ? {} : { endedOn: placement.endedOn }),
    ...(placement.endReason === null ? {} : { endReason: placement.endReason }),
    ...(row.movedFrom ? { movedFrom: row.movedFrom } : {}),
    ...(row.movedTo ? { movedTo: row.movedTo } : {}),
    createdAt: placement.createdAt.toISOString(),
    updatedAt: placement.updatedAt.toISOString(),
  }
}

/** Placements narrowed as asked: current ones first, then the newest. */
export async function listPlacementPage(db: Db, query: PlacementQuery): Promise<Page<Placement>> {
  const filter = and(
    query.studentId === undefined ? undefined : eq(placements.studentId, query.studentId),
    query.tutorId === undefined ? undefined : eq(placements.tutorId, query.tutorId),
    query.schoolId === undefined ? undefined : eq(students.schoolId, query.schoolId),
    query.status === undefined ? undefined : eq(placements.status, query.status),
  )
  const { limit, offset } = window(query)
  const [rows, totals] = await Promise.all([
    placementRows(db, filter, { limit, offset }),
    db.select({ total: count() }).from(placements).innerJoin(students, eq(students.id, placements.studentId)).where(filter),
  ])
  return { items: rows.map(toPlacement), total: totals[0]?.total ?? 0, page: query.page, pageSize: query.pageSize }
}

export async function readPlacement(db: Db, id: string): Promise<Placement | undefined> {
  const [row] = await placementRows(db, eq(placements.id, id))
  return row ? toPlacement(row) : undefined
}
