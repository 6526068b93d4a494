import { addressKey, hit, RATE_LIMITS } from '../auth/rate-limit.ts'
import { readSiteSettings } from '../content/site-settings.ts'
import type { Handler, RequestInfo } from '../contract/types.ts'
import type { AppDeps } from '../deps.ts'
import { registrationConfirmationMail, registrationNotificationMail } from '../mail/templates.ts'
import { readSubjects } from '../registrations/catalogue.ts'
import { checkForm, FORMS, type FormSpec } from '../registrations/forms.ts'
import { duplicateKey, newRegistrationReference, recentDuplicate, storeRegistration } from '../registrations/store.ts'
import { fieldsProblem, tooManyAttempts } from './replies.ts'

export const listSubjects: Handler<'listSubjects'> = async (_input, deps) => {
  return { status: 200, body: { items: await readSubjects(deps.database.db) } }
}

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
      registrationConfirmationMail({ email: described.email, name: described.contactName }, { type: spec.type, reference: created.reference, nextSteps: spec.received }),
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
