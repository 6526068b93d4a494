// The bare stack the project is built on, as its own process: Hono on @hono/node-server answering JSON
// endpoints (a tiny one, and a list of a given size), and (when BASELINE_ROOT is set) serving the built bare
// Vite + React page with a history fallback.
// The baseline of the API, start-up, bundle and Lighthouse benchmarks (bench/run.ts starts it).
import { serve } from '@hono/node-server'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'

const app = new Hono()
app.get('/api/health', (c) => c.json({ status: 'ok' }))
// A list of about `bytes` characters of JSON, made once per size and serialised on every request as a handler's
// answer is: the baseline for an API read of the same size.
const lists = new Map<number, unknown[]>()
app.get('/api/json/:bytes{[0-9]+}', (c) => {
  const bytes = Math.min(Number(c.req.param('bytes')), 10_000_000)
  let list = lists.get(bytes)
  if (!list) {
    list = []
    for (let n = 0; JSON.stringify(list).length < bytes; n++) list.push({ id: `item-${n}`, name: `Item ${n}`, text: 'x'.repeat(100) })
    lists.set(bytes, list)
  }
  return c.json(list)
})
const root = process.env.BASELINE_ROOT
if (root !== undefined) {
  app.get('*', serveStatic({ root }))
  app.get('*', serveStatic({ root, path: 'index.html' }))
}
const server = serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 3000) })
process.once('SIGTERM', () => server.close(() => process.exit(0)))
