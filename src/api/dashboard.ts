import { queryOptions } from '@tanstack/react-query'
import { unwrap, type ApiClient } from './client'
import { queryKeys } from './query-keys'
import type { components } from './schema.gen'

export type Dashboard = components['schemas']['Dashboard']
export type ActivityEntry = components['schemas']['ActivityEntry']

/** The office's figures and latest changes; ADMIN only. */
export function createDashboardApi(client: ApiClient) {
  return { get: () => unwrap(client.GET('/admin/dashboard')) }
}

export type DashboardApi = ReturnType<typeof createDashboardApi>

export function dashboardQueryOptions(dashboardApi: DashboardApi) {
  // Always fetched again on opening: the figures are what the office acts on.
  return queryOptions({ queryKey: queryKeys.dashboard.figures(), queryFn: () => dashboardApi.get(), staleTime: 0 })
}
