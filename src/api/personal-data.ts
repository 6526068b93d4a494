import { queryOptions } from '@tanstack/react-query'
import { unwrap, type ApiClient } from './client'
import { ApiError } from './errors'
import type { components, operations } from './schema.gen'

type Schemas = components['schemas']
export type PersonalDataExport = Schemas['PersonalDataExport']
export type PersonalDataSection = Schemas['PersonalDataSection']
export type PersonalDataKind = Schemas['PersonalDataKind']
export type PersonalDataMatches = Schemas['PersonalDataMatches']
export type PersonalDataQuery = operations['getPersonalData']['parameters']['query']

/** Subject access: everything held about one person, as JSON for the printable page or as a zip; ADMIN only. */
export function createPersonalDataApi(client: ApiClient) {
  return {
    matches: (email: string) => unwrap(client.GET('/admin/personal-data/matches', { params: { query: { email } } })),
    export: (query: PersonalDataQuery) => unwrap(client.GET('/admin/personal-data/export', { params: { query } })),
    /** The zip and the name the server gave it, for the browser to save. */
    download: async (query: PersonalDataQuery) => {
      const { data, response } = await client.GET('/admin/personal-data/download', { params: { query }, parseAs: 'blob' })
      if (!(data instanceof Blob)) throw new ApiError({ status: response.status, kind: 'parse', message: 'The file could not be made. Try again.' })
      const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')
      return { file: data, fileName: named?.[1] ?? `tec-personal-data-${query.kind}.zip` }
    },
  }
}

export type PersonalDataApi = ReturnType<typeof createPersonalDataApi>

/**
 * Every fetch is an export the server records, so an answer is never reused from the cache for a later visit and
 * never fetched again behind the reader's back (focus, reconnect).
 */
export function personalDataQueryOptions(api: PersonalDataApi, query: PersonalDataQuery) {
  return queryOptions({
    queryKey: ['personalData', 'export', query] as const,
    queryFn: () => api.export(query),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  })
}

export function personalDataMatchesQueryOptions(api: PersonalDataApi, email: string) {
  return queryOptions({ queryKey: ['personalData', 'matches', email] as const, queryFn: () => api.matches(email), staleTime: 0 })
}
