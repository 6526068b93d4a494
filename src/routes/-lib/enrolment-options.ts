import type { DeliveryMode } from '../../api/courses'
import type {
  ApplicantType,
  ContactRelationship,
  HowHeard,
  LessonFrequency,
  LessonMinutes,
  PreferredContact,
  SchoolDelivery,
  SchoolTerm,
  SchoolType,
  SchoolYear,
  StudyLevel,
  TimeOfDay,
  Weekday,
} from '../../api/enrolments'

/**
 * What the enrolment forms show for each of the contract's enum values. Typed as records over the contract's
 * enums, so a value added to openapi.yaml fails the type check here until it has a label.
 */
export interface Option<Value extends string> {
  value: Value
  label: string
}

const optionsOf = <Value extends string>(labels: Record<Value, string>): Option<Value>[] =>
  (Object.entries(labels) as [Value, string][]).map(([value, label]) => ({ value, label }))

export const applicantTypeLabels: Record<ApplicantType, string> = {
  parent_guardian: 'A parent or guardian, for my child',
  adult_learner: 'An adult learner, for myself',
  referral: 'A teacher or support worker, referring a learner',
}

export const relationshipLabels: Record<ContactRelationship, string> = {
  parent: 'Parent',
  guardian: 'Guardian',
  carer: 'Carer',
  self: 'I am the learner',
  teacher: 'Teacher',
  support_worker: 'Support worker',
  other: 'Other',
}

/** The relationships that fit who is filling in the subject form; the course form offers all of them. */
export const relationshipsFor: Record<ApplicantType, ContactRelationship[]> = {
  parent_guardian: ['parent', 'guardian', 'carer', 'other'],
  adult_learner: ['self'],
  referral: ['teacher', 'support_worker', 'other'],
}

/** Relationships of someone acting for an organisation, who is asked which one. */
export const REFERRER_RELATIONSHIPS: readonly ContactRelationship[] = ['teacher', 'support_worker']

export const preferredContactLabels: Record<PreferredContact, string> = { email: 'Email', phone: 'Phone call', text: 'Text message' }

export const yearGroupLabels: Record<SchoolYear, string> = {
  reception: 'Reception',
  year_1: 'Year 1',
  year_2: 'Year 2',
  year_3: 'Year 3',
  year_4: 'Year 4',
  year_5: 'Year 5',
  year_6: 'Year 6',
  year_7: 'Year 7',
  year_8: 'Year 8',
  year_9: 'Year 9',
  year_10: 'Year 10',
  year_11: 'Year 11',
  year_12: 'Year 12',
  year_13: 'Year 13',
}

export const studyLevelLabels: Record<StudyLevel, string> = {
  early_years: 'Early years (under 5)',
  primary: 'Primary (Reception to Year 6)',
  ks3: 'Key Stage 3 (Years 7 to 9)',
  gcse: 'GCSE (Years 10 and 11)',
  a_level: 'A level (Years 12 and 13)',
  adult: 'Adult learning',
  other: 'Something else',
}

export const deliveryModeLabels: Record<DeliveryMode, string> = {
  home: 'At home',
  school: 'At school',
  online: 'Online',
  community: 'At a community venue',
}

export const deliveryModeHints: Record<DeliveryMode, string> = {
  home: 'A tutor comes to your home.',
  school: 'Lessons at the learner’s school, arranged with the school.',
  online: 'Live lessons by video call.',
  community: 'Small groups at a library or community centre near you.',
}

/** In-person modes need an emergency contact on the course form, as the contract says. */
export const IN_PERSON_MODES: readonly DeliveryMode[] = ['home', 'school', 'community']

export const weekdayLabels: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
}

export const timeOfDayLabels: Record<TimeOfDay, string> = {
  morning: 'Morning (before 12:00)',
  afternoon: 'Afternoon (12:00 to 15:00)',
  after_school: 'After school (15:00 to 18:00)',
  evening: 'Evening (after 18:00)',
}

export const frequencyLabels: Record<LessonFrequency, string> = {
  weekly: 'Once a week',
  twice_weekly: 'Twice a week',
  fortnightly: 'Every two weeks',
  flexible: 'Flexible',
}

export const lessonMinutesLabels: Record<`${LessonMinutes}`, string> = {
  '30': '30 minutes',
  '45': '45 minutes',
  '60': '1 hour',
  '90': '1 hour 30 minutes',
}

export const howHeardLabels: Record<HowHeard, string> = {
  search_engine: 'A search engine',
  social_media: 'Social media',
  friend_or_family: 'A friend or family member',
  school: 'A school',
  community_group: 'A community group',
  leaflet_or_poster: 'A leaflet or poster',
  other: 'Somewhere else',
}

export const schoolTypeLabels: Record<SchoolType, string> = {
  primary: 'Primary school',
  secondary: 'Secondary school',
  all_through: 'All-through school',
  special: 'Special school',
  alternative_provision: 'Alternative provision',
  sixth_form: 'Sixth form or college',
  independent: 'Independent school',
  other: 'Another kind of setting',
}

export const schoolDeliveryLabels: Record<SchoolDelivery, string> = {
  school_day: 'In the school day',
  after_school: 'After school',
  online: 'Online',
}

export const schoolTermLabels: Record<SchoolTerm, string> = { autumn: 'Autumn term', spring: 'Spring term', summer: 'Summer term' }

export const options = {
  applicantType: optionsOf(applicantTypeLabels),
  preferredContact: optionsOf(preferredContactLabels),
  yearGroup: optionsOf(yearGroupLabels),
  studyLevel: optionsOf(studyLevelLabels),
  weekday: optionsOf(weekdayLabels),
  timeOfDay: optionsOf(timeOfDayLabels),
  frequency: optionsOf(frequencyLabels),
  lessonMinutes: optionsOf(lessonMinutesLabels),
  howHeard: optionsOf(howHeardLabels),
  schoolType: optionsOf(schoolTypeLabels),
  schoolDelivery: optionsOf(schoolDeliveryLabels),
}

export const relationshipOptions = (relationships: readonly ContactRelationship[]): Option<ContactRelationship>[] =>
  relationships.map((value) => ({ value, label: relationshipLabels[value] }))

export const deliveryModeOptions = (modes: readonly DeliveryMode[]): Option<DeliveryMode>[] =>
  modes.map((value) => ({ value, label: deliveryModeLabels[value] }))
