import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SsrModule, SsrRequest } from '../../shared/ssr.ts'
import { seedDemoContent } from '../../server/demo/content.ts'
import { createTestApp, noDatabase, type TestApp } from './support/test-app.ts'

/**
 * The app's own server renderer (src/entry-server.tsx, loaded from source) against the real API in process: what
 * it renders, and when it leaves a page to the browser. How the server then serves the result is in
 * server-rendering.test.ts; the built module in a browser, in tests/browser/server-rendering.test.ts.
 */
const ENTRY = '../../src/entry-server.tsx'

let t: TestApp
let render: SsrModule['render']

beforeAll(async () => {
  if (noDatabase) return
  t = await createTestApp()
  await t.database.db.transaction((tx) => seedDemoContent(tx))
  ;({ render } = (await import(/* @vite-ignore */ ENTRY)) as SsrModule)
})
afterAll(async () => t?.close())

/** The API in process, as the server gives it to the renderer, optionally failing one address. */
const api = (failing?: string): SsrRequest['fetchApi'] => (request) =>
  failing !== undefined && new URL(request.url).pathname.startsWith(failing)
    ? Promise.resolve(Response.json({ message: 'The service is briefly unavailable.' }, { status: 503 }))
    : t.fetch(request)

describe.skipIf(noDatabase)('the server renderer', () => {
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
})
