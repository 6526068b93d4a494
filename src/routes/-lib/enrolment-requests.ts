import type { DeliveryMode } from '../../api/courses'
import type {
  Address,
  ContactPerson,
  CourseEnrolmentRequest,
  EmergencyContact,
  SchoolEnrolmentRequest,
  StudentDetails,
  SubjectEnrolmentRequest,
} from '../../api/enrolments'
import {
  applicantTypeLabels,
  deliveryModeLabels,
  frequencyLabels,
  howHeardLabels,
  lessonMinutesLabels,
  preferredContactLabels,
  relationshipLabels,
  schoolDeliveryLabels,
  schoolTypeLabels,
  studyLevelLabels,
  timeOfDayLabels,
  weekdayLabels,
  yearGroupLabels,
} from './enrolment-options'
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
function oneOf<Value extends string>(labels: Record<Value, string>, value: string | null): Value {
  if (value === null || !Object.hasOwn(labels, value)) throw new Error(`Unexpected choice: ${String(value)}`)
  return value as Value
}

const manyOf = <Value extends string>(labels: Record<Value, string>, values: readonly string[]): Value[] => values.map((value) => oneOf(labels, value))

/** `{ key: text }` when the trimmed text is not blank, else nothing, to spread into a body. */
function optionalText<Key extends string>(key: Key, value: string): Partial<Record<Key, string>> {
  const text = value.trim()
  return text ? ({ [key]: text } as Record<Key, string>) : {}
}

const modeLabels: Record<DeliveryMode, string> = deliveryModeLabels

function contactFrom(contact: ContactValues): ContactPerson {
  return {
    name: contact.name.trim(),
    relationship: oneOf(relationshipLabels, contact.relationship),
    email: contact.email.trim(),
    phone: contact.phone.trim(),
    preferredContact: oneOf(preferredContactLabels, contact.preferredContact),
    ...optionalText('organisation', contact.organisation),
  }
}

function studentFrom(student: StudentValues): StudentDetails {
  return {
    name: student.name.trim(),
    ...(student.age === '' ? {} : { age: Number(student.age) }),
    ...(student.yearGroup ? { yearGroup: oneOf(yearGroupLabels, student.yearGroup) } : {}),
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
    ...(values.heardAbout ? { heardAbout: oneOf(howHeardLabels, values.heardAbout) } : {}),
    privacyConsent: true as const,
    marketingConsent: values.marketingConsent,
    website: values.website,
  }
}

export function subjectEnrolmentRequest(values: SubjectEnrolmentValues): SubjectEnrolmentRequest {
  const deliveryMode = oneOf(modeLabels, values.deliveryMode)
  const { availability } = values
  return {
    applicantType: oneOf(applicantTypeLabels, values.applicantType),
    contact: contactFrom(values.contact),
    student: studentFrom(values.student),
    subjects: values.subjects,
    level: oneOf(studyLevelLabels, values.level),
    goals: values.goals.trim(),
    deliveryMode,
    ...(deliveryMode === 'home' ? { address: addressFrom(values.address) } : {}),
    availability: {
      days: manyOf(weekdayLabels, availability.days),
      times: manyOf(timeOfDayLabels, availability.times),
      startDate: availability.startDate,
      frequency: oneOf(frequencyLabels, availability.frequency),
      lessonMinutes: Number(oneOf(lessonMinutesLabels, availability.lessonMinutes)) as SubjectEnrolmentRequest['availability']['lessonMinutes'],
    },
    ...optionalText('learningNeeds', values.learningNeeds),
    ...consentsFrom(values),
  }
}

export function courseEnrolmentRequest(values: CourseEnrolmentValues): CourseEnrolmentRequest {
  const deliveryMode = oneOf(modeLabels, values.deliveryMode)
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
    school: { name: school.name.trim(), type: oneOf(schoolTypeLabels, school.type), address: addressFrom(school.address) },
    mainContact: { name: mainContact.name.trim(), role: mainContact.role.trim(), email: mainContact.email.trim(), phone: mainContact.phone.trim() },
    safeguardingLead: { name: lead.name.trim(), email: lead.email.trim(), ...optionalText('phone', lead.phone) },
    subjects: values.subjects,
    yearGroups: manyOf(yearGroupLabels, values.yearGroups),
    pupilCount: Number(values.pupilCount),
    delivery: manyOf(schoolDeliveryLabels, values.delivery),
    preferredDays: manyOf(weekdayLabels, values.preferredDays),
    ...parseStartTerm(values.start),
    ...optionalText('notes', values.notes),
    ...consentsFrom(values),
  }
}
