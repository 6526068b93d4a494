import { PARAMETERS } from '@shared/contract.gen'

/** Pages the API accepts (its `Page` parameter's maximum). */
const MAX_PAGE = PARAMETERS.listBlogPosts.page.maximum

/**
 * `?page=` as a page number. Page 1 is left out of the address, so /blog and /blog?page=1 are one page and
 * links to /blog need no search; anything that is not a whole number in range is page 1.
 */
export function pageSearch(search: Record<string, unknown>): { page?: number } {
  const page = Number(search.page)
  return Number.isInteger(page) && page > 1 && page <= MAX_PAGE ? { page } : {}
}
