import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { useEffect } from 'react'
import { ErrorView } from '../../ui/error-view'
import { errorMessage } from '../-lib/server-errors'

/** A route that failed to render or load: "Unexpected Application Error" with a retry. */
export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter()
  const queryErrorResetBoundary = useQueryErrorResetBoundary()

  // Let queries that failed inside this boundary fetch again when the route retries.
  useEffect(() => {
    queryErrorResetBoundary.reset()
  }, [queryErrorResetBoundary])

  return <ErrorView message={statusTextOrMessage(error)} onRetry={() => void router.invalidate()} />
}

function statusTextOrMessage(error: unknown): string {
  if (error instanceof Response) return error.statusText || `Error ${error.status}`
  return errorMessage(error)
}
