import { useRouterState } from '@tanstack/react-router'
import { useEffect } from 'react'
import { pageHeadFor } from './page-head'

/** Keeps the document title and the description meta tag on the deepest matched route's. */
export function usePageHead(): void {
  const title = useRouterState({ select: (state) => pageHeadFor(state.matches).title })
  const description = useRouterState({ select: (state) => pageHeadFor(state.matches).description })
  useEffect(() => {
    document.title = title
  }, [title])
  useEffect(() => {
    document.querySelector('meta[name="description"]')?.setAttribute('content', description)
  }, [description])
}
