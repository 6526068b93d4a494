import { afterAll, beforeAll, expect, test } from 'vitest'
import { startTestApp, type TestApp } from './support/app.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app?.stop()
})

test('pages carry an enforced Content-Security-Policy that blocks injected inline script', async () => {
  // A context of its own: the refusal this test provokes on purpose must not count as a page problem.
  const context = await app.browser.newContext({ baseURL: app.baseUrl })
  const page = await context.newPage()
  const refusals: string[] = []
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) refusals.push(message.text())
  })
  const answer = await page.goto('/login')
  const policy = answer?.headers()['content-security-policy'] ?? ''
  expect(policy).toContain("script-src 'self'")
  expect(policy).toContain("frame-ancestors 'none'")
  expect(policy).toContain("object-src 'none'")
  expect(policy).toContain("base-uri 'none'")
  await page.getByRole('heading', { name: 'Welcome Back' }).waitFor()

  const ran = await page.evaluate(async () => {
    // An allowed inline script would run as it is appended; a refused one is reported by this event instead.
    const refused = new Promise<string>((resolve) => document.addEventListener('securitypolicyviolation', (event) => resolve(event.effectiveDirective), { once: true }))
    const script = document.createElement('script')
    script.textContent = 'window.__injected = true'
    document.body.append(script)
    const directive = await refused
    return { directive, injected: (window as unknown as { __injected?: boolean }).__injected === true }
  })
  expect(ran.injected).toBe(false)
  expect(ran.directive).toMatch(/^script-src/)
  expect(refusals.some((text) => text.includes("script-src 'self'"))).toBe(true)
  await context.close()
})

test('the production build serves no source maps: scripts name none, and asking for one answers 404', async () => {
  const page = await app.newPage()
  const scripts: string[] = []
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url())
  })
  await page.goto(`${app.baseUrl}/`)
  await page.getByRole('heading', { level: 1 }).first().waitFor()
  expect(scripts.length).toBeGreaterThan(0)
  for (const url of scripts) {
    const script = await fetch(url)
    expect(script.headers.get('sourcemap') ?? script.headers.get('x-sourcemap')).toBeNull()
    expect(await script.text()).not.toMatch(/sourceMappingURL/)
    expect((await fetch(`${url}.map`)).status, `${url}.map`).toBe(404)
  }
  await page.close()
})
