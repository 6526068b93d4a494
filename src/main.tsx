// Mantine's styles per component: the public site's here, the staff areas' with their frame (back-office-layout);
// charts and file drops bring their own styles where the back office uses them.
import './ui/mantine-styles'
import '@mantine/notifications/styles.css'
import { MantineProvider } from '@mantine/core'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createApi } from './api/api'
import { createApiClient } from './api/client'
import { createUploader } from './api/upload'
import { createQueryClient } from './api/query-client'
import { AUTH_CHANNEL_NAME } from './machines/auth.cross-tab'
import { selectToken } from './machines/auth.selectors'
import { createAuthActor, type AuthWiring } from './machines/auth.wiring'
import { installPreloadRecovery } from './preload-recovery'
import { createAppRouter } from './router'
import { colorSchemeManager } from './ui/color-scheme'
import { cssVariablesResolver, theme } from './ui/theme'
import { Toaster } from './ui/toaster'

/** The XState inspector, only in development and only when the address asks for it (`?inspect`). */
async function loadInspector(): Promise<AuthWiring['inspect']> {
  if (!import.meta.env.DEV || !new URLSearchParams(window.location.search).has('inspect')) return undefined
  const { createDevInspector } = await import('./dev-inspector')
  return createDevInspector()
}

async function boot(): Promise<void> {
  const reload = () => window.location.reload()
  const markPageLoaded = installPreloadRecovery(window, window.sessionStorage, reload)
  const queryClient = createQueryClient()

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
  createRoot(container).render(
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} colorSchemeManager={colorSchemeManager} defaultColorScheme="auto">
        <Toaster />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  )
}

void boot()
