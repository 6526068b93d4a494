import { desc, eq } from 'drizzle-orm'
import type { Handler } from '../contract/types.ts'
import { DATABASE_RETRY_AFTER_SECONDS } from '../db/errors.ts'
import { mailOutbox } from '../db/schema.ts'
import { linksIn } from '../mail/templates.ts'
import { MESSAGES } from '../messages.ts'

const OUTBOX_PAGE_SIZE = 50

export const getHealth: Handler<'getHealth'> = async (_input, deps) => {
  try {
    await deps.database.ping()
    return { status: 200, body: { status: 'ok' } }
  } catch (error) {
    deps.logger.warn({ error: error instanceof Error ? error.message : String(error) }, 'health check: the database does not answer')
    return { status: 503, body: { message: MESSAGES.unavailable } }
  }
}

export const getLiveness: Handler<'getLiveness'> = async () => Promise.resolve({ status: 200 as const, body: { status: 'ok' as const } })

/** Who may read them is decided before this runs (x-operator-only); a scrape costs one database round trip. */
export const getMetrics: Handler<'getMetrics'> = async (_input, deps) => ({
  status: 200,
  bytes: new TextEncoder().encode(await deps.metrics.scrape()),
  contentType: 'text/plain; version=0.0.4; charset=utf-8',
})

export const getReadiness: Handler<'getReadiness'> = async (_input, deps) => {
  const problems = await deps.readiness.problems()
  if (problems.length === 0) return { status: 200, body: { status: 'ok' } }
  deps.logger.warn({ problems }, 'not ready')
  return { status: 503, body: { message: `Not ready: ${problems.join('; ')}.` }, headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) } }
}

/**
 * Only mail kept because no SMTP_URL is set ('stored'): mail that was or will be sent for real is not
 * shown, so a development server with real SMTP never lists someone's reset link.
 */
export const listDevOutbox: Handler<'listDevOutbox'> = async (_input, deps) => {
  // The outbox is on only while mail is kept instead of sent; with SMTP_URL it does not exist.
  if (deps.config.smtpUrl !== undefined) return { status: 404, body: { message: MESSAGES.noSuchEndpoint } }
  const rows = await deps.database.db.select().from(mailOutbox).where(eq(mailOutbox.status, 'stored')).orderBy(desc(mailOutbox.createdAt)).limit(OUTBOX_PAGE_SIZE)
  const messages = rows.map((row) => ({
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    links: linksIn(row.text),
    createdAt: row.createdAt.toISOString(),
  }))
  return { status: 200, body: { messages } }
}
