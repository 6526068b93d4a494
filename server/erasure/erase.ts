import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { contactMessages, registrations } from '../db/schema.ts'
import { recordAudit } from '../lib/audit.ts'
import type { ChangeContext } from '../lib/history.ts'
import { purgeMail, redactHistory } from './scrub.ts'

/**
 * Erases a registration, its history and notes with it (the events cascade), in one transaction. What accepting it
 * made (a learner, a school, a tutor) keeps its own record, which only loses the link back. Mail that quotes its
 * reference (the confirmation, the office's notification) is purged, and its history entries lose their values.
 * The audit event holds ids and the form's type only.
 */
export async function eraseRegistration(db: Db, id: string, context: ChangeContext): Promise<'erased' | 'missing'> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(registrations).where(eq(registrations.id, id)).for('update').limit(1)
    if (!row) return 'missing'
    await tx.delete(registrations).where(eq(registrations.id, id))
    await redactHistory(tx, { refs: [`registration:${id}`], replacements: [] })
    const mail = await purgeMail(tx, [], '', [{ value: row.reference, by: 'an erased registration' }])
    const made = { ...(row.studentId ? { studentId: row.studentId } : {}), ...(row.schoolId ? { schoolId: row.schoolId } : {}), ...(row.userId ? { userId: row.userId } : {}) }
    await recordAudit(tx, {
      action: 'registration.erased',
      actorUserId: context.actorId,
      subject: { type: 'registration', id },
      ip: context.request.ip,
      details: { type: row.type, mail, ...made },
    })
    return 'erased'
  })
}

/** Erases a contact-form message in one transaction, with the office's notification mail that quoted it. */
export async function eraseContactMessage(db: Db, id: string, context: ChangeContext): Promise<'erased' | 'missing'> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update').limit(1)
    if (!row) return 'missing'
    await tx.delete(contactMessages).where(eq(contactMessages.id, id))
    await redactHistory(tx, { refs: [`contact_message:${id}`], replacements: [] })
    const mail = await purgeMail(tx, [], '', [{ value: row.reference, by: 'an erased message' }])
    await recordAudit(tx, {
      action: 'contact_message.erased',
      actorUserId: context.actorId,
      subject: { type: 'contact_message', id },
      ip: context.request.ip,
      details: { mail },
    })
    return 'erased'
  })
}
