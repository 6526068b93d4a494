import type { Contract } from '../contract/document.ts'
import type { SiteRoutes } from '../lib/site-routes.ts'

/** Everything before a route's first parameter: `/blog/$postId` → `/blog/`. */
function staticPrefix(routePath: string): string {
  const segments = routePath.split('/')
  const firstParameter = segments.findIndex((segment) => segment.includes('$'))
  return firstParameter === -1 ? routePath : `${segments.slice(0, firstParameter).join('/')}/`
}

/**
 * The API's public, shareable reads (x-cache-control public): the data the public pages are drawn from. A crawler
 * that renders the app fetches them as the browser does, so they stay open; the rest of /api is not for crawlers.
 */
function publicApiPrefixes(contract: Contract): string[] {
  return contract.operations
    .filter((operation) => operation.method === 'get' && operation.roles.length === 0 && !operation.devOnly && operation.cacheControl?.startsWith('public') === true)
    .map((operation) => `/api${operation.path.replace(/\{.*$/, '')}`)
}

/** Drops a prefix another one already covers (`/api/blog-posts/` under `/api/blog-posts`). */
function shortest(prefixes: string[]): string[] {
  const unique = [...new Set(prefixes)].sort()
  return unique.filter((prefix) => !unique.some((other) => other !== prefix && prefix.startsWith(other)))
}

/**
 * robots.txt (RFC 9309): the public site open, sign-in pages, staff areas and the API closed, and where the sitemap
 * is. The closed areas are the first segments of the routes outside the public layout, so a new staff area is
 * covered without editing this file. Where a closed prefix also starts a public address (/tutor and
 * /tutor-register), an Allow line opens it: the longest matching rule wins.
 */
export function renderRobots(origin: string, routes: SiteRoutes, contract: Contract): string {
  const closed = shortest([
    '/api',
    ...routes.routes
      .filter((route) => !route.isPublic && route.path !== '/')
      .map((route) => `/${route.path.split('/')[1] ?? ''}`)
      .filter((prefix) => !prefix.includes('$')),
  ])
  const publicPrefixes = routes.routes.filter((route) => route.isPublic).map((route) => staticPrefix(route.path))
  const reopened = shortest([...publicPrefixes.filter((prefix) => closed.some((area) => prefix !== area && prefix.startsWith(area))), ...publicApiPrefixes(contract)])
  return [
    '# TEC web: the public site is open to crawlers; sign-in pages, staff areas and the API (but for the public',
    '# content the pages are drawn from) are not.',
    'User-agent: *',
    ...closed.map((prefix) => `Disallow: ${prefix}`),
    ...reopened.map((prefix) => `Allow: ${prefix}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n')
}
