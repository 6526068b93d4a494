import { and, count, desc, eq, gte, ne, type SQL } from 'drizzle-orm'
import { ENUMS } from '../../shared/contract.gen.ts'
import { isoDay } from '../../shared/dates.ts'
import { labelOf } from '../../shared/labels.ts'
import type { components } from '../../src/api/schema.gen.ts'
import type { Db } from '../db/client.ts'
import { mailOutbox } from '../db/schema.ts'
import { recordAudit } from '../lib/audit.ts'
import type { ChangeContext } from '../lib/history.ts'
import { window, type PageRequest } from '../lib/paging.ts'
import { INVITE_LINK_HOURS, LINK_LIFETIMES_MS, RESET_LINK_MINUTES } from '../link-lifetimes.ts'
import { explainMailError } from './errors.ts'

type Schemas = components['schemas']
type MailRow = typeof mailOutbox.$inferSelect

export const MAIL_SCREEN_MESSAGES = {
  notFound: 'We could not find that mail.',
  notFailed: (status: string) => `Only a failed mail can be sent again, and this one is not (it is ${status.toLowerCase()}). Reload the list to see where it is now.`,
  secretLink:
    'This mail holds a link that signs someone in or sets a password, so its words are never shown here: anyone who read them could use the link. If it did not arrive, the person can ask for a new link.',
  purged: (on: string) => `The words of this mail were deleted on ${on}, as mail is kept only for a while. Who it went to and its subject stay.`,
  expiredReset: `This mail held a link to set a new password, which works for only ${RESET_LINK_MINUTES} minutes, so it has expired and sending it again would not help. Ask the person to use "Forgot your password?" on the sign-in page: that mails them a new link.`,
  expiredInvitation: `This invitation's link worked for ${INVITE_LINK_HOURS} hours and has expired, so sending it again would not help. Ask the person to use "Forgot your password?" on the sign-in page with this address: that mails them a new link, and choosing a password with it completes the invitation.`,
  purgedResend: 'The words of this mail were deleted, as mail is kept only for a while, so there is nothing left to send again. If the person still needs it, write to them another way.',
  skipped: (n: number) =>
    `${n === 1 ? '1 failed mail was left as it is, since sending it' : `${n} failed mails were left as they are, since sending them`} again cannot work: a password or invitation link has expired, or the words were deleted. The row of each says what to do instead.`,
} as const

/** Mail whose link works for an invitation's lifetime (LINK_LIFETIMES_MS.invite), not a reset's. */
export const INVITATION_KINDS: Schemas['MailKind'][] = ['staff_invitation', 'tutor_invitation']

/** How far back the dashboard looks for mail that could not be sent. */
export const FAILED_MAIL_DAYS = 7

/** Who is looking at the mail: whether they are a designated safeguarding lead. */
export interface MailViewer {
  safeguardingLead: boolean
}

/**
 * The mail a viewer may see, as a condition (undefined: all of it). The concern mail's subject and words name the
 * concern's severity, the tutor who raised it and the lesson, so only the safeguarding leads see it at all (need-to-know):
 * for anyone else it is left out of the list, its counts and the dashboard's figure, as if it were not there, since even
 * a count of it would tell how many concerns were raised.
 */
function visibleTo(viewer: MailViewer): SQL | undefined {
  return viewer.safeguardingLead ? undefined : ne(mailOutbox.kind, 'safeguarding_concern')
}

const hiddenFrom = (viewer: MailViewer, row: Pick<MailRow, 'kind'>) => !viewer.safeguardingLead && row.kind === 'safeguarding_concern'

/** Columns the list reads: never the body, which some mails must not show. */
const summaryColumns = {
  id: mailOutbox.id,
  to: mailOutbox.to,
  subject: mailOutbox.subject,
  kind: mailOutbox.kind,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  createdAt: mailOutbox.createdAt,
  sentAt: mailOutbox.sentAt,
  nextAttemptAt: mailOutbox.nextAttemptAt,
  lastError: mailOutbox.lastError,
  carriesSecretLink: mailOutbox.carriesSecretLink,
  bodyPurgedAt: mailOutbox.bodyPurgedAt,
}

/**
 * Why a failed mail cannot be sent again, or undefined when it can. A link that sets a password works for a while from
 * when it was made with its mail (created_at; a resend makes no new link): a reset link's 30 minutes are always past by
 * the time a mail is given up after a day of tries, an invitation's 72 hours may not be.
 */
function resendRefusal(row: Pick<MailRow, 'status' | 'kind' | 'carriesSecretLink' | 'createdAt' | 'bodyPurgedAt'>, now: Date): string | undefined {
  if (row.status !== 'failed') return undefined
  if (row.carriesSecretLink) {
    // Mail of another kind with such a link (none is made today) is held to the shorter life.
    const invitation = INVITATION_KINDS.includes(row.kind)
    const lifetime = invitation ? LINK_LIFETIMES_MS.invite : LINK_LIFETIMES_MS.reset
    if (row.createdAt.getTime() + lifetime <= now.getTime()) return invitation ? MAIL_SCREEN_MESSAGES.expiredInvitation : MAIL_SCREEN_MESSAGES.expiredReset
  }
  return row.bodyPurgedAt === null ? undefined : MAIL_SCREEN_MESSAGES.purgedResend
}

function summaryOf(row: Pick<MailRow, keyof typeof summaryColumns>, now = new Date()): Schemas['MailSummary'] {
  const resendRefused = resendRefusal(row, now)
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    ...(row.sentAt === null ? {} : { sentAt: row.sentAt.toISOString() }),
    // Only waiting mail has a next try; a failed mail's column holds when it was given up.
    ...(row.status === 'pending' ? { nextAttemptAt: row.nextAttemptAt.toISOString() } : {}),
    ...(row.lastError === null ? {} : { lastError: explainMailError(row.lastError) }),
    ...(resendRefused === undefined ? {} : { resendRefused }),
  }
}

/** Failed mail given up in the last FAILED_MAIL_DAYS days: the dashboard counts it, the Mail screen lists it. */
function failedSince(now: Date): SQL | undefined {
  return and(eq(mailOutbox.status, 'failed'), gte(mailOutbox.nextAttemptAt, new Date(now.getTime() - FAILED_MAIL_DAYS * 24 * 3600_000)))
}

export async function listMailPage(db: Db, query: PageRequest & { status?: Schemas['MailFilter'] }, viewer: MailViewer): Promise<Schemas['MailPage']> {
  const visible = visibleTo(viewer)
  const filter = and(visible, query.status === undefined ? undefined : query.status === 'failed_this_week' ? failedSince(new Date()) : eq(mailOutbox.status, query.status))
  const { limit, offset } = window(query)
  const [rows, totals, byStatus] = await Promise.all([
    db.select(summaryColumns).from(mailOutbox).where(filter).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(mailOutbox).where(filter),
    db.select({ status: mailOutbox.status, n: count() }).from(mailOutbox).where(visible).groupBy(mailOutbox.status),
  ])
  const statusCounts = Object.fromEntries(ENUMS.MailStatus.map((status) => [status, 0])) as Schemas['MailStatusCounts']
  for (const row of byStatus) statusCounts[row.status] = row.n
  const now = new Date()
  const items = rows.map((row) => summaryOf(row, now))
  return { items, total: totals[0]?.total ?? 0, page: query.page, pageSize: query.pageSize, statusCounts }
}

/** One mail; its body only when it carries no password link and has not been purged; 'leads only' for concern mail to anyone else. */
export async function readMail(db: Db, id: string, viewer: MailViewer): Promise<Schemas['MailDetail'] | 'leads only' | undefined> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1)
  if (!row) return undefined
  if (hiddenFrom(viewer, row)) return 'leads only'
  const withheld = row.carriesSecretLink
    ? MAIL_SCREEN_MESSAGES.secretLink
    : row.bodyPurgedAt !== null
      ? MAIL_SCREEN_MESSAGES.purged(isoDay(row.bodyPurgedAt, 'utc'))
      : undefined
  return { ...summaryOf(row), carriesSecretLink: row.carriesSecretLink, ...(withheld === undefined ? { text: row.text } : { withheld }) }
}

/**
 * Within the caller's transaction: queues failed mail again, each with a new day of tries (queued_at now, tries from
 * naught), and audits each. `created_at` keeps when the mail was first written. Without a mail server the mail is kept,
 * as new mail is then.
 */
async function requeue(tx: Db, rows: Pick<MailRow, 'id' | 'kind'>[], context: ChangeContext & { sends: boolean; all: boolean }): Promise<void> {
  const now = new Date()
  for (const row of rows) {
    await tx
      .update(mailOutbox)
      .set({ status: context.sends ? 'pending' : 'stored', attempts: 0, nextAttemptAt: now, queuedAt: now, lastError: null })
      .where(eq(mailOutbox.id, row.id))
    await recordAudit(tx, {
      action: 'mail.resent',
      actorUserId: context.actorId,
      subject: { type: 'mail', id: row.id },
      ip: context.request.ip,
      details: { kind: row.kind, ...(context.all ? { all: true } : {}) },
    })
  }
}

/** Sends one failed mail again; answers the mail as it is now, or why not. */
export async function resendOneMail(
  tx: Db,
  id: string,
  context: ChangeContext & { sends: boolean; viewer: MailViewer },
): Promise<Schemas['MailSummary'] | 'missing' | 'leads only' | { refused: string }> {
  const [row] = await tx.select(summaryColumns).from(mailOutbox).where(eq(mailOutbox.id, id)).for('update').limit(1)
  if (!row) return 'missing'
  if (hiddenFrom(context.viewer, row)) return 'leads only'
  if (row.status !== 'failed') return { refused: MAIL_SCREEN_MESSAGES.notFailed(labelOf('MailStatus', row.status)) }
  const refused = resendRefusal(row, new Date())
  if (refused !== undefined) return { refused }
  await requeue(tx, [row], { ...context, all: false })
  const [after] = await tx.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1)
  if (!after) throw new Error('A mail vanished inside its own transaction.')
  return summaryOf(after)
}

/**
 * Sends every failed mail again that can still work; answers how many, and how many were left and why. Only the failed
 * mail the caller sees: concern mail that failed is the safeguarding leads' to send again, and is not counted for others.
 */
export async function resendFailedMails(tx: Db, context: ChangeContext & { sends: boolean; viewer: MailViewer }): Promise<Schemas['MailResent']> {
  const rows = await tx
    .select(summaryColumns)
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'failed'), visibleTo(context.viewer)))
    .for('update')
  const now = new Date()
  const resendable = rows.filter((row) => resendRefusal(row, now) === undefined)
  const skipped = rows.length - resendable.length
  await requeue(tx, resendable, { ...context, all: true })
  return { resent: resendable.length, skipped, ...(skipped > 0 ? { skippedReason: MAIL_SCREEN_MESSAGES.skipped(skipped) } : {}) }
}

/** Mail given up in the last FAILED_MAIL_DAYS days and not resent since, that the viewer sees on the Mail screen, for the dashboard. */
export async function countRecentlyFailedMail(db: Db, viewer: MailViewer, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(mailOutbox)
    .where(and(failedSince(now), visibleTo(viewer)))
  return row?.n ?? 0
}
