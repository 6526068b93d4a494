import { queryOptions } from '@tanstack/react-query'
import { ifMatch, unwrap, type ApiClient } from './client'
import { queryKeys } from './query-keys'
import type { components, operations } from './schema.gen'

type Schemas = components['schemas']
export type School = Schemas['School']
export type SchoolPage = Schemas['SchoolPage']
export type SchoolRecord = Schemas['SchoolRecord']
export type SchoolInput = Schemas['SchoolInput']

/** listSchools' query: search and page. */
export type SchoolListQuery = NonNullable<operations['listSchools']['parameters']['query']>

/** Partner schools; ADMIN only. */
export function createSchoolsApi(client: ApiClient) {
  const path = (schoolId: string) => ({ path: { schoolId } })
  return {
    list: (query: SchoolListQuery) => unwrap(client.GET('/admin/schools', { params: { query } })),
    get: (schoolId: string) => unwrap(client.GET('/admin/schools/{schoolId}', { params: path(schoolId) })),
    create: (body: SchoolInput) => unwrap(client.POST('/admin/schools', { body })),
    update: (schoolId: string, version: number, body: SchoolInput) =>
      unwrap(client.PUT('/admin/schools/{schoolId}', { params: { ...path(schoolId), header: ifMatch(version) }, body })),
    remove: async (schoolId: string, version: number) => {
      await client.DELETE('/admin/schools/{schoolId}', { params: { ...path(schoolId), header: ifMatch(version) } })
    },
  }
}

export type SchoolsApi = ReturnType<typeof createSchoolsApi>

export function schoolsQueryOptions(schoolsApi: SchoolsApi, query: SchoolListQuery) {
  return queryOptions({
    queryKey: queryKeys.schools.list(query),
    queryFn: () => schoolsApi.list(query),
  })
}

export function schoolQueryOptions(schoolsApi: SchoolsApi, schoolId: string) {
  return queryOptions({
    queryKey: queryKeys.schools.detail(schoolId),
    queryFn: () => schoolsApi.get(schoolId),
  })
}
