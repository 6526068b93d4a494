import { LIMITS } from '@shared/contract.gen'
import type { HistoryWords } from '@/routes/_authenticated/-components/history-words'

/** The contract's limits for a course, under the name the form uses. */
export const COURSE_LIMITS = LIMITS.CourseInput

/** What the form calls each field; the history uses the same words. */
export const COURSE_FIELD_LABELS = {
  title: 'Title',
  slug: 'Address',
  modes: 'Taught',
  subjects: 'Subjects',
  level: 'Level',
  summary: 'Summary',
  descriptionHtml: 'Description',
  cost: 'Price or funding',
  duration: 'Length',
  schedule: 'Rhythm',
  capacity: 'Places',
  imageId: 'Image',
  featured: 'Featured on the home page',
  status: 'Status',
} as const satisfies Record<string, string>

export const COURSE_HISTORY_WORDS: HistoryWords = {
  fields: COURSE_FIELD_LABELS,
  enums: { modes: 'DeliveryMode', status: ['CourseStatus', 'public'] },
  unshown: ['imageId', 'descriptionHtml'],
}

/** "3 enrolments · 1 placement": what the course has on record. */
export function recordsWords(enrolments: number, placements: number): string {
  return `${enrolments} ${enrolments === 1 ? 'enrolment' : 'enrolments'} · ${placements} ${placements === 1 ? 'placement' : 'placements'}`
}
