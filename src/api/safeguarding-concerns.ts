import { queryOptions } from '@tanstack/react-query'
import { ifMatch, unwrap, type ApiClient } from './client'
import { queryKeys } from './query-keys'
import type { components, operations } from './schema.gen'

type Schemas = components['schemas']
export type SafeguardingConcern = Schemas['SafeguardingConcern']
export type ConcernListQuery = NonNullable<operations['listSafeguardingConcerns']['parameters']['query']>

/** Safeguarding concerns raised in lesson reports, and their handling; ADMIN only (the words for safeguarding leads). */
export function createSafeguardingConcernsApi(client: ApiClient) {
  const path = (concernId: string) => ({ path: { concernId } })
  return {
    list: (query: ConcernListQuery) => unwrap(client.GET('/admin/safeguarding-concerns', { params: { query } })),
    get: (concernId: string) => unwrap(client.GET('/admin/safeguarding-concerns/{concernId}', { params: path(concernId) })),
    changeStatus: (concernId: string, version: number, body: Schemas['ConcernStatusChange']) =>
      unwrap(client.POST('/admin/safeguarding-concerns/{concernId}/status', { params: { ...path(concernId), header: ifMatch(version) }, body })),
  }
}

export type SafeguardingConcernsApi = ReturnType<typeof createSafeguardingConcernsApi>

export function concernsQueryOptions(api: SafeguardingConcernsApi, query: ConcernListQuery) {
  return queryOptions({ queryKey: queryKeys.concerns.list(query), queryFn: () => api.list(query) })
}

export function concernQueryOptions(api: SafeguardingConcernsApi, concernId: string) {
  return queryOptions({ queryKey: queryKeys.concerns.detail(concernId), queryFn: () => api.get(concernId), staleTime: 0 })
}
