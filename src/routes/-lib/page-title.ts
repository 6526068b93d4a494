/** The title the site shows when a page sets none (also index.html's). */
export const SITE_TITLE = 'TEC — Education and tutoring at home, in school, online and in the community'

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The page's own name; the document title becomes "<title> · TEC". */
    title?: string
  }
}

export function documentTitle(pageTitle: string | undefined): string {
  return pageTitle ? `${pageTitle} · TEC` : SITE_TITLE
}
