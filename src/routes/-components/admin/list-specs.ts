import { defineListSearch } from '../../../ui/back-office/list-search'
import { registrationStatuses, registrationTypes } from './registration-labels'

/** The contract's back-office limits: AdminPageSize (1–100, default 20), Page (up to 10 000), Search (100 characters). */
const adminPaging = { pageSizes: [10, 20, 50, 100], defaultPageSize: 20, maxQueryLength: 100, maxPage: 10_000 } as const

/** /admin/registrations: type and status filters, search, newest first by default. */
export const registrationListSpec = defineListSearch({
  filters: { type: registrationTypes, status: registrationStatuses },
  sorts: ['newest', 'oldest', 'name'],
  ...adminPaging,
})

/**
 * /admin/students. `tab=all` is the one tab there is (older links and tests use it); the list has a fixed
 * order, newest first.
 */
export const studentListSpec = defineListSearch({ filters: { tab: ['all'] }, sorts: [], ...adminPaging })

/** /admin/schools: search and pages, newest first. */
export const schoolListSpec = defineListSearch({ filters: {}, sorts: [], ...adminPaging })
