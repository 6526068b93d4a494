import { describe, expect, it } from 'vitest'
import { concernApiQuery, validateConcernSearch } from '@/routes/_authenticated/admin/reports/-components/concern-words'
import { isDay, reportApiQuery, reportListNarrowed, validateReportSearch } from '@/routes/_authenticated/admin/reports/-components/report-words'

const tutorId = '0b6f8c1e-3f7a-4c2d-9e55-1a2b3c4d5e6f'

describe('the reports address', () => {
  it('shows the reports to review when it names no state', () => {
    expect(validateReportSearch({})).toEqual({})
    expect(reportApiQuery({})).toEqual({ state: 'to_review', page: 1, pageSize: 20 })
  })

  it('asks for every sent report when the state is all', () => {
    expect(reportApiQuery(validateReportSearch({ state: 'all' }))).toEqual({ page: 1, pageSize: 20 })
  })

  it('keeps a valid state, record ids, days and page', () => {
    const search = validateReportSearch({ state: 'overdue', tutorId, from: '2026-01-01', to: '2026-03-31', page: 2, pageSize: 50 })
    expect(reportApiQuery(search)).toEqual({ state: 'overdue', tutorId, from: '2026-01-01', to: '2026-03-31', page: 2, pageSize: 50 })
    expect(reportListNarrowed(search)).toBe(true)
  })

  it('drops ids that cannot be ids, days that are not days and unknown states', () => {
    expect(validateReportSearch({ state: 'submitted', tutorId: 'bob', studentId: 42, schoolId: `${tutorId}x`, from: '2026-02-30', to: 'soon', q: 'x' })).toEqual({})
  })

  it('treats the state as a view, not a filter', () => {
    expect(reportListNarrowed(validateReportSearch({ state: 'approved' }))).toBe(false)
  })

  it('knows a calendar day', () => {
    expect(isDay('2028-02-29')).toBe(true)
    expect(isDay('2027-02-29')).toBe(false)
    expect(isDay('2027-2-1')).toBe(false)
  })
})

describe('the safeguarding concerns address', () => {
  it('shows the concerns still to act on (open or in hand) unless it says otherwise', () => {
    expect(concernApiQuery(validateConcernSearch({}))).toEqual({ status: 'to_act_on', page: 1, pageSize: 20 })
    expect(concernApiQuery(validateConcernSearch({ status: 'open' }))).toEqual({ status: 'open', page: 1, pageSize: 20 })
    expect(concernApiQuery(validateConcernSearch({ status: 'all', severity: 'high' }))).toEqual({ severity: 'high', page: 1, pageSize: 20 })
    expect(concernApiQuery(validateConcernSearch({ status: 'in_hand', severity: 'urgent' }))).toEqual({ status: 'in_hand', page: 1, pageSize: 20 })
  })
})
