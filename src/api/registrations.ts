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
export type RegistrationReceipt = Schemas['RegistrationReceipt']
export type ApplicantType = Schemas['ApplicantType']
export type ContactPerson = Schemas['ContactPerson']
export type ContactRelationship = Schemas['ContactRelationship']
export type PreferredContact = Schemas['PreferredContact']
export type StudentDetails = Schemas['StudentDetails']
export type LessonAvailability = Schemas['LessonAvailability']
export type EmergencyContact = Schemas['EmergencyContact']
export type Address = Schemas['Address']
export type SchoolYear = Schemas['SchoolYear']
export type StudyLevel = Schemas['StudyLevel']
export type HowHeard = Schemas['HowHeard']
export type Weekday = Schemas['Weekday']
export type TimeOfDay = Schemas['TimeOfDay']
export type SchoolType = Schemas['SchoolType']
export type SchoolDelivery = Schemas['SchoolDelivery']
export type SchoolTerm = SchoolEnrolmentRequest['startTerm']
export type LessonFrequency = LessonAvailability['frequency']
export type LessonMinutes = LessonAvailability['lessonMinutes']
export type Referee = Schemas['Referee']
export type HighestQualification = TutorApplicationRequest['teaching']['highestQualification']

/** listRegistrations' query: filters, search, sort and page, exactly as the contract declares them. */
export type RegistrationListQuery = NonNullable<operations['listRegistrations']['parameters']['query']>
export type RegistrationSort = NonNullable<RegistrationListQuery['sort']>

/**
 * Registrations: the public forms' writes (the three enrolments and the tutor application) and the office's
 * inbox of them. Each write answers a reference (TEC-SUB-…, TEC-CRS-…, TEC-SCH-…, TEC-TUT-…); the same form
 * sent again within 10 minutes answers the first reference, so a retry never files it twice. The inbox calls
 * need an ADMIN session.
 */
export function createRegistrationsApi(client: ApiClient) {
  const path = (registrationId: string) => ({ path: { registrationId } })
  return {
    enrolSubject: (body: SubjectEnrolmentRequest) => unwrap(client.POST('/enrolments/subject', { body })),
    enrolCourse: (body: CourseEnrolmentRequest) => unwrap(client.POST('/enrolments/course', { body })),
    enrolSchool: (body: SchoolEnrolmentRequest) => unwrap(client.POST('/enrolments/school', { body })),
    applyAsTutor: (body: TutorApplicationRequest) => unwrap(client.POST('/tutor-applications', { body })),
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
