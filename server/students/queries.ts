import { and, count, desc, eq, exists, ilike, or, sql, type SQL } from 'drizzle-orm'
import { ENUMS } from '../../shared/contract.gen.ts'
import type { components } from '../../src/api/schema.gen.ts'
import type { Db } from '../db/client.ts'
import { courses, registrations, safeguardingConcerns, schools, students, type StudentRow, type StudentStatus } from '../db/schema.ts'
import { window, type Page, type PageRequest } from '../lib/paging.ts'
import { containsPattern, searchText } from '../lib/search.ts'

type Schemas = components['schemas']
export type StudentInput = Schemas['StudentInput']

export interface StudentQuery extends PageRequest {
  q?: string
  status?: StudentStatus
}

export async function listStudentPage(db: Db, query: StudentQuery): Promise<Page<Schemas['Student']> & { statusCounts: Schemas['StudentStatusCounts'] }> {
  const text = searchText(query.q)
  const pattern = text === undefined ? undefined : containsPattern(text)
  const searched: SQL | undefined =
    pattern === undefined ? undefined : or(ilike(students.name, pattern), ilike(students.contactName, pattern), ilike(students.contactEmail, pattern))
  const filter = and(searched, query.status === undefined ? undefined : eq(students.status, query.status))
  const { limit, offset } = window(query)
  const [rows, totals, byStatus] = await Promise.all([
    db
      .select({
        student: students,
        schoolName: schools.name,
        course: { id: courses.slug, title: courses.title },
        registration: { id: registrations.id, reference: registrations.reference },
      })
      .from(students)
      .leftJoin(schools, eq(schools.id, students.schoolId))
      .leftJoin(courses, eq(courses.id, students.courseId))
      .leftJoin(registrations, eq(registrations.studentId, students.id))
      .where(filter)
      .orderBy(desc(students.createdAt), desc(students.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(students).where(filter),
    db.select({ status: students.status, n: count() }).from(students).where(searched).groupBy(students.status),
  ])
  const statusCounts = Object.fromEntries(ENUMS.StudentStatus.map((status) => [status, 0])) as Schemas['StudentStatusCounts']
  for (const row of byStatus) statusCounts[row.status] = row.n
  const items = rows.map(({ student, schoolName, course, registration }): Schemas['Student'] => ({
    id: student.id,
    name: student.name,
    status: student.status,
    ...(student.age === null ? {} : { age: student.age }),
    ...(student.yearGroup === null ? {} : { yearGroup: student.yearGroup as Schemas['SchoolYear'] }),
    ...((schoolName ?? student.school) === null ? {} : { school: schoolName ?? student.school ?? '' }),
    contactName: student.contactName,
    contactEmail: student.contactEmail,
    contactPhone: student.contactPhone,
    subjects: student.subjects,
    ...(course ? { course } : {}),
    deliveryMode: student.deliveryMode,
    ...(registration ? { registration } : {}),
    createdAt: student.createdAt.toISOString(),
  }))
  return { items, total: totals[0]?.total ?? 0, page: query.page, pageSize: query.pageSize, statusCounts }
}

/** A row's fields as the contract has them: what the edit form shows and sends back. */
export function studentFields(row: StudentRow): StudentInput {
  const optional = <T>(value: T | null) => value ?? undefined
  return {
    name: row.name,
    age: optional(row.age),
    yearGroup: optional(row.yearGroup) as Schemas['SchoolYear'] | undefined,
    schoolId: optional(row.schoolId),
    schoolName: optional(row.school),
    contact: {
      name: row.contactName,
      relationship: optional(row.contactRelationship) as Schemas['ContactRelationship'] | undefined,
      email: row.contactEmail,
      phone: row.contactPhone,
      preferredContact: optional(row.preferredContact) as Schemas['PreferredContact'] | undefined,
    },
    address:
      row.addressLine1 !== null && row.town !== null && row.postcode !== null
        ? { line1: row.addressLine1, line2: optional(row.addressLine2), town: row.town, postcode: row.postcode }
        : undefined,
    subjects: row.subjects,
    level: optional(row.level) as Schemas['StudyLevel'] | undefined,
    deliveryMode: row.deliveryMode,
    availability:
      row.availabilityDays.length + row.availabilityTimes.length > 0
        ? { days: row.availabilityDays as Schemas['Weekday'][], times: row.availabilityTimes as Schemas['TimeOfDay'][] }
        : undefined,
    goals: optional(row.goals),
    needs: optional(row.needs),
    notesForTutors: optional(row.notesForTutors),
    status: row.status,
  }
}

/**
 * One student in full, or undefined when there is none with that id. Whether a safeguarding concern names them is
 * told to every admin (so nobody acts unaware); what it says is for the safeguarding leads alone.
 */
export async function readStudentRecord(db: Db, id: string): Promise<Schemas['StudentRecord'] | undefined> {
  const [found] = await db
    .select({
      student: students,
      school: { id: schools.id, name: schools.name },
      course: { id: courses.slug, title: courses.title },
      registration: { id: registrations.id, reference: registrations.reference },
      hasConcern: exists(sql`(select 1 from ${safeguardingConcerns} where ${safeguardingConcerns.studentId} = ${students.id})`).mapWith(Boolean),
    })
    .from(students)
    .leftJoin(schools, eq(schools.id, students.schoolId))
    .leftJoin(courses, eq(courses.id, students.courseId))
    .leftJoin(registrations, eq(registrations.studentId, students.id))
    .where(eq(students.id, id))
    .limit(1)
  if (!found) return undefined
  const { student, school, course, registration, hasConcern } = found
  return {
    id: student.id,
    version: student.version,
    fields: studentFields(student),
    ...(student.anonymisedAt === null ? {} : { anonymisedAt: student.anonymisedAt.toISOString() }),
    ...(school ? { school } : {}),
    ...(course ? { course } : {}),
    ...(registration ? { registration } : {}),
    hasConcern,
    createdAt: student.createdAt.toISOString(),
    updatedAt: student.updatedAt.toISOString(),
  }
}

/** One student's row as stored, or undefined. */
export async function readStudentRow(db: Db, id: string): Promise<StudentRow | undefined> {
  const [row] = await db.select().from(students).where(eq(students.id, id)).limit(1)
  return row
}
