import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { useMatch, useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { useEffect } from 'react'
import { ErrorView } from '@/ui/error-view'
import { LoadFailureView } from '@/ui/load-failure-view'
import { loadFailureOf } from '@/app/load-failure'
import { errorMessage } from '@/app/server-errors'

/**
 * A route that failed to load or render, with a retry. On the public site an API failure names what could not be
 * loaded in plain words; anything else is "Unexpected Application Error" with its status text or message.
 */
export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter()
  const queryErrorResetBoundary = useQueryErrorResetBoundary()
  // The boundary sits inside its route's match, so the nearest match is the route that failed.
  const routeId = useMatch({ strict: false, shouldThrow: false, select: (match) => match.routeId })
  const staticLoadFailure = useMatch({ strict: false, shouldThrow: false, select: (match) => match.staticData.loadFailure })

  // Let queries that failed inside this boundary fetch again when the route retries.
  useEffect(() => {
    queryErrorResetBoundary.reset()
  }, [queryErrorResetBoundary])

  const retry = () => void router.invalidate()
  const loadFailure = loadFailureOf(error, routeId === undefined ? undefined : { routeId, loadFailure: staticLoadFailure })
  if (loadFailure !== undefined) return <LoadFailureView what={loadFailure} onRetry={retry} />
  return <ErrorView message={statusTextOrMessage(error)} onRetry={retry} />
}

function statusTextOrMessage(error: unknown): string {
  if (error instanceof Response) return error.statusText || `Error ${error.status}`
  return errorMessage(error)
}
