import { isEmailAddress } from '@shared/email-address'
import { ENUMS, LIMITS as LIMITS_OF } from '@shared/contract.gen'
import type { DeliveryMode } from '@/api/courses'
import type { HighestQualification, HowHeard, StudyLevel, TimeOfDay, TutorApplicationRequest, Weekday } from '@/api/registrations'

/**
 * The tutor application's answers as the wizard holds them (text as typed, yes/no questions unanswered until
 * chosen), the contract's TutorApplicationRequest rules per step, and the request built from the answers.
 * Pure data and functions: the machine validates with them, the form shows the same messages per field.
 */

export const STEP_IDS = ['personal', 'teaching', 'delivery', 'checks', 'review'] as const
export type StepId = (typeof STEP_IDS)[number]

export type YesNo = '' | 'yes' | 'no'

export interface RefereeDraft {
  name: string
  relationship: string
  email: string
  phone: string
}

export interface TutorApplicationDraft {
  personal: { name: string; email: string; phone: string; postcode: string }
  teaching: {
    subjects: string[]
    levels: StudyLevel[]
    highestQualification: HighestQualification | ''
    qualifiedTeacher: YesNo
    qualifications: string
    experienceYears: string
    experience: string
  }
  delivery: { modes: DeliveryMode[]; travelArea: string; maxTravelMiles: string }
  availability: { days: Weekday[]; times: TimeOfDay[]; hoursPerWeek: string }
  backgroundCheck: { hasEnhancedCheck: YesNo; certificateNumber: string; onUpdateService: boolean; consentToCheck: boolean }
  referees: [RefereeDraft, RefereeDraft]
  personalStatement: string
  heardAbout: HowHeard | ''
  privacyConsent: boolean
  marketingConsent: boolean
  /** The honeypot: people never see it, so it stays empty. */
  website: string
}

/** Field messages keyed by the dotted path the server uses too (`referees.1.email`). */
export type FieldErrors = Record<string, string>

const emptyReferee = (): RefereeDraft => ({ name: '', relationship: '', email: '', phone: '' })

export function emptyDraft(): TutorApplicationDraft {
  return {
    personal: { name: '', email: '', phone: '', postcode: '' },
    teaching: { subjects: [], levels: [], highestQualification: '', qualifiedTeacher: '', qualifications: '', experienceYears: '', experience: '' },
    delivery: { modes: [], travelArea: '', maxTravelMiles: '' },
    availability: { days: [], times: [], hoursPerWeek: '' },
    backgroundCheck: { hasEnhancedCheck: '', certificateNumber: '', onUpdateService: false, consentToCheck: false },
    referees: [emptyReferee(), emptyReferee()],
    personalStatement: '',
    heardAbout: '',
    privacyConsent: false,
    marketingConsent: false,
    website: '',
  }
}

/** The contract's limits (TutorApplicationRequest and the schemas it uses), under the names the steps use. */
const T = LIMITS_OF.TutorApplicationRequest
export const LIMITS = {
  name: T.personal.name.maxLength,
  email: T.personal.email.maxLength,
  phoneMin: T.personal.phone.minLength,
  phone: T.personal.phone.maxLength,
  postcodeMin: T.personal.postcode.minLength,
  postcode: T.personal.postcode.maxLength,
  subjects: T.teaching.subjects.maxItems,
  qualifications: T.teaching.qualifications.maxLength,
  experienceYears: T.teaching.experienceYears.maximum,
  experience: T.teaching.experience.maxLength,
  travelArea: T.delivery.travelArea.maxLength,
  maxTravelMiles: T.delivery.maxTravelMiles.maximum,
  hoursPerWeek: T.availability.hoursPerWeek.maximum,
  refereeRelationship: T.referees.items.relationship.maxLength,
  statementMin: T.personalStatement.minLength,
  statement: T.personalStatement.maxLength,
} as const

const studyLevels: readonly string[] = ENUMS.StudyLevel
const qualifications: readonly string[] = ENUMS.HighestQualification
const deliveryModes: readonly string[] = ENUMS.DeliveryMode
const weekdays: readonly string[] = ENUMS.Weekday
const timesOfDay: readonly string[] = ENUMS.TimeOfDay
const howHeard: readonly string[] = ENUMS.HowHeard
const inPersonModes: readonly DeliveryMode[] = ['home', 'school', 'community']

const isOneOf = (known: readonly string[], value: string) => known.includes(value)

// Something, an @, something, a dot, something: enough to catch typing slips; the server checks the format fully.
const PHONE_CHARACTERS = /^[0-9+()\- .]+$/
const POSTCODE_CHARACTERS = /^[A-Za-z0-9 ]+$/
const WHOLE_NUMBER = /^\d+$/
const CERTIFICATE_NUMBER = /^\d{12}$/

const tooLong = (max: number) => `Use at most ${max} characters.`

/** Whether lessons in person were chosen, so a travel area is needed. */
export function teachesInPerson(draft: TutorApplicationDraft): boolean {
  return draft.delivery.modes.some((mode) => inPersonModes.includes(mode))
}

function text(value: string, max: number, missing: string): string | null {
  const trimmed = value.trim()
  if (trimmed === '') return missing
  return trimmed.length > max ? tooLong(max) : null
}

function email(value: string, missing: string): string | null {
  const trimmed = value.trim()
  if (trimmed === '') return missing
  if (trimmed.length > LIMITS.email) return tooLong(LIMITS.email)
  return isEmailAddress(trimmed) ? null : 'Enter an email address like name@example.com.'
}

function phone(value: string, missing: string): string | null {
  const trimmed = value.trim()
  if (trimmed === '') return missing
  if (!PHONE_CHARACTERS.test(trimmed)) return 'Use only digits, spaces and + ( ) - . in a phone number.'
  if (trimmed.length < LIMITS.phoneMin) return `A phone number has at least ${LIMITS.phoneMin} characters.`
  return trimmed.length > LIMITS.phone ? tooLong(LIMITS.phone) : null
}

function wholeNumber(value: string, min: number, max: number, missing: string, outOfRange: string): string | null {
  const trimmed = value.trim()
  if (trimmed === '') return missing
  if (!WHOLE_NUMBER.test(trimmed)) return 'Enter a whole number, using digits only.'
  const number = Number(trimmed)
  return number < min || number > max ? outOfRange : null
}

function choices(values: readonly string[], known: readonly string[] | null, min: number, max: number, missing: string, tooMany: string): string | null {
  if (values.length < min) return missing
  if (values.length > max) return tooMany
  if (new Set(values).size !== values.length) return 'Choose each option only once.'
  if (known && !values.every((value) => isOneOf(known, value))) return 'Choose from the options shown.'
  return null
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

function refereeErrors(draft: TutorApplicationDraft, index: 0 | 1): FieldErrors {
  const referee = draft.referees[index]
  const errors: Record<string, string | null> = {
    name: text(referee.name, LIMITS.name, "Enter the referee's full name."),
    relationship: text(referee.relationship, LIMITS.refereeRelationship, 'Say how the referee knows you, for example "Head of maths at my school".'),
    email: email(referee.email, "Enter the referee's email address."),
    phone: phone(referee.phone, "Enter the referee's phone number."),
  }
  if (errors.email === null) {
    if (sameEmail(referee.email, draft.personal.email)) errors.email = 'A referee must have an email address different from yours.'
    else if (index === 1 && sameEmail(referee.email, draft.referees[0].email)) errors.email = 'The two referees must have different email addresses.'
  }
  return prefixed(`referees.${index}`, errors)
}

function prefixed(prefix: string, errors: Record<string, string | null>): FieldErrors {
  const result: FieldErrors = {}
  for (const [field, message] of Object.entries(errors)) if (message !== null) result[prefix ? `${prefix}.${field}` : field] = message
  return result
}

/** Each step's problems, as messages per field; an empty object means the step can be left. */
export const stepRules: Record<StepId, (draft: TutorApplicationDraft) => FieldErrors> = {
  personal: ({ personal }) =>
    prefixed('personal', {
      name: text(personal.name, LIMITS.name, 'Enter your full name.'),
      email: email(personal.email, 'Enter your email address, so we can reply.'),
      phone: phone(personal.phone, 'Enter a phone number we can call you on.'),
      postcode: (() => {
        const postcode = personal.postcode.trim()
        if (postcode === '') return 'Enter your postcode, so we can match you with learners near you.'
        if (!POSTCODE_CHARACTERS.test(postcode)) return 'Use only letters, digits and spaces, like SW1A 1AA.'
        if (postcode.length < LIMITS.postcodeMin) return 'Enter your full postcode, like SW1A 1AA.'
        return postcode.length > LIMITS.postcode ? tooLong(LIMITS.postcode) : null
      })(),
    }),
  teaching: ({ teaching }) =>
    prefixed('teaching', {
      subjects: choices(teaching.subjects, null, T.teaching.subjects.minItems, LIMITS.subjects, 'Choose at least one subject you can teach.', `Choose at most ${LIMITS.subjects} subjects.`),
      levels: choices(teaching.levels, studyLevels, T.teaching.levels.minItems, T.teaching.levels.maxItems, 'Choose at least one level you can teach.', 'Choose each level only once.'),
      highestQualification: isOneOf(qualifications, teaching.highestQualification) ? null : 'Choose your highest qualification.',
      qualifiedTeacher: teaching.qualifiedTeacher === '' ? 'Tell us whether you hold qualified teacher status.' : null,
      qualifications: text(teaching.qualifications, LIMITS.qualifications, 'List your qualifications, with their subjects.'),
      experienceYears: wholeNumber(
        teaching.experienceYears,
        T.teaching.experienceYears.minimum,
        LIMITS.experienceYears,
        'Enter your years of teaching or tutoring experience; 0 is fine.',
        `Enter a number of years from ${T.teaching.experienceYears.minimum} to ${LIMITS.experienceYears}.`,
      ),
      experience: text(teaching.experience, LIMITS.experience, 'Tell us about your teaching or tutoring experience.'),
    }),
  delivery: (draft) => {
    const { delivery, availability } = draft
    const inPerson = teachesInPerson(draft)
    return {
      ...prefixed('delivery', {
        modes: choices(delivery.modes, deliveryModes, T.delivery.modes.minItems, T.delivery.modes.maxItems, 'Choose at least one way you would like to teach.', 'Choose each way only once.'),
        travelArea: inPerson ? text(delivery.travelArea, LIMITS.travelArea, 'Say where you can travel to for lessons in person.') : null,
        maxTravelMiles:
          inPerson && delivery.maxTravelMiles.trim() !== ''
            ? wholeNumber(delivery.maxTravelMiles, T.delivery.maxTravelMiles.minimum, LIMITS.maxTravelMiles, '', `Enter a distance from ${T.delivery.maxTravelMiles.minimum} to ${LIMITS.maxTravelMiles} miles.`)
            : null,
      }),
      ...prefixed('availability', {
        days: choices(availability.days, weekdays, T.availability.days.minItems, T.availability.days.maxItems, 'Choose at least one day you are free.', 'Choose each day only once.'),
        times: choices(availability.times, timesOfDay, T.availability.times.minItems, T.availability.times.maxItems, 'Choose at least one time of day.', 'Choose each time only once.'),
        hoursPerWeek: wholeNumber(
          availability.hoursPerWeek,
          T.availability.hoursPerWeek.minimum,
          LIMITS.hoursPerWeek,
          'Enter how many hours a week you could teach.',
          `Enter a number of hours from ${T.availability.hoursPerWeek.minimum} to ${LIMITS.hoursPerWeek}.`,
        ),
      }),
    }
  },
  checks: (draft) => {
    const { backgroundCheck } = draft
    const certificate = backgroundCheck.certificateNumber.replace(/\s/g, '')
    return {
      ...prefixed('backgroundCheck', {
        hasEnhancedCheck: backgroundCheck.hasEnhancedCheck === '' ? 'Tell us whether you hold an enhanced DBS certificate.' : null,
        certificateNumber:
          backgroundCheck.hasEnhancedCheck === 'yes' && certificate !== '' && !CERTIFICATE_NUMBER.test(certificate)
            ? 'A certificate number has 12 digits.'
            : null,
        consentToCheck: backgroundCheck.consentToCheck ? null : 'We can only accept tutors who agree to an enhanced background check.',
      }),
      ...refereeErrors(draft, 0),
      ...refereeErrors(draft, 1),
    }
  },
  review: (draft) => {
    const statement = draft.personalStatement.trim()
    return {
      ...prefixed('', {
        personalStatement:
          statement === ''
            ? 'Write a short personal statement.'
            : statement.length < LIMITS.statementMin
              ? `Write at least ${LIMITS.statementMin} characters, so we get to know you.`
              : statement.length > LIMITS.statement
                ? tooLong(LIMITS.statement)
                : null,
        heardAbout: draft.heardAbout === '' || isOneOf(howHeard, draft.heardAbout) ? null : 'Choose from the options shown.',
        privacyConsent: draft.privacyConsent ? null : 'Please agree to the privacy notice, so we can process your application.',
      }),
    }
  },
}

/** The step a field lives on: its first path segment decides (`referees.1.email` is on the checks step). */
const stepOfSection: Record<string, StepId> = {
  personal: 'personal',
  teaching: 'teaching',
  delivery: 'delivery',
  availability: 'delivery',
  backgroundCheck: 'checks',
  referees: 'checks',
  personalStatement: 'review',
  heardAbout: 'review',
  privacyConsent: 'review',
  marketingConsent: 'review',
}

export function stepOfField(field: string): StepId | null {
  const section = field.split('.')[0] ?? ''
  return Object.hasOwn(stepOfSection, section) ? stepOfSection[section]! : null
}

/** The earliest step holding one of these fields, or null when none of them is on a step. */
export function firstStepWithErrors(errors: FieldErrors): StepId | null {
  const steps = Object.keys(errors).map(stepOfField)
  return STEP_IDS.find((step) => steps.includes(step)) ?? null
}

/** Every step's problems at once, for the final check before sending. */
export function applicationErrors(draft: TutorApplicationDraft): FieldErrors {
  return Object.assign({}, ...STEP_IDS.map((step) => stepRules[step](draft))) as FieldErrors
}

/** The value at a dotted path (`referees.0.email`), or undefined. */
export function valueAt(value: unknown, path: string): unknown {
  let current = value
  for (const key of path.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined
    current = (current as Record<string, unknown>)[key]
  }
  return current
}

/** Drops the messages of fields whose value changed, so a fixed field stops showing its old problem. */
export function withoutChangedFields(errors: FieldErrors, before: TutorApplicationDraft, after: TutorApplicationDraft): FieldErrors {
  const kept = Object.entries(errors).filter(([field]) => JSON.stringify(valueAt(before, field)) === JSON.stringify(valueAt(after, field)))
  return kept.length === Object.keys(errors).length ? errors : Object.fromEntries(kept)
}

const yes = (value: YesNo) => value === 'yes'

/** The request the contract asks for: text trimmed, numbers parsed, optional answers left out when blank. */
export function requestFrom(draft: TutorApplicationDraft): TutorApplicationRequest {
  const { personal, teaching, delivery, availability, backgroundCheck } = draft
  const inPerson = teachesInPerson(draft)
  const travelArea = delivery.travelArea.trim()
  const maxTravelMiles = delivery.maxTravelMiles.trim()
  const certificateNumber = backgroundCheck.certificateNumber.replace(/\s/g, '')
  const hasCheck = yes(backgroundCheck.hasEnhancedCheck)
  return {
    personal: { name: personal.name.trim(), email: personal.email.trim(), phone: personal.phone.trim(), postcode: personal.postcode.trim() },
    teaching: {
      subjects: teaching.subjects,
      levels: teaching.levels,
      highestQualification: teaching.highestQualification as HighestQualification,
      qualifiedTeacher: yes(teaching.qualifiedTeacher),
      qualifications: teaching.qualifications.trim(),
      experienceYears: Number(teaching.experienceYears.trim()),
      experience: teaching.experience.trim(),
    },
    delivery: {
      modes: delivery.modes,
      ...(inPerson && travelArea ? { travelArea } : {}),
      ...(inPerson && maxTravelMiles ? { maxTravelMiles: Number(maxTravelMiles) } : {}),
    },
    availability: { days: availability.days, times: availability.times, hoursPerWeek: Number(availability.hoursPerWeek.trim()) },
    backgroundCheck: {
      hasEnhancedCheck: hasCheck,
      ...(hasCheck && certificateNumber ? { certificateNumber } : {}),
      ...(hasCheck ? { onUpdateService: backgroundCheck.onUpdateService } : {}),
      consentToCheck: true,
    },
    referees: [refereeRequest(draft.referees[0]), refereeRequest(draft.referees[1])],
    personalStatement: draft.personalStatement.trim(),
    ...(draft.heardAbout ? { heardAbout: draft.heardAbout } : {}),
    privacyConsent: true,
    marketingConsent: draft.marketingConsent,
    website: draft.website,
  }
}

function refereeRequest(referee: RefereeDraft) {
  return { name: referee.name.trim(), relationship: referee.relationship.trim(), email: referee.email.trim(), phone: referee.phone.trim() }
}
