import { createAuthApi } from './auth'
import type { ApiClient } from './client'

/** The typed operations the app calls, grouped by resource family; routes reach them through the router context. */
export function createApi(client: ApiClient) {
  return { auth: createAuthApi(client) }
}

export type Api = ReturnType<typeof createApi>
