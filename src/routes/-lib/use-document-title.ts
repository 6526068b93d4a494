import { useRouterState } from '@tanstack/react-router'
import { useEffect } from 'react'
import { documentTitle } from './page-title'

/** Keeps the document title on the deepest matched route's `staticData.title`. */
export function useDocumentTitle(): void {
  const title = useRouterState({
    select: (state) =>
      // `_notFound` marks the match showing the not-found page for a path no route matches.
      state.matches.some((match) => match.status === 'notFound' || match._notFound === true)
        ? 'Page not found'
        : state.matches.findLast((match) => match.staticData.title)?.staticData.title,
  })
  useEffect(() => {
    document.title = documentTitle(title)
  }, [title])
}
