import { isIP, type BlockList } from 'node:net'

/**
 * Which proxies may tell the server about a visitor (TRUST_PROXY): none; the last `hops` proxies, however they are
 * reached (a CDN and then a load balancer are 2); or the proxies at these addresses and ranges, wherever they stand.
 */
export type TrustProxy = { kind: 'none' } | { kind: 'hops'; hops: number } | { kind: 'addresses'; addresses: BlockList; ranges: readonly string[] }

export const TRUST_NO_PROXY: TrustProxy = { kind: 'none' }

/** What the request says about where it came from, once the proxies we trust are taken off. */
export interface Forwarded {
  /** The visitor's address: the socket's peer, or what our proxies were told by whoever came before them. */
  clientIp: string | undefined
  /**
   * How many trusted proxies the request passed: 0 when it did not come through one (its X-Request-Id and
   * X-Forwarded-Proto are then whatever the sender chose), else how many entries from the right of the forwarding
   * headers were written by them.
   */
  proxies: number
}

function addressFamily(address: string): 'ipv4' | 'ipv6' | undefined {
  const family = isIP(address)
  return family === 4 ? 'ipv4' : family === 6 ? 'ipv6' : undefined
}

/** An X-Forwarded-For entry as an address: some proxies add a port (`203.0.113.7:51234`, `[2001:db8::1]:443`). */
export function forwardedAddress(entry: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(entry)
  if (bracketed?.[1] !== undefined) return bracketed[1]
  const withPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(entry)
  return withPort?.[1] ?? entry
}

function isTrusted(addresses: BlockList, address: string): boolean {
  const family = addressFamily(address)
  return family !== undefined && addresses.check(address, family)
}

/** The entries of a comma-separated forwarding header, left (farthest) to right (nearest). */
export function forwardedList(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
}

/**
 * Where a request came from. Each proxy appends the address it was reached from to X-Forwarded-For, so the entries
 * on the right were written by our proxies and the ones further left are whatever the visitor sent: with `hops`,
 * the visitor is the entry `hops` from the right; with addresses, the first from the right (starting from the
 * socket's peer, which must be one of them) that is not a trusted proxy. A header shorter than that means the
 * request skipped a proxy, and its farthest entry is the best anyone knows.
 *
 * An entry that is not an IP address was not written by a proxy but made up by the sender, who could otherwise
 * change it at will to escape the per-address limits and have it stored as their address. The header is then read
 * as if it began after that entry: the nearest address to its right, or the socket's peer when there is none, just
 * as for a header that is too short or missing.
 */
export function forwardedOf(trust: TrustProxy, peer: string | undefined, forwardedFor: string | undefined): Forwarded {
  if (trust.kind === 'none') return { clientIp: peer, proxies: 0 }
  const entries = forwardedList(forwardedFor).map(forwardedAddress)
  if (trust.kind === 'hops') return { clientIp: addressFrom(entries, entries.length - trust.hops, peer), proxies: trust.hops }
  if (peer === undefined || !isTrusted(trust.addresses, peer)) return { clientIp: peer, proxies: 0 }
  let proxies = 1
  while (proxies < entries.length && isTrusted(trust.addresses, entries[entries.length - proxies] ?? '')) proxies++
  return { clientIp: addressFrom(entries, entries.length - proxies, peer), proxies }
}

/** The first entry from `index` (0 when negative) rightwards that is an IP address, else the peer. */
function addressFrom(entries: readonly string[], index: number, peer: string | undefined): string | undefined {
  return entries.slice(Math.max(0, index)).find((entry) => isIP(entry) !== 0) ?? peer
}

/**
 * The value our outermost trusted proxy wrote in a header such as X-Forwarded-Proto: proxies that append put it
 * `proxies` from the right, proxies that replace leave one value. Undefined when no trusted proxy passed it on.
 */
export function forwardedValue(header: string | undefined, proxies: number): string | undefined {
  if (proxies === 0) return undefined
  const values = forwardedList(header)
  return values[Math.max(0, values.length - proxies)]
}
