// Mantine's styles per component: the public site's here, the staff areas' with their frame (back-office-layout);
// charts and file drops bring their own styles where the back office uses them.
import './ui/mantine-styles'
import '@mantine/notifications/styles.css'
import { hydrate } from '@tanstack/react-query'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { searchReadBy, SSR_STATE_ID, type SsrState } from '@shared/ssr'
import { createApi } from './api/api'
import { createApiClient } from './api/client'
import { createUploader } from './api/upload'
import { createQueryClient } from './api/query-client'
import { App } from './app-tree'
import { AUTH_CHANNEL_NAME } from './machines/auth.cross-tab'
import { selectToken } from './machines/auth.selectors'
import { createAuthActor, type AuthWiring } from './machines/auth.wiring'
import { installPreloadRecovery } from './preload-recovery'
import { createAppRouter } from './router'

/** The XState inspector, only in development and only when the address asks for it (`?inspect`). */
async function loadInspector(): Promise<AuthWiring['inspect']> {
  if (!import.meta.env.DEV || !new URLSearchParams(window.location.search).has('inspect')) return undefined
  const { createDevInspector } = await import('./dev-inspector')
  return createDevInspector()
}

/** The data a server-rendered page was rendered from (src/entry-server.tsx), if this page was. */
function serverRenderedState(): SsrState | undefined {
  const block = document.getElementById(SSR_STATE_ID)?.textContent
  if (!block) return undefined
  try {
    return JSON.parse(block) as SsrState
  } catch {
    return undefined
  }
}

async function boot(): Promise<void> {
  const reload = () => window.location.reload()
  const markPageLoaded = installPreloadRecovery(window, window.sessionStorage, reload)
  const queryClient = createQueryClient()
  const rendered = serverRenderedState()
  if (rendered) {
    // The server only renders from what is current, so the data counts as read now, not when it was first kept.
    const now = Date.now()
    for (const query of rendered.queries.queries) query.state.dataUpdatedAt = now
    hydrate(queryClient, rendered.queries)
  }

  const transport = {
    baseUrl: import.meta.env.VITE_API_URL ?? '/api',
    // Read lazily: the actor is created below, and only started once this client can reach it.
    getToken: () => selectToken(authActor.getSnapshot()),
    onUnauthorized: () => authActor.send({ type: 'SESSION.EXPIRED' }),
  }
  const api = createApi(createApiClient(transport), createUploader(transport))
  const inspect = await loadInspector()
  const authActor = createAuthActor({
    authApi: api.auth,
    stores: { local: window.localStorage, session: window.sessionStorage },
    channel: new BroadcastChannel(AUTH_CHANNEL_NAME),
    storageEvents: window,
    reload,
    inspect,
  })
  authActor.start()

  const router = createAppRouter({ auth: authActor, queryClient, api, inspect })
  router.subscribe('onResolved', markPageLoaded)

  // Leaving the session (logout elsewhere, expiry) drops the staff data cached in this tab and re-runs the
  // guards, which send the visitor to /login.
  let wasAuthenticated = authActor.getSnapshot().matches('authenticated')
  authActor.subscribe((snapshot) => {
    const isAuthenticated = snapshot.matches('authenticated')
    if (wasAuthenticated && !isAuthenticated) {
      queryClient.clear()
      void router.invalidate()
    }
    wasAuthenticated = isAuthenticated
  })

  const container = document.getElementById('root')
  if (!container) throw new Error('index.html has no #root element')
  const app = <App router={router} queryClient={queryClient} />
  if (rendered && container.firstElementChild) {
    // Load the page as the server did (its loaders find their data in the cache, its code is fetched), then take
    // over the server's markup rather than drawing it again.
    await router.load()
    const { location, matches } = router.state
    // The server rendered the path and the search the page reads, whatever else the address carries (utm_source).
    const path = location.pathname + searchReadBy(matches.at(-1)?._strictSearch, router.options.stringifySearch)
    if (path === rendered.path && matches.every((match) => match.status === 'success' || match.status === 'notFound')) {
      // What the router's own hydration sets: it renders the same tree as on the server.
      router.ssr = { manifest: undefined }
      hydrateRoot(container, app)
      return
    }
    // Somewhere else after all (a signed-in visitor on /login is sent on): draw that page instead.
    container.replaceChildren()
  }
  createRoot(container).render(app)
}

void boot()
