import type { StepId } from '@/machines/tutor-application.rules'

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
