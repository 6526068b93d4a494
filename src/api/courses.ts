import { queryOptions } from '@tanstack/react-query'
import { unwrap, type ApiClient } from './client'
import { PUBLIC_CONTENT_STALE_MS } from './public-content'
import { queryKeys } from './query-keys'
import type { components } from './schema.gen'

type Schemas = components['schemas']
export type CourseSummary = Schemas['CourseSummary']
export type Course = Schemas['Course']
export type DeliveryMode = Schemas['DeliveryMode']

/** Which courses to list: all, those offered in one mode or teaching one subject, or only the featured ones. */
export interface CourseFilter {
  mode?: DeliveryMode
  featured?: boolean
  subject?: string
}

/** The published courses, read by visitors. */
export function createCoursesApi(client: ApiClient) {
  return {
    list: (filter: CourseFilter) => unwrap(client.GET('/courses', { params: { query: filter } })),
    get: (courseId: string) => unwrap(client.GET('/courses/{courseId}', { params: { path: { courseId } } })),
  }
}

export type CoursesApi = ReturnType<typeof createCoursesApi>

export function coursesQueryOptions(coursesApi: CoursesApi, filter: CourseFilter) {
  return queryOptions({
    queryKey: queryKeys.courses.list(filter),
    queryFn: () => coursesApi.list(filter),
    staleTime: PUBLIC_CONTENT_STALE_MS,
  })
}

export function courseQueryOptions(coursesApi: CoursesApi, courseId: string) {
  return queryOptions({
    queryKey: queryKeys.courses.detail(courseId),
    queryFn: () => coursesApi.get(courseId),
    staleTime: PUBLIC_CONTENT_STALE_MS,
  })
}
