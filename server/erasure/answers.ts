import { PLACEHOLDER_PHONE, REMOVED_TEXT } from './scrub.ts'

/** What replaces a person's answers on a registration: the labels that stand for the people it named. */
export interface AnswerLabels {
  /** The learner's placeholder name ("Anonymised learner 7K3Q"), or the applicant's for a tutor application. */
  person: string
  /** The placeholder address for every email in the answers. */
  email: string
}

/**
 * Answers that say nothing of a person, kept as they are: the forms' choices (enums, dates, ids of courses) and the
 * lists of them. Every other text is replaced by a placeholder where the form requires it, or removed, so an answer
 * a form adds later is removed until someone decides it may stay.
 */
const KEPT_TEXT = new Set([
  'applicantType',
  'level',
  'deliveryMode',
  'heardAbout',
  'courseId',
  'startDate',
  'cohort',
  'yearGroup',
  'preferredContact',
  'frequency',
  'highestQualification',
  'startTerm',
  'subjects',
  'days',
  'times',
  'levels',
  'modes',
  'yearGroups',
  'delivery',
  'preferredDays',
])
/** Free text the forms require: replaced by a sentence long enough for the contract's longest minimum (50). */
const REQUIRED_TEXT = new Set(['goals', 'qualifications', 'experience', 'personalStatement'])
const STATEMENT = `${REMOVED_TEXT} Nothing the person wrote here is kept any longer.`

/** The placeholder for a text the form requires, or undefined when the answer is to be removed. */
function placeholder(key: string, within: string, labels: AnswerLabels): string | undefined {
  if (key === 'email') return labels.email
  if (key === 'phone') return PLACEHOLDER_PHONE
  if (key === 'name') return within === 'student' || within === 'personal' ? labels.person : 'Anonymised person'
  if (key === 'postcode') return 'ZZ99 9ZZ'
  if (key === 'line1' || key === 'town' || key === 'role') return 'Removed'
  // A contact's relationship is a choice from a list; a referee's or an emergency contact's is their own words.
  if (key === 'relationship') return within === 'contact' ? undefined : 'Removed'
  if (REQUIRED_TEXT.has(key)) return STATEMENT
  return undefined
}

/**
 * A registration's answers with everything personal replaced, keeping the shape the contract gives each form (so
 * the registration still reads) and what is not personal: the choices made, consents, numbers such as the learner's
 * age (figures count it). Names, addresses, emails and phone numbers become placeholders; free text is replaced or
 * removed. A school's own name, type and address (a school enrolment's `school`, not a person's) stay.
 */
export function anonymiseAnswers(answers: Record<string, unknown>, labels: AnswerLabels): Record<string, unknown> {
  const walk = (value: Record<string, unknown>, path: string[]): Record<string, unknown> => {
    const result: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value)) {
      const within = path.at(-1) ?? ''
      if (path.length === 0 && key === 'school' && typeof item === 'object') result[key] = item
      else if (Array.isArray(item)) {
        if (item.every((entry) => typeof entry === 'object' && entry !== null)) result[key] = item.map((entry: Record<string, unknown>) => walk(entry, [...path, key]))
        else if (KEPT_TEXT.has(key)) result[key] = item
      } else if (typeof item === 'object' && item !== null) result[key] = walk(item as Record<string, unknown>, [...path, key])
      else if (typeof item !== 'string') result[key] = item
      else if (KEPT_TEXT.has(key) || (key === 'relationship' && within === 'contact')) result[key] = item
      else {
        const replaced = placeholder(key, within, labels)
        if (replaced !== undefined) result[key] = replaced
      }
    }
    return result
  }
  return walk(answers, [])
}
