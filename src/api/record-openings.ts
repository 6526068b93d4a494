import { infiniteQueryOptions } from '@tanstack/react-query'
import { unwrap, type ApiClient } from './client'
import type { components, operations } from './schema.gen'

type Schemas = components['schemas']
export type RecordOpening = Schemas['RecordOpening']
export type RecordOpeningSubject = Schemas['RecordOpeningSubject']
export type RecordOpeningQuery = NonNullable<operations['listRecordOpenings']['parameters']['query']>

/** Who opened a record, when and how; safeguarding leads only. */
export function createRecordOpeningsApi(client: ApiClient) {
  return {
    list: (query: RecordOpeningQuery) => unwrap(client.GET('/admin/record-openings', { params: { query } })),
  }
}

export type RecordOpeningsApi = ReturnType<typeof createRecordOpeningsApi>

/** A record's openings a page at a time, newest first; each older page is added below the ones shown. */
export function recordOpeningsQueryOptions(api: RecordOpeningsApi, subject: { subjectType: RecordOpeningSubject; subjectId: string }, pageSize: number) {
  return infiniteQueryOptions({
    queryKey: ['record-openings', subject, pageSize] as const,
    queryFn: ({ pageParam }) => api.list({ ...subject, page: pageParam, pageSize }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  })
}
