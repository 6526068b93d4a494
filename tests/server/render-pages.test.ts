import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { routeManifestFromTree, ROUTE_TREE_FILE } from '../../scripts/route-manifest.ts'
import type { SsrModule, SsrRequest } from '../../shared/ssr.ts'
import { seedDemoContent } from '../../server/demo/content.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'

/**
 * The app's own server renderer (src/entry-server.tsx, loaded from source) against the real API in process: what
 * it renders, and when it leaves a page to the browser. How the server then serves the result is in
 * server-rendering.test.ts; the built module in a browser, in tests/browser/server-rendering.test.ts.
 */
const ENTRY = '../../src/entry-server.tsx'

let t: TestApp
let render: SsrModule['render']
let pageSearch: SsrModule['pageSearch']
let site: string

beforeAll(async () => {
  // The server renders with this same module (from source), into the app's own index.html, with the build's route
  // list made from the route tree as the build makes it.
  site = mkdtempSync(path.join(tmpdir(), 'tec-render-'))
  copyFileSync(fileURLToPath(new URL('../../index.html', import.meta.url)), path.join(site, 'index.html'))
  writeFileSync(path.join(site, 'routes.json'), JSON.stringify(await routeManifestFromTree(readFileSync(ROUTE_TREE_FILE, 'utf8'))))
  t = await createTestApp({ staticRoot: site, ssrEntry: fileURLToPath(new URL(ENTRY, import.meta.url)) })
  await t.database.db.transaction((tx) => seedDemoContent(tx))
  ;({ render, pageSearch } = (await import(/* @vite-ignore */ ENTRY)) as SsrModule)
})
afterAll(async () => {
  await t?.close()
  if (site) rmSync(site, { recursive: true, force: true })
})

/** The API in process, as the server gives it to the renderer, optionally failing one address. */
const api = (failing?: string): SsrRequest['fetchApi'] => (request) =>
  failing !== undefined && new URL(request.url).pathname.startsWith(failing)
    ? Promise.resolve(Response.json({ message: 'The service is briefly unavailable.' }, { status: 503 }))
    : t.fetch(request)

describe('the server renderer', () => {
  it('renders a page whole: its content, the footer it does not wait for, its title, and the data it used', async () => {
    const result = await render({ href: '/courses', fetchApi: api() })
    expect(result.kind).toBe('page')
    if (result.kind !== 'page') return
    expect(result.status).toBe(200)
    expect(result.title).toBe('Courses · TEC')
    expect(result.html).toContain('GCSE Maths Revision')
    expect(result.html).toContain('hello@tec.example')
    expect(result.html).not.toContain('<script')
    const state = JSON.parse(result.state) as { path: string; queries: { queries: { queryKey: unknown[] }[] } }
    expect(state.path).toBe('/courses')
    expect(state.queries.queries.length).toBeGreaterThanOrEqual(2)
  })

  it('renders the not-found page with 404 for a post that does not exist', async () => {
    const result = await render({ href: '/blog/no-such-post', fetchApi: api() })
    expect(result.kind === 'page' && result.status).toBe(404)
    expect(result.kind === 'page' && result.title).toBe('Blog post not found · TEC')
  })

  it('leaves a page to the browser when a read fails, even one the page does not wait for', async () => {
    expect(await render({ href: '/blog', fetchApi: api('/api/blog-posts') })).toMatchObject({ kind: 'skip' })
    expect(await render({ href: '/blog', fetchApi: api('/api/site-settings') })).toMatchObject({ kind: 'skip' })
  })

  it('leaves the staff areas and the forms that start from the visitor to the browser', async () => {
    for (const href of ['/admin', '/tutor-register', '/subject-enroll']) expect(await render({ href, fetchApi: api() }), href).toMatchObject({ kind: 'skip' })
  })

  it('answers the redirect the router makes', async () => {
    expect(await render({ href: '/blog/', fetchApi: api() })).toMatchObject({ kind: 'redirect', location: '/blog' })
  })

  it('reads from a query string only what the page reads, checked and in order, as its links write it', () => {
    expect(pageSearch('/', '?utm_source=mail&fbclid=abc&page=2')).toBe('')
    expect(pageSearch('/blog', '?utm_source=mail&page=2')).toBe('?page=2')
    // Page 1 and a page that is no number are the blog's first page, which its links write without a query.
    expect(pageSearch('/blog', '?page=1')).toBe('')
    expect(pageSearch('/blog', '?page=two')).toBe('')
    expect(pageSearch('/courses', '?subject=Maths&junk=1&mode=online')).toBe('?mode=online&subject=Maths')
    expect(pageSearch('/courses', '?mode=by-pigeon')).toBe('')
  })

  it('renders an address with made-up parameters as the page at its path, echoing none of them', async () => {
    const result = await render({ href: '/?utm_source=mail&fbclid=abc', fetchApi: api() })
    expect(result.kind).toBe('page')
    if (result.kind !== 'page') return
    expect((JSON.parse(result.state) as { path: string }).path).toBe('/')
    expect(`${result.html}${result.state}`).not.toMatch(/utm_source|fbclid/)
  })
})

describe('the server, rendering with it', () => {
  it('answers the page it keeps for its path to every address that adds only made-up parameters', async () => {
    const home = await t.request('GET', '/')
    expect(home.status).toBe(200)
    expect(home.text).toContain('id="tec-ssr-state"')
    const etag = home.headers.get('etag')
    for (let i = 0; i < 20; i++) {
      const answer = await t.request('GET', `/?utm_source=campaign-${i}&fbclid=${i}`)
      expect(answer.status).toBe(200)
      expect(answer.headers.get('etag')).toBe(etag)
      expect(answer.text).not.toMatch(/utm_source|fbclid/)
    }
    // A parameter the page reads is another page.
    const second = await t.request('GET', '/blog?page=2&utm_source=mail')
    expect(second.headers.get('etag')).not.toBe((await t.request('GET', '/blog')).headers.get('etag'))
    expect(second.text).toContain('"path":"/blog?page=2"')
  })
})
