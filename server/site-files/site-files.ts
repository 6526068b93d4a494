import { Hono } from 'hono'
import type { Contract } from '../contract/document.ts'
import type { AppDeps } from '../deps.ts'
import type { AppEnv } from '../http-context.ts'
import type { RouteMatch, SiteRoutes } from '../lib/site-routes.ts'
import { describeError } from '../messages.ts'
import { RECORD_PAGES } from './records.ts'
import { renderRobots } from './robots.ts'
import { renderSitemap, sitemapEntries } from './sitemap.ts'

/** robots.txt changes only with a new build; the sitemap with every post or course published. */
const ROBOTS_CACHE = 'public, max-age=3600'
const SITEMAP_CACHE = 'public, max-age=300'

/**
 * /robots.txt and /sitemap.xml, made from the build's routes and the published content. Addresses are absolute on
 * PUBLIC_URL (required in production), never on the request's Host header, which any client can set. Without a
 * route list (no build, or one from before it existed) they fall through to the static site as before.
 */
export function siteFiles(deps: Pick<AppDeps, 'config' | 'database'>, routes: () => SiteRoutes | undefined, contract: Contract): Hono<AppEnv> {
  const files = new Hono<AppEnv>()
  files.get('/robots.txt', (c, next) => {
    const built = routes()
    if (built === undefined) return next()
    c.header('Cache-Control', ROBOTS_CACHE)
    return c.text(renderRobots(deps.config.publicUrl, built, contract))
  })
  files.get('/sitemap.xml', async (c, next) => {
    const built = routes()
    if (built === undefined) return next()
    const xml = renderSitemap(deps.config.publicUrl, await sitemapEntries(deps.database.db, built))
    c.header('Cache-Control', SITEMAP_CACHE)
    return c.body(xml, 200, { 'Content-Type': 'application/xml; charset=utf-8' })
  })
  return files
}

/**
 * Whether the page at a matched address has something to show: false only for a public record page (a post, a
 * course) whose id names nothing a visitor may see, so search engines do not index empty pages. A failed lookup
 * answers the page as found: the app then shows its own error, and a crawler is not told the page is gone.
 */
export function recordPageFound(deps: Pick<AppDeps, 'database' | 'logger'>): (match: RouteMatch) => Promise<boolean> {
  return async ({ route, params }) => {
    const page = RECORD_PAGES[route.path]
    const [id] = Object.values(params)
    if (page === undefined || id === undefined) return true
    try {
      return await page.exists(deps.database.db, id)
    } catch (error) {
      deps.logger.warn({ route: route.path, err: describeError(error) }, 'could not tell whether a record page exists; answering it as found')
      return true
    }
  }
}
