import { ENUMS } from '@shared/contract.gen'
import { labelOf, type Audience, type EnumName } from '@shared/labels'
import type { components } from '@/api/schema.gen'
import { formatDate, formatDateTime } from '@/ui/format-date-time'

type Schemas = components['schemas']
type HistoryValue = Schemas['HistoryValue']
type HistoryAction = Schemas['HistoryAction']
type HistorySubject = Schemas['HistorySubject']

/** A field whose values are codes of a contract enum: the enum, shown in staff's words unless another audience is named. */
export type EnumField = EnumName | readonly [EnumName, Audience]

/** How a kind of record names its fields and shows their values in a history. */
export interface HistoryWords {
  /** The form's label for a field, by its dotted name without list positions (`contacts.phone`). */
  fields: Record<string, string>
  /** The fields whose values are enum codes, by the same names. */
  enums?: Record<string, EnumField>
  /** Fields whose values say nothing at a glance (an image's id, a partner school's id): a change to one is named, not shown. */
  unshown?: readonly string[]
}

/** The lesson's fields: on its own page, and in its tutor's, learners' and schools' histories. */
export const LESSON_HISTORY_WORDS: HistoryWords = {
  fields: { status: 'Status', startsAt: 'When', minutes: 'Length', place: 'Place' },
  enums: { status: 'LessonStatus', minutes: 'LessonMinutes' },
}

/** A concern's status: on its own page, and in its lesson's history for the safeguarding leads. */
export const CONCERN_HISTORY_WORDS: HistoryWords = { fields: { status: 'Status' }, enums: { status: 'ConcernStatus' } }

/**
 * A placement has no page of its own: its entries show in its learner's, tutor's and school's histories. Starting
 * one changes the learner's status (a waiting learner becomes active), so that change is named as the learner's,
 * not read as the status of the tutor or school whose page shows it; ending one changes the placement's own.
 */
const PLACEMENT_START_WORDS: HistoryWords = { fields: { status: 'Learner’s status' }, enums: { status: 'StudentStatus' } }
const PLACEMENT_END_WORDS: HistoryWords = { fields: { status: 'Placement' }, enums: { status: 'PlacementStatus' } }

const WORDS_BY_ACTION: Partial<Record<HistoryAction, HistoryWords>> = {
  'placement.started': PLACEMENT_START_WORDS,
  'placement.moved': PLACEMENT_START_WORDS,
  'placement.ended': PLACEMENT_END_WORDS,
}

/** The record each action's first word names, where it has a history of its own. */
const SUBJECT_OF: Record<string, HistorySubject> = {
  student: 'student',
  school: 'school',
  tutor: 'tutor',
  lesson: 'lesson',
  concern: 'safeguarding_concern',
  course: 'course',
  post: 'blog_post',
}

const WORDS_OF_SUBJECT: Partial<Record<HistorySubject, HistoryWords>> = { lesson: LESSON_HISTORY_WORDS, safeguarding_concern: CONCERN_HISTORY_WORDS }

/**
 * The words for one entry of a record's history. A record's history also holds entries about other records (a
 * placement or a lesson beside its learner), whose fields are theirs: a lesson's `status` is read as a lesson
 * status on a learner's page, never as the learner's.
 */
export function wordsForEntry(action: HistoryAction, subject: HistorySubject, own: HistoryWords): HistoryWords {
  const about = SUBJECT_OF[action.slice(0, action.indexOf('.'))]
  if (about === subject) return own
  return WORDS_BY_ACTION[action] ?? (about === undefined ? undefined : WORDS_OF_SUBJECT[about]) ?? own
}

/** A dotted field name without its list positions: `contacts.1.phone` is `contacts.phone`. */
function general(field: string): string {
  return field.replace(/\.\d+(?=\.|$)/g, '')
}

/** A name the words do not know, in words still: `contact.preferredContact` is "Contact preferred contact". */
function spelledOut(field: string): string {
  const words = field
    .split('.')
    .flatMap((part) => part.replace(/([a-z0-9])([A-Z])/g, '$1 $2').split(/[\s_]+/))
    .map((word) => word.toLowerCase())
    .join(' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** The field as the form labels it; a field in a list is named by its place ("Contact phone (2)"). */
export function fieldText(words: HistoryWords, field: string): string {
  const position = /\.(\d+)(?=\.|$)/.exec(field)?.[1]
  const name = general(field)
  const label = words.fields[name] ?? words.fields[field] ?? spelledOut(name)
  return position === undefined ? label : `${label} (${Number(position) + 1})`
}

const DAY = /^\d{4}-\d{2}-\d{2}$/
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/

function itemText(words: HistoryWords, field: string, item: string | number): string {
  const text = String(item)
  const named = words.enums?.[general(field)]
  if (named !== undefined) {
    const [name, audience]: readonly [EnumName, Audience] = typeof named === 'string' ? [named, 'staff'] : named
    // An older entry may hold the words already (a concern's statuses were recorded so): those are shown as they are.
    return (ENUMS[name] as readonly (string | number)[]).map(String).includes(text) ? labelOf(name, text as never, audience) : text
  }
  // The audit trail keeps the contract's forms: a day or a moment is shown as the site shows dates, in whichever field.
  if (typeof item === 'string' && DAY.test(item)) return formatDate(item)
  if (typeof item === 'string' && MOMENT.test(item) && !Number.isNaN(Date.parse(item))) return formatDateTime(item)
  return text
}

/** A value before or after a change, in words: enum codes by their labels, dates as the site writes them, yes or no. */
export function valueText(words: HistoryWords, field: string, value: HistoryValue | undefined): string {
  if (value === undefined || value === null || value === '') return 'nothing'
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  if (Array.isArray(value)) return value.length === 0 ? 'nothing' : value.map((item) => itemText(words, field, item)).join(', ')
  return itemText(words, field, value)
}

/**
 * One change as a line of the history: "Status: Waiting for a tutor → Active". A change kept without its values (a
 * long rich text), or whose values say nothing, is named, not shown: "Image changed".
 */
export function changeText(words: HistoryWords, change: Schemas['HistoryChange']): string {
  const label = fieldText(words, change.field)
  if ((!('from' in change) && !('to' in change)) || words.unshown?.includes(general(change.field))) return `${label} changed`
  return `${label}: ${valueText(words, change.field, change.from)} → ${valueText(words, change.field, change.to)}`
}
