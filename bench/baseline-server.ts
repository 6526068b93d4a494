// The bare stack the project is built on, as its own process: Hono on @hono/node-server answering one JSON
// endpoint, and (when BASELINE_ROOT is set) serving the built bare Vite + React page with a history fallback.
// The baseline of the API, start-up, bundle and Lighthouse benchmarks (bench/run.ts starts it).
import { serve } from '@hono/node-server'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'

const app = new Hono()
app.get('/api/health', (c) => c.json({ status: 'ok' }))
const root = process.env.BASELINE_ROOT
if (root !== undefined) {
  app.get('*', serveStatic({ root }))
  app.get('*', serveStatic({ root, path: 'index.html' }))
}
const server = serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 3000) })
process.once('SIGTERM', () => server.close(() => process.exit(0)))
