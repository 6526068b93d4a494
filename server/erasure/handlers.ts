import type { Handler } from '../contract/types.ts'
import { fieldProblem } from '../lib/replies.ts'
import { anonymiseLearner, type AnonymiseOutcome } from './anonymise.ts'
import { anonymiseContact as anonymiseContactPerson } from './anonymise-contact.ts'
import { anonymiseSchoolContact as anonymiseSchoolContactRecord } from './anonymise-school-contact.ts'
import { anonymiseTutor as anonymiseTutorAccount } from './anonymise-tutor.ts'
import { eraseContactMessage as eraseMessage, eraseRegistration as eraseRegistrationRecord } from './erase.ts'
import { ERASURE_MESSAGES } from './messages.ts'

const notFound = (message: string) => ({ status: 404 as const, body: { message } })

/** The answer for an anonymisation's outcome: 204 when done, 400 on the typed name, 409 with the reason, 404. */
function anonymiseReply(outcome: AnonymiseOutcome, missing: string) {
  switch (outcome.status) {
    case 'anonymised':
      return { status: 204 as const, body: undefined }
    case 'missing':
      return notFound(missing)
    case 'already':
      return { status: 409 as const, body: { message: ERASURE_MESSAGES.alreadyAnonymised } }
    case 'mismatch':
      return fieldProblem('confirmName', ERASURE_MESSAGES.nameMismatch)
    case 'refused':
      return { status: 409 as const, body: { message: outcome.message } }
  }
}

export const eraseRegistration: Handler<'eraseRegistration'> = async ({ params, request, session }, deps) => {
  const outcome = await eraseRegistrationRecord(deps.database.db, params.registrationId, { actorId: session().user.id, request })
  return outcome === 'missing' ? notFound(ERASURE_MESSAGES.registrationNotFound) : { status: 204, body: undefined }
}

export const eraseContactMessage: Handler<'eraseContactMessage'> = async ({ params, request, session }, deps) => {
  const outcome = await eraseMessage(deps.database.db, params.messageId, { actorId: session().user.id, request })
  return outcome === 'missing' ? notFound(ERASURE_MESSAGES.messageNotFound) : { status: 204, body: undefined }
}

export const anonymiseStudent: Handler<'anonymiseStudent'> = async ({ params, body, request, session }, deps) => {
  const outcome = await anonymiseLearner(deps.database.db, params.studentId, { reason: 'request', actorId: session().user.id, ip: request.ip, confirmName: body.confirmName })
  return anonymiseReply(outcome, ERASURE_MESSAGES.studentNotFound)
}

export const anonymiseTutor: Handler<'anonymiseTutor'> = async ({ params, body, request, session }, deps) => {
  const outcome = await anonymiseTutorAccount(deps.database.db, params.tutorId, { reason: 'request', actorId: session().user.id, ip: request.ip, confirmName: body.confirmName })
  return anonymiseReply(outcome, ERASURE_MESSAGES.tutorNotFound)
}

export const anonymiseSchoolContact: Handler<'anonymiseSchoolContact'> = async ({ params, body, request, session }, deps) => {
  const outcome = await anonymiseSchoolContactRecord(deps.database.db, params.schoolId, body.contactIndex, {
    reason: 'request',
    actorId: session().user.id,
    ip: request.ip,
    confirmName: body.confirmName,
  })
  if (outcome.status === 'contactMissing') return notFound(ERASURE_MESSAGES.schoolContactNotFound)
  return anonymiseReply(outcome, ERASURE_MESSAGES.schoolNotFound)
}

export const anonymiseContact: Handler<'anonymiseContact'> = async ({ body, request, session }, deps) => {
  const outcome = await anonymiseContactPerson(deps.database.db, body.email, { reason: 'request', actorId: session().user.id, ip: request.ip, confirmName: body.confirmName })
  return anonymiseReply(outcome, ERASURE_MESSAGES.contactNotFound)
}
