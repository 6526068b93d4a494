// Bundle: the gzip bytes of the JavaScript (and CSS) that a first visit to /, /login and /admin loads, measured in
// Chromium against the running server, beside the bare Vite + React page served by the bare Hono server.
import { gzipSync } from 'node:zlib'
import { chromium, type Browser } from 'playwright-core'
import { CHROMIUM, CHROMIUM_ARGS, entry, signIn, type Entry } from './lib.ts'

interface Loaded {
  /** gzip -6 bytes (what a compressing server or proxy would send), summed per resource type */
  jsGzip: number
  cssGzip: number
  jsRaw: number
  cssRaw: number
  /** bytes as they came over the wire (the server does not compress), summed over scripts */
  jsTransfer: number
  files: { url: string; type: string; raw: number; gzip: number; encoding: string | null }[]
  landedOn: string
}

/** Opens `path` in a fresh browser context (empty cache and storage: a first visit) and sums what it loaded. */
async function firstVisit(browser: Browser, baseUrl: string, path: string, localStorage: { name: string; value: string }[] = []): Promise<Loaded> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1280, height: 800 },
    storageState: { cookies: [], origins: localStorage.length > 0 ? [{ origin: baseUrl, localStorage }] : [] },
  })
  const page = await context.newPage()
  const pending: Promise<void>[] = []
  const loaded: Loaded = { jsGzip: 0, cssGzip: 0, jsRaw: 0, cssRaw: 0, jsTransfer: 0, files: [], landedOn: '' }
  page.on('response', (response) => {
    const type = response.request().resourceType()
    if (type !== 'script' && type !== 'stylesheet') return
    pending.push(
      (async () => {
        const body = await response.body()
        const gzip = gzipSync(body, { level: 6 }).length
        const sizes = await response.request().sizes()
        if (type === 'script') {
          loaded.jsGzip += gzip
          loaded.jsRaw += body.length
          loaded.jsTransfer += sizes.responseBodySize
        } else {
          loaded.cssGzip += gzip
          loaded.cssRaw += body.length
        }
        loaded.files.push({ url: new URL(response.url()).pathname, type, raw: body.length, gzip, encoding: response.headers()['content-encoding'] ?? null })
      })(),
    )
  })
  await page.goto(path, { waitUntil: 'networkidle' })
  await Promise.all(pending)
  loaded.landedOn = new URL(page.url()).pathname
  loaded.files.sort((a, b) => b.gzip - a.gzip)
  await context.close()
  return loaded
}

export async function benchBundle(projectUrl: string, baselineUrl: string): Promise<Entry[]> {
  console.log('\nBundle: gzip JS (and CSS) loaded by a first visit, in Chromium')
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
  try {
    const session = await signIn(projectUrl)
    const signedIn = [
      { name: 'tec.auth.user', value: JSON.stringify(session.user) },
      { name: 'tec.auth.token', value: session.token },
    ]
    const baseline = await firstVisit(browser, baselineUrl, '/')
    const baselineName = 'bare Vite + React page'
    const entries: Entry[] = []
    for (const [path, storage] of [['/', []], ['/login', []], ['/admin', signedIn]] as const) {
      const ours = await firstVisit(browser, projectUrl, path, [...storage])
      if (ours.landedOn !== path) console.warn(`  (${path} ended on ${ours.landedOn})`)
      const details = { landedOn: ours.landedOn, project: { ...ours, files: ours.files.slice(0, 12), fileCount: ours.files.length }, baseline }
      entries.push(entry({ group: 'bundle', name: `bundle / ${path} / JS gzip`, project: ours.jsGzip, baseline: baseline.jsGzip, baselineName, unit: 'B', details }))
      entries.push(entry({ group: 'bundle', name: `bundle / ${path} / CSS gzip`, project: ours.cssGzip, baseline: baseline.cssGzip, baselineName, unit: 'B', details: { files: ours.files.filter((f) => f.type === 'stylesheet').length } }))
    }
    return entries
  } finally {
    await browser.close()
  }
}
