import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { routeTree } from './routeTree.gen'
import { RouteError } from './components/route-error'
import { RouterLink } from './components/router-link'
import type { RouterContext } from './app/router-context'
import { NotFoundView } from './ui/not-found-view'
import { PageSpinner } from './ui/page-spinner'

/** A short wait before the spinner, so fast page loads do not flash it. */
const PENDING_DELAY_MS = 150

/**
 * `history` is the browser's unless given (tests and the server pass a memory history). A server render
 * (`server`) loads its page completely before rendering, and restores no scroll position (which would write an
 * inline script the content security policy refuses).
 */
export function createAppRouter(context: RouterContext, history?: RouterHistory, { server = false } = {}) {
  return createRouter({
    routeTree,
    context,
    ...(history ? { history } : {}),
    ...(server ? { isServer: true } : {}),
    defaultPendingComponent: PageSpinner,
    defaultPendingMs: PENDING_DELAY_MS,
    defaultErrorComponent: RouteError,
    // Inside a staff area, the not-found page sits in that area's frame.
    defaultNotFoundComponent: () => <NotFoundView linkComponent={RouterLink} />,
    scrollRestoration: !server,
    defaultPreload: 'intent',
    // TanStack Query owns caching; the router always asks it rather than keeping its own copy.
    defaultPreloadStaleTime: 0,
  })
}

export type AppRouter = ReturnType<typeof createAppRouter>

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter
  }
}
