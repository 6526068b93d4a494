import { labelOf } from '../../shared/labels.ts'
import type { LessonStatus } from '../../shared/lesson-lifecycle.ts'
import { SERIES_LIMIT } from '../../shared/lesson-time.ts'

const statusWords = (status: LessonStatus) => labelOf('LessonStatus', status).toLowerCase()

/** What tutors and the office read when a lesson or report cannot be changed as asked. */
export const LESSON_MESSAGES = {
  notFound: 'We could not find that lesson.',
  concernNotFound: 'We could not find that concern.',
  schoolNotFound: 'We could not find that school.',
  notYourPlacement: 'Choose learners placed with you now.',
  groupMismatch: 'Only learners of one school, taught there in the same subject, can share a lesson.',
  repeatOne: 'Repeat until a day, or a number of times, not both.',
  repeatBeforeStart: 'The last lesson cannot come before the first.',
  allInHolidays: 'Every week of that series falls in a holiday in the term dates: choose other days.',
  seriesTooLong: `A series can have at most ${SERIES_LIMIT} lessons. Choose an earlier last day.`,
  beforePlacement: (day: string) => `The placement starts on ${day}; choose that day or a later one.`,
  tooFarAhead: 'Lessons can be planned up to a year ahead.',
  notInFuture: 'Choose a day and time still to come.',
  placementEnded: (learner: string, day: string) => `The office ended ${learner}’s placement from ${day}, so this lesson was cancelled and can no longer be changed.`,
  afterPlacementEnd: (learner: string, day: string) => `The office ended ${learner}’s placement from ${day}: choose a day before it.`,
  /** The reason a lesson cancelled by its placement's end gives; the office's own reason stays in the history. */
  endedPlacement: 'The placement ended.',
  movedPlacement: 'The learner moved to another tutor.',
  clash: (when: string, with_: string) => `You already have a lesson on ${when} with ${with_}. Choose another time, or move that lesson first.`,
  learnerClash: (learner: string, when: string, subject: string) => `${learner} already has a lesson on ${when} (${subject}). Choose another time.`,
  notYetStarted: 'This lesson has not started yet: it can be marked missed once its time has come.',
  cannotMove: (status: LessonStatus) => `Only a planned lesson can be moved; this one is ${statusWords(status)}.`,
  cannotCancel: (status: LessonStatus) => `This lesson is ${statusWords(status)}, so it can no longer be cancelled.`,
  cannotMarkMissed: (status: LessonStatus) => `This lesson is ${statusWords(status)}, so it can no longer be marked missed.`,
  notYetTaught: 'This lesson has not ended yet: write its report once it has.',
  noReport: (status: LessonStatus) => `This lesson was ${statusWords(status)}, so it has no report.`,
  alreadyApproved: 'This report has been approved, so it can no longer be changed.',
  notForReview: (status: LessonStatus) =>
    status === 'approved' ? 'This report has already been approved.' : status === 'returned' ? 'This report is back with its tutor; wait until they send it again.' : `This lesson is ${statusWords(status)}: there is no report to review.`,
  shareOnlyApproved: 'Only an approved report can be sent to the family and school.',
  alreadyShared: 'This report has already gone to the family and school.',
  nobodyToShareWith: 'Nobody is on record to send it to: add the learner’s contact email, or mark a school contact to receive reports, then send it.',
  attendanceFor: (names: string[]) => `Give attendance for every learner of the lesson: ${names.join(', ')}.`,
  unknownLearner: 'Attendance can only be given for the lesson’s learners.',
  concernLearner: 'Choose one of the lesson’s learners.',
  periodOrder: 'The last day cannot come before the first.',
  periodTooLong: 'Choose a period of two years or less.',
} as const
