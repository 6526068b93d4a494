import type { Handlers } from '../contract/types.ts'
import {
  acceptRegistration,
  addRegistrationNote,
  changeRegistrationStatus,
  getRegistration,
  listRegistrations,
  listSchools,
  listStudents,
} from './admin-registrations.ts'
import { changePassword, forgetPassword, getMe, login, logout, resetPassword, updateMe } from './auth.ts'
import { createContactMessage } from './contact.ts'
import { createCourseEnrolment, createSchoolEnrolment, createSubjectEnrolment, createTutorApplication, listSubjects } from './registrations.ts'
import { getBlogPost, getCourse, getMedia, getSiteSettings, listBlogPosts, listCourses, listGalleryItems } from './site.ts'
import { getHealth, listDevOutbox } from './system.ts'

/** Every contract operation's handler; the type makes a missing or unknown operation a compile error. */
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
  listCourses,
  getCourse,
  listGalleryItems,
  getSiteSettings,
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
  listSchools,
  getMedia,
  getHealth,
  listDevOutbox,
}
