import { FAMILY_LINK_DAYS } from './links.ts'

/** What the family page's operations say. */
export const FAMILY_MESSAGES = {
  linkOnItsWay: `If that address is on our records for a learner or a school, we have sent it a fresh link. It works for ${FAMILY_LINK_DAYS} days.`,
  unknownLink: 'This link is not one of ours, or it is too old. Ask for a fresh link from the family page.',
} as const
