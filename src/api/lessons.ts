import { queryOptions } from '@tanstack/react-query'
import { PARAMETERS } from '@shared/contract.gen'
import { ifMatch, unwrap, type ApiClient } from './client'
import { queryKeys } from './query-keys'
import type { components, operations } from './schema.gen'

type Schemas = components['schemas']
export type Lesson = Schemas['Lesson']
/** A lesson as the office reads it. */
export type LessonDetail = Schemas['LessonDetail']
/** A lesson as its tutor reads it: their draft, and the concerns they raised without the office's handling. */
export type MyLessonDetail = Schemas['MyLessonDetail']
export type LessonPlan = Schemas['LessonPlan']
export type LessonMove = Schemas['LessonMove']
export type LessonCancellation = Schemas['LessonCancellation']
export type LessonReportInput = Schemas['LessonReportInput']
export type LessonReportDraft = Schemas['LessonReportDraft']
export type TutorOverview = Schemas['TutorOverview']
export type MyLessonQuery = NonNullable<operations['listMyLessons']['parameters']['query']>

/** The signed-in tutor's lessons and reports; TUTOR only. The learners placed with them are in my-learners.ts. */
export function createLessonsApi(client: ApiClient) {
  const path = (lessonId: string) => ({ path: { lessonId } })
  return {
    overview: () => unwrap(client.GET('/tutor/overview')),
    list: (query: MyLessonQuery) => unwrap(client.GET('/tutor/lessons', { params: { query } })),
    get: (lessonId: string) => unwrap(client.GET('/tutor/lessons/{lessonId}', { params: path(lessonId) })),
    plan: (body: LessonPlan) => unwrap(client.POST('/tutor/lessons', { body })),
    move: (lessonId: string, version: number, body: LessonMove) =>
      unwrap(client.POST('/tutor/lessons/{lessonId}/move', { params: { ...path(lessonId), header: ifMatch(version) }, body })),
    cancel: (lessonId: string, version: number, body: LessonCancellation) =>
      unwrap(client.POST('/tutor/lessons/{lessonId}/cancel', { params: { ...path(lessonId), header: ifMatch(version) }, body })),
    markMissed: (lessonId: string, version: number, body: Schemas['LessonMissed']) =>
      unwrap(client.POST('/tutor/lessons/{lessonId}/missed', { params: { ...path(lessonId), header: ifMatch(version) }, body })),
    /** `keepalive` lets the save outlive the page, when it is sent as the page is hidden or left. */
    saveDraft: (lessonId: string, body: LessonReportDraft, options: { keepalive?: boolean } = {}) =>
      unwrap(client.PUT('/tutor/lessons/{lessonId}/report-draft', { params: path(lessonId), body, ...options })),
    submitReport: (lessonId: string, version: number, body: LessonReportInput) =>
      unwrap(client.POST('/tutor/lessons/{lessonId}/report', { params: { ...path(lessonId), header: ifMatch(version) }, body })),
  }
}

export type LessonsApi = ReturnType<typeof createLessonsApi>

export function tutorOverviewQueryOptions(lessonsApi: LessonsApi) {
  // Fetched again on opening: the to-do list is what the tutor acts on.
  return queryOptions({ queryKey: queryKeys.lessons.overview(), queryFn: () => lessonsApi.overview(), staleTime: 0 })
}

export function myLessonsQueryOptions(lessonsApi: LessonsApi, query: MyLessonQuery) {
  return queryOptions({ queryKey: queryKeys.lessons.list(query), queryFn: () => lessonsApi.list(query) })
}

/** The most lessons one page of the tutor's list may hold (the contract's page size limit). */
const LESSONS_PER_PAGE = PARAMETERS.listMyLessons.pageSize.maximum

/**
 * Every lesson a paged list holds, read `perPage` at a time: the first page, then the rest together (a month of a busy
 * tutor, or of the whole office, may hold more than one). Each lesson once, in the order the pages give them.
 */
export async function everyLesson(readPage: (page: number) => Promise<{ items: Lesson[]; total: number }>, perPage: number): Promise<Lesson[]> {
  const first = await readPage(1)
  const pages = Math.ceil(first.total / perPage)
  const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, index) => readPage(index + 2)))
  // A lesson planned while the pages were read may push one onto the next page: each lesson once.
  const byId = new Map([first, ...rest].flatMap((page) => page.items).map((lesson) => [lesson.id, lesson]))
  return [...byId.values()]
}

/** Every lesson of the signed-in tutor from one London day to another, both included, soonest first. */
export function myLessonsBetweenQueryOptions(lessonsApi: LessonsApi, range: { from: string; to: string }) {
  return queryOptions({
    queryKey: queryKeys.lessons.between(range),
    queryFn: (): Promise<Lesson[]> =>
      everyLesson((page) => lessonsApi.list({ from: range.from, to: range.to, pageSize: LESSONS_PER_PAGE, page }), LESSONS_PER_PAGE),
  })
}

export function myLessonQueryOptions(lessonsApi: LessonsApi, lessonId: string) {
  return queryOptions({ queryKey: queryKeys.lessons.detail(lessonId), queryFn: () => lessonsApi.get(lessonId), staleTime: 0 })
}

/** What a lesson change touches: the tutor's lessons and overview, and the office's reports. */
export const LESSON_FAMILIES = [queryKeys.lessons.all, queryKeys.reports.all] as const
