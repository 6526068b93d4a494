import type { DehydratedState } from '@tanstack/react-query'

/**
 * Server rendering of the public pages, shared by the app (src/entry-server.tsx renders, src/main.tsx hydrates)
 * and the server (server/ssr/page-renderer.ts serves what was rendered).
 */

/** The id of the `<script type="application/json">` block that carries the rendered page's data to the browser. */
export const SSR_STATE_ID = 'tec-ssr-state'

/** Set on <html> once the app has taken over the page: a server-rendered page shows before it answers input. */
export const APP_READY_ATTRIBUTE = 'data-app-ready'

/**
 * The routes rendered on the server (ids as in dist/routes.json): the public pages that show the same thing to
 * everyone. The enrolment forms and the tutor application stay client-rendered: they start from the visitor's own
 * day and saved draft, which the server does not know. Staff areas are client-rendered, as before.
 */
export const SERVER_RENDERED_ROUTES: readonly string[] = [
  '/_public/',
  '/_public/about',
  '/_public/blog/',
  '/_public/blog/$postId',
  '/_public/courses/',
  '/_public/courses/$courseId',
  '/_public/gallery',
  '/_public/contact-us',
  '/_public/tec-in-every-home',
  '/_public/tec-in-every-school',
  '/_public/tec-online',
  '/_public/tec-in-every-community',
  '/_public/privacy-notice',
  '/_public/terms-of-use',
  '/_public/safeguarding-policy',
  '/_auth/login',
  '/_auth/forgot-password',
]
const SERVER_RENDERED = new Set(SERVER_RENDERED_ROUTES)

/** The layouts around those pages, rendered with them. */
const LAYOUTS = new Set(['__root__', '/_public', '/_auth'])

export function isServerRendered(routeId: string): boolean {
  return SERVER_RENDERED.has(routeId)
}

export function isServerRenderedMatch(routeId: string): boolean {
  return SERVER_RENDERED.has(routeId) || LAYOUTS.has(routeId)
}

/**
 * The query string a page reads, as the router writes it: its routes' validated search (a match's `_strictSearch`,
 * which holds its layouts' too), in name order. The rest of an address's query (utm_source, fbclid, anything made
 * up) changes nothing on the page, so the page is rendered, kept and hydrated under its path and this alone.
 */
export function searchReadBy(strictSearch: object | undefined, stringifySearch: (search: Record<string, unknown>) => string): string {
  const read = Object.entries(strictSearch ?? {})
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return stringifySearch(Object.fromEntries(read))
}

/** What the server asks for: an address, and how to read the API in process. */
export interface SsrRequest {
  href: string
  fetchApi: (request: Request) => Promise<Response>
}

/** The data block: the address rendered and the query cache it was rendered from (TanStack Query's dehydrate). */
export interface SsrState {
  /** The path and the search the page reads (searchReadBy); the browser takes the page over where its own agree. */
  path: string
  queries: DehydratedState
}

const REDIRECT_STATUSES = [301, 302, 303, 307, 308] as const
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number]

export function isRedirectStatus(status: number): status is RedirectStatus {
  return (REDIRECT_STATUSES as readonly number[]).includes(status)
}

export type SsrResult =
  | { kind: 'page'; status: 200 | 404; html: string; title: string; description: string; state: string }
  | { kind: 'redirect'; status: RedirectStatus; location: string }
  /** Not a page the server renders (or its data could not be read): the browser renders it, as before. */
  | { kind: 'skip'; reason: string }

/** What build/ssr/entry-server.js exports. */
export interface SsrModule {
  render: (request: SsrRequest) => Promise<SsrResult>
  /**
   * The part of a query string (`?a=1&b=2`, or empty) the page at this path reads, written as `searchReadBy` writes
   * it; the server renders and keeps the page at its path and this, whatever else the address carried.
   */
  pageSearch: (pathname: string, search: string) => string
}
