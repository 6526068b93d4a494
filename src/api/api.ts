import { createAuthApi } from './auth'
import { createBlogPostRecordsApi } from './blog-post-records'
import { createBlogPostsApi } from './blog-posts'
import { createCalendarApi } from './calendar'
import type { ApiClient } from './client'
import { createContactMessagesApi } from './contact-messages'
import { createCourseRecordsApi } from './course-records'
import { createCoursesApi } from './courses'
import { createDashboardApi } from './dashboard'
import { createErasureApi } from './erasure'
import { createGalleryApi } from './gallery'
import { createGalleryRecordsApi } from './gallery-records'
import { createHistoryApi } from './history'
import { createLessonFiguresApi } from './lesson-figures'
import { createLessonReportsApi } from './lesson-reports'
import { createLessonSeriesApi } from './lesson-series'
import { createLessonsApi } from './lessons'
import { createMailApi } from './mail'
import { createMediaApi } from './media'
import { createMyLearnersApi } from './my-learners'
import { createOfficeCalendarApi } from './office-calendar'
import { createPersonalDataApi } from './personal-data'
import { createFamilyApi } from './family'
import { createPlacementsApi } from './placements'
import { createRecordOpeningsApi } from './record-openings'
import { createRegistrationsApi } from './registrations'
import { createRetentionApi } from './retention'
import { createSafeguardingConcernsApi } from './safeguarding-concerns'
import { createSchoolsApi } from './schools'
import { createSiteSettingsApi } from './site-settings'
import { createSiteSettingsRecordsApi } from './site-settings-records'
import { createStaffApi } from './staff'
import { createStudentsApi } from './students'
import { createSubjectsApi } from './subjects'
import { createTermCalendarApi } from './term-calendar'
import { createTutorsApi } from './tutors'
import type { Uploader } from './upload'

/**
 * The typed operations the app calls, one family per contract tag and named for it (a tag's office editor, where
 * the contract calls its shapes records, is `<tag>Records`); routes reach them through the router context.
 */
export function createApi(client: ApiClient, upload: Uploader) {
  return {
    auth: createAuthApi(client),
    blogPosts: createBlogPostsApi(client),
    blogPostRecords: createBlogPostRecordsApi(client),
    courses: createCoursesApi(client),
    courseRecords: createCourseRecordsApi(client),
    media: createMediaApi(client, upload),
    gallery: createGalleryApi(client),
    galleryRecords: createGalleryRecordsApi(client),
    siteSettings: createSiteSettingsApi(client),
    siteSettingsRecords: createSiteSettingsRecordsApi(client),
    retention: createRetentionApi(client),
    staff: createStaffApi(client),
    mail: createMailApi(client),
    contactMessages: createContactMessagesApi(client),
    subjects: createSubjectsApi(client),
    registrations: createRegistrationsApi(client),
    students: createStudentsApi(client),
    schools: createSchoolsApi(client),
    tutors: createTutorsApi(client),
    placements: createPlacementsApi(client),
    calendar: createCalendarApi(client),
    termCalendar: createTermCalendarApi(client),
    history: createHistoryApi(client),
    recordOpenings: createRecordOpeningsApi(client),
    dashboard: createDashboardApi(client),
    myLearners: createMyLearnersApi(client),
    lessons: createLessonsApi(client),
    lessonReports: createLessonReportsApi(client),
    officeCalendar: createOfficeCalendarApi(client),
    lessonSeries: createLessonSeriesApi(client),
    safeguardingConcerns: createSafeguardingConcernsApi(client),
    lessonFigures: createLessonFiguresApi(client),
    erasure: createErasureApi(client),
    personalData: createPersonalDataApi(client),
    family: createFamilyApi(client),
  }
}

export type Api = ReturnType<typeof createApi>
