import { eq } from 'drizzle-orm'
import { recordAudit } from '../audit.ts'
import type { Handler } from '../contract/types.ts'
import { registrationEvents, registrations } from '../db/schema.ts'
import { registrationClosedMail } from '../mail/templates.ts'
import { acceptRegistration as accept, ACCEPT_MESSAGES } from '../registrations/accept.ts'
import { contactOf } from '../registrations/forms.ts'
import { listRegistrationPage, listSchoolPage, listStudentPage, readRegistration } from '../registrations/read.ts'
import { canMove, CLOSING_STATUSES, STATUS_LABELS } from '../registrations/workflow.ts'
import { fieldProblem } from './replies.ts'

export const ADMIN_REGISTRATION_MESSAGES = {
  notFound: ACCEPT_MESSAGES.notFound,
  reasonRequired: 'Give a reason.',
  noteRequired: 'This field is required.',
} as const

/** The validator fills in the contract's defaults, so these are always there. */
function paging(query: { page?: number; pageSize?: number }): { page: number; pageSize: number } {
  const { page, pageSize } = query
  if (page === undefined || pageSize === undefined) throw new Error('The validator should have filled in page and pageSize.')
  return { page, pageSize }
}

const blankToUndefined = (text: string | undefined) => {
  const trimmed = text?.trim()
  return trimmed === undefined || trimmed === '' ? undefined : trimmed
}

const notFound = { status: 404 as const, body: { message: ADMIN_REGISTRATION_MESSAGES.notFound } }

export const listRegistrations: Handler<'listRegistrations'> = async ({ query }, deps) => {
  const body = await listRegistrationPage(deps.database.db, { ...query, sort: query.sort ?? 'newest', ...paging(query) })
  return { status: 200, body }
}

export const getRegistration: Handler<'getRegistration'> = async ({ params }, deps) => {
  const registration = await readRegistration(deps.database.db, params.registrationId)
  return registration ? { status: 200, body: registration } : notFound
}

export const changeRegistrationStatus: Handler<'changeRegistrationStatus'> = async ({ params, body, request, session }, deps) => {
  const { user } = session()
  const to = body.status
  const note = blankToUndefined(body.note)
  const reason = blankToUndefined(body.reason)
  const closing = CLOSING_STATUSES.includes(to)
  if (closing && reason === undefined) return fieldProblem('reason', ADMIN_REGISTRATION_MESSAGES.reasonRequired)
  const notify = closing && (body.notify ?? false)

  const { db } = deps.database
  const outcome = await db.transaction(async (tx) => {
    // Locked, so two staff changing one registration at once are applied one after the other.
    const [row] = await tx.select().from(registrations).where(eq(registrations.id, params.registrationId)).for('update').limit(1)
    if (!row) return notFound
    if (!canMove(row.status, to)) {
      const message =
        row.status === to
          ? `This registration is already ${STATUS_LABELS[to]}.`
          : `A registration that is ${STATUS_LABELS[row.status]} cannot be moved to ${STATUS_LABELS[to]}.`
      return { status: 409 as const, body: { message } }
    }
    const now = new Date()
    await tx.update(registrations).set({ status: to, updatedAt: now }).where(eq(registrations.id, row.id))
    await tx.insert(registrationEvents).values({
      registrationId: row.id,
      kind: 'status',
      actorUserId: user.id,
      fromStatus: row.status,
      toStatus: to,
      note: note ?? null,
      reason: closing ? (reason ?? null) : null,
      notified: notify,
      at: now,
    })
    if (notify && (to === 'rejected' || to === 'withdrawn') && reason !== undefined) {
      await deps.mailer.enqueue(tx, registrationClosedMail(contactOf(row.type, row.answers), { type: row.type, reference: row.reference, status: to, reason }))
    }
    await recordAudit(tx, {
      action: 'registration.status_changed',
      actorUserId: user.id,
      subject: { type: 'registration', id: row.id },
      ip: request.ip,
      details: { reference: row.reference, from: row.status, to, notified: notify },
    })
    return undefined
  })
  if (outcome) return outcome
  if (notify) deps.mailer.kick()
  const registration = await readRegistration(db, params.registrationId)
  return registration ? { status: 200, body: registration } : notFound
}

export const addRegistrationNote: Handler<'addRegistrationNote'> = async ({ params, body, request, session }, deps) => {
  const { user } = session()
  const note = blankToUndefined(body.note)
  if (note === undefined) return fieldProblem('note', ADMIN_REGISTRATION_MESSAGES.noteRequired)
  const { db } = deps.database
  const found = await db.transaction(async (tx) => {
    const now = new Date()
    const [row] = await tx.update(registrations).set({ updatedAt: now }).where(eq(registrations.id, params.registrationId)).returning()
    if (!row) return false
    await tx.insert(registrationEvents).values({ registrationId: row.id, kind: 'note', actorUserId: user.id, note, at: now })
    await recordAudit(tx, {
      action: 'registration.note_added',
      actorUserId: user.id,
      subject: { type: 'registration', id: row.id },
      ip: request.ip,
      details: { reference: row.reference },
    })
    return true
  })
  const registration = found ? await readRegistration(db, params.registrationId) : undefined
  return registration ? { status: 200, body: registration } : notFound
}

export const acceptRegistration: Handler<'acceptRegistration'> = async ({ params, body, request, session }, deps) => {
  const { user } = session()
  const outcome = await accept(deps, params.registrationId, {
    actorId: user.id,
    request,
    note: blankToUndefined(body?.note),
    notify: body?.notify ?? true,
  })
  if (!outcome.ok) return { status: outcome.status, body: { message: outcome.message } }
  const registration = await readRegistration(deps.database.db, params.registrationId)
  return registration ? { status: 200, body: registration } : notFound
}

export const listStudents: Handler<'listStudents'> = async ({ query }, deps) => {
  return { status: 200, body: await listStudentPage(deps.database.db, { q: query.q, ...paging(query) }) }
}

export const listSchools: Handler<'listSchools'> = async ({ query }, deps) => {
  return { status: 200, body: await listSchoolPage(deps.database.db, { q: query.q, ...paging(query) }) }
}
