import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query'
import { notFound } from '@tanstack/react-router'
import { isApiError } from '@/api/errors'
import { UUID_PATTERN } from '@shared/uuid'

/**
 * Loads one record for its detail or edit page, through the query cache: an id that cannot be one (a UUID, unless
 * the record's ids have another `shape`), or one the server does not know (404), shows the route's not-found view instead.
 */
export async function loadRecord<Record, Key extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<Record, Error, Record, Key>,
  id: string,
  shape: RegExp = UUID_PATTERN,
): Promise<Record> {
  if (!shape.test(id)) throw notFound()
  try {
    return await queryClient.ensureQueryData(options)
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw notFound()
    throw error
  }
}
