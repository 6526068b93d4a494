import { ENUMS, PARAMETERS } from '@shared/contract.gen'
import { defineListSearch } from '@/ui/back-office/list-search'

const { pageSize, q, page } = PARAMETERS.listRegistrations

/** The contract's back-office limits (AdminPageSize, Page, Search) and the page sizes the lists offer within them. */
const adminPaging = { pageSizes: [10, 20, 50, pageSize.maximum], defaultPageSize: pageSize.default, maxQueryLength: q.maxLength, maxPage: page.maximum } as const

/** /admin/registrations: type and status filters, search, newest first by default. */
export const registrationListSpec = defineListSearch({
  filters: { type: ENUMS.RegistrationType, status: ENUMS.RegistrationStatus },
  sorts: PARAMETERS.listRegistrations.sort.enum,
  ...adminPaging,
})

/**
 * /admin/students: a status filter, search and pages, newest first. `tab=all` is kept for older links (it is the
 * only tab, and means every status).
 */
export const studentListSpec = defineListSearch({ filters: { tab: ['all'], status: ENUMS.StudentStatus }, sorts: [], ...adminPaging })

/** /admin/schools: search and pages, newest first. */
export const schoolListSpec = defineListSearch({ filters: {}, sorts: [], ...adminPaging })

const tutorParameters = PARAMETERS.listTutors

/** /admin/tutors: status tabs, subject, mode and area filters, search, by name or newest. */
export const tutorListSpec = defineListSearch({
  filters: {
    status: ENUMS.TutorStatus,
    subject: { maxLength: tutorParameters.subject.maxLength },
    mode: ENUMS.DeliveryMode,
    area: { maxLength: tutorParameters.area.maxLength },
    check: ENUMS.CheckFilter,
  },
  sorts: tutorParameters.sort.enum,
  ...adminPaging,
})

/** /admin/contact-messages: a status filter (or open: not yet handled), search and pages, newest first. */
export const contactMessageListSpec = defineListSearch({ filters: { status: ENUMS.ContactMessageFilter }, sorts: [], ...adminPaging })

/** /admin/settings/media: ready or still missing its alt text and caption, search and pages, newest first. */
export const mediaListSpec = defineListSearch({ filters: { ready: ['yes', 'no'] }, sorts: [], ...adminPaging })

/** /admin/courses: a status filter, search and pages; featured courses first in their order, then by title. */
export const courseListSpec = defineListSearch({ filters: { status: ENUMS.CourseStatus }, sorts: [], ...adminPaging })

/** /admin/blogs: a status filter, search and pages; the post changed last comes first. */
export const blogListSpec = defineListSearch({ filters: { status: ENUMS.PostStatus }, sorts: [], ...adminPaging })

/** /admin/settings/mail: a status filter (or failed_this_week, the dashboard's figure) and pages, newest first. */
export const mailListSpec = defineListSearch({ filters: { status: ENUMS.MailFilter }, sorts: [], ...adminPaging })

/** /admin/settings/staff: role and status filters, search and pages, by name. */
export const staffListSpec = defineListSearch({ filters: { role: ENUMS.Role, status: ENUMS.StaffStatus }, sorts: [], ...adminPaging })
