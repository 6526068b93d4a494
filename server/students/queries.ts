import { count, desc, eq, ilike, or } from 'drizzle-orm'
import type { components } from '../../src/api/schema.gen.ts'
import type { Db } from '../db/client.ts'
import { courses, registrations, students } from '../db/schema.ts'
import type { PageRequest } from '../lib/paging.ts'
import { containsPattern, searchText } from '../lib/search.ts'

type Schemas = components['schemas']

export interface PageQuery extends PageRequest {
  q?: string
}

export async function listStudentPage(db: Db, query: PageQuery): Promise<Schemas['StudentPage']> {
  const text = searchText(query.q)
  const pattern = text === undefined ? undefined : containsPattern(text)
  const filter =
    pattern === undefined
      ? undefined
      : or(ilike(students.name, pattern), ilike(students.contactName, pattern), ilike(students.contactEmail, pattern))
  const [rows, totals] = await Promise.all([
    db
      .select({ student: students, course: { id: courses.slug, title: courses.title }, registration: { id: registrations.id, reference: registrations.reference } })
      .from(students)
      .leftJoin(courses, eq(courses.id, students.courseId))
      .leftJoin(registrations, eq(registrations.studentId, students.id))
      .where(filter)
      .orderBy(desc(students.createdAt), desc(students.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(students).where(filter),
  ])
  const items = rows.map(({ student, course, registration }): Schemas['Student'] => ({
    id: student.id,
    name: student.name,
    ...(student.age === null ? {} : { age: student.age }),
    ...(student.yearGroup === null ? {} : { yearGroup: student.yearGroup as Schemas['SchoolYear'] }),
    ...(student.school === null ? {} : { school: student.school }),
    contactName: student.contactName,
    contactEmail: student.contactEmail,
    contactPhone: student.contactPhone,
    subjects: student.subjects,
    ...(course ? { course } : {}),
    deliveryMode: student.deliveryMode,
    ...(registration ? { registration } : {}),
    createdAt: student.createdAt.toISOString(),
  }))
  return { items, total: totals[0]?.total ?? 0, page: query.page, pageSize: query.pageSize }
}
