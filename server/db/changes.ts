import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'

/**
 * The channel the database notifies after every committed statement that changed rows of a table some process acts
 * upon (TOLD_TABLES): triggers call pg_notify(CHANGES_CHANNEL, table), so a write from any process, the command line
 * or psql is heard. Sessions notify only when one is ended (revoked or deleted), not when one is used or made.
 */
export const CHANGES_CHANNEL = 'tec_changes'

/** The tables the public site shows (the privacy notice shows the retention periods): a change to one of them drops the public reads' kept answers. */
export const CONTENT_TABLES: ReadonlySet<string> = new Set(['courses', 'blog_posts', 'gallery_items', 'media', 'site_settings', 'site_pages', 'retention_settings'])
/** The tables a signed-in request's session and account are read from (a tutor's profile says whether they left). */
export const SESSION_TABLES: ReadonlySet<string> = new Set(['sessions', 'users', 'tutor_profiles'])
/**
 * What each of the office's kept reads (the contract's `x-kept: per-user` operations) reads: a change to any of these
 * tables drops them. A new kept read must be named here (tests/server/kept-answers.test.ts fails until it is), and a
 * table new here needs its triggers in a migration (the same test compares the database with TOLD_TABLES).
 */
export const OFFICE_KEPT_READS = {
  listRegistrations: ['registrations'],
  listStudents: ['students', 'schools', 'courses', 'registrations'],
} as const satisfies Record<string, readonly string[]>
export const OFFICE_TABLES: ReadonlySet<string> = new Set(Object.values(OFFICE_KEPT_READS).flat())
/**
 * The only tables the database tells of (migration 0025 left triggers on these alone). Anything else, such as a
 * throttle's counter, an audit line, a mail or a job, changes nothing any process keeps: telling of it would only
 * wake every process, at every sign-in.
 */
export const TOLD_TABLES: ReadonlySet<string> = new Set([...CONTENT_TABLES, ...SESSION_TABLES, ...OFFICE_TABLES])

/**
 * `up`: changes are heard from now on (the first time, and again after a break). `changed`: a statement changed
 * rows of `table` and committed. `down`: changes can no longer be heard (the listening connection broke or stopped
 * answering), so anything kept may go stale until the next `up`.
 */
export type ChangeEvent = 'up' | 'changed' | 'down'
/** `table` comes with `changed`; undefined means any table may have changed. */
export type ChangeListener = (event: ChangeEvent, table?: string) => void

export interface ChangeFeed {
  /** Starts telling `listener`; it hears `up` once changes are heard (at once when they already are). */
  subscribe(listener: ChangeListener): () => void
  close(): Promise<void>
}

/** The embedded database runs in this process: its notifications arrive as its statements commit. */
export function pgliteChangeFeed(client: PGlite): ChangeFeed {
  return {
    subscribe: (listener) => {
      let stop: (() => Promise<void>) | undefined
      let ended = false
      client
        .listen(CHANGES_CHANNEL, (table) => listener('changed', table || undefined))
        .then((unlisten) => {
          stop = unlisten
          if (ended) void unlisten()
          else listener('up')
        })
        .catch(() => listener('down'))
      return () => {
        ended = true
        if (stop && !client.closed) void stop()
      }
    },
    close: () => Promise.resolve(),
  }
}

/** How long to wait before listening again after the connection broke or could not be made. */
const RECONNECT_MS = 1000
/**
 * How often the listening connection is asked a trivial question: a connection silently dropped on the way (a
 * firewall forgetting it) sends no error, so without this notifications could be lost unnoticed.
 */
const HEARTBEAT_MS = 5000
const HEARTBEAT_TIMEOUT_MS = 3000

/**
 * PostgreSQL: one connection of its own per process, outside the pool (LISTEN holds its session), opened on the
 * first subscription and checked every few seconds. When it breaks or stops answering, listeners hear `down` and
 * it reconnects every second; `up` once it listens again, since notifications sent meanwhile are lost. LISTEN
 * needs a session of its own: through a pooler in transaction mode it would never hear anything.
 */
export function postgresChangeFeed(url: string): ChangeFeed {
  const listeners = new Set<ChangeListener>()
  let client: pg.Client | undefined
  let started = false
  let closed = false
  let retry: NodeJS.Timeout | undefined
  let heartbeat: NodeJS.Timeout | undefined

  const tell = (event: ChangeEvent, table?: string) => {
    for (const listener of listeners) listener(event, table)
  }

  const broke = (which: pg.Client) => {
    if (client !== which) return
    client = undefined
    if (heartbeat !== undefined) clearInterval(heartbeat)
    heartbeat = undefined
    which.removeAllListeners('notification')
    void which.end().catch(() => {})
    if (closed) return
    tell('down')
    scheduleRetry()
  }

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, application_name: 'tec-web changes', connectionTimeoutMillis: 2000, keepAlive: true })
    next.on('error', () => broke(next))
    next.on('end', () => broke(next))
    try {
      await next.connect()
      await next.query(`LISTEN ${CHANGES_CHANNEL}`)
    } catch (error) {
      void next.end().catch(() => {})
      throw error
    }
    next.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL) tell('changed', message.payload || undefined)
    })
    client = next
    heartbeat = setInterval(() => {
      const timeout = setTimeout(() => broke(next), HEARTBEAT_TIMEOUT_MS)
      next.query('select 1').then(
        () => clearTimeout(timeout),
        () => {
          clearTimeout(timeout)
          broke(next)
        },
      )
    }, HEARTBEAT_MS)
    heartbeat.unref()
    tell('up')
  }

  const scheduleRetry = () => {
    if (retry !== undefined || closed) return
    retry = setTimeout(() => {
      retry = undefined
      connect().catch(() => scheduleRetry())
    }, RECONNECT_MS)
    retry.unref()
  }

  return {
    subscribe: (listener) => {
      listeners.add(listener)
      if (client) listener('up')
      else if (!started) {
        started = true
        connect().catch(() => scheduleRetry())
      }
      return () => {
        listeners.delete(listener)
      }
    },
    close: async () => {
      closed = true
      if (retry !== undefined) clearTimeout(retry)
      if (heartbeat !== undefined) clearInterval(heartbeat)
      listeners.clear()
      const last = client
      client = undefined
      await last?.end().catch(() => {})
    },
  }
}
