import { choicesProblem, emailProblem, phoneProblem, postcodeProblem, REQUIRED, textProblem, wholeNumberProblem } from '@shared/field-rules'
import { LIMITS } from '@shared/contract.gen'
import { isoDay } from '@shared/dates'
import { FORM_RULE_MESSAGES } from '@shared/form-messages'
import type { DeliveryMode } from '@/api/courses'
import { IN_PERSON_MODES } from './enrolment-options'

/**
 * The enrolment forms' client-side rules: the contract's (required, maxLength, formats, enums, array sizes)
 * plus the conditional rules its descriptions state. The server checks all of them again; these exist so a
 * person sees every message under its field before anything is sent. Each check answers errors keyed by the
 * form's dotted field paths, which are also the contract's field names. The checks of text, emails, phones, postcodes
 * and numbers, and their words (REQUIRED for a missing value), are the shared ones (shared/field-rules.ts); the messages
 * here name what to enter or choose.
 */
export type FieldErrors = Record<string, string>

const { SubjectEnrolmentRequest: subject, CourseEnrolmentRequest: course, SchoolEnrolmentRequest: school } = LIMITS

/** The contract's limits for the three forms, under the names the fields use. */
export const ENROLMENT_LIMITS = {
  personName: LIMITS.PersonName.maxLength,
  email: LIMITS.Email.maxLength,
  phone: subject.contact.phone.maxLength,
  organisation: subject.contact.organisation.maxLength,
  school: subject.student.school.maxLength,
  addressLine: subject.address.line1.maxLength,
  town: subject.address.town.maxLength,
  postcode: subject.address.postcode.maxLength,
  relationship: course.emergencyContact.relationship.maxLength,
  longText: subject.goals.maxLength,
  cohort: course.cohort.maxLength,
  subjects: subject.subjects.maxItems,
  schoolName: school.school.name.maxLength,
  contactRole: school.mainContact.role.maxLength,
  schoolSubjects: school.subjects.maxItems,
  ageMin: subject.student.age.minimum,
  ageMax: subject.student.age.maximum,
  pupilsMin: school.pupilCount.minimum,
  pupilsMax: school.pupilCount.maximum,
} as const

export const MESSAGES = {
  contactName: REQUIRED.enter('your full name'),
  relationship: REQUIRED.choose('your relationship to the learner'),
  email: REQUIRED.enter('your email address, so we can send your confirmation'),
  phone: REQUIRED.enter('a phone number, so our team can reach you'),
  preferredContact: REQUIRED.choose('how you would like us to contact you'),
  studentName: REQUIRED.enter('the learner’s full name'),
  ageOrYear: FORM_RULE_MESSAGES.ageOrYear,
  minorNeedsAdult: FORM_RULE_MESSAGES.minorNeedsAdult,
  applicantType: REQUIRED.choose('who is filling in this form'),
  subjects: REQUIRED.choose('at least one subject'),
  level: REQUIRED.choose('the level the learner is working at'),
  goals: REQUIRED.enter('what the learner would like to achieve'),
  deliveryMode: REQUIRED.choose('where lessons should happen'),
  modeNotOffered: 'This course is not taught that way. Choose one of the ways listed.',
  addressLine1: REQUIRED.enter('the first line of the address'),
  town: REQUIRED.enter('the town or city'),
  postcode: REQUIRED.enter('the postcode'),
  days: REQUIRED.choose('at least one day'),
  times: REQUIRED.choose('at least one time of day'),
  startDate: REQUIRED.choose('the first date that suits you'),
  dateInPast: FORM_RULE_MESSAGES.dateInPast,
  dateTooFar: FORM_RULE_MESSAGES.dateTooFar,
  frequency: REQUIRED.choose('how often lessons should happen'),
  lessonMinutes: REQUIRED.choose('a lesson length'),
  privacyConsent: REQUIRED.tick('agree to how we use your information, so we can handle your enrolment'),
  course: REQUIRED.choose('a course'),
  cohort: REQUIRED.enter('the intake you would like to join'),
  emergencyName: REQUIRED.enter('the emergency contact’s name'),
  emergencyRelationship: REQUIRED.enter('how they are related to the learner'),
  emergencyPhone: REQUIRED.enter('a phone number we can call in an emergency'),
  schoolName: REQUIRED.enter('the school’s name'),
  schoolType: REQUIRED.choose('the type of school'),
  mainContactName: REQUIRED.enter('the main contact’s name'),
  contactRole: REQUIRED.enter('the main contact’s role, such as Deputy head'),
  mainContactEmail: REQUIRED.enter('the main contact’s email address'),
  mainContactPhone: REQUIRED.enter('the main contact’s phone number'),
  leadName: REQUIRED.enter('the designated safeguarding lead’s name'),
  leadEmail: REQUIRED.enter('the safeguarding lead’s email address'),
  schoolSubjects: REQUIRED.choose('at least one subject'),
  yearGroups: REQUIRED.choose('at least one year group'),
  pupilCount: REQUIRED.enter('an approximate number of pupils'),
  schoolDelivery: REQUIRED.choose('at least one way of working'),
  preferredDays: REQUIRED.choose('at least one day'),
  startTerm: REQUIRED.choose('the term you would like to start'),
} as const

/** A preferred start: today or later, within a year (the contract's rule). */
export function startDateProblem(value: string, today: Date, required: string = MESSAGES.startDate): string | null {
  if (value === '') return required
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return required
  if (value < isoDay(today)) return MESSAGES.dateInPast
  const lastDay = new Date(today)
  lastDay.setFullYear(today.getFullYear() + 1)
  return value > isoDay(lastDay) ? MESSAGES.dateTooFar : null
}

/** Adds each non-null problem under its path. */
function collect(entries: Record<string, string | null>): FieldErrors {
  const errors: FieldErrors = {}
  for (const [path, problem] of Object.entries(entries)) if (problem) errors[path] = problem
  return errors
}

// ---- The shared parts ----

export interface ContactValues {
  name: string
  relationship: string | null
  email: string
  phone: string
  preferredContact: string | null
  organisation: string
}

export function contactErrors(contact: ContactValues): FieldErrors {
  return collect({
    'contact.name': textProblem(contact.name, ENROLMENT_LIMITS.personName, MESSAGES.contactName),
    'contact.relationship': contact.relationship ? null : MESSAGES.relationship,
    'contact.email': emailProblem(contact.email, MESSAGES.email),
    'contact.phone': phoneProblem(contact.phone, MESSAGES.phone),
    'contact.preferredContact': contact.preferredContact ? null : MESSAGES.preferredContact,
    'contact.organisation': textProblem(contact.organisation, ENROLMENT_LIMITS.organisation),
  })
}

export interface StudentValues {
  name: string
  age: number | string
  yearGroup: string | null
  school: string
}

/** The learner's details, and the rule tying them to the contact: a learner under 18 is never enrolled by themselves. */
export function studentErrors(student: StudentValues, relationship: string | null): FieldErrors {
  const hasAge = student.age !== ''
  const errors = collect({
    'student.name': textProblem(student.name, ENROLMENT_LIMITS.personName, MESSAGES.studentName),
    'student.age': hasAge
      ? wholeNumberProblem(student.age, subject.student.age)
      : student.yearGroup
        ? null
        : MESSAGES.ageOrYear,
    'student.school': textProblem(student.school, ENROLMENT_LIMITS.school),
  })
  // Without an age, a year group means a pupil, so under 18 (the server's reading too).
  const minor = hasAge ? Number(student.age) < 18 : student.yearGroup !== null
  if (minor && relationship === 'self' && !errors['student.age']) errors['contact.relationship'] = MESSAGES.minorNeedsAdult
  return errors
}

export interface AddressValues {
  line1: string
  line2: string
  town: string
  postcode: string
}

export function addressErrors(address: AddressValues, prefix: string): FieldErrors {
  return collect({
    [`${prefix}.line1`]: textProblem(address.line1, ENROLMENT_LIMITS.addressLine, MESSAGES.addressLine1),
    [`${prefix}.line2`]: textProblem(address.line2, ENROLMENT_LIMITS.addressLine),
    [`${prefix}.town`]: textProblem(address.town, ENROLMENT_LIMITS.town, MESSAGES.town),
    [`${prefix}.postcode`]: postcodeProblem(address.postcode, MESSAGES.postcode),
  })
}

export interface AvailabilityValues {
  days: string[]
  times: string[]
  startDate: string
  frequency: string | null
  lessonMinutes: string | null
}

export function availabilityErrors(availability: AvailabilityValues, today: Date): FieldErrors {
  return collect({
    'availability.days': availability.days.length > 0 ? null : MESSAGES.days,
    'availability.times': availability.times.length > 0 ? null : MESSAGES.times,
    'availability.startDate': startDateProblem(availability.startDate, today),
    'availability.frequency': availability.frequency ? null : MESSAGES.frequency,
    'availability.lessonMinutes': availability.lessonMinutes ? null : MESSAGES.lessonMinutes,
  })
}

export interface EmergencyContactValues {
  name: string
  relationship: string
  phone: string
}

export function emergencyContactErrors(contact: EmergencyContactValues): FieldErrors {
  return collect({
    'emergencyContact.name': textProblem(contact.name, ENROLMENT_LIMITS.personName, MESSAGES.emergencyName),
    'emergencyContact.relationship': textProblem(contact.relationship, ENROLMENT_LIMITS.relationship, MESSAGES.emergencyRelationship),
    'emergencyContact.phone': phoneProblem(contact.phone, MESSAGES.emergencyPhone),
  })
}

export interface ConsentValues {
  heardAbout: string | null
  privacyConsent: boolean
  marketingConsent: boolean
  /** The honeypot: never checked here, so a bot that fills it still "succeeds" and the server drops it. */
  website: string
}

export function consentErrors(values: ConsentValues): FieldErrors {
  return collect({ privacyConsent: values.privacyConsent ? null : MESSAGES.privacyConsent })
}

export const isInPerson = (mode: string | null): boolean => mode !== null && (IN_PERSON_MODES as readonly string[]).includes(mode)

// ---- The three forms ----

export interface SubjectEnrolmentValues extends ConsentValues {
  applicantType: string | null
  contact: ContactValues
  student: StudentValues
  subjects: string[]
  level: string | null
  goals: string
  deliveryMode: string | null
  address: AddressValues
  availability: AvailabilityValues
  learningNeeds: string
}

export function subjectEnrolmentErrors(values: SubjectEnrolmentValues, today: Date = new Date()): FieldErrors {
  return {
    ...collect({ applicantType: values.applicantType ? null : MESSAGES.applicantType }),
    ...contactErrors(values.contact),
    ...studentErrors(values.student, values.contact.relationship),
    ...collect({
      subjects: choicesProblem(values.subjects, subject.subjects, 'subjects', MESSAGES.subjects),
      level: values.level ? null : MESSAGES.level,
      goals: textProblem(values.goals, ENROLMENT_LIMITS.longText, MESSAGES.goals),
      deliveryMode: values.deliveryMode ? null : MESSAGES.deliveryMode,
    }),
    ...(values.deliveryMode === 'home' ? addressErrors(values.address, 'address') : {}),
    ...availabilityErrors(values.availability, today),
    ...collect({ learningNeeds: textProblem(values.learningNeeds, ENROLMENT_LIMITS.longText) }),
    ...consentErrors(values),
  }
}

export type CourseStart = 'date' | 'cohort'

export interface CourseEnrolmentValues extends ConsentValues {
  courseId: string | null
  start: CourseStart
  startDate: string
  cohort: string
  deliveryMode: string | null
  address: AddressValues
  contact: ContactValues
  student: StudentValues
  emergencyContact: EmergencyContactValues
  learningNeeds: string
}

/** `courseModes` are the modes the chosen course offers (empty until the course is known). */
export function courseEnrolmentErrors(values: CourseEnrolmentValues, courseModes: readonly DeliveryMode[], today: Date = new Date()): FieldErrors {
  const mode = values.deliveryMode
  return {
    ...collect({
      courseId: values.courseId ? null : MESSAGES.course,
      startDate: values.start === 'date' ? startDateProblem(values.startDate, today) : null,
      cohort: values.start === 'cohort' ? textProblem(values.cohort, ENROLMENT_LIMITS.cohort, MESSAGES.cohort) : null,
      // The ways to take a course are offered once a course is chosen; until then the course is what to fix.
      deliveryMode: !values.courseId
        ? null
        : !mode
          ? MESSAGES.deliveryMode
          : courseModes.length > 0 && !(courseModes as readonly string[]).includes(mode)
            ? MESSAGES.modeNotOffered
            : null,
    }),
    ...(mode === 'home' ? addressErrors(values.address, 'address') : {}),
    ...contactErrors(values.contact),
    ...studentErrors(values.student, values.contact.relationship),
    ...(isInPerson(mode) ? emergencyContactErrors(values.emergencyContact) : {}),
    ...collect({ learningNeeds: textProblem(values.learningNeeds, ENROLMENT_LIMITS.longText) }),
    ...consentErrors(values),
  }
}

export interface SchoolEnrolmentValues extends ConsentValues {
  school: { name: string; type: string | null; address: AddressValues }
  mainContact: { name: string; role: string; email: string; phone: string }
  safeguardingLead: { name: string; email: string; phone: string }
  subjects: string[]
  yearGroups: string[]
  pupilCount: number | string
  delivery: string[]
  preferredDays: string[]
  /** A term and the calendar year it starts in, e.g. `spring-2027` (see enrolment-terms). */
  start: string | null
  notes: string
}

export function schoolEnrolmentErrors(values: SchoolEnrolmentValues): FieldErrors {
  const { school, mainContact, safeguardingLead: lead } = values
  return {
    ...collect({
      'school.name': textProblem(school.name, ENROLMENT_LIMITS.schoolName, MESSAGES.schoolName),
      'school.type': school.type ? null : MESSAGES.schoolType,
    }),
    ...addressErrors(school.address, 'school.address'),
    ...collect({
      'mainContact.name': textProblem(mainContact.name, ENROLMENT_LIMITS.personName, MESSAGES.mainContactName),
      'mainContact.role': textProblem(mainContact.role, ENROLMENT_LIMITS.contactRole, MESSAGES.contactRole),
      'mainContact.email': emailProblem(mainContact.email, MESSAGES.mainContactEmail),
      'mainContact.phone': phoneProblem(mainContact.phone, MESSAGES.mainContactPhone),
      'safeguardingLead.name': textProblem(lead.name, ENROLMENT_LIMITS.personName, MESSAGES.leadName),
      'safeguardingLead.email': emailProblem(lead.email, MESSAGES.leadEmail),
      'safeguardingLead.phone': phoneProblem(lead.phone),
      subjects: choicesProblem(values.subjects, LIMITS.SchoolEnrolmentRequest.subjects, 'subjects', MESSAGES.schoolSubjects),
      yearGroups: values.yearGroups.length > 0 ? null : MESSAGES.yearGroups,
      pupilCount: wholeNumberProblem(values.pupilCount, LIMITS.SchoolEnrolmentRequest.pupilCount, MESSAGES.pupilCount),
      delivery: values.delivery.length > 0 ? null : MESSAGES.schoolDelivery,
      preferredDays: values.preferredDays.length > 0 ? null : MESSAGES.preferredDays,
      start: values.start ? null : MESSAGES.startTerm,
      notes: textProblem(values.notes, ENROLMENT_LIMITS.longText),
    }),
    ...consentErrors(values),
  }
}

// ---- Empty values the forms start from ----

export const emptyAddress: AddressValues = { line1: '', line2: '', town: '', postcode: '' }
export const emptyContact: ContactValues = { name: '', relationship: null, email: '', phone: '', preferredContact: null, organisation: '' }
export const emptyStudent: StudentValues = { name: '', age: '', yearGroup: null, school: '' }
export const emptyConsents: ConsentValues = { heardAbout: null, privacyConsent: false, marketingConsent: false, website: '' }
