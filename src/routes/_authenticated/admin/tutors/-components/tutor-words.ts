import { LIMITS } from '@shared/contract.gen'
import type { EnumField, HistoryWords } from '@/routes/_authenticated/-components/history-words'

/** The contract's limits for a tutor's profile and checks, under the names the forms use. */
export const TUTOR_LIMITS = LIMITS.TutorProfileInput
export const CHECK_LIMITS = LIMITS.SafeguardingCheckInput

/** What the form calls each field; the history uses the same words. */
export const TUTOR_FIELD_LABELS = {
  name: 'Name',
  phone: 'Phone',
  postcode: 'Home postcode',
  subjects: 'Subjects',
  levels: 'Levels',
  modes: 'Teaches',
  travelArea: 'Travels to',
  maxTravelMiles: 'Travels up to (miles)',
  'availability.days': 'Days',
  'availability.times': 'Times of day',
  hoursPerWeek: 'Hours a week',
  highestQualification: 'Highest qualification',
  qualifiedTeacher: 'Qualified teacher',
  qualifications: 'Qualifications',
  experienceYears: 'Years of experience',
  experience: 'Experience',
  notes: 'Office notes',
  status: 'Status',
} as const satisfies Record<string, string>

/** The fields whose values are codes of a contract enum, shown in staff words. */
const ENUM_FIELDS: Record<string, EnumField> = {
  levels: 'StudyLevel',
  modes: 'DeliveryMode',
  'availability.days': 'Weekday',
  'availability.times': 'TimeOfDay',
  highestQualification: 'HighestQualification',
  status: 'TutorStatus',
}

export const TUTOR_HISTORY_WORDS: HistoryWords = {
  fields: TUTOR_FIELD_LABELS,
  enums: ENUM_FIELDS,
}
