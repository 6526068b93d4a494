import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../src/api/schema.gen.ts'
import { courses } from '../../server/db/schema.ts'
import { seedDemoContent } from '../../server/demo/content.ts'
import { until } from './support/until.ts'
import { allHeard, createTestApp, type Answer, type TestApp } from './support/test-app.ts'
import { routeManifestFromTree, ROUTE_TREE_FILE } from '../../scripts/route-manifest.ts'
import { SERVER_RENDERED_ROUTES } from '../../shared/ssr.ts'

type Schemas = components['schemas']

/**
 * How the server serves the public pages it renders (server/ssr/page-renderer.ts), with a stand-in for the built
 * rendering module (build/ssr/entry-server.js) that reads the API in process as the real one does: the page is
 * put into the build's index.html with its data in a block that never runs; it is kept until what it shows changes;
 * and anything the module cannot render falls back to the page the browser renders. The real module, rendering and
 * hydrating the real pages, is shown in tests/browser/server-rendering.test.ts.
 */
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>TEC — the site</title>
    <meta
      name="description"
      content="The site's own description."
    />
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/Button-abc.js">
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`

const ROUTES = {
  routes: [
    { id: '/_public', fullPath: '/' },
    { id: '/_public/', fullPath: '/' },
    { id: '/_public/about', fullPath: '/about' },
    { id: '/_public/contact-us', fullPath: '/contact-us' },
    { id: '/_public/courses/', fullPath: '/courses/' },
    { id: '/_public/courses/$courseId', fullPath: '/courses/$courseId' },
    { id: '/_public/gallery', fullPath: '/gallery' },
    { id: '/_public/privacy-notice', fullPath: '/privacy-notice' },
    { id: '/_public/terms-of-use', fullPath: '/terms-of-use' },
    { id: '/_public/tutor-register', fullPath: '/tutor-register' },
    { id: '/_authenticated/admin/', fullPath: '/admin/' },
  ],
}

/**
 * Counts its renders in a global, so a test can tell a kept page from a new render; reads only `mode`, on the course
 * list, as the app's routes read their own parameters; and holds /terms-of-use and /courses?mode=held-… until the
 * test lets them go (`release`).
 */
const RENDERER = `
export function pageSearch(pathname, search) {
  const mode = new URLSearchParams(search).get('mode')
  return pathname === '/courses' && mode ? '?mode=' + encodeURIComponent(mode) : ''
}

export async function render({ href, fetchApi }) {
  globalThis.tecRenders = (globalThis.tecRenders ?? 0) + 1
  const url = new URL(href, 'http://x')
  if (url.pathname === '/terms-of-use' || url.search.startsWith('?mode=held-')) {
    if (!globalThis.tecReleased) await new Promise((resolve) => (globalThis.tecHeld ??= []).push(resolve))
    return { kind: 'page', status: 200, html: '<h1>Rendered late</h1>', title: 'Late · TEC', description: 'Late.', state: JSON.stringify({ path: href, queries: {} }) }
  }
  if (url.pathname === '/courses' && url.search === '?mode=by-pigeon') return { kind: 'redirect', status: 307, location: '/courses' }
  if (url.pathname === '/gallery') return { kind: 'skip', reason: 'left to the browser' }
  if (url.pathname === '/contact-us') throw new Error('the render broke')
  if (url.pathname.startsWith('/courses/')) {
    const answer = await fetchApi(new Request('http://tec.internal/api/courses/' + url.pathname.slice('/courses/'.length)))
    if (answer.status === 404) return { kind: 'page', status: 404, html: '<h1>Course not found</h1>', title: 'Course not found · TEC', description: 'Nothing here.', state: '{}' }
    const course = await answer.json()
    const state = JSON.stringify({ path: href, queries: { course, note: '</script><script>alert(1)</script><!--' } })
    return { kind: 'page', status: 200, html: '<h1>' + course.title + '</h1><p class="cost">' + course.cost + '</p>', title: course.title + ' <&> · TEC', description: 'A "course" & more', state }
  }
  return { kind: 'page', status: 200, html: '<h1>Rendered ' + url.pathname + url.search + '</h1>', title: 'Rendered · TEC', description: 'Rendered.', state: JSON.stringify({ path: href, queries: {} }) }
}
`

type RendererGlobals = { tecRenders?: number; tecReleased?: boolean; tecHeld?: (() => void)[] }
const globals = globalThis as RendererGlobals
/** Renders of held pages wait from now on, until `release`. */
const hold = () => (globals.tecReleased = false)
/** Lets every held render finish, and those started later not wait. */
const release = () => {
  globals.tecReleased = true
  for (const resume of (globals.tecHeld ?? []).splice(0)) resume()
}

const renders = () => globals.tecRenders ?? 0

let t: TestApp
let site: string
let admin: string

beforeAll(async () => {
  site = mkdtempSync(path.join(tmpdir(), 'tec-ssr-'))
  writeFileSync(path.join(site, 'index.html'), TEMPLATE)
  writeFileSync(path.join(site, 'routes.json'), JSON.stringify(ROUTES))
  writeFileSync(path.join(site, 'entry-server.mjs'), RENDERER)
  t = await createTestApp({ staticRoot: site, ssrEntry: path.join(site, 'entry-server.mjs') })
  await t.database.db.transaction((tx) => seedDemoContent(tx))
  await t.createUser({ email: 'office@tec.test', role: 'ADMIN' })
  admin = await t.login('office@tec.test')
})
afterAll(async () => {
  await t?.close()
  if (site) rmSync(site, { recursive: true, force: true })
})

const page = (address: string, headers: Record<string, string> = {}) => t.request('GET', address, { headers })

const dataBlock = (answer: Answer) => /<script type="application\/json" id="tec-ssr-state">(.*?)<\/script>/s.exec(answer.text)?.[1]
const costShown = async (address: string) => /<p class="cost">(.*?)<\/p>/.exec((await page(address)).text)?.[1]

describe('server-rendered public pages', () => {
  it('come inside the built index.html, with their own title and description and their data in a block that never runs', async () => {
    const answer = await page('/courses/gcse-maths-revision')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(answer.text).toContain('<div id="root"><h1>GCSE Maths Revision</h1><p class="cost">')
    // The build's script and stylesheet stay, its module preloads go (the page is drawn: its images come first);
    // the page's words are escaped in the head.
    expect(answer.text).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>')
    expect(answer.text).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">')
    expect(answer.text).not.toContain('modulepreload')
    expect(answer.text).toContain('<title>GCSE Maths Revision &#60;&#38;&#62; · TEC</title>')
    expect(answer.text).toContain('<meta name="description" content="A &#34;course&#34; &#38; more" />')
    expect(answer.text).not.toContain('The site&#39;s own description')
    // Nothing in the data can end its block: it holds no `<` at all, and reads back as it was.
    const block = dataBlock(answer)
    expect(block).toBeDefined()
    expect(block).not.toContain('<')
    const state = JSON.parse(block ?? '') as { path: string; queries: { course: Schemas['Course']; note: string } }
    expect(state.queries.note).toBe('</script><script>alert(1)</script><!--')
    expect(state.queries.course.title).toBe('GCSE Maths Revision')
    expect(answer.text.match(/<script/g)).toHaveLength(2)
  })

  it('carry the same security headers as every page, are revalidated with an ETag, and come compressed when asked', async () => {
    const plain = await page('/about')
    expect(plain.headers.get('content-security-policy')).toContain("script-src 'self';")
    expect(plain.headers.get('x-frame-options')).toBe('DENY')
    expect(plain.headers.get('cache-control')).toBe('no-cache')
    expect(plain.headers.get('vary')).toBe('Accept-Encoding')
    const etag = plain.headers.get('etag') ?? ''
    expect(etag).toMatch(/^"[\w-]+"$/)
    const unchanged = await page('/about', { 'if-none-match': etag })
    expect(unchanged.status).toBe(304)
    expect(unchanged.text).toBe('')

    const br = await page('/about', { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(brotliDecompressSync(br.bytes).toString()).toBe(plain.text)
    const gzip = await page('/about', { 'accept-encoding': 'gzip' })
    expect(gzip.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(gzip.bytes).toString()).toBe(plain.text)
    // Each encoding is its own representation: a tag for one never matches another.
    expect(new Set([etag, br.headers.get('etag'), gzip.headers.get('etag')]).size).toBe(3)
    expect((await page('/about', { 'accept-encoding': 'br', 'if-none-match': br.headers.get('etag') ?? '' })).status).toBe(304)
    expect((await page('/about', { 'if-none-match': br.headers.get('etag') ?? '' })).status).toBe(200)
    // An encoding refused with q=0 is not sent.
    expect((await page('/about', { 'accept-encoding': 'br;q=0, gzip' })).headers.get('content-encoding')).toBe('gzip')
  })

  it('are kept under their path and the parameters they read: made-up parameters find the kept page', async () => {
    await page('/about')
    const rendered = renders()
    for (let i = 0; i < 50; i++) {
      const answer = await page(`/about?utm_source=mail-${i}&fbclid=${i}&junk`)
      expect(answer.status).toBe(200)
      expect(answer.text).toContain('<h1>Rendered /about</h1>')
    }
    expect(renders()).toBe(rendered)
    // The page was rendered at its own address: its data names none of the parameters.
    expect(dataBlock(await page('/about?utm_source=mail'))).toContain('"path":"/about"')
  })

  it('are rendered alone, never kept, at another spelling of their path', async () => {
    const rendered = renders()
    for (const address of ['/About', '/%61bout', '/About', '/%61bout']) {
      const answer = await page(address)
      expect(answer.text, address).toContain('<h1>Rendered')
      expect(answer.headers.get('content-encoding'), address).toBeNull()
    }
    expect(renders()).toBe(rendered + 4)
  })

  it('are rendered for each value of a parameter the page reads, and kept for it', async () => {
    const rendered = renders()
    const online = await page('/courses?mode=online')
    const inSchool = await page('/courses?utm_source=mail&mode=in-school')
    expect(online.text).toContain('<h1>Rendered /courses?mode=online</h1>')
    expect(inSchool.text).toContain('<h1>Rendered /courses?mode=in-school</h1>')
    expect(renders()).toBe(rendered + 2)
    expect((await page('/courses?fbclid=1&mode=online')).text).toBe(online.text)
    expect(renders()).toBe(rendered + 2)
  })

  it('are rendered once for visitors asking at the same time', async () => {
    const rendered = renders()
    const answers = await Promise.all([page('/privacy-notice'), page('/privacy-notice'), page('/privacy-notice')])
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200])
    expect(renders()).toBe(rendered + 1)
  })

  it('are kept until what they show changes, through the API or straight in the database', async () => {
    const address = '/courses/ks2-sats-booster'
    const before = await costShown(address)
    const rendered = renders()
    expect(await costShown(address)).toBe(before)
    expect(renders()).toBe(rendered)

    // A change written to the database (as another process would) is heard, and the page is rendered again.
    await t.database.db.update(courses).set({ cost: '£2 a session' }).where(eq(courses.slug, 'ks2-sats-booster'))
    expect(await until(() => costShown(address), (cost) => cost === '£2 a session')).toBe('£2 a session')

    // A change through the API shows at once.
    const list = await t.request<Schemas['CourseRowPage']>('GET', '/api/admin/courses?q=KS2', { token: admin })
    const row = list.body.items.find((item) => item.slug === 'ks2-sats-booster')
    const record = await t.request<Schemas['CourseRecord']>('GET', `/api/admin/courses/${row?.id}`, { token: admin })
    const changed = await t.request('PUT', `/api/admin/courses/${row?.id}`, { token: admin, body: { ...record.body.fields, cost: '£3 a session' }, headers: { 'if-match': `"${record.body.version}"` } })
    expect(changed.status).toBe(200)
    expect(await costShown(address)).toBe('£3 a session')
  })

  it('answer 404 with the not-found page for something that does not exist, and do not keep it', async () => {
    const first = await page('/courses/no-such-course')
    expect(first.status).toBe(404)
    expect(first.text).toContain('<h1>Course not found</h1>')
    expect(first.headers.get('cache-control')).toBe('no-cache')
    const rendered = renders()
    expect((await page('/courses/no-such-course')).status).toBe(404)
    expect(renders()).toBe(rendered + 1)
  })

  it('include the home page, whose address its layout shares', async () => {
    expect((await page('/')).text).toContain('<div id="root"><h1>Rendered /</h1></div>')
  })

  it('follow the redirect a page asks for', async () => {
    const answer = await page('/courses?mode=by-pigeon')
    expect(answer.status).toBe(307)
    expect(answer.headers.get('location')).toBe('/courses')
  })

  it('fall back to the page the browser renders when the module leaves a page to it, fails or takes too long, never to an error', async () => {
    for (const address of ['/gallery', '/contact-us', '/terms-of-use']) {
      const answer = await page(address)
      expect(answer.status, address).toBe(200)
      expect(answer.text, address).toBe(TEMPLATE)
    }    release()
  })

  it('leave a page to the browser at once while the server renders all it takes, never an error', async () => {
    hold()
    const started = renders()
    const answered: Answer[] = []
    const asked = Array.from({ length: 12 }, (_, i) => page(`/courses?mode=held-${i}`).then((answer) => (answered.push(answer), answer)))
    // While the renders it took are held, the rest are answered at once with the page the browser renders.
    const first = await until(() => Promise.resolve(answered.length), (count) => count > 0)
    expect(first).toBeGreaterThan(0)
    expect(renders() - started).toBeLessThan(12)
    expect(answered.map((answer) => [answer.status, answer.text === TEMPLATE])).toEqual(answered.map(() => [200, true]))
    release()
    const answers = await Promise.all(asked)
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200))
    expect(answers.filter((answer) => answer.text.includes('<h1>Rendered late</h1>')).length).toBeGreaterThan(0)
    expect(answers.filter((answer) => answer.text === TEMPLATE).length).toBeGreaterThan(0)
  })

  it('stay kept, with the reads at plain addresses, while reads of made-up list pages flood in', { timeout: 60_000 }, async () => {
    await allHeard(t)
    const slug = 'coding-for-beginners'
    const cost = async () => (await t.request<Schemas['Course']>('GET', `/api/courses/${slug}`)).body.cost
    const before = await cost()
    await page('/privacy-notice')
    const rendered = renders()
    // Changed with the triggers off (as replication writes): nobody is told, so the kept answer stays while it is kept.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`)
      await tx.update(courses).set({ cost: 'Changed unseen' }).where(eq(courses.slug, slug))
    })
    for (let from = 1; from <= 1100; from += 100) {
      const reads = await Promise.all(Array.from({ length: 100 }, (_, i) => t.request('GET', `/api/blog-posts?page=${from + i}`)))
      expect(reads.every((read) => read.status === 200)).toBe(true)
    }
    expect((await page('/privacy-notice')).text).toContain('<h1>Rendered /privacy-notice</h1>')
    expect(renders()).toBe(rendered)
    expect(await cost()).toBe(before)
  })

  it('are named by routes that exist', async () => {
    const { routes } = await routeManifestFromTree(readFileSync(ROUTE_TREE_FILE, 'utf8'))
    const ids = new Set(routes.map((route) => route.id))
    expect(SERVER_RENDERED_ROUTES.filter((id) => !ids.has(id))).toEqual([])
  })

  it('are never rendered for the staff areas or the forms the browser renders', async () => {
    const rendered = renders()
    for (const address of ['/admin', '/tutor-register']) {
      const answer = await page(address)
      expect(answer.status, address).toBe(200)
      expect(answer.text, address).toBe(TEMPLATE)
    }
    expect((await page('/no-such-page')).status).toBe(404)
    expect(renders()).toBe(rendered)
  })
})
