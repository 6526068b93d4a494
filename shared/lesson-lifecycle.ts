import { getNextSnapshot, setup } from 'xstate'

/**
 * A lesson's life, from planning to an approved report, as one machine both sides run: the server refuses any move
 * the machine does not take (409), and the tutor's screens offer only the moves it takes. It decides statuses only;
 * who may send which event (a tutor reports, the office approves) is the API's roles, and the data each event
 * carries (the report, the comment, who cancelled) is the API's schemas.
 *
 * planned → awaiting_report once the lesson's time has passed → submitted → approved, or returned to the tutor with
 * a comment → resubmitted → approved (or returned again); a planned lesson can be moved, cancelled (by whom, with
 * notice or late) or marked missed (the learner did not come), and so can one whose time has passed but whose
 * report is not written yet, since a late cancellation or an absence is often recorded afterwards.
 */
export const LESSON_STATUSES = ['planned', 'awaiting_report', 'submitted', 'returned', 'resubmitted', 'approved', 'cancelled', 'missed'] as const
export type LessonStatus = (typeof LESSON_STATUSES)[number]

export const LESSON_EVENTS = ['TIME_PASSED', 'MOVE', 'CANCEL', 'MARK_MISSED', 'SUBMIT_REPORT', 'EDIT_REPORT', 'RETURN', 'RESUBMIT', 'APPROVE'] as const
export type LessonEventType = (typeof LESSON_EVENTS)[number]
export type LessonEvent = { type: LessonEventType }

export const lessonMachine = setup({
  types: { events: {} as LessonEvent },
}).createMachine({
  id: 'lesson',
  initial: 'planned',
  states: {
    planned: {
      description: 'Booked for a day and time still to come',
      on: { TIME_PASSED: 'awaiting_report', MOVE: 'planned', CANCEL: 'cancelled', MARK_MISSED: 'missed' },
    },
    awaiting_report: {
      description: 'Its time has passed; the tutor writes the report (overdue after 48 hours)',
      on: { SUBMIT_REPORT: 'submitted', CANCEL: 'cancelled', MARK_MISSED: 'missed' },
    },
    submitted: {
      description: 'Report sent; the tutor may still edit it until the office approves or returns it',
      on: { EDIT_REPORT: 'submitted', APPROVE: 'approved', RETURN: 'returned' },
    },
    returned: {
      description: 'Sent back to the tutor with a comment',
      on: { RESUBMIT: 'resubmitted' },
    },
    resubmitted: {
      description: 'Report sent again after changes',
      on: { EDIT_REPORT: 'resubmitted', APPROVE: 'approved', RETURN: 'returned' },
    },
    approved: { type: 'final', description: 'Report approved by the office' },
    cancelled: { type: 'final', description: 'Did not happen: cancelled by the family, the school, the tutor or the office' },
    missed: { type: 'final', description: 'Did not happen: the learner did not come' },
  },
})

function snapshotAt(status: LessonStatus) {
  return lessonMachine.resolveState({ value: status, context: {} })
}

/** The status a lesson moves to on this event, or undefined when the machine does not take the move. */
export function nextLessonStatus(status: LessonStatus, event: LessonEventType): LessonStatus | undefined {
  const snapshot = snapshotAt(status)
  if (!snapshot.can({ type: event })) return undefined
  return getNextSnapshot(lessonMachine, snapshot, { type: event }).value
}

/** The events a lesson in this status takes, in the machine's order. */
export function lessonMoves(status: LessonStatus): LessonEventType[] {
  const snapshot = snapshotAt(status)
  return LESSON_EVENTS.filter((type) => snapshot.can({ type }))
}

/** Whether nothing more can happen to the lesson. */
export function isSettled(status: LessonStatus): boolean {
  return snapshotAt(status).status === 'done'
}
