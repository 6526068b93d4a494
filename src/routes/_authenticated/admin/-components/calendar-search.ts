import { ENUMS } from '@shared/contract.gen'
import { UUID_PATTERN } from '@shared/uuid'
import type { OfficeLessonFilters } from '@/api/office-calendar'

// The office's calendar's address: the tutor, school, learner and way of teaching it is narrowed to, so a narrowed
// calendar can be shared or reloaded as it is.

/** What the address holds: the filters, each undefined when it is not set (and so left out of the address). */
export type CalendarSearch = OfficeLessonFilters

/**
 * The router's `validateSearch`: an id that cannot be one, or a way of teaching the contract does not have, drops out.
 * Every key is present (undefined when not set), since the router lays a route's search over the raw address values.
 */
export function validateCalendarSearch(raw: Record<string, unknown>): CalendarSearch {
  const id = (value: unknown) => (typeof value === 'string' && UUID_PATTERN.test(value) ? value : undefined)
  const mode = ENUMS.DeliveryMode.find((value) => value === raw.mode)
  return { tutorId: id(raw.tutorId), schoolId: id(raw.schoolId), studentId: id(raw.studentId), mode }
}

/** How many filters are set. */
export function filterCount(search: CalendarSearch): number {
  return [search.tutorId, search.schoolId, search.studentId, search.mode].filter((value) => value !== undefined).length
}
