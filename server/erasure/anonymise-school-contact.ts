import { and, eq, or, sql } from 'drizzle-orm'
import { sameName } from '../../shared/confirm-name.ts'
import type { Db } from '../db/client.ts'
import { contactMessages, registrationEvents, registrations, schools } from '../db/schema.ts'
import { recordAudit } from '../lib/audit.ts'
import { normaliseEmail } from '../lib/email.ts'
import { ANONYMISED_BECAUSE, momentOf, type AnonymiseContext, type AnonymiseOutcome } from './anonymise.ts'
import { anonymiseMessages } from './anonymise-contact.ts'
import { ERASURE_MESSAGES } from './messages.ts'
import { dropWorkingRows, placeholderHash, PLACEHOLDER_DOMAIN, PLACEHOLDER_PHONE, purgeMail, redactFields, redactHistory, replaceInJson, replaceValues, searchable, stableCode } from './scrub.ts'

export const SCHOOL_CONTACT_LABEL = 'Anonymised school contact'

/**
 * Anonymises one of a school's contacts (by their place in the school's list) in one transaction: they leave the
 * list, and their name, email and phone are replaced wherever else they appear (the school's enrolments and any
 * school enrolment they sent, with the office's notes on them, mail, the history's old values). The school keeps its other contacts; the next one becomes the main contact when the main
 * one goes.
 *
 * Refused for a school's only contact (a school always needs someone to deal with) and for a contact who is also the
 * school's safeguarding lead (the lead is recorded apart and must be changed first).
 */
export async function anonymiseSchoolContact(db: Db, schoolId: string, index: number, context: AnonymiseContext): Promise<AnonymiseOutcome | { status: 'contactMissing' }> {
  return db.transaction(async (tx) => {
    const [school] = await tx.select().from(schools).where(eq(schools.id, schoolId)).for('update').limit(1)
    if (!school) return { status: 'missing' as const }
    const contact = school.contacts[index]
    if (!contact) return { status: 'contactMissing' as const }
    if (context.reason === 'request' && !sameName(context.confirmName, contact.name)) return { status: 'mismatch' as const }
    if (school.contacts.length === 1) return { status: 'refused' as const, message: ERASURE_MESSAGES.onlySchoolContact }
    if (normaliseEmail(contact.email) === normaliseEmail(school.safeguardingLeadEmail)) return { status: 'refused' as const, message: ERASURE_MESSAGES.schoolContactIsLead }

    const now = momentOf(context)
    const email = normaliseEmail(contact.email)
    const placeholderEmail = `school-contact-${stableCode(`${schoolId}:${email}`).toLowerCase()}@${PLACEHOLDER_DOMAIN}`
    const searched = searchable([
      { value: contact.name, by: SCHOOL_CONTACT_LABEL },
      { value: contact.email, by: placeholderEmail },
      { value: contact.phone, by: PLACEHOLDER_PHONE },
    ])
    await tx
      .update(schools)
      .set({ contacts: school.contacts.filter((_, at) => at !== index), version: school.version + 1, updatedAt: now })
      .where(eq(schools.id, schoolId))
    // The school's enrolments, and any school enrolment sent from their address that was never linked to a school (not
    // accepted yet, or turned down): each may name them, and the office's notes on it too.
    const enrolments = await tx
      .select()
      .from(registrations)
      .where(or(eq(registrations.schoolId, schoolId), and(eq(registrations.type, 'school'), sql`lower(${registrations.email}) = ${email}`)))
      .for('update')
    for (const row of enrolments) {
      const theirs = normaliseEmail(row.email) === email
      await tx
        .update(registrations)
        .set({
          answers: replaceInJson(row.answers, searched),
          email: theirs ? placeholderEmail : row.email,
          summary: replaceValues(row.summary, searched),
          // The duplicate key is a hash of the form and the sender's address: anyone knowing the address could match it.
          ...(theirs ? { ip: null, userAgent: null, duplicateKey: placeholderHash(row.id) } : {}),
          updatedAt: now,
        })
        .where(eq(registrations.id, row.id))
      for (const event of await tx.select().from(registrationEvents).where(eq(registrationEvents.registrationId, row.id))) {
        const text = (value: string | null) => (value === null ? null : replaceValues(value, searched))
        await tx.update(registrationEvents).set({ note: text(event.note), reason: text(event.reason) }).where(eq(registrationEvents.id, event.id))
      }
    }
    // Places in the list move as contacts come and go, so every contact change of this school loses its values.
    const messages = await tx.select({ id: contactMessages.id }).from(contactMessages).where(sql`lower(${contactMessages.email}) = ${email}`).for('update')
    await anonymiseMessages(tx, messages, { name: SCHOOL_CONTACT_LABEL, email: placeholderEmail })
    const history = (await redactFields(tx, { type: 'school', id: schoolId }, 'contacts.')) + (await redactHistory(tx, { refs: messages.map((row) => `contact_message:${row.id}`), replacements: searched }))
    const mail = await purgeMail(tx, [email], placeholderEmail, searched, now)
    await dropWorkingRows(tx, [email])

    const counts = { registrations: enrolments.length, messages: messages.length, historyEntries: history, mail }
    await recordAudit(tx, {
      action: 'school.contact_anonymised',
      actorUserId: context.reason === 'request' ? context.actorId : null,
      subject: { type: 'school', id: schoolId },
      ip: context.reason === 'request' ? context.ip : null,
      details: { reason: context.reason, detail: ANONYMISED_BECAUSE[context.reason], contactIndex: index, ...counts },
    })
    return { status: 'anonymised' as const, counts }
  })
}
