import { queryOptions } from '@tanstack/react-query'
import { unwrap, type ApiClient } from './client'
import { queryKeys } from './query-keys'
import type { components, operations } from './schema.gen'

type Schemas = components['schemas']
export type Student = Schemas['Student']
export type StudentPage = Schemas['StudentPage']

/** listStudents' query: search and page. */
export type StudentListQuery = NonNullable<operations['listStudents']['parameters']['query']>

/** The students accepted enrolments created; ADMIN only. */
export function createStudentsApi(client: ApiClient) {
  return {
    list: (query: StudentListQuery) => unwrap(client.GET('/admin/students', { params: { query } })),
  }
}

export type StudentsApi = ReturnType<typeof createStudentsApi>

export function studentsQueryOptions(studentsApi: StudentsApi, query: StudentListQuery) {
  return queryOptions({
    queryKey: queryKeys.students.list(query),
    queryFn: () => studentsApi.list(query),
  })
}
