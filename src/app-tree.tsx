import { MantineProvider } from '@mantine/core'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import type { AppRouter } from './router'
import { colorSchemeManager } from './ui/color-scheme'
import { cssVariablesResolver, theme } from './ui/theme'
import { Toaster } from './ui/toaster'

/** The whole app's tree: the browser renders it (src/main.tsx) and the server renders its public pages (src/entry-server.tsx) alike. */
export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} colorSchemeManager={colorSchemeManager} defaultColorScheme="auto">
        <Toaster />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>
  )
}
