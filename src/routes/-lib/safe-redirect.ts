const PROBE_ORIGIN = 'https://same-origin.invalid'

/**
 * The `redirect` search parameter as a same-origin path (path, search and hash), or null when it could
 * lead anywhere else: it must start with exactly one `/` (not `//` or `/\`, which browsers read as another
 * host) and hold no control characters (URL parsers drop tabs and newlines, turning `/\t/x` into `//x`).
 */
export function safeRedirect(path: unknown): string | null {
  if (typeof path !== 'string' || !path.startsWith('/')) return null
  if (path.startsWith('//') || path.startsWith('/\\')) return null
  if ([...path].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return null
  const url = new URL(path, PROBE_ORIGIN)
  if (url.origin !== PROBE_ORIGIN) return null
  return `${url.pathname}${url.search}${url.hash}`
}
