import { queryOptions } from '@tanstack/react-query'
import { ifMatch, unwrap, type ApiClient } from './client'
import { queryKeys } from './query-keys'
import type { components, operations } from './schema.gen'

type Schemas = components['schemas']
export type TutorSummary = Schemas['TutorSummary']
export type TutorPage = Schemas['TutorPage']
export type TutorRecord = Schemas['TutorRecord']
export type TutorProfileInput = Schemas['TutorProfileInput']
export type TutorInvite = Schemas['TutorInvite']
export type TutorStatus = Schemas['TutorStatus']
export type TutorStatusChange = Schemas['TutorStatusChange']
export type SafeguardingCheckInput = Schemas['SafeguardingCheckInput']
export type CheckState = Schemas['CheckState']

/**
 * An active tutor whose newest check has ended or who has none: they may not work with learners, and the office must
 * record a check (the dashboard's figure and the tutor list's check filter not_valid count the same tutors).
 */
export function lacksValidCheck(tutor: Pick<TutorSummary, 'status' | 'checkState'>): boolean {
  return tutor.status === 'active' && (tutor.checkState === 'none' || tutor.checkState === 'expired')
}

/** listTutors' query: search, status, subject, mode, area, sort and page. */
export type TutorListQuery = NonNullable<operations['listTutors']['parameters']['query']>

/** Tutors, their profiles and safeguarding checks; ADMIN only. */
export function createTutorsApi(client: ApiClient) {
  const path = (tutorId: string) => ({ path: { tutorId } })
  return {
    list: (query: TutorListQuery) => unwrap(client.GET('/admin/tutors', { params: { query } })),
    get: (tutorId: string) => unwrap(client.GET('/admin/tutors/{tutorId}', { params: path(tutorId) })),
    invite: (body: TutorInvite) => unwrap(client.POST('/admin/tutors', { body })),
    update: (tutorId: string, version: number, body: TutorProfileInput) =>
      unwrap(client.PUT('/admin/tutors/{tutorId}', { params: { ...path(tutorId), header: ifMatch(version) }, body })),
    changeStatus: (tutorId: string, version: number, body: TutorStatusChange) =>
      unwrap(client.POST('/admin/tutors/{tutorId}/status', { params: { ...path(tutorId), header: ifMatch(version) }, body })),
    recordCheck: (tutorId: string, body: SafeguardingCheckInput) => unwrap(client.POST('/admin/tutors/{tutorId}/checks', { params: path(tutorId), body })),
  }
}

export type TutorsApi = ReturnType<typeof createTutorsApi>

export function tutorsQueryOptions(tutorsApi: TutorsApi, query: TutorListQuery) {
  return queryOptions({
    queryKey: queryKeys.tutors.list(query),
    queryFn: () => tutorsApi.list(query),
  })
}

export function tutorQueryOptions(tutorsApi: TutorsApi, tutorId: string) {
  return queryOptions({
    queryKey: queryKeys.tutors.detail(tutorId),
    queryFn: () => tutorsApi.get(tutorId),
  })
}
