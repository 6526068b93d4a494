import { LIMITS } from './contract.gen.ts'
import { isEmailAddress } from './email-address.ts'

/**
 * The checks of the fields the public forms have in common (text, email addresses, phone numbers, postcodes, whole
 * numbers), built on the contract's generated patterns and limits, with one wording per kind of problem. The forms
 * run them before anything is sent; the server's validator answers the same words for the same contract rules, so
 * a person reads one message for one mistake wherever it is caught. Each check answers the message to show under
 * its field, or null when the value is fine; `required` is the field's own message for a missing value (it names
 * what to enter), and leaving it out makes the field optional.
 */
export const FIELD_MESSAGES = {
  tooLong: (max: number) => `Use at most ${max} characters.`,
  tooShort: (min: number) => `Use at least ${min} characters.`,
  email: 'Enter an email address like name@example.com.',
  phone: 'Use only digits, spaces and + ( ) - . in a phone number.',
  postcode: 'Use only letters, digits and spaces in a postcode, like LS1 4AP.',
  certificateNumber: `A certificate number has ${LIMITS.TutorApplicationRequest.backgroundCheck.certificateNumber.maxLength} digits.`,
  /**
   * "Enter a whole number of years from 0 to 60.", the unit being the contract's (`x-unit`, generated as `unit`);
   * "Enter a whole number from 1 to 5." for a number the contract gives no unit. The server's validator says the same.
   */
  wholeNumber: (min: number, max: number, unit?: string) => `Enter a whole number ${unit === undefined ? '' : `of ${unit} `}from ${min} to ${max}.`,
  /** "Choose at most 6 subjects." */
  tooManyChoices: (max: number, things: string) => `Choose at most ${max} ${things}.`,
  repeatedChoice: 'Choose each option only once.',
  unknownChoice: 'Choose from the options shown.',
} as const

/**
 * The one wording of a value a person must give and left out: "Enter …" for what is typed, "Choose …" for what is
 * picked from options (a list, buttons, boxes, a date), "Tick …" for a box that must be ticked. Each form names its
 * own thing, with a reason or an example after a comma when that helps ("your email address, so we can reply").
 * The sign-in page keeps the specification's own words ("Please input your email!").
 */
export const REQUIRED = {
  /** "Enter your full name." */
  enter: (thing: string) => `Enter ${thing}.`,
  /** "Choose at least one subject." */
  choose: (thing: string) => `Choose ${thing}.`,
  /** "Tick the box to agree to the privacy notice, so we can process your application." */
  tick: (thing: string) => `Tick the box to ${thing}.`,
} as const

/**
 * The contract's patterns whose problem has words of its own; any other pattern answers the validator's general
 * message. Keyed by the generated pattern, so a pattern changed in openapi.yaml loses its words until named here.
 */
export const PATTERN_MESSAGES: Readonly<Record<string, string>> = {
  [LIMITS.Phone.pattern]: FIELD_MESSAGES.phone,
  [LIMITS.ContactMessageRequest.phone.pattern]: FIELD_MESSAGES.phone,
  [LIMITS.Postcode.pattern]: FIELD_MESSAGES.postcode,
  [LIMITS.TutorApplicationRequest.backgroundCheck.certificateNumber.pattern]: FIELD_MESSAGES.certificateNumber,
}

interface TextLimits {
  minLength?: number
  maxLength: number
}

interface PatternLimits extends TextLimits {
  pattern: string
}

/** Text trimmed, then required (when `required` is given) and within the contract's lengths (a number: its maxLength). */
export function textProblem(value: string, lengths: number | TextLimits, required?: string): string | null {
  const limits = typeof lengths === 'number' ? { maxLength: lengths } : lengths
  const text = value.trim()
  if (text === '') return required ?? null
  if (limits.minLength !== undefined && text.length < limits.minLength) return FIELD_MESSAGES.tooShort(limits.minLength)
  return text.length > limits.maxLength ? FIELD_MESSAGES.tooLong(limits.maxLength) : null
}

/** An email address the contract takes (`format: email`, the server's isEmailAddress), at most the contract's length. */
export function emailProblem(value: string, required?: string, limits: TextLimits = LIMITS.Email): string | null {
  const email = value.trim()
  if (email === '') return required ?? null
  if (email.length > limits.maxLength) return FIELD_MESSAGES.tooLong(limits.maxLength)
  return isEmailAddress(email) ? null : FIELD_MESSAGES.email
}

function patternProblem(value: string, limits: PatternLimits, wrong: string, required?: string): string | null {
  const text = value.trim()
  if (text === '') return required ?? null
  return new RegExp(limits.pattern).test(text) ? textProblem(text, limits) : wrong
}

/** A phone number of the contract's Phone (or the contact form's own `phone`, which has no shortest length). */
export function phoneProblem(value: string, required?: string, limits: PatternLimits = LIMITS.Phone): string | null {
  return patternProblem(value, limits, FIELD_MESSAGES.phone, required)
}

/** A postcode of the contract's Postcode. */
export function postcodeProblem(value: string, required?: string): string | null {
  return patternProblem(value, LIMITS.Postcode, FIELD_MESSAGES.postcode, required)
}

/** A whole number within the contract's range (and named in its unit), typed (`'12'`) or from a number input (`''` when empty). */
export function wholeNumberProblem(value: number | string, range: { minimum: number; maximum: number; unit?: string }, required?: string): string | null {
  const typed = typeof value === 'string' ? value.trim() : value
  if (typed === '') return required ?? null
  const number = typeof typed === 'number' ? typed : /^\d+$/.test(typed) ? Number(typed) : Number.NaN
  return Number.isInteger(number) && number >= range.minimum && number <= range.maximum ? null : FIELD_MESSAGES.wholeNumber(range.minimum, range.maximum, range.unit)
}

/** Choices from a list: at least `minItems` (else `required`), at most `maxItems`, each once, each one of `known`. */
export function choicesProblem(
  values: readonly string[],
  limits: { minItems?: number; maxItems: number },
  things: string,
  required: string,
  known?: readonly string[],
): string | null {
  if (values.length < Math.max(limits.minItems ?? 1, 1)) return required
  if (values.length > limits.maxItems) return FIELD_MESSAGES.tooManyChoices(limits.maxItems, things)
  if (new Set(values).size !== values.length) return FIELD_MESSAGES.repeatedChoice
  if (known && !values.every((value) => known.includes(value))) return FIELD_MESSAGES.unknownChoice
  return null
}
