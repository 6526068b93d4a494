/** What the office reads when a placement cannot be made, ended or moved. */
export const PLACEMENT_MESSAGES = {
  notFound: 'We could not find that placement.',
  learnerNotFound: 'We could not find that learner.',
  unknownTutor: 'Choose a tutor from the list.',
  unknownLearner: 'Choose a learner from the list.',
  unknownCourse: 'Choose a course from the list.',
  tutorPaused: (name: string) => `${name} is paused, so they cannot be given new learners. Make them active again first, or choose another tutor.`,
  accountDeactivated: (name: string) => `${name}’s account is deactivated, so they cannot be given learners. Reactivate it in Settings → Staff accounts first, or choose another tutor.`,
  tutorLeft: (name: string) => `${name} has left TEC, so they cannot be given learners. Choose another tutor.`,
  noCheck: (name: string) => `${name} has no safeguarding check on record. Record their check first, or choose another tutor.`,
  checkExpired: (name: string) => `${name}'s safeguarding check has ended. Record their renewed check first, or choose another tutor.`,
  alreadyPlaced: (learner: string, subject: string, tutor: string) =>
    `${learner} is already placed with ${tutor} for ${subject}. End or move that placement instead.`,
  learnerClosed: (learner: string, status: string) => `${learner} is ${status}. Change their status on their page before placing them.`,
  notCurrent: 'This placement has already ended.',
  sameTutor: (name: string) => `This placement is already with ${name}. Choose another tutor.`,
  endBeforeStart: 'The end date cannot come before the placement started.',
  reasonRequired: 'Say why, for the history.',
  placedAtOnce: 'Someone placed this learner for this subject at the same moment. Reload to see their placement.',
} as const
