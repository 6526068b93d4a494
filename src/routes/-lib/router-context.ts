import type { QueryClient } from '@tanstack/react-query'
import type { Api } from '../../api/api'
import type { AuthActor } from '../../machines/auth.machine'

/** What every route receives from the router: the one auth actor, the query cache and the typed API. */
export interface RouterContext {
  auth: AuthActor
  queryClient: QueryClient
  api: Api
}
