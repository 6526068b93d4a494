import { randomUUID } from 'node:crypto'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import { forwardedOf, type Forwarded, type TrustProxy } from './trusted-proxies.ts'

/** Values the first middleware puts on every request. */
export interface AppEnv {
  Variables: {
    requestId: string
    clientIp: string
    /** How many trusted proxies the request passed (see forwardedOf): 0 when their headers are not to be believed. */
    proxies: number
    /** The contract operation the request was routed to (its operationId); unset for pages, files and unknown paths. */
    operation: string | undefined
    /** The signed-in caller's id, once the operation has checked the session; their name and email are never logged. */
    userId: string | undefined
  }
}

/** The socket's peer, or undefined when the app was called in-process (app.request in tests). */
export function peerOf(c: Context<AppEnv>): string | undefined {
  try {
    return getConnInfo(c).remote.address
  } catch {
    return undefined
  }
}

/** Where the request came from, as far as the proxies TRUST_PROXY names can tell (server/trusted-proxies.ts). */
export function forwardedFrom(c: Context<AppEnv>, trust: TrustProxy): Forwarded {
  return forwardedOf(trust, peerOf(c), c.req.header('x-forwarded-for'))
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
 * one. When no trusted proxy passed the request on, anyone could have chosen it, so it is always new then; an odd
 * one is replaced too.
 */
export function requestIdOf(incoming: string | undefined, fromTrustedProxy: boolean): string {
  return fromTrustedProxy && incoming !== undefined && REQUEST_ID.test(incoming) ? incoming : randomUUID()
}

