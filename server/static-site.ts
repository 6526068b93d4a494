import { existsSync } from 'node:fs'
import path from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono, type MiddlewareHandler } from 'hono'
import type { AppEnv } from './http-context.ts'
import { isServerRendered } from '../shared/ssr.ts'
import { ROUTE_MANIFEST_FILE, type RouteMatch, type SiteRoutes } from './lib/site-routes.ts'
import type { RenderPage } from './ssr/page-renderer.ts'

const IMMUTABLE = 'public, max-age=31536000, immutable'

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>TEC web: build the app first</title></head>
<body><h1>The web app has not been built yet</h1>
<p>The API is running. To see the site, run <code>npm run build</code> and restart the server,
or run <code>npm run dev</code> for the development server.</p></body></html>`

export interface StaticSiteOptions {
  /** The build's routes (lib/site-routes.ts); undefined for a build without a route list. */
  routes: () => SiteRoutes | undefined
  /** Whether a matched page has something to show (a post that exists); without it, every match is found. */
  pageFound?: (match: RouteMatch) => Promise<boolean>
  /** Renders a public page on the server (ssr/page-renderer.ts); undefined from it, or without it: index.html. */
  renderPage?: RenderPage | undefined
  /** A hashed file of another build that some machine stored (site-assets.ts), for one this build does not have. */
  keptAsset?: (name: string) => Promise<{ contentType: string; bytes: Uint8Array } | undefined>
}

/**
 * The built SPA: hashed /assets/* cached for a year (this build's from dist, another build's from the database
 * while it is kept: site-assets.ts), everything else revalidated, and any other GET path that is not a file
 * answered with index.html (history fallback), so a deep link such as /admin/students loads the app.
 * A path that is none of the app's routes gets index.html too, but with 404: the app shows its not-found page to
 * people, and crawlers and link checkers learn there is nothing there.
 */
export function staticSite(root: string | undefined, options: StaticSiteOptions): Hono<AppEnv> {
  const site = new Hono<AppEnv>()
  const indexFile = root === undefined ? undefined : path.join(root, 'index.html')
  const built = () => indexFile !== undefined && existsSync(indexFile)
  // Made on first use: serveStatic complains on the console when its folder does not exist (yet).
  let files: { any: MiddlewareHandler; index: MiddlewareHandler } | undefined
  const serve = () =>
    (files ??= {
      // The build writes .br and .gz copies (vite.config.ts); the browser gets the smallest it accepts.
      any: serveStatic({ root: root ?? '', precompressed: true }),
      index: serveStatic({ root: root ?? '', path: 'index.html', precompressed: true }),
    })

  /** Whether the app has a page here; a build without a route list takes every path for one, as the server used to. */
  const isFound = async (pathname: string) => {
    const routes = options.routes()
    if (routes === undefined) return true
    const match = routes.match(pathname)
    return match !== undefined && ((await options.pageFound?.(match)) ?? true)
  }

  site.get('*', async (c, next) => {
    if (!built()) {
      c.header('Cache-Control', 'no-store')
      return c.html(NOT_BUILT_PAGE, 503)
    }
    await next()
    const isPage = c.res.headers.get('content-type')?.startsWith('text/html') === true
    // The not-found page is index.html too: revalidated, so a path that becomes a page after a deploy shows it.
    if (c.res.status === 404 && isPage) c.header('Cache-Control', 'no-cache')
    if (c.res.status !== 200 && c.res.status !== 206) return
    // Hashed asset names change with their content; index.html must be revalidated to pick up new hashes.
    c.header('Cache-Control', c.req.path.startsWith('/assets/') ? IMMUTABLE : isPage ? 'no-cache' : 'public, max-age=3600')
  })
  // Source maps would hand anyone the whole client's source: they stay on the machine that built them. The route
  // list is for this server only (the app's script holds the same paths, but nothing needs it from here).
  site.get('*', (c, next) => (c.req.path.endsWith('.map') || c.req.path.startsWith(`/${ROUTE_MANIFEST_FILE}`) ? c.text('Not found', 404) : next()))
  // During a rolling deploy a page of another build (older or newer) may ask this machine for its own files.
  const { keptAsset } = options
  site.get(
    '/assets/*',
    (c, next) => serve().any(c, next),
    async (c) => {
      const kept = await keptAsset?.(c.req.path.slice('/assets/'.length))
      if (kept === undefined) return c.text('Not found', 404)
      return c.body(new Uint8Array(kept.bytes), 200, { 'Content-Type': kept.contentType })
    },
  )
  const { renderPage } = options
  if (renderPage) {
    site.get('*', async (c, next) => {
      const route = options.routes()?.match(c.req.path)?.route
      return (route && isServerRendered(route.id) ? await renderPage(c) : undefined) ?? next()
    })
  }
  site.get(
    '*',
    (c, next) => serve().any(c, next),
    async (c, next) => {
      const found = await isFound(c.req.path)
      const page = await serve().index(c, next)
      if (found || !(page instanceof Response) || page.status !== 200) return page
      return new Response(page.body, { status: 404, headers: page.headers })
    },
  )
  return site
}
