import { useRouteContext } from '@tanstack/react-router'
import type { RouterContext } from './router-context'

/** The router context (auth actor, query client, API) from any component under the root. */
export function useAppContext(): RouterContext {
  return useRouteContext({ from: '__root__' })
}
