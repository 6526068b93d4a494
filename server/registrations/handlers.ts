import { eq } from 'drizzle-orm'
import { REQUIRED } from '../../shared/field-rules.ts'
import { addressKey, hit, RATE_LIMITS } from '../auth/rate-limit.ts'
import type { Handler, RequestInfo } from '../contract/types.ts'
import { listPageReply } from '../record-openings/downloads.ts'
import { registrationEvents, registrations } from '../db/schema.ts'
import type { AppDeps } from '../deps.ts'
import { recordAudit } from '../lib/audit.ts'
import { pageOf } from '../lib/paging.ts'
import { fieldProblem, fieldsProblem, tooManyAttempts } from '../lib/replies.ts'
import { blankToUndefined } from '../lib/search.ts'
import { registrationClosedMail, registrationConfirmationMail, registrationNotificationMail } from '../mail/templates.ts'
import { readSiteSettings } from '../site-settings/queries.ts'
import { acceptRegistration as accept, ACCEPT_MESSAGES } from './accept.ts'
import { checkForm, contactOf, FORMS, type FormSpec } from './forms.ts'
import { listRegistrationPage, readRegistration } from './queries.ts'
import { duplicateKey, newRegistrationReference, recentDuplicate, storeRegistration } from './store.ts'
import { canMove, CLOSING_STATUSES, statusWords } from './workflow.ts'

/**
 * One flow for the four forms: honeypot, cleaning and the form's rules (400), throttles per IP and per email
 * (429), then in one transaction the duplicate check, the registration, its history entry and both mails.
 */
async function submit<Answers>(spec: FormSpec<Answers>, body: Answers & { website?: string }, request: RequestInfo, deps: AppDeps) {
  // A bot that filled the hidden field gets the answer a person gets, so it learns nothing; no work, no row.
  if (body.website !== undefined && body.website.trim() !== '') {
    return { status: 201 as const, body: { reference: newRegistrationReference(spec.prefix), message: spec.received } }
  }
  const { db } = deps.database
  const { problems, answers, described } = await checkForm(spec, db, body)
  if (!described) return fieldsProblem(problems)

  const byIp = await hit(db, addressKey('registration', request.ip), RATE_LIMITS.registrationPerIp)
  if (!byIp.allowed) return tooManyAttempts(byIp.retryAfterSeconds)
  const byEmail = await hit(db, `registration:email:${described.email}`, RATE_LIMITS.registrationPerEmail)
  if (!byEmail.allowed) return tooManyAttempts(byEmail.retryAfterSeconds)

  const key = duplicateKey(spec.type, described)
  const { reference, stored } = await db.transaction(async (tx) => {
    const now = new Date()
    const duplicate = await recentDuplicate(tx, key, now)
    if (duplicate !== undefined) return { reference: duplicate, stored: false }
    const created = await storeRegistration(tx, { spec, answers: answers as object, described, key, ip: request.ip, userAgent: request.userAgent, createdAt: now })
    // Queued with the registration: it is never stored without its mails, nor mailed unstored.
    await deps.mailer.enqueue(
      tx,
      registrationConfirmationMail(
        { email: described.email, name: described.contactName },
        { type: spec.type, reference: created.reference, enrolledFor: described.enrolledFor, nextSteps: spec.received },
      ),
    )
    const settings = await readSiteSettings(tx)
    const inboxLink = `${deps.config.publicUrl}/admin/registrations?q=${created.reference}`
    await deps.mailer.enqueue(tx, registrationNotificationMail(settings.email, { type: spec.type, reference: created.reference, ...described }, inboxLink))
    return { reference: created.reference, stored: true }
  })
  if (stored) deps.mailer.kick()
  return { status: 201 as const, body: { reference, message: spec.received } }
}

export const createSubjectEnrolment: Handler<'createSubjectEnrolment'> = ({ body, request }, deps) => submit(FORMS.subject, body, request, deps)
export const createCourseEnrolment: Handler<'createCourseEnrolment'> = ({ body, request }, deps) => submit(FORMS.course, body, request, deps)
export const createSchoolEnrolment: Handler<'createSchoolEnrolment'> = ({ body, request }, deps) => submit(FORMS.school, body, request, deps)
export const createTutorApplication: Handler<'createTutorApplication'> = ({ body, request }, deps) => submit(FORMS.tutor, body, request, deps)

// The admin inbox

export const ADMIN_REGISTRATION_MESSAGES = {
  notFound: ACCEPT_MESSAGES.notFound,
  reasonRequired: REQUIRED.enter('a reason; it is kept in the history'),
  noteRequired: 'This field is required.',
} as const

const notFound = { status: 404 as const, body: { message: ADMIN_REGISTRATION_MESSAGES.notFound } }

export const listRegistrations: Handler<'listRegistrations'> = async (input, deps) => {
  const { purpose: _purpose, ...query } = input.query
  const body = await listRegistrationPage(deps.database.db, { ...query, sort: query.sort ?? 'newest', ...pageOf(query) })
  return listPageReply(deps, input, 'registrations', body)
}

export const getRegistration: Handler<'getRegistration'> = async ({ params, session }, deps) => {
  const registration = await readRegistration(deps.database.db, params.registrationId)
  // Its answers hold a child's details, so opening it is recorded as a learner's record is.
  if (registration) deps.openings.record({ userId: session().user.id, subjectType: 'registration', subjectId: params.registrationId, kind: 'opened' })
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
          ? `This registration is already ${statusWords(to)}.`
          : `A registration that is ${statusWords(row.status)} cannot be moved to ${statusWords(to)}.`
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
