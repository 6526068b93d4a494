import { MantineProvider } from '@mantine/core'
import { QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { render } from '@testing-library/react'
import { createActor, type InspectionEvent } from 'xstate'
import { createApi } from '@/api/api'
import { createUploader } from '@/api/upload'
import { createQueryClient } from '@/api/query-client'
import type { StoredSession } from '@/machines/auth.machine'
import { createAppRouter } from '@/router'
import { cssVariablesResolver, theme } from '@/ui/theme'
import { Toaster } from '@/ui/toaster'
import { machineWith, type FakeIo } from './auth-fixtures'
import { apiWith, type Handler } from './fake-api-server'

/** The whole app at `path`: real routes, router, query client and auth machine, with the given I/O. */
export function renderApp(
  path: string,
  {
    io = {},
    session = { user: null, token: null, remember: true },
    handlers = {},
    inspect,
  }: { io?: FakeIo; session?: StoredSession; handlers?: Record<string, Handler>; inspect?: (event: InspectionEvent) => void } = {},
) {
  const { machine, effects } = machineWith(io)
  const auth = createActor(machine, { input: session })
  auth.start()
  const { client } = apiWith(handlers, { get token() { return auth.getSnapshot().context.token } })
  const queryClient = createQueryClient()
  const history = createMemoryHistory({ initialEntries: [path] })
  const router = createAppRouter({ auth, queryClient, api: createApi(client, createUploader({ baseUrl: '/api', getToken: () => null, onUnauthorized: () => undefined })), inspect }, history)
  // env="test" is Mantine's own test mode: no transitions or portals, and no floating-ui visibility check, which in
  // jsdom (every box 0×0) could hide an open menu with display: none depending on when its position was computed.
  render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <Toaster />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  )
  return { auth, router, effects, history }
}
