import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm'
import { sameName } from '../../shared/confirm-name.ts'
import type { Db } from '../db/client.ts'
import { contactMessages, placements, registrationEvents, registrations, students } from '../db/schema.ts'
import { recordAudit } from '../lib/audit.ts'
import { normaliseEmail } from '../lib/email.ts'
import { ANONYMISED_BECAUSE, CONTACT_LABEL, momentOf, type AnonymiseContext, type AnonymiseOutcome } from './anonymise.ts'
import { ERASURE_MESSAGES } from './messages.ts'
import { dropWorkingRows, placeholderHash, PLACEHOLDER_DOMAIN, PLACEHOLDER_PHONE, purgeMail, redactHistory, REMOVED_TEXT, replaceInJson, replaceValues, searchable, stableCode, type Replacement } from './scrub.ts'

/**
 * Messages someone sent through the contact form, anonymised: who sent them replaced, their subject and words
 * removed (they were the person's own), the fingerprint and the sender's address and browser gone.
 */
export async function anonymiseMessages(tx: Db, messages: readonly { id: string }[], sender: { name: string; email: string }): Promise<void> {
  for (const row of messages) {
    await tx
      .update(contactMessages)
      .set({ name: sender.name, email: sender.email, phone: null, subject: 'Removed', message: REMOVED_TEXT, fingerprint: placeholderHash(row.id), ip: null, userAgent: null })
      .where(eq(contactMessages.id, row.id))
  }
}

/** The forms whose sender is a learner's contact; a school's and a tutor's own forms are theirs (see the other anonymisers). */
const CONTACT_FORMS = ['subject', 'course'] as const

interface ContactPart {
  name?: string
  email?: string
  phone?: string
  organisation?: string
}

/**
 * Anonymises a contact person, found by email, in one transaction: wherever their name, email and phone appear (the
 * contact fields of the learners they are the contact for, the contact part of the enrolments they sent, the
 * messages they sent through the contact form, mail, the history and throttling rows) they are replaced; their
 * messages' words are removed. The learners themselves keep their own records.
 *
 * The typed name must be one of the names recorded for that email. Refused while a learner they are the contact for
 * has a current placement: the office would lose the only way to reach the family.
 */
export async function anonymiseContact(db: Db, emailIn: string, context: AnonymiseContext): Promise<AnonymiseOutcome> {
  const email = normaliseEmail(emailIn)
  return db.transaction(async (tx) => {
    const theirEmail = (column: typeof students.contactEmail | typeof registrations.email | typeof contactMessages.email) => sql`lower(${column}) = ${email}`
    const learners = await tx
      .select()
      .from(students)
      .where(and(theirEmail(students.contactEmail), isNull(students.anonymisedAt)))
      .for('update')
    const enrolments = await tx
      .select()
      .from(registrations)
      .where(and(theirEmail(registrations.email), inArray(registrations.type, [...CONTACT_FORMS])))
      .for('update')
    const messages = await tx.select().from(contactMessages).where(theirEmail(contactMessages.email)).for('update')
    if (learners.length + enrolments.length + messages.length === 0) return { status: 'missing' as const }

    const contactsOf = enrolments.map((row) => (row.answers.contact ?? {}) as ContactPart)
    const names = [...learners.map((row) => row.contactName), ...contactsOf.map((contact) => contact.name ?? ''), ...messages.map((row) => row.name)]
    if (context.reason === 'request' && !names.some((name) => sameName(context.confirmName, name))) return { status: 'mismatch' as const }

    const learnerIds = learners.map((row) => row.id)
    if (learnerIds.length > 0) {
      const [current] = await tx
        .select({ n: count() })
        .from(placements)
        .where(and(inArray(placements.studentId, learnerIds), eq(placements.status, 'active')))
      if ((current?.n ?? 0) > 0) return { status: 'refused' as const, message: ERASURE_MESSAGES.contactPlaced(current?.n ?? 0) }
    }

    const now = momentOf(context)
    const placeholderEmail = `contact-${stableCode(email).toLowerCase()}@${PLACEHOLDER_DOMAIN}`
    const replacements: Replacement[] = [{ value: email, by: placeholderEmail }]
    for (const name of names) replacements.push({ value: name, by: CONTACT_LABEL })
    for (const phone of [...learners.map((row) => row.contactPhone), ...contactsOf.map((contact) => contact.phone ?? ''), ...messages.map((row) => row.phone ?? '')]) {
      replacements.push({ value: phone, by: PLACEHOLDER_PHONE })
    }
    for (const organisation of contactsOf.map((contact) => contact.organisation ?? '')) replacements.push({ value: organisation, by: 'Removed' })
    const searched = searchable(replacements)

    if (learnerIds.length > 0) {
      await tx
        .update(students)
        .set({
          contactName: CONTACT_LABEL,
          contactRelationship: null,
          contactEmail: placeholderEmail,
          contactPhone: PLACEHOLDER_PHONE,
          preferredContact: null,
          version: sql`${students.version} + 1`,
          updatedAt: now,
        })
        .where(inArray(students.id, learnerIds))
    }
    for (const row of enrolments) {
      const contact = { ...((row.answers.contact ?? {}) as ContactPart), name: CONTACT_LABEL, email: placeholderEmail, phone: PLACEHOLDER_PHONE }
      delete contact.organisation
      await tx
        .update(registrations)
        .set({
          answers: { ...replaceInJson(row.answers, searched), contact },
          email: placeholderEmail,
          summary: replaceValues(row.summary, searched),
          duplicateKey: placeholderHash(row.id),
          ip: null,
          userAgent: null,
          updatedAt: now,
        })
        .where(eq(registrations.id, row.id))
      for (const event of await tx.select().from(registrationEvents).where(eq(registrationEvents.registrationId, row.id))) {
        const text = (value: string | null) => (value === null ? null : replaceValues(value, searched))
        await tx.update(registrationEvents).set({ note: text(event.note), reason: text(event.reason) }).where(eq(registrationEvents.id, event.id))
      }
    }
    await anonymiseMessages(tx, messages, { name: CONTACT_LABEL, email: placeholderEmail })

    const history = await redactHistory(tx, { refs: messages.map((row) => `contact_message:${row.id}`), replacements: searched })
    const mail = await purgeMail(tx, [email], placeholderEmail, searched, now)
    await dropWorkingRows(tx, [email])

    const counts = { learners: learnerIds.length, registrations: enrolments.length, messages: messages.length, historyEntries: history, mail }
    await recordAudit(tx, {
      action: 'contact.anonymised',
      actorUserId: context.reason === 'request' ? context.actorId : null,
      related: learnerIds.map((id) => `student:${id}`),
      ip: context.reason === 'request' ? context.ip : null,
      details: { reason: context.reason, detail: ANONYMISED_BECAUSE[context.reason], ...counts },
    })
    return { status: 'anonymised' as const, counts }
  })
}
