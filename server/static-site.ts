import { existsSync } from 'node:fs'
import path from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono, type MiddlewareHandler } from 'hono'
import type { AppEnv } from './http-context.ts'

const IMMUTABLE = 'public, max-age=31536000, immutable'

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>TEC web: build the app first</title></head>
<body><h1>The web app has not been built yet</h1>
<p>The API is running. To see the site, run <code>npm run build</code> and restart the server,
or run <code>npm run dev</code> for the development server.</p></body></html>`

/**
 * The built SPA: hashed /assets/* cached for a year, everything else revalidated, and any other GET path that is
 * not a file answered with index.html (history fallback), so a deep link such as /admin/students loads the app.
 */
export function staticSite(root: string | undefined): Hono<AppEnv> {
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

  site.get('*', async (c, next) => {
    if (!built()) {
      c.header('Cache-Control', 'no-store')
      return c.html(NOT_BUILT_PAGE, 503)
    }
    await next()
    if (c.res.status !== 200 && c.res.status !== 206) return
    // Hashed asset names change with their content; index.html must be revalidated to pick up new hashes.
    const isPage = c.res.headers.get('content-type')?.startsWith('text/html') === true
    c.header('Cache-Control', c.req.path.startsWith('/assets/') ? IMMUTABLE : isPage ? 'no-cache' : 'public, max-age=3600')
  })
  // Source maps would hand anyone the whole client's source: they stay on the machine that built them.
  site.get('*', (c, next) => (c.req.path.endsWith('.map') ? c.text('Not found', 404) : next()))
  site.get('/assets/*', (c, next) => serve().any(c, next), (c) => c.text('Not found', 404))
  site.get('*', (c, next) => serve().any(c, next), (c, next) => serve().index(c, next))
  return site
}
