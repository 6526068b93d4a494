import { PLACEHOLDER_PHONE, REMOVED_TEXT } from './scrub.ts'

/** What replaces a person's answers on a registration: the labels that stand for the people it named. */
export interface AnswerLabels {
  /** The learner's placeholder name ("Anonymised learner 7K3Q"), or the applicant's for a tutor application. */
  person: string
  /** The placeholder address for every email in the answers. */
  email: string
}

/** Free text the forms require: replaced by a sentence long enough for the contract's shortest limit (50). */
const REQUIRED_TEXT = new Set(['goals', 'qualifications', 'experience', 'personalStatement'])
/** Optional free text and numbers that point at a person: removed. */
const OPTIONAL_PERSONAL = new Set(['learningNeeds', 'notes', 'organisation', 'travelArea', 'certificateNumber', 'line2'])
const STATEMENT = `${REMOVED_TEXT} Nothing the person wrote here is kept any longer.`

/**
 * A registration's answers with everything personal replaced, keeping the shape the contract gives each form (so
 * the registration still reads) and what is not personal: subjects, levels, modes, days, consents, the learner's age
 * and year group (figures count them). Names, addresses, emails and phone numbers become placeholders; free text is
 * replaced or removed. A school's own name and address (not a person's) stay.
 */
export function anonymiseAnswers(answers: Record<string, unknown>, labels: AnswerLabels): Record<string, unknown> {
  const walk = (value: unknown, path: string[]): unknown => {
    if (Array.isArray(value)) return value.map((item) => walk(item, path))
    if (typeof value === 'object' && value !== null) {
      const result: Record<string, unknown> = {}
      for (const [key, item] of Object.entries(value)) {
        if (OPTIONAL_PERSONAL.has(key) && path[0] !== 'school') continue
        // A learner's school is named in free text only when it is not a partner school.
        if (key === 'school' && typeof item === 'string') continue
        result[key] = walk(item, [...path, key])
      }
      return result
    }
    if (typeof value !== 'string') return value
    const key = path.at(-1) ?? ''
    const within = path.at(-2) ?? ''
    if (path[0] === 'school') return value
    if (key === 'email') return labels.email
    if (key === 'phone') return PLACEHOLDER_PHONE
    if (key === 'name') return within === 'student' || within === 'personal' ? labels.person : 'Anonymised person'
    if (key === 'postcode') return 'ZZ99 9ZZ'
    if (key === 'line1' || key === 'town') return 'Removed'
    if (key === 'relationship' && within !== 'contact') return 'Removed'
    if (key === 'role') return 'Removed'
    if (REQUIRED_TEXT.has(key)) return STATEMENT
    return value
  }
  return walk(answers, []) as Record<string, unknown>
}
