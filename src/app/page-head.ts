import type { AnyRouteMatch } from '@tanstack/react-router'

/** The title and description the site shows when a page sets none (also index.html's). */
export const SITE_TITLE = 'TEC — Education and tutoring at home, in school, online and in the community'
export const SITE_DESCRIPTION =
  'TEC offers education and tutoring at home, in schools, online and in communities. Enrol in a subject, a course or a school, or register as a tutor.'

const NOT_FOUND_TITLE = 'Page not found'

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The page's own name; the document title becomes "<title> · TEC". */
    title?: string
    /** What search results and shared links say about the page. */
    description?: string
    /** The title when this route answers not found, e.g. for an unknown blog post. */
    notFoundTitle?: string
  }
}

export interface PageHead {
  title: string
  description: string
}

/**
 * For pages whose title comes from their data: a route's `head` option returns this, and the page head
 * prefers it to the route's `staticData`.
 */
export function headFrom(head: PageHead | undefined) {
  return { meta: head ? [{ title: head.title }, { name: 'description', content: head.description }] : [] }
}

function fromMeta(match: AnyRouteMatch, read: (entry: { title?: string; name?: string; content?: string }) => string | undefined) {
  for (const entry of match.meta ?? []) {
    const value = entry ? read(entry) : undefined
    if (value) return value
  }
  return undefined
}

const titleOf = (match: AnyRouteMatch) => fromMeta(match, (entry) => entry.title) ?? match.staticData.title
const descriptionOf = (match: AnyRouteMatch) =>
  fromMeta(match, (entry) => (entry.name === 'description' ? entry.content : undefined)) ?? match.staticData.description

/** The deepest matched route's title and description; a not-found answer names itself. */
export function pageHeadFor(matches: readonly AnyRouteMatch[]): PageHead {
  // `_notFound` marks the match showing the not-found page for a path no route matches.
  const missing = matches.find((match) => match.status === 'notFound' || match._notFound === true)
  if (missing) return { title: documentTitle(missing.staticData.notFoundTitle ?? NOT_FOUND_TITLE), description: SITE_DESCRIPTION }
  return {
    title: documentTitle(matches.map(titleOf).findLast(Boolean)),
    description: matches.map(descriptionOf).findLast(Boolean) ?? SITE_DESCRIPTION,
  }
}

export function documentTitle(pageTitle: string | undefined): string {
  return pageTitle ? `${pageTitle} · TEC` : SITE_TITLE
}
