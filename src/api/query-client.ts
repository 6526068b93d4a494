import { QueryClient } from '@tanstack/react-query'
import { isApiError } from './errors'

/** Unused data stays cached for one hour (the specification's 60*60*1000, read as milliseconds). */
export const CACHE_TIME_MS = 60 * 60 * 1000
const MAX_RETRIES = 2

/** A client error (4xx) will not change on retry; network trouble and 5xx may. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false
  return failureCount < MAX_RETRIES
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: CACHE_TIME_MS,
        refetchOnMount: true,
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
        retry: shouldRetry,
      },
      mutations: { retry: false },
    },
  })
}

/**
 * One server render's cache: it lives for that render only, so nothing sets timers that outlive it (the app's
 * one-hour gcTime would), and a failed read is not retried (the page then renders in the browser).
 */
export function createServerQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { gcTime: Number.POSITIVE_INFINITY, retry: false } } })
}
