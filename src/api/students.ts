import { queryOptions } from '@tanstack/react-query'
import { ifMatch, unwrap, type ApiClient } from './client'
import { queryKeys } from './query-keys'
import type { components, operations } from './schema.gen'

type Schemas = components['schemas']
export type Student = Schemas['Student']
export type StudentPage = Schemas['StudentPage']
export type StudentRecord = Schemas['StudentRecord']
export type StudentInput = Schemas['StudentInput']
export type StudentStatus = Schemas['StudentStatus']

/** listStudents' query: status, search and page. */
export type StudentListQuery = NonNullable<operations['listStudents']['parameters']['query']>

/** Learners; ADMIN only. */
export function createStudentsApi(client: ApiClient) {
  const path = (studentId: string) => ({ path: { studentId } })
  return {
    list: (query: StudentListQuery) => unwrap(client.GET('/admin/students', { params: { query } })),
    get: (studentId: string) => unwrap(client.GET('/admin/students/{studentId}', { params: path(studentId) })),
    create: (body: StudentInput) => unwrap(client.POST('/admin/students', { body })),
    update: (studentId: string, version: number, body: StudentInput) =>
      unwrap(client.PUT('/admin/students/{studentId}', { params: { ...path(studentId), header: ifMatch(version) }, body })),
  }
}

export type StudentsApi = ReturnType<typeof createStudentsApi>

export function studentsQueryOptions(studentsApi: StudentsApi, query: StudentListQuery) {
  return queryOptions({
    queryKey: queryKeys.students.list(query),
    queryFn: () => studentsApi.list(query),
  })
}

export function studentQueryOptions(studentsApi: StudentsApi, studentId: string) {
  return queryOptions({
    queryKey: queryKeys.students.detail(studentId),
    queryFn: () => studentsApi.get(studentId),
  })
}
