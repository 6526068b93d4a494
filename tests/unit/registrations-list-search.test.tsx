import { describe, expect, it } from 'vitest'
import { registrationListSpec, studentListSpec } from '@/routes/_authenticated/-components/list-specs'
import { nextListSearch, resolveListSearch, validateListSearch } from '@/ui/back-office/list-search'

const validate = (raw: Record<string, unknown>) => validateListSearch(registrationListSpec, raw)

describe('the inbox address', () => {
  it('keeps valid filters, search, sort, page and page size', () => {
    expect(validate({ type: 'tutor', status: 'in_review', q: 'grace', sort: 'oldest', page: 3, pageSize: 50 })).toEqual({
      type: 'tutor',
      status: 'in_review',
      q: 'grace',
      sort: 'oldest',
      page: 3,
      pageSize: 50,
    })
  })

  it('drops defaults, so the plain address is the default view', () => {
    expect(validate({ sort: 'newest', page: 1, pageSize: 20, q: '   ' })).toEqual({})
  })

  it('falls back to the defaults for anything invalid', () => {
    expect(
      validate({ type: 'parent', status: 'NEW', sort: 'random', page: 'two', pageSize: 7, q: { nested: true }, extra: 'x' }),
    ).toEqual({})
    expect(validate({ page: 0 })).toEqual({})
    expect(validate({ page: 2.5 })).toEqual({})
    expect(validate({ page: 10_001 })).toEqual({})
    expect(validate({ pageSize: 1000 })).toEqual({})
    expect(validate({ type: ['tutor'] })).toEqual({})
  })

  it('reads a numeric or true/false search as the text typed', () => {
    // The router parses ?q=2024 as a number.
    expect(validate({ q: 2024 })).toEqual({ q: '2024' })
    expect(validate({ q: true })).toEqual({ q: 'true' })
  })

  it('trims the search and cuts it to the contract’s 100 characters', () => {
    expect(validate({ q: `  ${'a'.repeat(150)}  ` }).q).toBe('a'.repeat(100))
  })

  it('fills the defaults in for the API call', () => {
    expect(resolveListSearch(registrationListSpec, { status: 'new' })).toEqual({ status: 'new', sort: 'newest', page: 1, pageSize: 20 })
  })

  it('starts again at page 1 when a filter, the search, the sort or the page size changes', () => {
    const current = { status: 'new', page: 4 } as const
    expect(nextListSearch(registrationListSpec, current, { type: 'school' })).toEqual({ status: 'new', type: 'school' })
    expect(nextListSearch(registrationListSpec, current, { q: 'hill' })).toEqual({ status: 'new', q: 'hill' })
    expect(nextListSearch(registrationListSpec, current, { sort: 'name' })).toEqual({ status: 'new', sort: 'name' })
    expect(nextListSearch(registrationListSpec, current, { pageSize: 50 })).toEqual({ status: 'new', pageSize: 50 })
    expect(nextListSearch(registrationListSpec, current, { page: 5 })).toEqual({ status: 'new', page: 5 })
    expect(nextListSearch(registrationListSpec, current, { status: undefined })).toEqual({})
  })
})

describe('the students address', () => {
  it('keeps ?tab=all, which older links use', () => {
    expect(validateListSearch(studentListSpec, { tab: 'all' })).toEqual({ tab: 'all' })
    expect(validateListSearch(studentListSpec, { tab: 'archived', sort: 'name' })).toEqual({})
  })
})
