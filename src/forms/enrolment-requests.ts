import type { Address, ContactPerson, CourseEnrolmentRequest, EmergencyContact, SchoolEnrolmentRequest, StudentDetails, SubjectEnrolmentRequest } from '@/api/registrations'
import { ENUMS } from '@shared/contract.gen'
import type {
  AddressValues,
  ContactValues,
  CourseEnrolmentValues,
  EmergencyContactValues,
  SchoolEnrolmentValues,
  StudentValues,
  SubjectEnrolmentValues,
} from './enrolment-rules'
import { isInPerson } from './enrolment-rules'
import { parseStartTerm } from './enrolment-terms'

/**
 * Turns validated form values into the contract's request bodies: text trimmed, optional text left out when
 * blank, choices narrowed to the contract's enums (a value outside them is a bug, so it throws), numbers as numbers.
 */
function oneOf<Value extends string | number>(allowed: readonly Value[], value: string | null): Value {
  const found = allowed.find((candidate) => String(candidate) === value)
  if (found === undefined) throw new Error(`Unexpected choice: ${String(value)}`)
  return found
}

const manyOf = <Value extends string>(allowed: readonly Value[], values: readonly string[]): Value[] => values.map((value) => oneOf(allowed, value))

/** `{ key: text }` when the trimmed text is not blank, else nothing, to spread into a body. */
function optionalText<Key extends string>(key: Key, value: string): Partial<Record<Key, string>> {
  const text = value.trim()
  return text ? ({ [key]: text } as Record<Key, string>) : {}
}

function contactFrom(contact: ContactValues): ContactPerson {
  return {
    name: contact.name.trim(),
    relationship: oneOf(ENUMS.ContactRelationship, contact.relationship),
    email: contact.email.trim(),
    phone: contact.phone.trim(),
    preferredContact: oneOf(ENUMS.PreferredContact, contact.preferredContact),
    ...optionalText('organisation', contact.organisation),
  }
}

function studentFrom(student: StudentValues): StudentDetails {
  return {
    name: student.name.trim(),
    ...(student.age === '' ? {} : { age: Number(student.age) }),
    ...(student.yearGroup ? { yearGroup: oneOf(ENUMS.SchoolYear, student.yearGroup) } : {}),
    ...optionalText('school', student.school),
  }
}

function addressFrom(address: AddressValues): Address {
  return { line1: address.line1.trim(), ...optionalText('line2', address.line2), town: address.town.trim(), postcode: address.postcode.trim().toUpperCase() }
}

function emergencyContactFrom(contact: EmergencyContactValues): EmergencyContact {
  return { name: contact.name.trim(), relationship: contact.relationship.trim(), phone: contact.phone.trim() }
}

function consentsFrom(values: { heardAbout: string | null; privacyConsent: boolean; marketingConsent: boolean; website: string }) {
  return {
    ...(values.heardAbout ? { heardAbout: oneOf(ENUMS.HowHeard, values.heardAbout) } : {}),
    privacyConsent: true as const,
    marketingConsent: values.marketingConsent,
    website: values.website,
  }
}

export function subjectEnrolmentRequest(values: SubjectEnrolmentValues): SubjectEnrolmentRequest {
  const deliveryMode = oneOf(ENUMS.DeliveryMode, values.deliveryMode)
  const { availability } = values
  return {
    applicantType: oneOf(ENUMS.ApplicantType, values.applicantType),
    contact: contactFrom(values.contact),
    student: studentFrom(values.student),
    subjects: values.subjects,
    level: oneOf(ENUMS.StudyLevel, values.level),
    goals: values.goals.trim(),
    deliveryMode,
    ...(deliveryMode === 'home' ? { address: addressFrom(values.address) } : {}),
    availability: {
      days: manyOf(ENUMS.Weekday, availability.days),
      times: manyOf(ENUMS.TimeOfDay, availability.times),
      startDate: availability.startDate,
      frequency: oneOf(ENUMS.LessonFrequency, availability.frequency),
      lessonMinutes: oneOf(ENUMS.LessonMinutes, availability.lessonMinutes),
    },
    ...optionalText('learningNeeds', values.learningNeeds),
    ...consentsFrom(values),
  }
}

export function courseEnrolmentRequest(values: CourseEnrolmentValues): CourseEnrolmentRequest {
  const deliveryMode = oneOf(ENUMS.DeliveryMode, values.deliveryMode)
  if (!values.courseId) throw new Error('No course chosen')
  return {
    courseId: values.courseId,
    ...(values.start === 'date' ? { startDate: values.startDate } : { cohort: values.cohort.trim() }),
    deliveryMode,
    ...(deliveryMode === 'home' ? { address: addressFrom(values.address) } : {}),
    contact: contactFrom(values.contact),
    student: studentFrom(values.student),
    ...(isInPerson(deliveryMode) ? { emergencyContact: emergencyContactFrom(values.emergencyContact) } : {}),
    ...optionalText('learningNeeds', values.learningNeeds),
    ...consentsFrom(values),
  }
}

export function schoolEnrolmentRequest(values: SchoolEnrolmentValues): SchoolEnrolmentRequest {
  if (!values.start) throw new Error('No start term chosen')
  const { school, mainContact, safeguardingLead: lead } = values
  return {
    school: { name: school.name.trim(), type: oneOf(ENUMS.SchoolType, school.type), address: addressFrom(school.address) },
    mainContact: { name: mainContact.name.trim(), role: mainContact.role.trim(), email: mainContact.email.trim(), phone: mainContact.phone.trim() },
    safeguardingLead: { name: lead.name.trim(), email: lead.email.trim(), ...optionalText('phone', lead.phone) },
    subjects: values.subjects,
    yearGroups: manyOf(ENUMS.SchoolYear, values.yearGroups),
    pupilCount: Number(values.pupilCount),
    delivery: manyOf(ENUMS.SchoolDelivery, values.delivery),
    preferredDays: manyOf(ENUMS.Weekday, values.preferredDays),
    ...parseStartTerm(values.start),
    ...optionalText('notes', values.notes),
    ...consentsFrom(values),
  }
}
