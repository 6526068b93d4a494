import { count, desc, eq, ilike, or } from 'drizzle-orm'
import type { components } from '../../src/api/schema.gen.ts'
import type { Db } from '../db/client.ts'
import { registrations, schools } from '../db/schema.ts'
import type { PageRequest } from '../lib/paging.ts'
import { containsPattern, searchText } from '../lib/search.ts'

type Schemas = components['schemas']

export interface PageQuery extends PageRequest {
  q?: string
}

export async function listSchoolPage(db: Db, query: PageQuery): Promise<Schemas['SchoolPage']> {
  const text = searchText(query.q)
  const pattern = text === undefined ? undefined : containsPattern(text)
  const filter =
    pattern === undefined
      ? undefined
      : or(
          ilike(schools.name, pattern),
          ilike(schools.town, pattern),
          ilike(schools.postcode, pattern),
          ilike(schools.contactName, pattern),
          ilike(schools.contactEmail, pattern),
        )
  const [rows, totals] = await Promise.all([
    db
      .select({ school: schools, registration: { id: registrations.id, reference: registrations.reference } })
      .from(schools)
      .leftJoin(registrations, eq(registrations.schoolId, schools.id))
      .where(filter)
      .orderBy(desc(schools.createdAt), desc(schools.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(schools).where(filter),
  ])
  const items = rows.map(({ school, registration }): Schemas['School'] => ({
    id: school.id,
    name: school.name,
    type: school.type as Schemas['SchoolType'],
    town: school.town,
    postcode: school.postcode,
    contactName: school.contactName,
    contactRole: school.contactRole,
    contactEmail: school.contactEmail,
    contactPhone: school.contactPhone,
    pupilCount: school.pupilCount,
    ...(registration ? { registration } : {}),
    createdAt: school.createdAt.toISOString(),
  }))
  return { items, total: totals[0]?.total ?? 0, page: query.page, pageSize: query.pageSize }
}
