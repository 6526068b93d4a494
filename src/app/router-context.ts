import type { QueryClient } from '@tanstack/react-query'
import type { InspectionEvent, Observer } from 'xstate'
import type { Api } from '@/api/api'
import type { AuthActor } from '@/machines/auth.machine'

/** What every route receives from the router: the one auth actor, the query cache and the typed API. */
export interface RouterContext {
  auth: AuthActor
  queryClient: QueryClient
  api: Api
  /** The Stately inspector in development with `?inspect`, for machines a page starts (the tutor wizard). */
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void) | undefined
}
