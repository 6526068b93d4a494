import { count, eq } from 'drizzle-orm'
import { checkSchema, cleanInput } from '../contract/input.ts'
import type { FieldErrors } from '../contract/validators.ts'
import type { Db } from '../db/client.ts'
import { registrations, schools, students } from '../db/schema.ts'
import { recordAudit } from '../lib/audit.ts'
import { normaliseEmail } from '../lib/email.ts'
import { changesBetween, type ChangeContext, type UpdateOutcome } from '../lib/history.ts'
import { schoolFields, type SchoolInput } from './queries.ts'

function schoolColumns(input: SchoolInput) {
  return {
    name: input.name,
    type: input.type,
    addressLine1: input.address.line1,
    addressLine2: input.address.line2 ?? null,
    town: input.address.town,
    postcode: input.address.postcode.toUpperCase(),
    contacts: input.contacts.map(({ name, role, email, phone, receivesReports }) => ({ name, role, email, phone, ...(receivesReports ? { receivesReports } : {}) })),
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
