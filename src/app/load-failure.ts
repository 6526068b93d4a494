import { isApiError } from '@/api/errors'

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** What a public page could not load when the API fails, as in "We couldn't load <the courses> just now". */
    loadFailure?: string
  }
}

/** The public site's routes; staff areas keep their own error page. */
const PUBLIC_ROUTE = /^\/_public(\/|$)/

/** What a public page that sets no `loadFailure` of its own names. */
const THIS_PAGE = 'this page'

/**
 * What to name when a route failed because the API did (an error answer, no answer, an unreadable one), or
 * undefined when the page should rather show "Unexpected Application Error": a rendering fault is a bug to
 * report, not something a visitor can fix by trying again later, and staff pages are outside this wording.
 * Every API call throws ApiError (src/api/client.ts), so anything else did not come from the API.
 */
export function loadFailureOf(error: unknown, route: { routeId: string; loadFailure: string | undefined } | undefined): string | undefined {
  if (!isApiError(error) || route === undefined || !PUBLIC_ROUTE.test(route.routeId)) return undefined
  return route.loadFailure ?? THIS_PAGE
}
