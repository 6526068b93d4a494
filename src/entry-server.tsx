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
import { isRedirectStatus, isServerRenderedMatch, searchReadBy, type SsrRequest, type SsrResult, type SsrState } from '@shared/ssr'
import { createApi } from './api/api'
import { createApiClient } from './api/client'
import { isApiError } from './api/errors'
import { createServerQueryClient } from './api/query-client'
import { createUploader } from './api/upload'
import { App } from './app-tree'
import { createSignedOutAuthActor } from './machines/auth.server'
import { createAppRouter, type AppRouter } from './router'
import { pageHeadFor } from './app/page-head'

/** How React marks a boundary it could not render on the server (an error, or something still loading). */
const CLIENT_RENDERED_BOUNDARY = '<!--$!'

/** The API as the server reads it: the origin is never contacted, `fetchApi` answers in process. */
const IN_PROCESS_API = 'http://tec.internal/api'

/** Resolves once no query is being read (a layout may start one without waiting, as _public/route.tsx does). */
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

/** The app's router at `href`, signed out, reading the API through `fetchApi`. */
function serverRouter(href: string, fetchApi: SsrRequest['fetchApi']) {
  const queryClient = createServerQueryClient()
  const transport = { baseUrl: IN_PROCESS_API, getToken: () => null, onUnauthorized: () => {}, fetch: fetchApi }
  const api = createApi(createApiClient(transport), createUploader(transport))
  const auth = createSignedOutAuthActor()
  const router = createAppRouter({ auth, queryClient, api }, createMemoryHistory({ initialEntries: [href] }), { server: true })
  return { router, queryClient, auth }
}

const noReads: SsrRequest['fetchApi'] = () => Promise.reject(new Error('This router only reads addresses'))
/** One router for every request's address: matching a path and validating its search loads nothing. */
let addressReader: AppRouter | undefined

/** The part of `search` the page at `pathname` reads, checked by its routes: what the server renders and keeps it by. */
export function pageSearch(pathname: string, search: string): string {
  addressReader ??= serverRouter('/', noReads).router
  const matches = addressReader.matchRoutes(pathname, addressReader.options.parseSearch(search))
  return searchReadBy(matches.at(-1)?._strictSearch, addressReader.options.stringifySearch)
}

export async function render({ href, fetchApi }: SsrRequest): Promise<SsrResult> {
  const { router, queryClient, auth } = serverRouter(href, fetchApi)
  auth.start()
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
    // The search the page reads, not the address's whole query: the page is kept for every address that differs
    // only in what it does not read, and the browser takes it over at any of them (src/main.tsx).
    const path = location.pathname + searchReadBy(matches.at(-1)?._strictSearch, router.options.stringifySearch)
    const state: SsrState = { path, queries: dehydrate(queryClient) }
    const status = getSsrStatus(router) === 404 || matches.some((match) => match.status === 'notFound') ? 404 : 200
    return { kind: 'page', status, html, ...pageHeadFor(matches), state: JSON.stringify(state) }
  } finally {
    auth.stop()
    queryClient.clear()
  }
}
