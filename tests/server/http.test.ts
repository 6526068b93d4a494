import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app.ts'
import { handlers } from '../../server/handlers.ts'
import { createTestApp, type Answer, type TestApp } from './support/test-app.ts'

let t: TestApp
let site: string

beforeAll(async () => {
  // A tiny stand-in for `vite build`'s dist/, so the static and fallback rules can be seen without a build.
  site = mkdtempSync(path.join(tmpdir(), 'tec-dist-'))
  mkdirSync(path.join(site, 'assets'))
  writeFileSync(path.join(site, 'index.html'), '<!doctype html><title>TEC</title><div id="root"></div>')
  writeFileSync(path.join(site, 'assets', 'main-abc123.js'), 'console.log(1)')
  writeFileSync(path.join(site, 'assets', 'main-abc123.js.map'), '{"version":3,"sources":["src/main.tsx"]}')
  // What the build writes beside a file (vite.config.ts): brotli and gzip copies.
  writeFileSync(path.join(site, 'assets', 'main-abc123.js.br'), brotliCompressSync('console.log(1)'))
  writeFileSync(path.join(site, 'assets', 'main-abc123.js.gz'), gzipSync('console.log(1)'))
  t = await createTestApp({ staticRoot: site })
})
afterAll(async () => {
  await t?.close()
  if (site) rmSync(site, { recursive: true, force: true })
})

function expectNoInternals(answer: Answer) {
  expect(answer.text).not.toMatch(/at .+\.(ts|js):\d+|Error:|select |insert |node_modules/i)
}

describe('request validation against the contract', () => {
  const login = (options: Parameters<TestApp['request']>[2]) => t.request('POST', '/api/auth/login', options)

  it('refuses unknown fields, wrong types and missing fields with a message per field', async () => {
    const answer = await login({ body: { email: 'not-an-email', pass: 42, admin: true } })
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({
      message: 'Check the highlighted fields.',
      fields: { email: 'Enter an email address like name@example.com.', pass: 'This must be text.', admin: 'This field is not allowed.' },
    })
    const missing = await login({ body: {} })
    expect(missing.body.fields).toEqual({ email: 'This field is required.', pass: 'This field is required.' })
    expectNoInternals(answer)
  })

  it('refuses malformed JSON, a body that is not an object, a missing body and the wrong content type', async () => {
    expect((await login({ rawBody: '{"email":' })).body).toEqual({ message: 'The body is not valid JSON.' })
    expect((await login({ body: ['a'] })).body).toEqual({ message: 'The body must be a JSON object.' })
    expect((await login({ rawBody: '' , headers: { 'content-type': 'application/json' } })).body).toEqual({ message: 'This request needs a JSON body.' })
    const form = await t.request('POST', '/api/auth/login', { rawBody: 'email=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(form.status).toBe(415)
  })

  it('refuses a body over 64 KiB with 413', async () => {
    const answer = await login({ body: { email: 'a@tec.test', pass: 'x'.repeat(70 * 1024) } })
    expect(answer.status).toBe(413)
    expect(answer.body).toEqual({ message: 'The request is too large. Send at most 64 KiB.' })
  })

  it('refuses unknown and malformed query parameters', async () => {
    const unknown = await t.request('GET', '/api/health?debug=1')
    expect(unknown.status).toBe(400)
    expect(unknown.body.fields).toEqual({ debug: 'This field is not allowed.' })
    const badToken = await t.request('PATCH', '/api/auth/reset-password?token=short', { body: { password: 'Long-Enough-Pass-1' } })
    expect(badToken.body.fields).toEqual({ token: 'This value is not in the expected form.' })
    const noToken = await t.request('PATCH', '/api/auth/reset-password', { body: { password: 'Long-Enough-Pass-1' } })
    expect(noToken.body.fields).toEqual({ token: 'This field is required.' })
  })
})

describe('answers outside the contract', () => {
  it('answers unknown API paths with JSON 404 and a wrong method with 405 and Allow', async () => {
    const unknown = await t.request('GET', '/api/nothing/here')
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual({ message: 'No such API endpoint.' })
    const wrongMethod = await t.request('DELETE', '/api/auth/login')
    expect(wrongMethod.status).toBe(405)
    expect(wrongMethod.headers.get('allow')).toBe('POST')
  })

  it('answers a failure with a plain 500 and an unreachable database with 503, without details', async () => {
    const failing = createApp(t.deps, {
      handlers: {
        ...handlers,
        getHealth: () => Promise.reject(new Error('boom in /srv/secret.ts')),
        listSubjects: () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 10.0.0.9:5432'), { code: 'ECONNREFUSED' })),
      },
    })
    const crashed = await failing.request('/api/health')
    expect(crashed.status).toBe(500)
    expect(await crashed.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' })
    const unavailable = await failing.request('/api/subjects')
    expect(unavailable.status).toBe(503)
    expect(await unavailable.json()).toEqual({ message: 'The service is temporarily unavailable. Please try again shortly.' })
    expect(unavailable.headers.get('retry-after')).toBe('5')
  })

  it('reports health after asking the database', async () => {
    expect((await t.request('GET', '/api/health')).body).toEqual({ status: 'ok' })
  })
})

describe('security headers', () => {
  it('sends them on API answers, errors and pages', async () => {
    for (const pathname of ['/api/health', '/api/nothing', '/', '/admin/students', '/reset-password']) {
      const answer = await t.request('GET', pathname)
      expect(answer.headers.get('content-security-policy')).toContain("script-src 'self'")
      expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
      expect(answer.headers.get('x-frame-options')).toBe('DENY')
      expect(answer.headers.get('strict-transport-security')).toBeNull() // plain http here
    }
  })

  it('sends no referrer from the reset page, the family page or the API, and keeps API answers out of caches', async () => {
    expect((await t.request('GET', '/reset-password?token=abc')).headers.get('referrer-policy')).toBe('no-referrer')
    for (const path of ['/family?link=abc', '/family/stop?link=abc&what=reports']) {
      const family = await t.request('GET', path)
      expect(family.headers.get('referrer-policy'), path).toBe('no-referrer')
      // Never indexed, whatever a crawler that found a forwarded link makes of robots.txt.
      expect(family.headers.get('x-robots-tag'), path).toBe('noindex, nofollow')
    }
    expect((await t.request('GET', '/about')).headers.get('x-robots-tag')).toBeNull()
    expect((await t.request('GET', '/login')).headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    const api = await t.request('GET', '/api/health')
    expect(api.headers.get('referrer-policy')).toBe('no-referrer')
    expect(api.headers.get('cache-control')).toBe('no-store')
  })

  it('sends HSTS when the site is served over HTTPS', async () => {
    const https = createApp({ ...t.deps, config: { ...t.deps.config, publicUrl: 'https://tec.example.org' } })
    expect((await https.request('/api/health')).headers.get('strict-transport-security')).toContain('max-age=')
  })
})

describe('the single-page app', () => {
  it('serves deep links with index.html (history fallback), not cached', async () => {
    const answer = await t.request('GET', '/admin/students')
    expect(answer.status).toBe(200)
    expect(answer.text).toContain('<div id="root">')
    expect(answer.headers.get('cache-control')).toBe('no-cache')
  })

  it('caches hashed assets for a year and does not answer missing assets with the page', async () => {
    const asset = await t.request('GET', '/assets/main-abc123.js')
    expect(asset.status).toBe(200)
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect((await t.request('GET', '/assets/missing.js')).status).toBe(404)
  })

  it('never serves a source map, even one left in the build', async () => {
    const map = await t.request('GET', '/assets/main-abc123.js.map')
    expect(map.status).toBe(404)
    expect(map.text).not.toContain('sources')
  })

  it('serves the brotli or gzip copy to a browser that accepts it, and the plain file otherwise', async () => {
    const br = await t.request('GET', '/assets/main-abc123.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(br.headers.get('content-type')).toMatch(/^text\/javascript/)
    expect(br.headers.get('vary')).toContain('Accept-Encoding')
    expect(brotliDecompressSync(br.bytes).toString()).toBe('console.log(1)')
    const gz = await t.request('GET', '/assets/main-abc123.js', { headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(gz.bytes).toString()).toBe('console.log(1)')
    const plain = await t.request('GET', '/assets/main-abc123.js', { headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(plain.text).toBe('console.log(1)')
  })

  it('tells the developer to build when dist/ is missing', async () => {
    const unbuilt = createApp({ ...t.deps, staticRoot: path.join(site, 'nowhere') })
    const answer = await unbuilt.request('/')
    expect(await answer.text()).toContain('npm run build')
  })
})

describe('the development outbox', () => {
  it('answers nobody but this machine: a request without a loopback socket gets 404, and production has no outbox', async () => {
    await t.createUser({ email: 'dev@tec.test' })
    await t.request('POST', '/api/auth/forget-password', { body: { email: 'dev@tec.test' } })
    await t.deps.jobs.idle()
    // In-process requests have no socket at all: the outbox fails closed (tests/server/dev-outbox.test.ts
    // reads it over loopback from a real server process).
    const outbox = await t.request('GET', '/api/dev/outbox')
    expect(outbox.status).toBe(404)
    expect(outbox.body).toEqual({ message: 'No such API endpoint.' })

    const production = createApp({ ...t.deps, config: { ...t.deps.config, nodeEnv: 'production' } })
    const answer = await production.request('/api/dev/outbox')
    expect(answer.status).toBe(404)
    expect(await answer.json()).toEqual({ message: 'No such API endpoint.' })
  })
})
