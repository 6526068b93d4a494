import { queryOptions } from '@tanstack/react-query'
import { ifMatch, unwrap, type ApiClient } from './client'
import { queryKeys } from './query-keys'
import type { components, operations } from './schema.gen'

type Schemas = components['schemas']
export type LessonReportPage = Schemas['LessonReportPage']
export type ReportApproval = Schemas['ReportApproval']
export type ReportListQuery = NonNullable<operations['listLessonReports']['parameters']['query']>

/** Lesson reports as the office reviews them; ADMIN only. Concerns and figures are in their own modules. */
export function createLessonReportsApi(client: ApiClient) {
  const path = (lessonId: string) => ({ path: { lessonId } })
  return {
    list: (query: ReportListQuery) => unwrap(client.GET('/admin/reports', { params: { query } })),
    get: (lessonId: string) => unwrap(client.GET('/admin/reports/{lessonId}', { params: path(lessonId) })),
    approve: (lessonId: string, version: number, body?: ReportApproval) =>
      unwrap(client.POST('/admin/reports/{lessonId}/approve', { params: { ...path(lessonId), header: ifMatch(version) }, ...(body === undefined ? {} : { body }) })),
    share: (lessonId: string, version: number) => unwrap(client.POST('/admin/reports/{lessonId}/share', { params: { ...path(lessonId), header: ifMatch(version) } })),
    return: (lessonId: string, version: number, comment: string) =>
      unwrap(client.POST('/admin/reports/{lessonId}/return', { params: { ...path(lessonId), header: ifMatch(version) }, body: { comment } })),
    approveMany: (items: { lessonId: string; version: number }[]) => unwrap(client.POST('/admin/reports/approvals', { body: { items } })),
  }
}

export type LessonReportsApi = ReturnType<typeof createLessonReportsApi>

export function reportsQueryOptions(api: LessonReportsApi, query: ReportListQuery) {
  return queryOptions({ queryKey: queryKeys.reports.list(query), queryFn: () => api.list(query) })
}

export function reportQueryOptions(api: LessonReportsApi, lessonId: string) {
  return queryOptions({ queryKey: queryKeys.reports.detail(lessonId), queryFn: () => api.get(lessonId), staleTime: 0 })
}

/** What a review touches: the reports, the concerns, and the tutor's side of the same lessons. */
export const REPORT_FAMILIES = [queryKeys.reports.all, queryKeys.concerns.all, queryKeys.lessons.all] as const
