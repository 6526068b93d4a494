import type { Handler } from '../contract/types.ts'
import { recordAudit } from '../lib/audit.ts'
import { pageOf } from '../lib/paging.ts'
import { listMailPage, MAIL_SCREEN_MESSAGES, readMail, resendFailedMails, resendOneMail } from './outbox.ts'

const notFound = { status: 404 as const, body: { message: MAIL_SCREEN_MESSAGES.notFound } }

export const listMail: Handler<'listMail'> = async ({ query }, deps) => {
  return { status: 200, body: await listMailPage(deps.database.db, { status: query.status, ...pageOf(query) }) }
}

/** A mail's words name learners and their lesson days, so each opening is recorded (who, when, which mail), as SECURITY.md asks. */
export const getMail: Handler<'getMail'> = async ({ params, request, session }, deps) => {
  const mail = await deps.database.db.transaction(async (tx) => {
    const found = await readMail(tx, params.mailId)
    if (found) {
      await recordAudit(tx, {
        action: 'mail.read',
        actorUserId: session().user.id,
        subject: { type: 'mail', id: found.id },
        ip: request.ip,
        details: { kind: found.kind, shown: found.text !== undefined },
      })
    }
    return found
  })
  return mail ? { status: 200, body: mail } : notFound
}

export const resendMail: Handler<'resendMail'> = async ({ params, request, session }, deps) => {
  const context = { actorId: session().user.id, request, sends: deps.mailer.sends }
  const outcome = await deps.database.db.transaction((tx) => resendOneMail(tx, params.mailId, context))
  if (outcome === 'missing') return notFound
  if ('refused' in outcome) return { status: 409, body: { message: outcome.refused } }
  deps.mailer.kick()
  return { status: 200, body: outcome }
}

export const resendFailedMail: Handler<'resendFailedMail'> = async ({ request, session }, deps) => {
  const context = { actorId: session().user.id, request, sends: deps.mailer.sends }
  const answer = await deps.database.db.transaction((tx) => resendFailedMails(tx, context))
  if (answer.resent > 0) deps.mailer.kick()
  return { status: 200, body: answer }
}
