/** A page of a list as the contract answers it. */
export interface Page<Item> {
  items: Item[]
  total: number
  page: number
  pageSize: number
}

export interface PageRequest {
  page: number
  pageSize: number
}

/**
 * The page and size of a list request. The request validator fills in the contract's defaults, so both are always
 * there by the time a handler runs; a missing one is a bug, not bad input.
 */
export function pageOf(query: { page?: number; pageSize?: number }): PageRequest {
  const { page, pageSize } = query
  if (page === undefined || pageSize === undefined) throw new Error('The validator should have filled in page and pageSize.')
  return { page, pageSize }
}

/** LIMIT and OFFSET for a page. */
export function window({ page, pageSize }: PageRequest): { limit: number; offset: number } {
  return { limit: pageSize, offset: (page - 1) * pageSize }
}
