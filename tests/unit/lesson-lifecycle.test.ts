import { describe, expect, it } from 'vitest'
import { isSettled, LESSON_EVENTS, LESSON_STATUSES, lessonMachine, lessonMoves, nextLessonStatus, type LessonEventType, type LessonStatus } from '@shared/lesson-lifecycle'
import { ENUMS } from '@shared/contract.gen'

/**
 * Every transition of the lesson machine, and every move it refuses: the table below is the whole lifecycle as the
 * issue states it, so a change to the machine that is not a change to the lifecycle fails here.
 */
const EXPECTED: Record<LessonStatus, Partial<Record<LessonEventType, LessonStatus>>> = {
  planned: { TIME_PASSED: 'awaiting_report', MOVE: 'planned', CANCEL: 'cancelled', MARK_MISSED: 'missed' },
  awaiting_report: { SUBMIT_REPORT: 'submitted', CANCEL: 'cancelled', MARK_MISSED: 'missed' },
  submitted: { EDIT_REPORT: 'submitted', APPROVE: 'approved', RETURN: 'returned' },
  returned: { RESUBMIT: 'resubmitted' },
  resubmitted: { EDIT_REPORT: 'resubmitted', APPROVE: 'approved', RETURN: 'returned' },
  approved: {},
  cancelled: {},
  missed: {},
}

describe('the lesson lifecycle', () => {
  it('has a state for every status and starts planned', () => {
    expect(Object.keys(lessonMachine.states).sort()).toEqual([...LESSON_STATUSES].sort())
    expect(lessonMachine.config.initial).toBe('planned')
  })

  for (const status of LESSON_STATUSES) {
    for (const event of LESSON_EVENTS) {
      const to = EXPECTED[status][event]
      it(`${status} ${to ? `→ ${to} on` : 'refuses'} ${event}`, () => {
        expect(nextLessonStatus(status, event)).toBe(to)
      })
    }
  }

  it('offers each status exactly the moves it takes', () => {
    for (const status of LESSON_STATUSES) expect([...lessonMoves(status)].sort(), status).toEqual(Object.keys(EXPECTED[status]).sort())
  })

  it('settles on approved, cancelled and missed only', () => {
    expect(LESSON_STATUSES.filter(isSettled)).toEqual(['approved', 'cancelled', 'missed'])
  })

  it('reaches approved through a return and a resubmission', () => {
    const path: LessonEventType[] = ['MOVE', 'TIME_PASSED', 'SUBMIT_REPORT', 'EDIT_REPORT', 'RETURN', 'RESUBMIT', 'RETURN', 'RESUBMIT', 'APPROVE']
    const end = path.reduce<LessonStatus | undefined>((status, event) => (status === undefined ? undefined : nextLessonStatus(status, event)), 'planned')
    expect(end).toBe('approved')
  })
})

describe('the contract and the machine', () => {
  it('name the same statuses and events, in the same order', () => {
    expect(ENUMS.LessonStatus).toEqual(LESSON_STATUSES)
    expect(ENUMS.LessonEvent).toEqual(LESSON_EVENTS)
  })
})
