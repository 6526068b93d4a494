import { queryOptions } from '@tanstack/react-query'
import { ifMatch, unwrap, type ApiClient } from './client'
import { ApiError } from './errors'
import { queryKeys } from './query-keys'
import type { components, operations } from './schema.gen'

type Schemas = components['schemas']
export type LessonReportPage = Schemas['LessonReportPage']
export type SafeguardingConcern = Schemas['SafeguardingConcern']
export type LessonFigures = Schemas['LessonFigures']
export type LessonFigure = Schemas['LessonFigure']
export type SchoolTermSummary = Schemas['SchoolTermSummary']
export type ReportListQuery = NonNullable<operations['listLessonReports']['parameters']['query']>
export type ConcernListQuery = NonNullable<operations['listSafeguardingConcerns']['parameters']['query']>
export type FiguresQuery = operations['getLessonFigures']['parameters']['query']
export type TermSummaryQuery = operations['getSchoolTermSummary']['parameters']['query']

/** Lesson reports as the office reviews them, safeguarding concerns, and the figures; ADMIN only. */
export function createLessonReportsApi(client: ApiClient) {
  const path = (lessonId: string) => ({ path: { lessonId } })
  const concern = (concernId: string) => ({ path: { concernId } })
  return {
    list: (query: ReportListQuery) => unwrap(client.GET('/admin/reports', { params: { query } })),
    get: (lessonId: string) => unwrap(client.GET('/admin/reports/{lessonId}', { params: path(lessonId) })),
    approve: (lessonId: string, version: number) => unwrap(client.POST('/admin/reports/{lessonId}/approve', { params: { ...path(lessonId), header: ifMatch(version) } })),
    return: (lessonId: string, version: number, comment: string) =>
      unwrap(client.POST('/admin/reports/{lessonId}/return', { params: { ...path(lessonId), header: ifMatch(version) }, body: { comment } })),
    approveMany: (items: { lessonId: string; version: number }[]) => unwrap(client.POST('/admin/reports/approvals', { body: { items } })),
    concerns: (query: ConcernListQuery) => unwrap(client.GET('/admin/safeguarding-concerns', { params: { query } })),
    concern: (concernId: string) => unwrap(client.GET('/admin/safeguarding-concerns/{concernId}', { params: concern(concernId) })),
    changeConcernStatus: (concernId: string, version: number, body: Schemas['ConcernStatusChange']) =>
      unwrap(client.POST('/admin/safeguarding-concerns/{concernId}/status', { params: { ...concern(concernId), header: ifMatch(version) }, body })),
    figures: (query: FiguresQuery) => unwrap(client.GET('/admin/lesson-figures', { params: { query } })),
    /** The rows behind a figure, as a CSV file the browser saves. */
    figureRows: async (query: FiguresQuery & { figure: LessonFigure }) => {
      const { data, response } = await client.GET('/admin/lesson-figures/export', { params: { query }, parseAs: 'blob' })
      if (!(data instanceof Blob)) throw new ApiError({ status: response.status, kind: 'parse', message: 'The file could not be made. Try again.' })
      return data
    },
    termSummary: (schoolId: string, query: TermSummaryQuery) => unwrap(client.GET('/admin/schools/{schoolId}/term-summary', { params: { path: { schoolId }, query } })),
  }
}

export type LessonReportsApi = ReturnType<typeof createLessonReportsApi>

export function reportsQueryOptions(api: LessonReportsApi, query: ReportListQuery) {
  return queryOptions({ queryKey: queryKeys.reports.list(query), queryFn: () => api.list(query) })
}

export function reportQueryOptions(api: LessonReportsApi, lessonId: string) {
  return queryOptions({ queryKey: queryKeys.reports.detail(lessonId), queryFn: () => api.get(lessonId), staleTime: 0 })
}

export function concernsQueryOptions(api: LessonReportsApi, query: ConcernListQuery) {
  return queryOptions({ queryKey: queryKeys.concerns.list(query), queryFn: () => api.concerns(query) })
}

export function concernQueryOptions(api: LessonReportsApi, concernId: string) {
  return queryOptions({ queryKey: queryKeys.concerns.detail(concernId), queryFn: () => api.concern(concernId), staleTime: 0 })
}

export function figuresQueryOptions(api: LessonReportsApi, query: FiguresQuery) {
  return queryOptions({ queryKey: queryKeys.reports.figures(query), queryFn: () => api.figures(query) })
}

export function termSummaryQueryOptions(api: LessonReportsApi, schoolId: string, query: TermSummaryQuery) {
  return queryOptions({ queryKey: queryKeys.reports.termSummary(schoolId, query), queryFn: () => api.termSummary(schoolId, query) })
}

/** What a review touches: the reports, the concerns, and the tutor's side of the same lessons. */
export const REPORT_FAMILIES = [queryKeys.reports.all, queryKeys.concerns.all, queryKeys.lessons.all] as const
