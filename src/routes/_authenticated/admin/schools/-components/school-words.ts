import { LIMITS } from '@shared/contract.gen'
import type { HistoryWords } from '@/routes/_authenticated/-components/history-words'

export const SCHOOL_LIMITS = LIMITS.SchoolInput

/** What the form calls each field; the history uses the same words (a contact is named by its place, "Contact phone (2)"). */
export const SCHOOL_FIELD_LABELS = {
  name: 'Name',
  type: 'Type of school',
  'address.line1': 'Address line 1',
  'address.line2': 'Address line 2',
  'address.town': 'Town or city',
  'address.postcode': 'Postcode',
  'contacts.name': 'Contact name',
  'contacts.role': 'Contact role',
  'contacts.email': 'Contact email',
  'contacts.phone': 'Contact phone',
  'contacts.receivesReports': 'Receives lesson reports',
  'safeguardingLead.name': 'Safeguarding lead',
  'safeguardingLead.email': 'Safeguarding lead’s email',
  'safeguardingLead.phone': 'Safeguarding lead’s phone',
  pupilCount: 'Pupils TEC works with',
  notes: 'Notes',
} as const satisfies Record<string, string>

export const SCHOOL_HISTORY_WORDS: HistoryWords = {
  fields: SCHOOL_FIELD_LABELS,
  enums: { type: 'SchoolType' },
}
