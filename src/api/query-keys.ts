import type { QueryClient } from '@tanstack/react-query'
import type { components, operations } from './schema.gen'

type DeliveryMode = components['schemas']['DeliveryMode']
type PageSlug = components['schemas']['PageSlug']
type QueryOf<Operation extends keyof operations> = NonNullable<operations[Operation]['parameters']['query']>

/**
 * Query-key families. Each family's root key invalidates everything under it; detail and list keys sit
 * beneath the roots (`['blogs', 'detail', id]`), so staff edits later invalidate a whole family at once.
 */
export const queryKeys = {
  user: { all: ['user'] as const, me: () => ['user', 'me'] as const, secondFactor: () => ['user', 'second-factor'] as const, sessions: () => ['user', 'sessions'] as const },
  tutors: {
    all: ['tutors'] as const,
    list: (query: QueryOf<'listTutors'>) => ['tutors', 'list', query] as const,
    detail: (tutorId: string) => ['tutors', 'detail', tutorId] as const,
  },
  students: {
    all: ['students'] as const,
    list: (query: QueryOf<'listStudents'>) => ['students', 'list', query] as const,
    detail: (studentId: string) => ['students', 'detail', studentId] as const,
  },
  contactMessages: {
    all: ['contactMessages'] as const,
    list: (query: QueryOf<'listContactMessages'>) => ['contactMessages', 'list', query] as const,
    detail: (messageId: string) => ['contactMessages', 'detail', messageId] as const,
  },
  dashboard: { all: ['dashboard'] as const, figures: () => ['dashboard', 'figures'] as const },
  /** The family page, by the link it was opened with (never a staff family: nothing of the office's invalidates it). */
  family: { all: ['family'] as const, page: (link: string) => ['family', 'page', link] as const },
  placements: {
    all: ['placements'] as const,
    list: (query: QueryOf<'listPlacements'>) => ['placements', 'list', query] as const,
    suggestions: (studentId: string, query: QueryOf<'suggestTutors'>) => ['placements', 'suggestions', studentId, query] as const,
    preview: (input: components['schemas']['PlacementInput']) => ['placements', 'preview', input] as const,
  },
  blogs: {
    all: ['blogs'] as const,
    list: (page: { page: number; pageSize: number }) => ['blogs', 'list', page] as const,
    detail: (postId: string) => ['blogs', 'detail', postId] as const,
    /** The office's list, records and previews sit in the same family, so an edit refreshes the public blog too. */
    records: (query: QueryOf<'listPostRecords'>) => ['blogs', 'records', query] as const,
    record: (postId: string) => ['blogs', 'record', postId] as const,
    preview: (postId: string) => ['blogs', 'preview', postId] as const,
  },
  courses: {
    all: ['courses'] as const,
    list: (filter: { mode?: DeliveryMode; featured?: boolean; subject?: string }) => ['courses', 'list', filter] as const,
    detail: (courseId: string) => ['courses', 'detail', courseId] as const,
    /** The office's list and records sit in the same family, so an edit refreshes the public lists too. */
    records: (query: QueryOf<'listCourseRecords'>) => ['courses', 'records', query] as const,
    record: (courseId: string) => ['courses', 'record', courseId] as const,
  },
  media: {
    all: ['media'] as const,
    list: (query: QueryOf<'listMediaItems'>) => ['media', 'list', query] as const,
    detail: (mediaId: string) => ['media', 'detail', mediaId] as const,
  },
  users: { all: ['users'] as const },
  /** The office's list of accounts that sign in (admins and tutors), by name. */
  mail: {
    all: ['mail'] as const,
    list: (query: QueryOf<'listMail'>) => ['mail', 'list', query] as const,
    detail: (mailId: string) => ['mail', 'detail', mailId] as const,
  },
  staff: {
    all: ['staff'] as const,
    list: (query: QueryOf<'listStaffAccounts'>) => ['staff', 'list', query] as const,
  },
  schools: {
    all: ['schools'] as const,
    list: (query: QueryOf<'listSchools'>) => ['schools', 'list', query] as const,
    detail: (schoolId: string) => ['schools', 'detail', schoolId] as const,
  },

  registrations: {
    all: ['registrations'] as const,
    list: (query: QueryOf<'listRegistrations'>) => ['registrations', 'list', query] as const,
    detail: (registrationId: string) => ['registrations', 'detail', registrationId] as const,
  },
  enrolments: { all: ['enrolments'] as const },
  reports: {
    all: ['reports'] as const,
    list: (query: QueryOf<'listLessonReports'>) => ['reports', 'list', query] as const,
    detail: (lessonId: string) => ['reports', 'detail', lessonId] as const,
    figures: (query: QueryOf<'getLessonFigures'>) => ['reports', 'figures', query] as const,
    termSummary: (schoolId: string, query: QueryOf<'getSchoolTermSummary'>) => ['reports', 'term-summary', schoolId, query] as const,
    /**
     * The office's calendar: every lesson of some days, narrowed by its filters (all pages of them). In the reports
     * family, which every change to a lesson refreshes, whether the office or a tutor makes it.
     */
    calendar: (query: QueryOf<'listOfficeLessons'>) => ['reports', 'calendar', query] as const,
  },
  concerns: {
    all: ['concerns'] as const,
    list: (query: QueryOf<'listSafeguardingConcerns'>) => ['concerns', 'list', query] as const,
    detail: (concernId: string) => ['concerns', 'detail', concernId] as const,
  },
  lessons: {
    all: ['lessons'] as const,
    overview: () => ['lessons', 'overview'] as const,
    learners: () => ['lessons', 'learners'] as const,
    learner: (studentId: string) => ['lessons', 'learners', studentId] as const,
    list: (query: QueryOf<'listMyLessons'>) => ['lessons', 'list', query] as const,
    /** Every lesson from one London day to another, all pages of them (the calendar). */
    between: (range: { from: string; to: string }) => ['lessons', 'between', range] as const,
    detail: (lessonId: string) => ['lessons', 'detail', lessonId] as const,
  },
  calendar: { all: ['calendar'] as const, feed: () => ['calendar', 'feed'] as const },
  gallery: { all: ['gallery'] as const, list: () => ['gallery', 'list'] as const, records: () => ['gallery', 'records'] as const },
  site: {
    all: ['site'] as const,
    settings: () => ['site', 'settings'] as const,
    page: (pageSlug: PageSlug) => ['site', 'page', pageSlug] as const,
    /** The office's records sit in the same family, so a save refreshes what the public pages and footer show. */
    settingsRecord: () => ['site', 'settings-record'] as const,
    pageRecords: () => ['site', 'page-records'] as const,
    pageRecord: (pageSlug: PageSlug) => ['site', 'page-record', pageSlug] as const,
  },
  subjects: { all: ['subjects'] as const, list: () => ['subjects', 'list'] as const },
  termCalendar: { all: ['term-calendar'] as const, record: () => ['term-calendar', 'record'] as const },
  retention: { all: ['retention'] as const, settings: () => ['retention', 'settings'] as const, runs: () => ['retention', 'runs'] as const },
}

type QueryKeyFamily = (typeof queryKeys)[keyof typeof queryKeys]['all']

/** What login, forget-password and reset-password invalidate: every family, since who is asking changed. */
export const broadInvalidation: readonly QueryKeyFamily[] = Object.values(queryKeys).map((family) => family.all)

/** What change-password invalidates. */
export const userInvalidation: readonly QueryKeyFamily[] = [queryKeys.user.all]

export async function invalidateFamilies(queryClient: QueryClient, families: readonly QueryKeyFamily[]): Promise<void> {
  await Promise.all(families.map((queryKey) => queryClient.invalidateQueries({ queryKey })))
}
