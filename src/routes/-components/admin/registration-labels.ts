import type { MantineColor } from '@mantine/core'
import type { components } from '../../../api/schema.gen'
import type { RegistrationStatus, RegistrationType } from '../../../api/registrations'

type Schemas = components['schemas']

// The words the forms use, where the inbox shows the same value the same way.
export {
  howHeardLabels,
  preferredContactLabels,
  schoolDeliveryLabels,
  schoolTermLabels as startTermLabels,
  weekdayLabels,
  yearGroupLabels as schoolYearLabels,
} from '../../-lib/enrolment-options'

/** Words people read for each value the contract sends as a code. */
export const registrationTypeLabels: Record<RegistrationType, string> = {
  subject: 'Subject enrolment',
  course: 'Course enrolment',
  school: 'School enrolment',
  tutor: 'Tutor application',
}

/** The short names the inbox's type filter shows. */
export const registrationTypeShortLabels: Record<RegistrationType, string> = {
  subject: 'Subject',
  course: 'Course',
  school: 'School',
  tutor: 'Tutor',
}

export const registrationStatusLabels: Record<RegistrationStatus, string> = {
  new: 'New',
  in_review: 'In review',
  accepted: 'Accepted',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
}

export const registrationStatusColors: Record<RegistrationStatus, MantineColor> = {
  new: 'blue',
  in_review: 'yellow',
  accepted: 'green',
  rejected: 'red',
  withdrawn: 'gray',
}

export const registrationTypes = Object.keys(registrationTypeLabels) as RegistrationType[]
export const registrationStatuses = Object.keys(registrationStatusLabels) as RegistrationStatus[]

export const deliveryModeLabels: Record<Schemas['DeliveryMode'], string> = {
  home: 'At home',
  school: 'At school',
  online: 'Online',
  community: 'In the community',
}

export const studyLevelLabels: Record<Schemas['StudyLevel'], string> = {
  early_years: 'Early years (under 5)',
  primary: 'Primary',
  ks3: 'Key stage 3 (years 7–9)',
  gcse: 'GCSE',
  a_level: 'A level',
  adult: 'Adult',
  other: 'Other',
}

export const timeOfDayLabels: Record<Schemas['TimeOfDay'], string> = {
  morning: 'Morning (before 12:00)',
  afternoon: 'Afternoon (12:00–15:00)',
  after_school: 'After school (15:00–18:00)',
  evening: 'Evening (after 18:00)',
}

export const applicantTypeLabels: Record<Schemas['ApplicantType'], string> = {
  parent_guardian: 'A parent or guardian',
  adult_learner: 'An adult learner, for themselves',
  referral: 'A referrer (teacher or support worker)',
}

export const relationshipLabels: Record<Schemas['ContactRelationship'], string> = {
  parent: 'Parent',
  guardian: 'Guardian',
  carer: 'Carer',
  self: 'The learner themselves',
  teacher: 'Teacher',
  support_worker: 'Support worker',
  other: 'Other',
}

export const schoolTypeLabels: Record<Schemas['SchoolType'], string> = {
  primary: 'Primary',
  secondary: 'Secondary',
  all_through: 'All-through',
  special: 'Special school',
  alternative_provision: 'Alternative provision',
  sixth_form: 'Sixth form',
  independent: 'Independent',
  other: 'Other',
}

export const frequencyLabels: Record<Schemas['LessonAvailability']['frequency'], string> = {
  weekly: 'Weekly',
  twice_weekly: 'Twice a week',
  fortnightly: 'Fortnightly',
  flexible: 'Flexible',
}

export const qualificationLabels: Record<Schemas['TutorApplicationRequest']['teaching']['highestQualification'], string> = {
  gcse: 'GCSE',
  a_level: 'A level',
  degree: 'Degree',
  postgraduate: 'Postgraduate degree',
  doctorate: 'Doctorate',
  other: 'Other',
}
