import type { Handler } from '../contract/types.ts'
import { addressKey, hit, RATE_LIMITS } from '../auth/rate-limit.ts'
import type { Db } from '../db/client.ts'
import type { AppDeps } from '../deps.ts'
import { normaliseEmail } from '../lib/email.ts'
import { recordAudit } from '../lib/audit.ts'
import { tooManyAttempts } from '../lib/replies.ts'
import { familyLinkMail } from '../mail/templates.ts'
import { changeFamilyMail, endFamilyLinksOf, issuedFamilyLink, issueFamilyLinks } from './links.ts'
import { FAMILY_MESSAGES } from './messages.ts'
import { contactNameOf, readFamilyPage } from './page.ts'

/** The job that mails a fresh family link; its payload is the address as typed and the asker's IP (for the audit). */
export const FAMILY_LINK_JOB = 'family-link-mail'
/** The mail goes a random moment later, so a known address answers no slower than an unknown one. */
const FAMILY_LINK_DELAY_MS = { min: 500, max: 2000 }

export const getFamilyPage: Handler<'getFamilyPage'> = async ({ request, familyLink }, deps) => {
  const { db } = deps.database
  const byIp = await hit(db, addressKey('family-page', request.ip), RATE_LIMITS.familyPagePerIp)
  if (!byIp.allowed) return tooManyAttempts(byIp.retryAfterSeconds)
  const link = familyLink()
  return { status: 200, body: await readFamilyPage(db, link.email, link.expiresAt) }
}

export const requestFamilyLink: Handler<'requestFamilyLink'> = async ({ body, request }, deps) => {
  const { db } = deps.database
  const email = normaliseEmail(body.email)
  const byIp = await hit(db, addressKey('family-link', request.ip), RATE_LIMITS.familyLinkPerIp)
  if (!byIp.allowed) return tooManyAttempts(byIp.retryAfterSeconds)
  const byEmail = await hit(db, `family-link:email:${email}`, RATE_LIMITS.familyLinkPerEmail)
  if (!byEmail.allowed) return tooManyAttempts(byEmail.retryAfterSeconds)
  const delayMs = FAMILY_LINK_DELAY_MS.min + Math.random() * (FAMILY_LINK_DELAY_MS.max - FAMILY_LINK_DELAY_MS.min)
  await deps.jobs.enqueue(db, FAMILY_LINK_JOB, { email, ip: request.ip }, { runAt: new Date(Date.now() + delayMs) })
  return { status: 202, body: { message: FAMILY_MESSAGES.linkOnItsWay } }
}

/**
 * Mails a fresh link when the address is a learner's contact or a school contact who receives reports, in the job's
 * transaction; answers whether a mail was queued. An unknown address gets nothing, and the asker learns nothing.
 */
export async function mailFamilyLink(deps: Pick<AppDeps, 'mailer' | 'config'>, email: string, request: { ip: string }, tx: Db): Promise<boolean> {
  const name = await contactNameOf(tx, email)
  if (name === undefined) return false
  await deps.mailer.enqueue(tx, familyLinkMail({ email, name }, await issueFamilyLinks(tx, deps.config.publicUrl, email, 'reports')))
  await recordAudit(tx, { action: 'family.link_requested', actorUserId: null, ip: request.ip })
  return true
}

export const setFamilyMail: Handler<'setFamilyMail'> = async ({ body, request }, deps) => {
  const { db } = deps.database
  const byIp = await hit(db, addressKey('family-mail', request.ip), RATE_LIMITS.familyMailPerIp)
  if (!byIp.allowed) return tooManyAttempts(byIp.retryAfterSeconds)
  const link = await issuedFamilyLink(db, body.link)
  if (!link) return { status: 404, body: { message: FAMILY_MESSAGES.unknownLink } }
  return { status: 200, body: await changeFamilyMail(db, link.email, { reports: body.reports, reminders: body.reminders }) }
}

export const endFamilyLinks: Handler<'endFamilyLinks'> = async ({ body, request, session }, deps) => {
  const { db } = deps.database
  const email = normaliseEmail(body.email)
  const ended = await db.transaction(async (tx) => {
    const count = await endFamilyLinksOf(tx, email)
    await recordAudit(tx, { action: 'family.links_ended', actorUserId: session().user.id, ip: request.ip, details: { count } })
    return count
  })
  return { status: 200, body: { ended } }
}
