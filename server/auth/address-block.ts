import { isIPv4, isIPv6 } from 'node:net'

/**
 * The block of addresses one client controls, for per-address limits: an IPv4 address as it is, an IPv6 address
 * by its /64 (one home or one server gets a whole /64, so counting single IPv6 addresses counts nothing), and an
 * IPv4-mapped IPv6 address (::ffff:192.0.2.1) as the IPv4 address it is. Anything else stays as given.
 */
export function addressBlock(address: string): string {
  const plain = address.replace(/%.*$/, '').toLowerCase() // a zone (fe80::1%eth0) names an interface, not a client
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(plain)?.[1]
  if (mapped !== undefined && isIPv4(mapped)) return mapped
  if (!isIPv6(plain)) return address
  return `${expandIPv6(plain).slice(0, 4).join(':')}::/64`
}

/** The eight 16-bit groups of an IPv6 address, without leading zeros (an embedded IPv4 tail becomes two groups). */
function expandIPv6(address: string): string[] {
  let text = address
  const ipv4Tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (ipv4Tail) {
    const [a, b, c, d] = ipv4Tail.slice(1).map(Number) as [number, number, number, number]
    text = `${text.slice(0, ipv4Tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head = '', tail] = text.split('::')
  const left = head === '' ? [] : head.split(':')
  const right = tail === undefined || tail === '' ? [] : tail.split(':')
  const missing = tail === undefined ? 0 : 8 - left.length - right.length
  return [...left, ...Array.from({ length: missing }, () => '0'), ...right].map((group) => Number.parseInt(group, 16).toString(16))
}
