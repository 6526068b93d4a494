import { queryOptions } from '@tanstack/react-query'
import { PARAMETERS } from '@shared/contract.gen'
import { unwrap, type ApiClient } from './client'
import { everyLesson, type Lesson } from './lessons'
import { queryKeys } from './query-keys'
import type { operations } from './schema.gen'

/** listOfficeLessons' query: the days (both required, at most 62 of them), the filters and the page. */
export type OfficeLessonQuery = operations['listOfficeLessons']['parameters']['query']

/** What narrows the office's calendar: a tutor, a school (its learners' lessons), a learner, a way of teaching. */
export type OfficeLessonFilters = Pick<OfficeLessonQuery, 'tutorId' | 'schoolId' | 'studentId' | 'mode'>

/** Every lesson by day for the office's calendar, each with the lessons it clashes with; ADMIN only. */
export function createOfficeCalendarApi(client: ApiClient) {
  return {
    list: (query: OfficeLessonQuery) => unwrap(client.GET('/admin/lessons', { params: { query } })),
  }
}

export type OfficeCalendarApi = ReturnType<typeof createOfficeCalendarApi>

/** The most lessons one page of the office's calendar may hold (the contract's page size limit). */
const LESSONS_PER_PAGE = PARAMETERS.listOfficeLessons.pageSize.maximum

/** The days and the filters set, the filters left out when they are not (one query key for one view, however it was built). */
export function officeLessonRange({ from, to, tutorId, schoolId, studentId, mode }: { from: string; to: string } & OfficeLessonFilters): OfficeLessonQuery {
  return { from, to, ...(tutorId ? { tutorId } : {}), ...(schoolId ? { schoolId } : {}), ...(studentId ? { studentId } : {}), ...(mode ? { mode } : {}) }
}

/**
 * Every lesson from one London day to another, both included, soonest first, narrowed by the filters: every page of
 * them, each lesson naming in `clashes` the lessons it overlaps with its tutor or one of its learners.
 */
export function officeLessonsBetweenQueryOptions(officeCalendarApi: OfficeCalendarApi, range: { from: string; to: string } & OfficeLessonFilters) {
  const query = officeLessonRange(range)
  return queryOptions({
    queryKey: queryKeys.reports.calendar(query),
    queryFn: (): Promise<Lesson[]> => everyLesson((page) => officeCalendarApi.list({ ...query, pageSize: LESSONS_PER_PAGE, page }), LESSONS_PER_PAGE),
  })
}
