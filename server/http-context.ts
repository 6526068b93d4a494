import { randomUUID } from 'node:crypto'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

/** Values the first middleware puts on every request. */
export interface AppEnv {
  Variables: {
    requestId: string
    clientIp: string
    /** The contract operation the request was routed to (its operationId); unset for pages, files and unknown paths. */
    operation: string | undefined
    /** The signed-in caller's id, once the operation has checked the session; their name and email are never logged. */
    userId: string | undefined
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

/** Headers a proxy adds: a request that carries one may have come from anywhere, whatever its socket says. */
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'via']

/**
 * Whether the request came straight from this machine: its socket's peer is a loopback address and it carries no
 * proxy header (a reverse proxy on this machine makes every visitor's socket look local). Fails closed: a request
 * with no socket (in-process) is not local.
 */
export function isDirectFromThisMachine(c: Context<AppEnv>): boolean {
  if (PROXY_HEADERS.some((name) => c.req.header(name) !== undefined)) return false
  let address: string | undefined
  try {
    address = getConnInfo(c).remote.address
  } catch {
    return false
  }
  return address !== undefined && (/^127\.\d+\.\d+\.\d+$/.test(address) || address === '::1' || /^::ffff:127\.\d+\.\d+\.\d+$/i.test(address))
}

/** What a proxy's request id may look like: short, and nothing a log line or a header could be made to carry. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/

/**
 * The request's id: the one a trusted proxy sent (X-Request-Id), so its logs and ours name the same request, or a new
 * one. Without TRUST_PROXY anyone could choose it, so it is always new then; an odd one is replaced too.
 */
export function requestIdOf(incoming: string | undefined, trustProxy: boolean): string {
  return trustProxy && incoming !== undefined && REQUEST_ID.test(incoming) ? incoming : randomUUID()
}

