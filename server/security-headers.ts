import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from './http-context.ts'
import { forwardedValue } from './trusted-proxies.ts'

/**
 * Scripts only from our origin, never inline. Styles allow 'unsafe-inline' because Mantine sets inline style
 * attributes; nothing may frame the site, plugins are off and <base> cannot be changed.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ')

/**
 * An SVG is a document that can hold script: opened directly (not through <img>), it gets no scripts, no
 * fetches, no plugins and a sandbox, whichever route served it. Inline styles stay, since SVGs use them.
 */
export const SVG_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox"

const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()'
const HSTS = 'max-age=31536000; includeSubDomains'

const within = (path: string, area: string) => path === area || path.startsWith(`${area}/`)

/** Paths whose address may hold a secret (the reset token, a family link) or whose answers are API data: send no referrer. */
function isPrivateReferrer(path: string): boolean {
  return within(path, '/api') || within(path, '/reset-password') || within(path, '/family')
}

/** The family page is a family's own: never indexed, whatever a crawler that found a forwarded link makes of robots.txt. */
const isNeverIndexed = (path: string) => within(path, '/family')

type Referrer = 'no-referrer' | 'strict-origin-when-cross-origin'

function headerList(referrer: Referrer, overHttps: boolean): readonly (readonly [string, string])[] {
  const list: [string, string][] = [
    ['Content-Security-Policy', CONTENT_SECURITY_POLICY],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Permissions-Policy', PERMISSIONS_POLICY],
    ['Referrer-Policy', referrer],
  ]
  if (overHttps) list.push(['Strict-Transport-Security', HSTS])
  return list
}

/** The four lists, made once: by referrer policy, then without and with HSTS. */
const LISTS = {
  'no-referrer': [headerList('no-referrer', false), headerList('no-referrer', true)],
  'strict-origin-when-cross-origin': [headerList('strict-origin-when-cross-origin', false), headerList('strict-origin-when-cross-origin', true)],
} as const

/** The headers every answer gets, for an answer whose referrer policy and transport are known. */
export function securityHeaderList(referrer: Referrer, overHttps: boolean): readonly (readonly [string, string])[] {
  return LISTS[referrer][overHttps ? 1 : 0]
}

/**
 * Whether the visitor reached the site over HTTPS: the public address says so, or a trusted proxy does (`proxies`
 * trusted proxies passed the request on: see forwardedOf).
 */
export function isOverHttps(options: { publicUrl: string }, url: string, forwardedProto: string | undefined, proxies: number): boolean {
  return options.publicUrl.startsWith('https:') || url.startsWith('https:') || forwardedValue(forwardedProto, proxies) === 'https'
}

/**
 * Every answer gets them: API, static files, fallbacks and errors alike. They are set before the handler runs, so
 * the answer is built with them (setting headers on a finished answer makes a new Response per header); a handler
 * may still override one, and an answer made without the context's headers gets them afterwards.
 */
export function securityHeaders(options: { publicUrl: string }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const overHttps = isOverHttps(options, c.req.url, c.req.header('x-forwarded-proto'), c.get('proxies'))
    const referrer = isPrivateReferrer(c.req.path) ? 'no-referrer' : 'strict-origin-when-cross-origin'
    const noIndex = isNeverIndexed(c.req.path)
    const set = () => {
      for (const [name, value] of securityHeaderList(referrer, overHttps)) c.header(name, value)
      if (noIndex) c.header('X-Robots-Tag', 'noindex, nofollow')
    }
    set()
    await next()
    const headers = c.res.headers
    // A handler that returned its own Response (not one made through the context) dropped them: set them again.
    if (!headers.has('X-Content-Type-Options')) set()
    if (headers.get('Content-Type')?.toLowerCase().startsWith('image/svg+xml') === true) c.header('Content-Security-Policy', SVG_CONTENT_SECURITY_POLICY)
  }
}
