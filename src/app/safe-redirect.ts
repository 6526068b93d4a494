const PROBE_ORIGIN = 'https://same-origin.invalid'

/** Two slashes, or a slash and a backslash, which browsers read as the start of another host. */
const ANOTHER_HOST = /^[/\\]{2}/

/**
 * The `redirect` search parameter as a same-origin path (path, search and hash), or null when it could
 * lead anywhere else. It must start with `/` and hold no control characters (URL parsers drop tabs and
 * newlines, turning `/\t/x` into `//x`). What is checked is the path as the browser resolves it: dot
 * segments, encoded ones too, can leave two slashes at the start (`/.//x`, `/a/..//x`, `/a/%2e%2e//x` all
 * become `//x`), so the resolved path, and the same path decoded, must not start with `//` or `/\`.
 */
export function safeRedirect(path: unknown): string | null {
  if (typeof path !== 'string' || !path.startsWith('/')) return null
  if ([...path].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return null
  if (ANOTHER_HOST.test(path)) return null
  let url: URL
  try {
    url = new URL(path, PROBE_ORIGIN)
  } catch {
    return null
  }
  if (url.origin !== PROBE_ORIGIN) return null
  let decoded: string
  try {
    decoded = decodeURIComponent(url.pathname)
  } catch {
    return null
  }
  if (ANOTHER_HOST.test(url.pathname) || ANOTHER_HOST.test(decoded)) return null
  return `${url.pathname}${url.search}${url.hash}`
}
