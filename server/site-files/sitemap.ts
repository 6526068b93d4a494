import type { Db } from '../db/client.ts'
import type { SiteRoutes } from '../lib/site-routes.ts'
import { RECORD_PAGES } from './records.ts'

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (character) => XML_ESCAPES[character] ?? character)

interface SitemapEntry {
  path: string
  lastModified: Date | undefined
}

/**
 * The public site's pages: every static page under the public layout, then every record a visitor can open on a
 * public record page (posts, courses). A date is given only where one is known; a static page's is not.
 */
export async function sitemapEntries(db: Db, routes: SiteRoutes): Promise<SitemapEntry[]> {
  const publicRoutes = routes.routes.filter((route) => route.isPublic)
  const staticPaths = [...new Set(publicRoutes.filter((route) => route.isStatic).map((route) => route.path))].sort()
  const recordPages = publicRoutes.flatMap((route) => {
    const page = RECORD_PAGES[route.path]
    return page === undefined ? [] : [{ route, page }]
  })
  const records = await Promise.all(
    recordPages.map(async ({ route, page }) =>
      // Each id is one segment of the address, so it is encoded as one.
      (await page.list(db)).map((record) => ({ path: route.path.replace(/\$[^/]+/, encodeURIComponent(record.id)), lastModified: record.lastModified })),
    ),
  )
  return [...staticPaths.map((path) => ({ path, lastModified: undefined })), ...records.flat()]
}

/** The sitemap protocol's XML (sitemaps.org 0.9) with absolute addresses on the site's public origin. */
export function renderSitemap(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map(({ path, lastModified }) => {
    const lastmod = lastModified === undefined ? '' : `<lastmod>${lastModified.toISOString()}</lastmod>`
    return `  <url><loc>${escapeXml(`${origin}${path}`)}</loc>${lastmod}</url>`
  })
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n')
}
