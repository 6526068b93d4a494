import type { Handler } from '../contract/types.ts'
import { recordAudit } from '../lib/audit.ts'
import { pageOf } from '../lib/paging.ts'
import { MESSAGES } from '../messages.ts'
import { listMailPage, MAIL_SCREEN_MESSAGES, readMail, resendFailedMails, resendOneMail } from './outbox.ts'

const notFound = { status: 404 as const, body: { message: MAIL_SCREEN_MESSAGES.notFound } }
/** Concern mail asked for by an admin who is not a safeguarding lead: refused saying why, as the concern itself is. */
const leadsOnly = { status: 403 as const, body: { message: MESSAGES.safeguardingLeadsOnly } }

export const listMail: Handler<'listMail'> = async ({ query, session }, deps) => {
  return { status: 200, body: await listMailPage(deps.database.db, { status: query.status, ...pageOf(query) }, session().user) }
}

/** A mail's words name learners and their lesson days, so each opening is recorded (who, when, which mail), as SECURITY.md asks. */
export const getMail: Handler<'getMail'> = async ({ params, request, session }, deps) => {
  const viewer = session().user
  const mail = await deps.database.db.transaction(async (tx) => {
    const found = await readMail(tx, params.mailId, viewer)
    if (found && found !== 'leads only') {
      await recordAudit(tx, {
        action: 'mail.read',
        actorUserId: viewer.id,
        subject: { type: 'mail', id: found.id },
        ip: request.ip,
        details: { kind: found.kind, shown: found.text !== undefined },
      })
    }
    return found
  })
  if (mail === 'leads only') return leadsOnly
  return mail ? { status: 200, body: mail } : notFound
}

export const resendMail: Handler<'resendMail'> = async ({ params, request, session }, deps) => {
  const { user } = session()
  const context = { actorId: user.id, request, sends: deps.mailer.sends, viewer: user }
  const outcome = await deps.database.db.transaction((tx) => resendOneMail(tx, params.mailId, context))
  if (outcome === 'missing') return notFound
  if (outcome === 'leads only') return leadsOnly
  if ('refused' in outcome) return { status: 409, body: { message: outcome.refused } }
  deps.mailer.kick()
  return { status: 200, body: outcome }
}

export const resendFailedMail: Handler<'resendFailedMail'> = async ({ request, session }, deps) => {
  const { user } = session()
  const context = { actorId: user.id, request, sends: deps.mailer.sends, viewer: user }
  const answer = await deps.database.db.transaction((tx) => resendFailedMails(tx, context))
  if (answer.resent > 0) deps.mailer.kick()
  return { status: 200, body: answer }
}
