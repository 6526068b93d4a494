import { queryOptions } from '@tanstack/react-query'
import { unwrap, type ApiClient } from './client'
import { queryKeys } from './query-keys'
import type { components, operations } from './schema.gen'

type Schemas = components['schemas']
export type RegistrationType = Schemas['RegistrationType']
export type RegistrationStatus = Schemas['RegistrationStatus']
export type RegistrationSummary = Schemas['RegistrationSummary']
export type RegistrationPage = Schemas['RegistrationPage']
export type RegistrationStatusCounts = Schemas['RegistrationStatusCounts']
export type Registration = Schemas['Registration']
export type RegistrationEvent = Schemas['RegistrationEvent']
export type RegistrationAnswers = Schemas['RegistrationAnswers']
export type RegistrationStatusChange = Schemas['RegistrationStatusChange']
export type RegistrationNoteRequest = Schemas['RegistrationNoteRequest']
export type RegistrationAcceptRequest = Schemas['RegistrationAcceptRequest']
export type SubjectEnrolmentRequest = Schemas['SubjectEnrolmentRequest']
export type CourseEnrolmentRequest = Schemas['CourseEnrolmentRequest']
export type SchoolEnrolmentRequest = Schemas['SchoolEnrolmentRequest']
export type TutorApplicationRequest = Schemas['TutorApplicationRequest']

/** listRegistrations' query: filters, search, sort and page, exactly as the contract declares them. */
export type RegistrationListQuery = NonNullable<operations['listRegistrations']['parameters']['query']>
export type RegistrationSort = NonNullable<RegistrationListQuery['sort']>

/** The admin inbox of enrolments and tutor applications; every call needs an ADMIN session. */
export function createRegistrationsApi(client: ApiClient) {
  const path = (registrationId: string) => ({ path: { registrationId } })
  return {
    list: (query: RegistrationListQuery) => unwrap(client.GET('/admin/registrations', { params: { query } })),
    get: (registrationId: string) => unwrap(client.GET('/admin/registrations/{registrationId}', { params: path(registrationId) })),
    changeStatus: (registrationId: string, body: RegistrationStatusChange) =>
      unwrap(client.POST('/admin/registrations/{registrationId}/status', { params: path(registrationId), body })),
    addNote: (registrationId: string, body: RegistrationNoteRequest) =>
      unwrap(client.POST('/admin/registrations/{registrationId}/notes', { params: path(registrationId), body })),
    accept: (registrationId: string, body: RegistrationAcceptRequest) =>
      unwrap(client.POST('/admin/registrations/{registrationId}/accept', { params: path(registrationId), body })),
  }
}

export type RegistrationsApi = ReturnType<typeof createRegistrationsApi>

export function registrationsQueryOptions(registrationsApi: RegistrationsApi, query: RegistrationListQuery) {
  return queryOptions({
    queryKey: queryKeys.registrations.list(query),
    queryFn: () => registrationsApi.list(query),
  })
}

export function registrationQueryOptions(registrationsApi: RegistrationsApi, registrationId: string) {
  return queryOptions({
    queryKey: queryKeys.registrations.detail(registrationId),
    queryFn: () => registrationsApi.get(registrationId),
  })
}
