import { createAuthApi } from './auth'
import { createBlogsApi } from './blogs'
import type { ApiClient } from './client'
import { createContactApi } from './contact'
import { createCourseRecordsApi } from './course-records'
import { createCoursesApi } from './courses'
import { createDashboardApi } from './dashboard'
import { createEnrolmentsApi } from './enrolments'
import { createErasureApi } from './erasure'
import { createGalleryApi } from './gallery'
import { createGalleryRecordsApi } from './gallery-records'
import { createHistoryApi } from './history'
import { createLessonReportsApi } from './lesson-reports'
import { createLessonsApi } from './lessons'
import { createMailApi } from './mail'
import { createMediaApi } from './media'
import { createPersonalDataApi } from './personal-data'
import { createPlacementsApi } from './placements'
import { createPostRecordsApi } from './post-records'
import { createRecordOpeningsApi } from './record-openings'
import { createRegistrationsApi } from './registrations'
import { createRetentionApi } from './retention'
import { createSchoolsApi } from './schools'
import { createSiteApi } from './site'
import { createSiteRecordsApi } from './site-records'
import { createStaffApi } from './staff'
import { createStudentsApi } from './students'
import { createTutorApplicationsApi } from './tutor-applications'
import { createTutorsApi } from './tutors'
import type { Uploader } from './upload'

/** The typed operations the app calls, grouped by resource family; routes reach them through the router context. */
export function createApi(client: ApiClient, upload: Uploader) {
  return {
    auth: createAuthApi(client),
    blogs: createBlogsApi(client),
    postRecords: createPostRecordsApi(client),
    courses: createCoursesApi(client),
    courseRecords: createCourseRecordsApi(client),
    media: createMediaApi(client, upload),
    gallery: createGalleryApi(client),
    galleryRecords: createGalleryRecordsApi(client),
    site: createSiteApi(client),
    siteRecords: createSiteRecordsApi(client),
    retention: createRetentionApi(client),
    staff: createStaffApi(client),
    mail: createMailApi(client),
    contact: createContactApi(client),
    enrolments: createEnrolmentsApi(client),
    registrations: createRegistrationsApi(client),
    students: createStudentsApi(client),
    schools: createSchoolsApi(client),
    tutors: createTutorsApi(client),
    placements: createPlacementsApi(client),
    tutorApplications: createTutorApplicationsApi(client),
    history: createHistoryApi(client),
    recordOpenings: createRecordOpeningsApi(client),
    dashboard: createDashboardApi(client),
    lessons: createLessonsApi(client),
    lessonReports: createLessonReportsApi(client),
    erasure: createErasureApi(client),
    personalData: createPersonalDataApi(client),
  }
}

export type Api = ReturnType<typeof createApi>
