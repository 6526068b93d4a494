import { count, eq, or, sql } from 'drizzle-orm'
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
  return { email, learners, registrations: registered, schoolContacts, accounts, messages: messages?.n ?? 0, mail: mail?.n ?? 0 }
}
