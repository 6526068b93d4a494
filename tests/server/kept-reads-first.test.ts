import { createServer, type Server } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../src/api/schema.gen.ts'
import { createApp, keptAnswers } from '../../server/app.ts'
import { seedDemoContent } from '../../server/demo/content.ts'
import { keptReadsFirst } from '../../server/kept-reads-first.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { requestIdOf } from '../../server/http-context.ts'

/**
 * The server answers a kept public read before the framework (keptReadsFirst). A client must not be able to tell:
 * the same status, headers and body as the framework sends for that read, and a change made through the server is
 * read at once. Two real HTTP servers on one database: one as `npm start` runs it, one with the framework alone.
 */
type Schemas = components['schemas']
let t: TestApp
let first: Server
let frameworkOnly: Server
let admin: string
/** Requests the server as `npm start` runs it handed to the framework. */
let frameworkAsked = 0

function listening(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      resolve(typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '')
    }),
  )
}
const urls: Record<'first' | 'frameworkOnly', string> = { first: '', frameworkOnly: '' }

beforeAll(async () => {
  t = await createTestApp()
  await t.database.db.transaction((tx) => seedDemoContent(tx))
  await t.createUser({ email: 'office@tec.test', role: 'ADMIN', name: 'Olu Office' })
  admin = await t.login('office@tec.test')
  const kept = keptAnswers(t.deps)
  const app = createApp(t.deps, { kept })
  const framework = getRequestListener(app.fetch)
  first = createServer(
    keptReadsFirst(kept.publicReads, t.deps.config, t.deps.logger, t.deps.metrics, (request, response) => {
      frameworkAsked += 1
      void framework(request, response)
    }),
  )
  const frameworkListener = getRequestListener(createApp(t.deps).fetch)
  frameworkOnly = createServer((request, response) => void frameworkListener(request, response))
  urls.first = await listening(first)
  urls.frameworkOnly = await listening(frameworkOnly)
})

afterAll(async () => {
  await new Promise((resolve) => first?.close(resolve))
  await new Promise((resolve) => frameworkOnly?.close(resolve))
  await t?.close()
})

/** Status, body and every header but the ones that differ by request (its id and the date). */
async function seen(base: string, path: string, headers: Record<string, string> = {}) {
  const answer = await fetch(`${base}${path}`, { headers })
  const shown: [string, string][] = []
  answer.headers.forEach((value, name) => {
    if (name !== 'x-request-id' && name !== 'date') shown.push([name, value])
  })
  return { status: answer.status, headers: Object.fromEntries(shown.sort()), body: await answer.text(), requestId: answer.headers.get('x-request-id') }
}

describe('kept public reads answered before the framework', () => {
  it.each(['/api/courses', '/api/courses?subject=maths', '/api/site-settings', '/api/blog-posts', '/api/gallery'])('%s: the same answer as the framework gives, kept or not', async (path) => {
    // The first read goes through the framework and is kept; the second is answered from what was kept.
    const fresh = await seen(urls.first, path)
    const askedBefore = frameworkAsked
    const kept = await seen(urls.first, path)
    expect(frameworkAsked, 'the kept read never reached the framework').toBe(askedBefore)
    const framework = await seen(urls.frameworkOnly, path)
    expect(fresh.status).toBe(200)
    expect({ ...kept, requestId: null }).toEqual({ ...framework, requestId: null })
    expect(fresh.headers).toEqual(kept.headers)
    expect(kept.requestId).toMatch(/^[0-9a-f-]{36}$/)
    expect(kept.requestId).not.toBe(fresh.requestId)
  })

  it("keeps a trusted proxy's request id, on kept reads and the framework's alike, and replaces an odd one", async () => {
    await seen(urls.first, '/api/gallery')
    for (const base of [urls.first, urls.frameworkOnly]) {
      expect((await seen(base, '/api/gallery', { 'x-request-id': 'lb-7f3a:42' })).requestId).toBe('lb-7f3a:42')
      expect((await seen(base, '/api/admin/staff', { 'x-request-id': 'lb-7f3a:43' })).requestId).toBe('lb-7f3a:43')
      const odd = await seen(base, '/api/gallery', { 'x-request-id': 'two words' })
      expect(odd.requestId).toMatch(/^[0-9a-f-]{36}$/)
    }
    // Without TRUST_PROXY anyone could choose it, so it is always new.
    expect(requestIdOf('lb-7f3a:42', false)).toMatch(/^[0-9a-f-]{36}$/)
    expect(requestIdOf('x'.repeat(129), true)).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('answers 304 with the same headers when the client holds the answer', async () => {
    const { headers } = await seen(urls.first, '/api/courses')
    const etag = headers.etag ?? ''
    const askedBefore = frameworkAsked
    const kept = await seen(urls.first, '/api/courses', { 'if-none-match': etag })
    expect(frameworkAsked).toBe(askedBefore)
    const framework = await seen(urls.frameworkOnly, '/api/courses', { 'if-none-match': `W/"other", ${etag}` })
    expect(kept.status).toBe(304)
    expect({ ...kept, requestId: null }).toEqual({ ...framework, requestId: null })
  })

  it('shows a change made through the same server at the next read', async () => {
    const before = await seen(urls.first, '/api/site-settings')
    await seen(urls.first, '/api/site-settings')
    const record = await fetch(`${urls.first}/api/admin/site-settings`, { headers: { authorization: `Bearer ${admin}` } })
    const { settings, version } = (await record.json()) as Schemas['SiteSettingsRecord']
    const saved = await fetch(`${urls.first}/api/admin/site-settings`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', 'if-match': `"${version}"` },
      body: JSON.stringify({ ...settings, phone: '0113 496 0123' }),
    })
    expect(saved.status).toBe(200)
    const after = await seen(urls.first, '/api/site-settings')
    expect((JSON.parse(after.body) as Schemas['SiteSettings']).phone).toBe('0113 496 0123')
    expect(after.headers.etag).not.toBe(before.headers.etag)
  })

  it('leaves what it does not keep to the framework: a HEAD, an unknown address, a staff read', async () => {
    await seen(urls.first, '/api/courses')
    const head = await fetch(`${urls.first}/api/courses`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
    expect((await seen(urls.first, '/api/nothing-here')).status).toBe(404)
    expect((await seen(urls.first, '/api/admin/site-settings')).status).toBe(401)
  })
})
