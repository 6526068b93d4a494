import { queryOptions } from '@tanstack/react-query'
import { unwrap, type ApiClient } from './client'
import { PUBLIC_CONTENT_STALE_MS } from './public-content'
import { queryKeys } from './query-keys'

/** The subjects the enrolment and tutor forms offer, and the office's forms and filters too. */
export function createSubjectsApi(client: ApiClient) {
  return {
    list: () => unwrap(client.GET('/subjects')),
  }
}

export type SubjectsApi = ReturnType<typeof createSubjectsApi>

export function subjectsQueryOptions(subjectsApi: SubjectsApi) {
  return queryOptions({
    queryKey: queryKeys.subjects.list(),
    queryFn: () => subjectsApi.list(),
    staleTime: PUBLIC_CONTENT_STALE_MS,
  })
}
