import { and, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm'
import type { components } from '../../src/api/schema.gen.ts'
import type { Db } from '../db/client.ts'
import { contactMessages, mailOutbox, registrations, schools, students, users } from '../db/schema.ts'

/** What is held under one address, named and counted, so the office can choose which export answers a request. */
export async function matchesFor(db: Db, address: string): Promise<components['schemas']['PersonalDataMatches']> {
  const email = address.trim().toLowerCase()
  const [learners, registered, schoolRows, accounts, [messages], [mail]] = await Promise.all([
    db.select({ id: students.id, name: students.name }).from(students).where(eq(sql`lower(${students.contactEmail})`, email)).orderBy(students.name),
    db.select({ id: registrations.id, reference: registrations.reference, name: registrations.name }).from(registrations).where(eq(sql`lower(${registrations.email})`, email)).orderBy(registrations.createdAt),
    db
      .select()
      .from(schools)
      .where(or(eq(sql`lower(${schools.safeguardingLeadEmail})`, email), sql`exists (select 1 from jsonb_array_elements(${schools.contacts}) as c where lower(c->>'email') = ${email})`)),
    db.select({ id: users.id, name: users.name }).from(users).where(eq(users.email, email)),
    db.select({ n: count() }).from(contactMessages).where(eq(sql`lower(${contactMessages.email})`, email)),
    db.select({ n: count() }).from(mailOutbox).where(eq(sql`lower(${mailOutbox.to})`, email)),
  ])
  const schoolContacts = schoolRows.flatMap((school) => [
    ...school.contacts.flatMap((contact, index) => (contact.email.toLowerCase() === email ? [{ schoolId: school.id, schoolName: school.name, contact: index, name: contact.name }] : [])),
    ...(school.safeguardingLeadEmail.toLowerCase() === email ? [{ schoolId: school.id, schoolName: school.name, name: school.safeguardingLeadName }] : []),
  ])
  const contactName = await contactNameOf(db, email)
  return { email, learners, registrations: registered, schoolContacts, accounts, messages: messages?.n ?? 0, mail: mail?.n ?? 0, ...(contactName ? { contactName } : {}) }
}

/**
 * The newest name the address is recorded under as a contact person, which anonymising them asks to be typed: a
 * learner's contact (not yet anonymised), else the contact part of an enrolment they sent, else a message's sender.
 * Anonymising accepts any of the names recorded for the address; this one is shown so the office types a right one.
 */
async function contactNameOf(db: Db, email: string): Promise<string | undefined> {
  const [learner] = await db
    .select({ name: students.contactName })
    .from(students)
    .where(and(eq(sql`lower(${students.contactEmail})`, email), isNull(students.anonymisedAt)))
    .orderBy(desc(students.updatedAt))
    .limit(1)
  if (learner?.name) return learner.name
  const [enrolment] = await db
    .select({ name: sql<string | null>`${registrations.answers}->'contact'->>'name'` })
    .from(registrations)
    .where(and(eq(sql`lower(${registrations.email})`, email), inArray(registrations.type, ['subject', 'course']), sql`${registrations.answers}->'contact'->>'name' is not null`))
    .orderBy(desc(registrations.createdAt))
    .limit(1)
  if (enrolment?.name) return enrolment.name
  const [message] = await db.select({ name: contactMessages.name }).from(contactMessages).where(eq(sql`lower(${contactMessages.email})`, email)).orderBy(desc(contactMessages.createdAt)).limit(1)
  return message?.name || undefined
}
