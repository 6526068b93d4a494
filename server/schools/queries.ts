import { asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm'
import type { components } from '../../src/api/schema.gen.ts'
import type { Db } from '../db/client.ts'
import { registrations, schools, students, type SchoolRow } from '../db/schema.ts'
import { window, type Page, type PageRequest } from '../lib/paging.ts'
import { containsPattern, searchText } from '../lib/search.ts'

type Schemas = components['schemas']
export type SchoolInput = Schemas['SchoolInput']

export const SCHOOL_MESSAGES = {
  notFound: 'We could not find that school.',
  hasLearners: (learners: number) =>
    `This school has ${learners} ${learners === 1 ? 'learner' : 'learners'} on record. Move ${learners === 1 ? 'them' : 'each of them'} to another school first, or keep the school.`,
} as const

export interface SchoolQuery extends PageRequest {
  q?: string
}

/** Any contact's name or email (the contacts are a JSON list), matched like the other fields. */
const contactsText = sql`${schools.contacts}::text`

export async function listSchoolPage(db: Db, query: SchoolQuery): Promise<Page<Schemas['School']>> {
  const text = searchText(query.q)
  const pattern = text === undefined ? undefined : containsPattern(text)
  const filter =
    pattern === undefined ? undefined : or(ilike(schools.name, pattern), ilike(schools.town, pattern), ilike(schools.postcode, pattern), ilike(contactsText, pattern))
  const { limit, offset } = window(query)
  const [rows, totals] = await Promise.all([
    db
      .select({ school: schools, registration: { id: registrations.id, reference: registrations.reference } })
      .from(schools)
      .leftJoin(registrations, eq(registrations.schoolId, schools.id))
      .where(filter)
      .orderBy(desc(schools.createdAt), desc(schools.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(schools).where(filter),
  ])
  const items = rows.map(({ school, registration }): Schemas['School'] => {
    const [main] = school.contacts
    return {
      id: school.id,
      name: school.name,
      type: school.type as Schemas['SchoolType'],
      town: school.town,
      postcode: school.postcode,
      contactName: main?.name ?? '',
      contactRole: main?.role ?? '',
      contactEmail: main?.email ?? '',
      contactPhone: main?.phone ?? '',
      ...(school.pupilCount === null ? {} : { pupilCount: school.pupilCount }),
      ...(registration ? { registration } : {}),
      createdAt: school.createdAt.toISOString(),
    }
  })
  return { items, total: totals[0]?.total ?? 0, page: query.page, pageSize: query.pageSize }
}

/** A row's fields as the contract has them: what the edit form shows and sends back. */
export function schoolFields(row: SchoolRow): SchoolInput {
  return {
    name: row.name,
    type: row.type as Schemas['SchoolType'],
    address: { line1: row.addressLine1, line2: row.addressLine2 ?? undefined, town: row.town, postcode: row.postcode },
    contacts: row.contacts,
    safeguardingLead: { name: row.safeguardingLeadName, email: row.safeguardingLeadEmail, phone: row.safeguardingLeadPhone ?? undefined },
    pupilCount: row.pupilCount ?? undefined,
    notes: row.notes ?? undefined,
  }
}

/** One school in full with its learners, or undefined when there is none with that id. */
export async function readSchoolRecord(db: Db, id: string): Promise<Schemas['SchoolRecord'] | undefined> {
  const [found] = await db
    .select({ school: schools, registration: { id: registrations.id, reference: registrations.reference } })
    .from(schools)
    .leftJoin(registrations, eq(registrations.schoolId, schools.id))
    .where(eq(schools.id, id))
    .limit(1)
  if (!found) return undefined
  const learners = await db
    .select({ id: students.id, name: students.name, status: students.status })
    .from(students)
    .where(eq(students.schoolId, id))
    .orderBy(asc(students.name))
  const { school, registration } = found
  return {
    id: school.id,
    version: school.version,
    fields: schoolFields(school),
    students: learners,
    ...(registration ? { registration } : {}),
    createdAt: school.createdAt.toISOString(),
    updatedAt: school.updatedAt.toISOString(),
  }
}
