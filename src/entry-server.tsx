/**
 * Renders a public page on the server (built by `npm run build:ssr` into build/ssr/, loaded by
 * server/ssr/page-renderer.ts): the same app and the same loaders as in the browser, reading the API in process,
 * signed out. The browser then hydrates the markup from the data block instead of reading the API again
 * (src/main.tsx). Anything that is not a whole, successful public page answers `skip`, and the browser renders it
 * as before.
 */
import { dehydrate, type QueryClient } from '@tanstack/react-query'
import { createMemoryHistory } from '@tanstack/react-router'
import { getSsrStatus } from '@tanstack/react-router/ssr/server'
import { renderToString } from 'react-dom/server'
import { isRedirectStatus, isServerRenderedMatch, type SsrRequest, type SsrResult, type SsrState } from '../shared/ssr'
import { createApi } from './api/api'
import { createApiClient } from './api/client'
import { isApiError } from './api/errors'
import { createServerQueryClient } from './api/query-client'
import { createUploader } from './api/upload'
import { App } from './app'
import { createSignedOutAuthActor } from './machines/auth.server'
import { createAppRouter } from './router'
import { pageHeadFor } from './routes/-lib/page-head'

/** How React marks a boundary it could not render on the server (an error, or something still loading). */
const CLIENT_RENDERED_BOUNDARY = '<!--$!'

/** The API as the server reads it: the origin is never contacted, `fetchApi` answers in process. */
const IN_PROCESS_API = 'http://tec.internal/api'

/** Resolves once no query is being read (a layout may start one without waiting, as _public.tsx does). */
function settled(queryClient: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (queryClient.isFetching() > 0) return
      stop()
      resolve()
    }
    const stop = queryClient.getQueryCache().subscribe(check)
    check()
  })
}

export async function render({ href, fetchApi }: SsrRequest): Promise<SsrResult> {
  const queryClient = createServerQueryClient()
  const transport = { baseUrl: IN_PROCESS_API, getToken: () => null, onUnauthorized: () => {}, fetch: fetchApi }
  const api = createApi(createApiClient(transport), createUploader(transport))
  const auth = createSignedOutAuthActor()
  auth.start()
  const router = createAppRouter({ auth, queryClient, api }, createMemoryHistory({ initialEntries: [href] }), { server: true })
  try {
    // Only the public pages are rendered: nothing else's guards or loaders run here (a staff page's guard would
    // send everyone to sign in, not knowing who they are).
    const other = router
      .matchRoutes(router.latestLocation)
      .map((match) => match.routeId as string)
      .find((routeId) => !isServerRenderedMatch(routeId))
    if (other) return { kind: 'skip', reason: `${other} is rendered in the browser` }
    await router.load()
    const result = router._serverResult
    if (result?.type === 'redirect') {
      const status = result.redirect.status
      if (!isRedirectStatus(status)) return { kind: 'skip', reason: `the router answered a redirect with ${status}` }
      return { kind: 'redirect', status, location: result.redirect.headers.get('Location') ?? '/' }
    }
    const { matches, location } = router.state
    const failed = matches.find((match) => match.status !== 'success' && match.status !== 'notFound')
    if (failed) return { kind: 'skip', reason: `${failed.routeId} did not load (${failed.status})` }
    await settled(queryClient)
    // A read that failed (the footer's details, which the page does not wait for) would leave a page that is not
    // whole: the browser renders it, and reads again. Only "not found" is a whole page (a post that does not exist).
    const failedRead = queryClient
      .getQueryCache()
      .getAll()
      .find((query) => query.state.status === 'error' && !(isApiError(query.state.error) && query.state.error.status === 404))
    if (failedRead) return { kind: 'skip', reason: `a read failed (${JSON.stringify(failedRead.queryKey)})` }
    const html = renderToString(<App router={router} queryClient={queryClient} />)
    // A part that failed or waited while rendering is sent as its fallback, marked for the browser to render it.
    if (html.includes(CLIENT_RENDERED_BOUNDARY)) return { kind: 'skip', reason: 'a part of the page did not render on the server' }
    const state: SsrState = { path: location.pathname + location.searchStr, queries: dehydrate(queryClient) }
    const status = getSsrStatus(router) === 404 || matches.some((match) => match.status === 'notFound') ? 404 : 200
    return { kind: 'page', status, html, ...pageHeadFor(matches), state: JSON.stringify(state) }
  } finally {
    auth.stop()
    queryClient.clear()
  }
}
