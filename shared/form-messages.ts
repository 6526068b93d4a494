import { REQUIRED } from './field-rules.ts'

/**
 * The public forms' rules across fields, in one set of words: the forms check them before sending and the server
 * checks them again (server/registrations/forms.ts), answering the same sentence under the same field.
 */
export const FORM_RULE_MESSAGES = {
  ageOrYear: REQUIRED.enter('the learner’s age, or choose their year group'),
  minorNeedsAdult: 'A learner under 18 must be enrolled by a parent, guardian or referrer. Choose who you are.',
  dateInPast: 'Choose today or a later date.',
  dateTooFar: 'Choose a date within the next year.',
  travelArea: REQUIRED.enter('where you can travel to for lessons in person'),
  refereeIsApplicant: 'A referee must have an email address different from yours.',
  refereesSame: 'The two referees must have different email addresses.',
} as const
