import { ENUMS, LIMITS, PARAMETERS } from '@shared/contract.gen'
import { isoDay } from '@shared/dates'
import type { EnumValue } from '@shared/labels'
import type { ReportListQuery } from '@/api/lesson-reports'
import type { Lesson } from '@/api/lessons'
import { defineListSearch, resolveListSearch, validateListSearch, type ListSearch, type ResolvedListSearch } from '@/ui/back-office/list-search'
import { formatDate } from '@/ui/format-date-time'
import { learnerNames, lessonWhen } from '@/routes/_authenticated/-components/lesson-words'
import { UUID_PATTERN } from '@shared/uuid'

const DAY = /^\d{4}-\d{2}-\d{2}$/

/**
 * A tutor, learner or school filter holds the record's id, a date filter a day ("2026-03-03"); what the address holds
 * is kept to the back office's longest search text (the contract's Search), then checked as an id or a day below.
 */
const CHECKED_TEXT = { maxLength: PARAMETERS.listRegistrations.q.maxLength } as const

const { page, pageSize } = PARAMETERS.listLessonReports

/** The contract's back-office limits, the same page sizes the other lists offer, and no search box. */
export const reportPaging = { pageSizes: [10, 20, 50, pageSize.maximum], defaultPageSize: pageSize.default, maxQueryLength: 0, maxPage: page.maximum } as const

/**
 * /admin/reports: the report state (to review unless the address says otherwise; `all` is every sent report), the
 * tutor, learner and school, and a period, newest lesson first.
 */
export const reportListSpec = defineListSearch({
  filters: { state: [...ENUMS.ReportState, 'all'], tutorId: CHECKED_TEXT, studentId: CHECKED_TEXT, schoolId: CHECKED_TEXT, from: CHECKED_TEXT, to: CHECKED_TEXT },
  sorts: [],
  ...reportPaging,
})

type ReportFilters = (typeof reportListSpec)['filters']
export type ReportListSearch = ListSearch<ReportFilters, never>
export type ResolvedReportSearch = ResolvedListSearch<ReportFilters, never>

/** Whether a text is a real calendar day in the form the API takes. */
export function isDay(value: string): boolean {
  if (!DAY.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && isoDay(date, 'utc') === value
}

/** The router's `validateSearch`: the list's own checks, then ids that cannot be ids and days that are not days drop out. */
export function validateReportSearch(raw: Record<string, unknown>): ReportListSearch {
  const search = validateListSearch(reportListSpec, raw)
  const id = (value: string | undefined) => (value !== undefined && UUID_PATTERN.test(value) ? value : undefined)
  const day = (value: string | undefined) => (value !== undefined && isDay(value) ? value : undefined)
  return { ...search, tutorId: id(search.tutorId), studentId: id(search.studentId), schoolId: id(search.schoolId), from: day(search.from), to: day(search.to) }
}

/** The report state the list shows: to review when the address names none, nothing (every sent report) for `all`. */
export function reportState(search: Pick<ReportListSearch, 'state'>): EnumValue<'ReportState'> | undefined {
  if (search.state === 'all') return undefined
  return search.state ?? 'to_review'
}

/** What listLessonReports takes: the address's state, defaults and all. */
export function reportApiQuery(search: ReportListSearch): ReportListQuery {
  const { tutorId, studentId, schoolId, from, to, page, pageSize } = resolveListSearch(reportListSpec, search)
  const state = reportState(search)
  return {
    ...(state ? { state } : {}),
    ...(tutorId ? { tutorId } : {}),
    ...(studentId ? { studentId } : {}),
    ...(schoolId ? { schoolId } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    page,
    pageSize,
  }
}

/** Whether a tutor, learner, school or period narrows the list (the state alone is a view, not a filter). */
export function reportListNarrowed(search: ReportListSearch): boolean {
  return [search.tutorId, search.studentId, search.schoolId, search.from, search.to].some((value) => value !== undefined)
}

/** A sent report waiting for the office: the ones a reviewer can approve, one at a time or several at once. */
export function isToReview(lesson: Pick<Lesson, 'status'>): boolean {
  return lesson.status === 'submitted' || lesson.status === 'resubmitted'
}

/** "7 Dec 2026, 16:30" (London time, as the lesson was booked): a list row's title. */
export function lessonStart(lesson: Pick<Lesson, 'date' | 'startTime'>): string {
  return `${formatDate(lesson.date)}, ${lesson.startTime}`
}

/** "16:30–17:30" */
export function lessonHours(lesson: Pick<Lesson, 'date' | 'startTime' | 'minutes'>): string {
  return lessonWhen(lesson).split(', ')[1] ?? lesson.startTime
}

/** A lesson in a few words, for a checkbox's name or a message: "Maths with Ada Lovelace, 7 Dec 2026, 16:30". */
export function lessonName(lesson: Pick<Lesson, 'subject' | 'learners' | 'date' | 'startTime'>): string {
  return `${lesson.subject} with ${learnerNames(lesson)}, ${lessonStart(lesson)}`
}

/** The contract's limit for a return comment. */
export const RETURN_COMMENT_LIMITS = LIMITS.ReportReturn.comment

/** The contract's limit for why a report is held back from the family. */
export const HOLD_BACK_REASON_LIMITS = LIMITS.ReportApproval.reason
