import { queryOptions } from '@tanstack/react-query'
import { unwrap, type ApiClient } from './client'
import { ApiError } from './errors'
import { queryKeys } from './query-keys'
import type { components, operations } from './schema.gen'

type Schemas = components['schemas']
export type LessonFigures = Schemas['LessonFigures']
export type LessonFigure = Schemas['LessonFigure']
export type SchoolTermSummary = Schemas['SchoolTermSummary']
export type FiguresQuery = operations['getLessonFigures']['parameters']['query']
export type TermSummaryQuery = operations['getSchoolTermSummary']['parameters']['query']

/** Lessons delivered, attendance and reports counted for a period, and a school's term summary; ADMIN only. */
export function createLessonFiguresApi(client: ApiClient) {
  return {
    get: (query: FiguresQuery) => unwrap(client.GET('/admin/lesson-figures', { params: { query } })),
    /** The rows behind a figure, as a CSV file the browser saves. */
    exportRows: async (query: FiguresQuery & { figure: LessonFigure }) => {
      const { data, response } = await client.GET('/admin/lesson-figures/export', { params: { query }, parseAs: 'blob' })
      if (!(data instanceof Blob)) throw new ApiError({ status: response.status, kind: 'parse', message: 'The file could not be made. Try again.' })
      return data
    },
    termSummary: (schoolId: string, query: TermSummaryQuery) => unwrap(client.GET('/admin/schools/{schoolId}/term-summary', { params: { path: { schoolId }, query } })),
  }
}

export type LessonFiguresApi = ReturnType<typeof createLessonFiguresApi>

export function figuresQueryOptions(api: LessonFiguresApi, query: FiguresQuery) {
  return queryOptions({ queryKey: queryKeys.reports.figures(query), queryFn: () => api.get(query) })
}

export function termSummaryQueryOptions(api: LessonFiguresApi, schoolId: string, query: TermSummaryQuery) {
  return queryOptions({ queryKey: queryKeys.reports.termSummary(schoolId, query), queryFn: () => api.termSummary(schoolId, query) })
}
