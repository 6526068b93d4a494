import { ENUMS, LIMITS, PARAMETERS } from '@shared/contract.gen'
import type { EnumValue } from '@shared/labels'
import type { ConcernListQuery } from '@/api/safeguarding-concerns'
import { defineListSearch, resolveListSearch, validateListSearch, type ListSearch } from '@/ui/back-office/list-search'
import { reportPaging } from './report-words'

const { page, pageSize } = PARAMETERS.listSafeguardingConcerns

/**
 * /admin/reports/concerns: the status (to act on, open or in hand, unless the address says otherwise; `all` is every
 * status) and severity.
 */
export const concernListSpec = defineListSearch({
  filters: { status: [...ENUMS.ConcernFilter, 'all'], severity: ENUMS.ConcernSeverity },
  sorts: [],
  ...reportPaging,
  defaultPageSize: pageSize.default,
  maxPage: page.maximum,
})

export type ConcernListSearch = ListSearch<(typeof concernListSpec)['filters'], never>

export function validateConcernSearch(raw: Record<string, unknown>): ConcernListSearch {
  return validateListSearch(concernListSpec, raw)
}

/** The status the list shows: every concern still to act on when the address names none, every status for `all`. */
export function concernStatus(search: Pick<ConcernListSearch, 'status'>): EnumValue<'ConcernFilter'> | undefined {
  if (search.status === 'all') return undefined
  return search.status ?? 'to_act_on'
}

/** What listSafeguardingConcerns takes: the address's state, defaults and all. */
export function concernApiQuery(search: ConcernListSearch): ConcernListQuery {
  const { severity, page, pageSize } = resolveListSearch(concernListSpec, search)
  const status = concernStatus(search)
  return { ...(status ? { status } : {}), ...(severity ? { severity } : {}), page, pageSize }
}

/** The contract's limit for the note that goes with a status change. */
export const CONCERN_NOTE_LIMITS = LIMITS.ConcernStatusChange.note
