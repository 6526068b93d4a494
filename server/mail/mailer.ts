import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm'
import nodemailer, { type Transporter } from 'nodemailer'
import type { Db } from '../db/client.ts'
import { mailOutbox } from '../db/schema.ts'
import type { Logger } from '../logger.ts'
import { Rounds } from '../lib/rounds.ts'
import type { Config } from '../config.ts'
import type { MailMessage } from './templates.ts'

export const MAIL_DELIVERY = {
  /**
   * Wait before retry n is this times 2^(n-1), at most backoffCapMs: 1 minute, 2, 4, … then every 6 hours, so a mail
   * server down for a night or a weekend's morning loses nothing.
   */
  backoffBaseMs: 60_000,
  backoffCapMs: 6 * 3600_000,
  /** A mail still not sent this long after it was queued (or resent) is marked failed, for the office to see and resend. */
  giveUpAfterMs: 24 * 3600_000,
  /** A claimed row is hidden from other processes this long, so a send in progress is not repeated. */
  claimLeaseMs: 120_000,
  pollIntervalMs: 5_000,
  batchSize: 10,
} as const

const LAST_ERROR_MAX_LENGTH = 500

/**
 * An error as stored: nodemailer's code (EAUTH, EENVELOPE…) before its message when the message does not name it, so
 * the Mail screen can say in plain words what went wrong (server/mail/errors.ts).
 */
function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' && !error.message.includes(code) ? `${code}: ${error.message}` : error.message
}

/** How long after failed attempt n (from 1) the next one comes. */
export function retryDelayMs(attempt: number): number {
  return Math.min(MAIL_DELIVERY.backoffCapMs, MAIL_DELIVERY.backoffBaseMs * 2 ** Math.min(attempt - 1, 30))
}

/** Who mail comes from and where replies go (MAIL_FROM, MAIL_REPLY_TO), and how it is sent (SMTP_URL, or not at all). */
export type MailSettings = Pick<Config, 'smtpUrl' | 'mailFrom' | 'mailReplyTo'>

/**
 * Mail goes through the mail_outbox table: it is written in the same transaction as the change that causes it,
 * so no mail is sent for work that rolled back and none is lost when SMTP is down. Without SMTP_URL the rows
 * are kept as 'stored' for the development outbox page; with it a dispatcher sends them.
 */
export class Mailer {
  readonly #transport: Transporter | undefined
  #stopped = false
  readonly #rounds = new Rounds(
    () => this.#deliverAll(),
    (error) => this.logger.error({ err: error }, 'mail delivery round failed'),
    () => this.sends && !this.#stopped,
  )

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    private readonly settings: MailSettings,
  ) {
    const { smtpUrl } = settings
    this.#transport =
      smtpUrl === undefined
        ? undefined
        : nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 })
  }

  get sends(): boolean {
    return this.#transport !== undefined
  }

  /** Adds a message inside the caller's transaction; call `kick()` once that transaction has committed. */
  async enqueue(tx: Db, message: MailMessage): Promise<void> {
    await tx.insert(mailOutbox).values({ ...message, status: this.sends ? 'pending' : 'stored' })
  }

  /**
   * Starts polling for pending mail (including mail left by an earlier run or another process). Mail kept while no
   * transport was set is sent now that there is one: it was meant for its reader, not for the outbox page. Its day of
   * tries starts now, as if it were queued now: it was never tried, and mail kept for more than a day would otherwise be
   * marked failed after one try.
   */
  async start(): Promise<void> {
    if (!this.sends || this.#rounds.started) return
    const now = new Date()
    const kept = await this.db
      .update(mailOutbox)
      .set({ status: 'pending', nextAttemptAt: now, queuedAt: now, attempts: 0 })
      .where(eq(mailOutbox.status, 'stored'))
      .returning({ id: mailOutbox.id })
    if (kept.length > 0) this.logger.info({ count: kept.length }, 'mail kept while SMTP_URL was not set is being sent')
    this.#rounds.poll(MAIL_DELIVERY.pollIntervalMs)
  }

  /** Sends what is pending now; a kick during a round runs one more round after it. */
  kick(): void {
    this.#rounds.kick()
  }

  /** Stops polling and waits for the send in progress; unsent mail stays pending for the next start. */
  async stop(): Promise<void> {
    this.#stopped = true
    await this.#rounds.stop()
    this.#transport?.close()
  }

  async #deliverAll(): Promise<void> {
    for (;;) {
      const batch = await this.#claim()
      for (const row of batch) await this.#send(row)
      if (batch.length < MAIL_DELIVERY.batchSize || this.#stopped) return
    }
  }

  /** Claims due rows; SKIP LOCKED lets several processes share the outbox without sending a mail twice. */
  async #claim() {
    const now = new Date()
    return this.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
        .orderBy(asc(mailOutbox.createdAt))
        .limit(MAIL_DELIVERY.batchSize)
        .for('update', { skipLocked: true })
      if (due.length === 0) return []
      return tx
        .update(mailOutbox)
        .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + MAIL_DELIVERY.claimLeaseMs) })
        .where(
          inArray(
            mailOutbox.id,
            due.map((row) => row.id),
          ),
        )
        .returning()
    })
  }

  async #send(row: typeof mailOutbox.$inferSelect): Promise<void> {
    if (!this.#transport) return
    try {
      const { mailFrom, mailReplyTo } = this.settings
      await this.#transport.sendMail({ from: mailFrom, ...(mailReplyTo ? { replyTo: mailReplyTo } : {}), to: row.to, subject: row.subject, text: row.text, ...(row.html ? { html: row.html } : {}) })
      await this.db.update(mailOutbox).set({ status: 'sent', sentAt: new Date(), lastError: null }).where(eq(mailOutbox.id, row.id))
      this.logger.info({ mailId: row.id, attempt: row.attempts }, 'mail sent')
    } catch (error) {
      const now = Date.now()
      const giveUp = now - row.queuedAt.getTime() >= MAIL_DELIVERY.giveUpAfterMs
      const retryAt = new Date(now + retryDelayMs(row.attempts))
      const lastError = errorText(error).slice(0, LAST_ERROR_MAX_LENGTH)
      // A failed mail keeps the moment it was given up in next_attempt_at, for the dashboard's "failed in the last 7 days".
      await this.db
        .update(mailOutbox)
        .set(giveUp ? { status: 'failed', nextAttemptAt: new Date(now), lastError } : { status: 'pending', nextAttemptAt: retryAt, lastError })
        .where(eq(mailOutbox.id, row.id))
      this.logger.warn({ mailId: row.id, attempt: row.attempts, giveUp, error: lastError }, 'mail not sent')
    }
  }
}
