import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'

/**
 * The channel the database notifies after every committed write to what the public site shows (courses, posts,
 * the gallery, images, site details and pages): statement triggers from migration 0017 call
 * pg_notify(CONTENT_CHANNEL, table), so a write from any process, the command line or psql is heard.
 */
export const CONTENT_CHANNEL = 'tec_content'

/**
 * `changed`: something the public site shows was written and committed. `down`: changes can no longer be heard
 * (the listening connection broke), so anything kept may be stale until `up`, when listening works again.
 */
export type ChangeEvent = 'changed' | 'down' | 'up'
export type ChangeListener = (event: ChangeEvent, table?: string) => void

export interface ChangeFeed {
  /** Starts hearing changes; resolves once listening, so a write after it resolves is heard. */
  subscribe(listener: ChangeListener): Promise<() => Promise<void>>
  close(): Promise<void>
}

/** The embedded database runs in this process: its notifications arrive as its statements commit. */
export function pgliteChangeFeed(client: PGlite): ChangeFeed {
  return {
    subscribe: async (listener) => {
      const stop = await client.listen(CONTENT_CHANNEL, (table) => listener('changed', table))
      return async () => {
        if (!client.closed) await stop()
      }
    },
    close: () => Promise.resolve(),
  }
}

/** How long to wait before listening again after the connection broke. */
const RECONNECT_MS = 1000

/**
 * PostgreSQL: one connection of its own per process, outside the pool (LISTEN holds its session), opened on the
 * first subscription. When it breaks, listeners hear `down` and it reconnects every second; `up` once it listens
 * again, since notifications sent meanwhile are lost.
 */
export function postgresChangeFeed(url: string): ChangeFeed {
  const listeners = new Set<ChangeListener>()
  let client: pg.Client | undefined
  let connecting: Promise<void> | undefined
  let closed = false
  let retry: NodeJS.Timeout | undefined

  const tell = (event: ChangeEvent, table?: string) => {
    for (const listener of listeners) listener(event, table)
  }

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, application_name: 'tec-web changes', connectionTimeoutMillis: 2000 })
    next.on('notification', (message) => {
      if (message.channel === CONTENT_CHANNEL) tell('changed', message.payload)
    })
    const broke = () => {
      if (client !== next) return
      client = undefined
      next.removeAllListeners('notification')
      void next.end().catch(() => {})
      if (closed) return
      tell('down')
      scheduleRetry()
    }
    next.on('error', broke)
    next.on('end', broke)
    await next.connect()
    await next.query(`LISTEN ${CONTENT_CHANNEL}`)
    client = next
  }

  const scheduleRetry = () => {
    if (retry !== undefined || closed) return
    retry = setTimeout(() => {
      retry = undefined
      connect().then(
        () => tell('up'),
        () => scheduleRetry(),
      )
    }, RECONNECT_MS)
    retry.unref()
  }

  return {
    subscribe: async (listener) => {
      listeners.add(listener)
      if (!client && !connecting && retry === undefined) {
        connecting = connect().finally(() => {
          connecting = undefined
        })
      }
      if (connecting) {
        try {
          await connecting
        } catch (error) {
          listeners.delete(listener)
          throw error
        }
      }
      return () => {
        listeners.delete(listener)
        return Promise.resolve()
      }
    },
    close: async () => {
      closed = true
      if (retry !== undefined) clearTimeout(retry)
      listeners.clear()
      const last = client
      client = undefined
      await last?.end().catch(() => {})
    },
  }
}
