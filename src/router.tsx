import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { routeTree } from './routeTree.gen'
import { RouteError } from './routes/-components/route-error'
import { RouterLink } from './routes/-components/router-link'
import type { RouterContext } from './routes/-lib/router-context'
import { NotFoundView } from './ui/not-found-view'
import { PageSpinner } from './ui/page-spinner'

/** A short wait before the spinner, so fast page loads do not flash it. */
const PENDING_DELAY_MS = 150

/** `history` is the browser's unless given (tests pass a memory history). */
export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    ...(history ? { history } : {}),
    defaultPendingComponent: PageSpinner,
    defaultPendingMs: PENDING_DELAY_MS,
    defaultErrorComponent: RouteError,
    // Inside a staff area, the not-found page sits in that area's frame.
    defaultNotFoundComponent: () => <NotFoundView linkComponent={RouterLink} />,
    scrollRestoration: true,
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
