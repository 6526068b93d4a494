import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

/** Values the first middleware puts on every request. */
export interface AppEnv {
  Variables: {
    requestId: string
    clientIp: string
  }
}

/**
 * The caller's address: the socket's peer, or with TRUST_PROXY the last X-Forwarded-For hop (the one our own
 * proxy appended; earlier hops are whatever the client chose to send).
 */
export function clientIp(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((hop) => hop.trim())
      .filter((hop) => hop !== '')
    const last = hops.at(-1)
    if (last !== undefined) return last
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    // No Node socket: the app was called in-process (app.request in tests).
    return 'unknown'
  }
}
