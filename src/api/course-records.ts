import { queryOptions } from '@tanstack/react-query'
import { ifMatch, unwrap, type ApiClient } from './client'
import { queryKeys } from './query-keys'
import type { components, operations } from './schema.gen'

type Schemas = components['schemas']
export type CourseRow = Schemas['CourseRow']
export type CourseRowPage = Schemas['CourseRowPage']
export type CourseRecord = Schemas['CourseRecord']
export type CourseInput = Schemas['CourseInput']
export type CourseStatus = Schemas['CourseStatus']
export type CourseRecordQuery = NonNullable<operations['listCourseRecords']['parameters']['query']>

/** The office's course editor; ADMIN only. The public course list and pages are in courses.ts. */
export function createCourseRecordsApi(client: ApiClient) {
  const path = (courseId: string) => ({ path: { courseId } })
  return {
    list: (query: CourseRecordQuery) => unwrap(client.GET('/admin/courses', { params: { query } })),
    get: (courseId: string) => unwrap(client.GET('/admin/courses/{courseId}', { params: path(courseId) })),
    create: (body: CourseInput) => unwrap(client.POST('/admin/courses', { body })),
    update: (courseId: string, version: number, body: CourseInput) =>
      unwrap(client.PUT('/admin/courses/{courseId}', { params: { ...path(courseId), header: ifMatch(version) }, body })),
    changeStatus: (courseId: string, version: number, status: CourseStatus) =>
      unwrap(client.PUT('/admin/courses/{courseId}/status', { params: { ...path(courseId), header: ifMatch(version) }, body: { status } })),
    remove: async (courseId: string, version: number) => {
      await client.DELETE('/admin/courses/{courseId}', { params: { ...path(courseId), header: ifMatch(version) } })
    },
    orderFeatured: (courseIds: string[]) => unwrap(client.PUT('/admin/courses/featured-order', { body: { courseIds } })),
  }
}

export type CourseRecordsApi = ReturnType<typeof createCourseRecordsApi>

export function courseRecordsQueryOptions(courseRecordsApi: CourseRecordsApi, query: CourseRecordQuery) {
  return queryOptions({ queryKey: queryKeys.courses.records(query), queryFn: () => courseRecordsApi.list(query) })
}

export function courseRecordQueryOptions(courseRecordsApi: CourseRecordsApi, courseId: string) {
  return queryOptions({ queryKey: queryKeys.courses.record(courseId), queryFn: () => courseRecordsApi.get(courseId) })
}
