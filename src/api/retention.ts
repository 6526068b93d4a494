import { queryOptions } from '@tanstack/react-query'
import { ifMatch, unwrap, type ApiClient } from './client'
import { queryKeys } from './query-keys'
import type { components } from './schema.gen'

type Schemas = components['schemas']
export type RetentionPeriods = Schemas['RetentionPeriods']
export type RetentionSettingsRecord = Schemas['RetentionSettingsRecord']
export type RetentionRun = Schemas['RetentionRun']
export type RetentionCounts = Schemas['RetentionCounts']

/** How long each kind of record is kept, and what the daily runs removed; ADMIN only. */
export function createRetentionApi(client: ApiClient) {
  return {
    getSettings: () => unwrap(client.GET('/admin/retention')),
    updateSettings: (version: number, body: RetentionPeriods) => unwrap(client.PUT('/admin/retention', { params: { header: ifMatch(version) }, body })),
    listRuns: () => unwrap(client.GET('/admin/retention/runs')),
  }
}

export type RetentionApi = ReturnType<typeof createRetentionApi>

export function retentionSettingsQueryOptions(retentionApi: RetentionApi) {
  return queryOptions({ queryKey: queryKeys.retention.settings(), queryFn: () => retentionApi.getSettings() })
}

export function retentionRunsQueryOptions(retentionApi: RetentionApi) {
  return queryOptions({ queryKey: queryKeys.retention.runs(), queryFn: () => retentionApi.listRuns() })
}
