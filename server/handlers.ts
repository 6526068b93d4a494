import { changePassword, forgetPassword, getMe, login, logout, resetPassword, updateMe } from './auth/handlers.ts'
import { changePostStatus, createPost, deletePost, getBlogPost, getPostRecord, listBlogPosts, listPostRecords, previewPost, updatePost } from './blog-posts/handlers.ts'
import { changeContactMessageStatus, createContactMessage, getContactMessage, listContactMessages } from './contact-messages/handlers.ts'
import { getDashboard } from './dashboard/handlers.ts'
import type { Handlers } from './contract/types.ts'
import { changeCourseStatus, createCourse, deleteCourse, getCourse, getCourseRecord, listCourseRecords, listCourses, orderFeaturedCourses, updateCourse } from './courses/handlers.ts'
import { addGalleryItem, listGalleryItems, listGalleryRecords, orderGalleryItems, removeGalleryItem, updateGalleryItem } from './gallery/handlers.ts'
import { deleteMediaItem, getMedia, getMediaItem, listMediaItems, replaceMediaFile, updateMediaItem, uploadMedia } from './media/handlers.ts'
import {
  acceptRegistration,
  addRegistrationNote,
  changeRegistrationStatus,
  createCourseEnrolment,
  createSchoolEnrolment,
  createSubjectEnrolment,
  createTutorApplication,
  getRegistration,
  listRegistrations,
} from './registrations/handlers.ts'
import { listHistory } from './history/handlers.ts'
import { createSchool, deleteSchool, getSchool, listSchools, updateSchool } from './schools/handlers.ts'
import { getSitePage, getSitePageRecord, getSiteSettings, getSiteSettingsRecord, listSitePageRecords, updateSitePage, updateSiteSettings } from './site-settings/handlers.ts'
import { createStudent, getStudent, listStudents, updateStudent } from './students/handlers.ts'
import { listSubjects } from './subjects/handlers.ts'
import { getMyLearner, listMyLearners } from './my-learners/handlers.ts'
import { createPlacement, endPlacement, listPlacements, movePlacement, suggestTutors } from './placements/handlers.ts'
import { changeTutorStatus, getTutor, inviteTutor, listTutors, recordSafeguardingCheck, updateTutor } from './tutors/handlers.ts'
import { getHealth, listDevOutbox } from './system/handlers.ts'
import { changeStaffRole, changeStaffStatus, inviteAdmin, listStaffAccounts } from './staff/handlers.ts'
import { cancelLesson, getMyLesson, getTutorOverview, listMyLessons, markLessonMissed, moveLesson, planLessons, saveLessonReportDraft, submitLessonReport } from './lessons/handlers.ts'
import { approveLessonReport, approveLessonReports, getLessonReport, listLessonReports, returnLessonReport } from './lesson-reports/handlers.ts'
import { changeSafeguardingConcernStatus, getSafeguardingConcern, listSafeguardingConcerns } from './safeguarding-concerns/handlers.ts'
import { exportLessonFigureRows, getLessonFigures, getSchoolTermSummary } from './lesson-figures/handlers.ts'

/**
 * Every contract operation's handler, each from its resource's `handlers.ts`; the type makes a missing or unknown
 * operation a compile error.
 */
export const handlers: Handlers = {
  login,
  forgetPassword,
  resetPassword,
  changePassword,
  logout,
  getMe,
  updateMe,
  listBlogPosts,
  getBlogPost,
  listPostRecords,
  createPost,
  getPostRecord,
  updatePost,
  deletePost,
  changePostStatus,
  previewPost,
  listCourses,
  getCourse,
  listCourseRecords,
  createCourse,
  orderFeaturedCourses,
  getCourseRecord,
  updateCourse,
  deleteCourse,
  changeCourseStatus,
  listMediaItems,
  uploadMedia,
  getMediaItem,
  updateMediaItem,
  deleteMediaItem,
  replaceMediaFile,
  listGalleryItems,
  listGalleryRecords,
  addGalleryItem,
  orderGalleryItems,
  updateGalleryItem,
  removeGalleryItem,
  getSiteSettings,
  getSitePage,
  getSiteSettingsRecord,
  updateSiteSettings,
  listSitePageRecords,
  getSitePageRecord,
  updateSitePage,
  createContactMessage,
  listSubjects,
  createSubjectEnrolment,
  createCourseEnrolment,
  createSchoolEnrolment,
  createTutorApplication,
  listRegistrations,
  getRegistration,
  changeRegistrationStatus,
  addRegistrationNote,
  acceptRegistration,
  listStudents,
  createStudent,
  getStudent,
  updateStudent,
  listTutors,
  listContactMessages,
  getContactMessage,
  changeContactMessageStatus,
  getDashboard,
  suggestTutors,
  listPlacements,
  createPlacement,
  endPlacement,
  movePlacement,
  listMyLearners,
  getMyLearner,
  getTutorOverview,
  listMyLessons,
  planLessons,
  getMyLesson,
  moveLesson,
  cancelLesson,
  markLessonMissed,
  saveLessonReportDraft,
  submitLessonReport,
  listLessonReports,
  getLessonReport,
  approveLessonReport,
  returnLessonReport,
  approveLessonReports,
  listSafeguardingConcerns,
  getSafeguardingConcern,
  changeSafeguardingConcernStatus,
  getLessonFigures,
  exportLessonFigureRows,
  getSchoolTermSummary,
  inviteTutor,
  getTutor,
  updateTutor,
  changeTutorStatus,
  recordSafeguardingCheck,
  listSchools,
  createSchool,
  getSchool,
  updateSchool,
  deleteSchool,
  listHistory,
  getMedia,
  getHealth,
  listDevOutbox,
  listStaffAccounts,
  inviteAdmin,
  changeStaffRole,
  changeStaffStatus,
}
