import { ENUMS, LIMITS as LIMITS_OF } from '@shared/contract.gen'
import { choicesProblem, emailProblem, FIELD_MESSAGES, phoneProblem, postcodeProblem, REQUIRED, textProblem, wholeNumberProblem } from '@shared/field-rules'
import { FORM_RULE_MESSAGES } from '@shared/form-messages'
import type { DeliveryMode } from '@/api/courses'
import type { HighestQualification, HowHeard, StudyLevel, TimeOfDay, TutorApplicationRequest, Weekday } from '@/api/registrations'

/**
 * The tutor application's answers as the wizard holds them (text as typed, yes/no questions unanswered until
 * chosen), the contract's TutorApplicationRequest rules per step, and the request built from the answers.
 * Pure data and functions: the machine validates with them, the form shows the same messages per field. The checks
 * of text, emails, phones, postcodes, numbers and choices, and their words (REQUIRED for a missing answer), are the
 * shared ones (shared/field-rules.ts).
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
  phone: T.personal.phone.maxLength,
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
  certificateDigits: T.backgroundCheck.certificateNumber.maxLength,
} as const

const studyLevels: readonly string[] = ENUMS.StudyLevel
const qualifications: readonly string[] = ENUMS.HighestQualification
const deliveryModes: readonly string[] = ENUMS.DeliveryMode
const weekdays: readonly string[] = ENUMS.Weekday
const timesOfDay: readonly string[] = ENUMS.TimeOfDay
const howHeard: readonly string[] = ENUMS.HowHeard
const inPersonModes: readonly DeliveryMode[] = ['home', 'school', 'community']

const isOneOf = (known: readonly string[], value: string) => known.includes(value)

const CERTIFICATE = T.backgroundCheck.certificateNumber

/** Whether lessons in person were chosen, so a travel area is needed. */
export function teachesInPerson(draft: TutorApplicationDraft): boolean {
  return draft.delivery.modes.some((mode) => inPersonModes.includes(mode))
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

function refereeErrors(draft: TutorApplicationDraft, index: 0 | 1): FieldErrors {
  const referee = draft.referees[index]
  const errors: Record<string, string | null> = {
    name: textProblem(referee.name, LIMITS.name, REQUIRED.enter("the referee's full name")),
    relationship: textProblem(referee.relationship, LIMITS.refereeRelationship, REQUIRED.enter('how the referee knows you, for example "Head of maths at my school"')),
    email: emailProblem(referee.email, REQUIRED.enter("the referee's email address")),
    phone: phoneProblem(referee.phone, REQUIRED.enter("the referee's phone number")),
  }
  if (errors.email === null) {
    if (sameEmail(referee.email, draft.personal.email)) errors.email = FORM_RULE_MESSAGES.refereeIsApplicant
    else if (index === 1 && sameEmail(referee.email, draft.referees[0].email)) errors.email = FORM_RULE_MESSAGES.refereesSame
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
      name: textProblem(personal.name, LIMITS.name, REQUIRED.enter('your full name')),
      email: emailProblem(personal.email, REQUIRED.enter('your email address, so we can reply')),
      phone: phoneProblem(personal.phone, REQUIRED.enter('a phone number we can call you on')),
      postcode: postcodeProblem(personal.postcode, REQUIRED.enter('your postcode, so we can match you with learners near you')),
    }),
  teaching: ({ teaching }) =>
    prefixed('teaching', {
      subjects: choicesProblem(teaching.subjects, T.teaching.subjects, 'subjects', REQUIRED.choose('at least one subject you can teach')),
      levels: choicesProblem(teaching.levels, T.teaching.levels, 'levels', REQUIRED.choose('at least one level you can teach'), studyLevels),
      highestQualification: isOneOf(qualifications, teaching.highestQualification) ? null : REQUIRED.choose('your highest qualification'),
      qualifiedTeacher: teaching.qualifiedTeacher === '' ? REQUIRED.choose('whether you hold qualified teacher status') : null,
      qualifications: textProblem(teaching.qualifications, LIMITS.qualifications, REQUIRED.enter('your qualifications, with their subjects')),
      experienceYears: wholeNumberProblem(teaching.experienceYears, T.teaching.experienceYears, REQUIRED.enter('your years of teaching or tutoring experience; 0 is fine')),
      experience: textProblem(teaching.experience, LIMITS.experience, REQUIRED.enter('a few words about your teaching or tutoring experience')),
    }),
  delivery: (draft) => {
    const { delivery, availability } = draft
    const inPerson = teachesInPerson(draft)
    return {
      ...prefixed('delivery', {
        modes: choicesProblem(delivery.modes, T.delivery.modes, 'ways', REQUIRED.choose('at least one way you would like to teach'), deliveryModes),
        travelArea: inPerson ? textProblem(delivery.travelArea, LIMITS.travelArea, FORM_RULE_MESSAGES.travelArea) : null,
        maxTravelMiles: inPerson ? wholeNumberProblem(delivery.maxTravelMiles, T.delivery.maxTravelMiles) : null,
      }),
      ...prefixed('availability', {
        days: choicesProblem(availability.days, T.availability.days, 'days', REQUIRED.choose('at least one day you are free'), weekdays),
        times: choicesProblem(availability.times, T.availability.times, 'times', REQUIRED.choose('at least one time of day'), timesOfDay),
        hoursPerWeek: wholeNumberProblem(availability.hoursPerWeek, T.availability.hoursPerWeek, REQUIRED.enter('how many hours a week you could teach')),
      }),
    }
  },
  checks: (draft) => {
    const { backgroundCheck } = draft
    const certificate = backgroundCheck.certificateNumber.replace(/\s/g, '')
    return {
      ...prefixed('backgroundCheck', {
        hasEnhancedCheck: backgroundCheck.hasEnhancedCheck === '' ? REQUIRED.choose('whether you hold an enhanced DBS certificate') : null,
        certificateNumber:
          backgroundCheck.hasEnhancedCheck === 'yes' && certificate !== '' && !new RegExp(CERTIFICATE.pattern).test(certificate) ? FIELD_MESSAGES.certificateNumber : null,
        consentToCheck: backgroundCheck.consentToCheck ? null : REQUIRED.tick('agree to an enhanced background check; we can only accept tutors who do'),
      }),
      ...refereeErrors(draft, 0),
      ...refereeErrors(draft, 1),
    }
  },
  review: (draft) => {
    return {
      ...prefixed('', {
        personalStatement: textProblem(draft.personalStatement, T.personalStatement, REQUIRED.enter('a short personal statement')),
        heardAbout: draft.heardAbout === '' || isOneOf(howHeard, draft.heardAbout) ? null : FIELD_MESSAGES.unknownChoice,
        privacyConsent: draft.privacyConsent ? null : REQUIRED.tick('agree to the privacy notice, so we can process your application'),
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
