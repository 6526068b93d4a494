import type { DeliveryMode } from '@/api/courses'
import type { ApplicantType, ContactRelationship } from '@/api/registrations'

/**
 * The enrolment forms' rules about which choices fit together, and the hints under the delivery modes. The words
 * for each value are in shared/labels.ts.
 */

/** The relationships that fit who is filling in the subject form; the course form offers all of them. */
export const relationshipsFor: Record<ApplicantType, ContactRelationship[]> = {
  parent_guardian: ['parent', 'guardian', 'carer', 'other'],
  adult_learner: ['self'],
  referral: ['teacher', 'support_worker', 'other'],
}

/** Relationships of someone acting for an organisation, who is asked which one. */
export const REFERRER_RELATIONSHIPS: readonly ContactRelationship[] = ['teacher', 'support_worker']

export const deliveryModeHints: Record<DeliveryMode, string> = {
  home: 'A tutor comes to your home.',
  school: 'Lessons at the learner’s school, arranged with the school.',
  online: 'Live lessons by video call.',
  community: 'Small groups at a library or community centre near you.',
}

/** In-person modes need an emergency contact on the course form, as the contract says. */
export const IN_PERSON_MODES: readonly DeliveryMode[] = ['home', 'school', 'community']
