import type { DeliveryMode } from '../../../api/courses'
import type { HighestQualification, StudyLevel, TimeOfDay } from '../../../api/tutor-applications'
import type { StepId } from '../../../machines/tutor-application.rules'

/** What each step is called in the stepper, its heading and the review. */
export const stepCopy: Record<StepId, { label: string; title: string; lead: string }> = {
  personal: { label: 'About you', title: 'About you', lead: 'How we can reach you about your application.' },
  teaching: {
    label: 'Teaching',
    title: 'Subjects, qualifications and experience',
    lead: 'What you teach, to whom, and the experience you bring.',
  },
  delivery: {
    label: 'Where and when',
    title: 'Where and when you can teach',
    lead: 'The ways you would like to teach and the times you are usually free.',
  },
  checks: {
    label: 'Checks and referees',
    title: 'Background check and referees',
    lead: 'Every TEC tutor has an enhanced background check and two references before working with learners.',
  },
  review: {
    label: 'Statement and review',
    title: 'Personal statement and review',
    lead: 'Tell us why you would like to tutor with TEC, then check your answers before you send them.',
  },
}

export const levelLabels: Record<StudyLevel, string> = {
  early_years: 'Early years (under 5)',
  primary: 'Primary',
  ks3: 'Key stage 3 (years 7 to 9)',
  gcse: 'GCSE',
  a_level: 'A level',
  adult: 'Adult learners',
  other: 'Other',
}

export const qualificationLabels: Record<HighestQualification, string> = {
  gcse: 'GCSEs or equivalent',
  a_level: 'A levels or equivalent',
  degree: 'Undergraduate degree',
  postgraduate: 'Postgraduate degree or PGCE',
  doctorate: 'Doctorate',
  other: 'Other',
}

export const modeLabels: Record<DeliveryMode, string> = {
  home: "At learners' homes",
  school: 'In schools',
  online: 'Online',
  community: 'In community venues',
}

export const timeLabels: Record<TimeOfDay, string> = {
  morning: 'Mornings (before 12:00)',
  afternoon: 'Afternoons (12:00 to 15:00)',
  after_school: 'After school (15:00 to 18:00)',
  evening: 'Evenings (after 18:00)',
}

/** The entries of a label record, in its order, as Mantine's select and checkbox data. */
export function optionsOf<Value extends string>(labels: Record<Value, string>): { value: Value; label: string }[] {
  return (Object.entries(labels) as [Value, string][]).map(([value, label]) => ({ value, label }))
}

// The same words as the enrolment forms for the same values.
export { howHeardLabels as heardLabels, weekdayLabels as dayLabels } from '../../-lib/enrolment-options'
