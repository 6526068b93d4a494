import { LIMITS } from '@shared/contract.gen'
import type { StudentInput } from '@/api/students'
import type { EnumField, HistoryWords } from '@/routes/_authenticated/-components/history-words'

/** The contract's limits for a student record, under the names the form uses. */
export const STUDENT_LIMITS = LIMITS.StudentInput

/** What the form calls each field; the history uses the same words. */
export const STUDENT_FIELD_LABELS = {
  name: 'Name',
  age: 'Age',
  yearGroup: 'Year group',
  schoolId: 'Partner school',
  schoolName: 'School',
  'contact.name': 'Contact name',
  'contact.relationship': 'Relationship to the learner',
  'contact.email': 'Contact email',
  'contact.phone': 'Contact phone',
  'contact.preferredContact': 'Prefers',
  'address.line1': 'Address line 1',
  'address.line2': 'Address line 2',
  'address.town': 'Town or city',
  'address.postcode': 'Postcode',
  subjects: 'Subjects',
  level: 'Level',
  deliveryMode: 'Where lessons happen',
  'availability.days': 'Days',
  'availability.times': 'Times of day',
  goals: 'Goals',
  needs: 'Needs',
  notesForTutors: 'Notes for tutors',
  status: 'Status',
} as const satisfies Record<string, string>

/** The fields whose values are codes of a contract enum, shown in staff words. */
const ENUM_FIELDS: Record<string, EnumField> = {
  yearGroup: 'SchoolYear',
  'contact.relationship': 'ContactRelationship',
  'contact.preferredContact': 'PreferredContact',
  level: 'StudyLevel',
  deliveryMode: 'DeliveryMode',
  'availability.days': 'Weekday',
  'availability.times': 'TimeOfDay',
  status: 'StudentStatus',
}

export const STUDENT_HISTORY_WORDS: HistoryWords = {
  fields: STUDENT_FIELD_LABELS,
  enums: ENUM_FIELDS,
  // A partner school's id says nothing to a reader; the record's page names the school it is now.
  unshown: ['schoolId'],
}

/** A student's school in words: the partner's name from the record, or the name typed. */
export function schoolOf(fields: StudentInput, partner: { name: string } | undefined): string | undefined {
  return partner?.name ?? fields.schoolName
}
