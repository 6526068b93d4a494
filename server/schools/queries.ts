import { asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm'
import type { components } from '../../src/api/schema.gen.ts'
import type { FieldErrors } from '../contract/validators.ts'
import type { Db } from '../db/client.ts'
import { registrations, schools, students, type SchoolRow } from '../db/schema.ts'
import { recordAudit } from '../lib/audit.ts'
import { normaliseEmail } from '../lib/email.ts'
import { changesBetween, type ChangeContext, type UpdateOutcome } from '../lib/history.ts'
import { checkSchema, cleanInput } from '../contract/input.ts'
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

function schoolColumns(input: SchoolInput) {
  return {
    name: input.name,
    type: input.type,
    addressLine1: input.address.line1,
    addressLine2: input.address.line2 ?? null,
    town: input.address.town,
    postcode: input.address.postcode.toUpperCase(),
    contacts: input.contacts.map(({ name, role, email, phone }) => ({ name, role, email, phone })),
    safeguardingLeadName: input.safeguardingLead.name,
    safeguardingLeadEmail: input.safeguardingLead.email,
    safeguardingLeadPhone: input.safeguardingLead.phone ?? null,
    pupilCount: input.pupilCount ?? null,
    notes: input.notes ?? null,
  }
}

/** Cleans a body the contract validator let through (trimmed, emails lowercased, postcode in capitals) and checks it again. */
export function checkSchoolInput(body: SchoolInput): { input: SchoolInput; problems: FieldErrors } {
  const input = cleanInput(body) as SchoolInput
  for (const contact of input.contacts ?? []) if (contact.email) contact.email = normaliseEmail(contact.email)
  if (input.safeguardingLead?.email) input.safeguardingLead.email = normaliseEmail(input.safeguardingLead.email)
  if (input.address?.postcode) input.address.postcode = input.address.postcode.toUpperCase()
  return { input, problems: checkSchema('SchoolInput', input) }
}

/** Stores a new school and the history entry saying who added it; within the caller's transaction. */
export async function insertSchool(tx: Db, input: SchoolInput, context: ChangeContext): Promise<string> {
  const [row] = await tx.insert(schools).values(schoolColumns(input)).returning({ id: schools.id })
  if (!row) throw new Error('The school insert returned no row.')
  await recordAudit(tx, {
    action: 'school.created',
    actorUserId: context.actorId,
    subject: { type: 'school', id: row.id },
    ip: context.request.ip,
    details: { changes: [], ...(context.note === undefined ? {} : { note: context.note }) },
  })
  return row.id
}

/** Changes a school made from `version`, within the caller's transaction (see updateStudentRecord). */
export async function updateSchoolRecord(tx: Db, id: string, version: number, input: SchoolInput, context: ChangeContext): Promise<UpdateOutcome> {
  const [row] = await tx.select().from(schools).where(eq(schools.id, id)).for('update').limit(1)
  if (!row) return 'missing'
  if (row.version !== version) return 'stale'
  const changes = changesBetween(schoolFields(row), input)
  if (changes.length === 0) return 'unchanged'
  await tx
    .update(schools)
    .set({ ...schoolColumns(input), version: row.version + 1, updatedAt: new Date() })
    .where(eq(schools.id, id))
  await recordAudit(tx, { action: 'school.updated', actorUserId: context.actorId, subject: { type: 'school', id }, ip: context.request.ip, details: { changes } })
  return 'updated'
}

/**
 * Removes a school made from `version` that has no learners, within the caller's transaction. Answers how many
 * learners stand in the way, or the outcome.
 */
export async function deleteSchoolRecord(tx: Db, id: string, version: number, context: ChangeContext): Promise<Exclude<UpdateOutcome, 'unchanged' | 'updated'> | 'deleted' | { learners: number }> {
  const [row] = await tx.select().from(schools).where(eq(schools.id, id)).for('update').limit(1)
  if (!row) return 'missing'
  if (row.version !== version) return 'stale'
  const [learners] = await tx.select({ n: count() }).from(students).where(eq(students.schoolId, id))
  if ((learners?.n ?? 0) > 0) return { learners: learners?.n ?? 0 }
  // The registration it came from stays, without its link to the school.
  await tx.update(registrations).set({ schoolId: null }).where(eq(registrations.schoolId, id))
  await tx.delete(schools).where(eq(schools.id, id))
  await recordAudit(tx, { action: 'school.deleted', actorUserId: context.actorId, subject: { type: 'school', id }, ip: context.request.ip, details: { name: row.name } })
  return 'deleted'
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
