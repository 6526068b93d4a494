import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { unwrap, type ApiClient } from './client'
import { queryKeys } from './query-keys'
import type { components, operations } from './schema.gen'

type Schemas = components['schemas']
export type HistoryEntry = Schemas['HistoryEntry']
export type HistorySubject = Schemas['HistorySubject']
export type HistoryQuery = NonNullable<operations['listHistory']['parameters']['query']>

/** What changed in a record, when and by whom; ADMIN only. */
export function createHistoryApi(client: ApiClient) {
  return {
    list: (query: HistoryQuery) => unwrap(client.GET('/admin/history', { params: { query } })),
  }
}

export type HistoryApi = ReturnType<typeof createHistoryApi>

/** The query-key family of each kind of record. */
const FAMILY = {
  student: queryKeys.students.all,
  school: queryKeys.schools.all,
  tutor: queryKeys.tutors.all,
  lesson: queryKeys.reports.all,
  safeguarding_concern: queryKeys.concerns.all,
  course: queryKeys.courses.all,
  blog_post: queryKeys.blogs.all,
} as const satisfies Record<HistorySubject, readonly string[]>

/** Lives under the record's own family (`['students', 'history', …]`), so invalidating the record refetches it too. */
export function historyQueryOptions(historyApi: HistoryApi, query: HistoryQuery) {
  return queryOptions({
    queryKey: [...FAMILY[query.subjectType], 'history', query] as const,
    queryFn: () => historyApi.list(query),
  })
}

/**
 * A record's history a page at a time, newest first; each older page is added below the ones shown. Asking for the
 * next page, not for more rows at once, keeps every request within the contract's page size.
 */
export function historyPagesQueryOptions(historyApi: HistoryApi, subject: { subjectType: HistorySubject; subjectId: string }, pageSize: number) {
  return infiniteQueryOptions({
    queryKey: [...FAMILY[subject.subjectType], 'history', 'pages', subject, pageSize] as const,
    queryFn: ({ pageParam }) => historyApi.list({ ...subject, page: pageParam, pageSize }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  })
}
