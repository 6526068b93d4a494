import { unwrap, type ApiClient } from './client'
import type { components } from './schema.gen'

type Schemas = components['schemas']
export type SubjectEnrolmentRequest = Schemas['SubjectEnrolmentRequest']
export type CourseEnrolmentRequest = Schemas['CourseEnrolmentRequest']
export type SchoolEnrolmentRequest = Schemas['SchoolEnrolmentRequest']
export type EnrolmentReceipt = Schemas['RegistrationReceipt']
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

/**
 * The three public enrolment forms' writes. Each answers a reference (TEC-SUB-…, TEC-CRS-…, TEC-SCH-…); the
 * same enrolment sent again within 10 minutes answers the first reference, so a retry never files it twice.
 */
export function createEnrolmentsApi(client: ApiClient) {
  return {
    subject: (body: SubjectEnrolmentRequest) => unwrap(client.POST('/enrolments/subject', { body })),
    course: (body: CourseEnrolmentRequest) => unwrap(client.POST('/enrolments/course', { body })),
    school: (body: SchoolEnrolmentRequest) => unwrap(client.POST('/enrolments/school', { body })),
  }
}

export type EnrolmentsApi = ReturnType<typeof createEnrolmentsApi>
