import { queryOptions } from '@tanstack/react-query'
import { unwrap, type ApiClient } from './client'
import { queryKeys } from './query-keys'
import type { components, operations } from './schema.gen'

type Schemas = components['schemas']
export type School = Schemas['School']
export type SchoolPage = Schemas['SchoolPage']

/** listSchools' query: search and page. */
export type SchoolListQuery = NonNullable<operations['listSchools']['parameters']['query']>

/** The schools accepted school enrolments created; ADMIN only. */
export function createSchoolsApi(client: ApiClient) {
  return {
    list: (query: SchoolListQuery) => unwrap(client.GET('/admin/schools', { params: { query } })),
  }
}

export type SchoolsApi = ReturnType<typeof createSchoolsApi>

export function schoolsQueryOptions(schoolsApi: SchoolsApi, query: SchoolListQuery) {
  return queryOptions({
    queryKey: queryKeys.schools.list(query),
    queryFn: () => schoolsApi.list(query),
  })
}
