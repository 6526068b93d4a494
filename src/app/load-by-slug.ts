import { notFound } from '@tanstack/react-router'
import { isApiError } from '@/api/errors'
import { isSlug } from '@/api/slug'

/**
 * Loads what an address segment names (a post, a course). A segment that cannot be a slug is not found
 * without asking the server; a 404 answer becomes the route's not-found view rather than an error page.
 */
export async function loadBySlug<T>(slug: string, load: (slug: string) => Promise<T>): Promise<T> {
  if (!isSlug(slug)) throw notFound()
  try {
    return await load(slug)
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw notFound()
    throw error
  }
}
