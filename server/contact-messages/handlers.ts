import { addressKey, hit, RATE_LIMITS } from '../auth/rate-limit.ts'
import { listContactMessagePage, MESSAGE_ADMIN_MESSAGES, readContactMessage } from './queries.ts'
import {
  changeContactMessageStatusRecord,
  messageFingerprint,
  newReference,
  recentDuplicate,
  storeContactMessage,
  type ContactMessageFields,
} from './records.ts'
import { pageOf } from '../lib/paging.ts'
import { staleVersion, versionFromTag, versionTag } from '../lib/versions.ts'
import { readSiteSettings } from '../site-settings/queries.ts'
import type { Handler } from '../contract/types.ts'
import { listPageReply } from '../record-openings/downloads.ts'
import { contactMessageMail } from '../mail/templates.ts'
import { fieldsProblem, tooManyAttempts } from '../lib/replies.ts'
import { normaliseEmail } from '../lib/email.ts'

export const CONTACT_MESSAGES = {
  received: 'Thank you. We have received your message and will reply within two working days.',
  required: 'This field is required.',
  messageTooShort: 'Use at least 10 characters.',
} as const

/** The contract's minLength for `message`, checked again once the spaces around it are gone. */
const MESSAGE_MIN_LENGTH = 10

/** Trims every field; a field the contract requires that is only spaces is refused like an empty one. */
function cleanFields(body: { name: string; email: string; phone?: string; subject: string; message: string }) {
  const fields: ContactMessageFields = {
    name: body.name.trim(),
    email: normaliseEmail(body.email),
    phone: body.phone?.trim() || null,
    subject: body.subject.trim(),
    message: body.message.trim(),
  }
  const problems: Record<string, string> = {}
  if (fields.name === '') problems.name = CONTACT_MESSAGES.required
  if (fields.subject === '') problems.subject = CONTACT_MESSAGES.required
  if (fields.message === '') problems.message = CONTACT_MESSAGES.required
  else if (fields.message.length < MESSAGE_MIN_LENGTH) problems.message = CONTACT_MESSAGES.messageTooShort
  return { fields, problems }
}

export const createContactMessage: Handler<'createContactMessage'> = async ({ body, request }, deps) => {
  // A bot that filled the hidden field gets the answer a person gets, so it learns nothing; no work, no row.
  if (body.website !== undefined && body.website.trim() !== '') {
    return { status: 202, body: { message: CONTACT_MESSAGES.received, reference: newReference() } }
  }
  const { fields, problems } = cleanFields(body)
  if (Object.keys(problems).length > 0) return fieldsProblem(problems)

  const { db } = deps.database
  const byIp = await hit(db, addressKey('contact', request.ip), RATE_LIMITS.contactPerIp)
  if (!byIp.allowed) return tooManyAttempts(byIp.retryAfterSeconds)
  const byEmail = await hit(db, `contact:email:${fields.email}`, RATE_LIMITS.contactPerEmail)
  if (!byEmail.allowed) return tooManyAttempts(byEmail.retryAfterSeconds)

  const fingerprint = messageFingerprint(fields)
  const { reference, stored } = await db.transaction(async (tx) => {
    const now = new Date()
    const duplicate = await recentDuplicate(tx, fingerprint, now)
    if (duplicate !== undefined) return { reference: duplicate, stored: false }
    const created = await storeContactMessage(tx, { ...fields, fingerprint, ip: request.ip, userAgent: request.userAgent, createdAt: now })
    // Queued with the message itself: a message is never stored without its notification, nor mailed unstored.
    const settings = await readSiteSettings(tx)
    await deps.mailer.enqueue(tx, contactMessageMail(settings.email, { ...fields, reference: created }))
    return { reference: created, stored: true }
  })
  if (stored) deps.mailer.kick()
  return { status: 202, body: { message: CONTACT_MESSAGES.received, reference } }
}

const notFound = { status: 404 as const, body: { message: MESSAGE_ADMIN_MESSAGES.notFound } }

export const listContactMessages: Handler<'listContactMessages'> = async (input, deps) => {
  const { query } = input
  return listPageReply(deps, input, 'contact_messages', await listContactMessagePage(deps.database.db, { q: query.q, status: query.status, ...pageOf(query) }))
}

export const getContactMessage: Handler<'getContactMessage'> = async ({ params }, deps) => {
  const message = await readContactMessage(deps.database.db, params.messageId)
  return message ? { status: 200, body: message, headers: { ETag: versionTag(message.version) } } : notFound
}

export const changeContactMessageStatus: Handler<'changeContactMessageStatus'> = async ({ params, headers, body, request, session }, deps) => {
  const { db } = deps.database
  const outcome = await db.transaction((tx) =>
    changeContactMessageStatusRecord(tx, params.messageId, versionFromTag(headers['If-Match']), body.status, { actorId: session().user.id, request }),
  )
  if (outcome === 'missing') return notFound
  if (outcome === 'stale') return staleVersion
  if (typeof outcome === 'object') return { status: 409, body: { message: outcome.refused } }
  const message = await readContactMessage(db, params.messageId)
  return message ? { status: 200, body: message, headers: { ETag: versionTag(message.version) } } : notFound
}
