import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { demo, startTestApp, type TestApp } from './support/app.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app?.stop()
})

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.getByRole('textbox', { name: 'Email Address' }).fill(account.email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Login' }).click()
}

const storedToken = (page: Page) =>
  page.evaluate(() => localStorage.getItem('tec.auth.token') ?? sessionStorage.getItem('tec.auth.token'))

describe('the login screen', () => {
  test('shows what the specification lists', async () => {
    const page = await app.cleanPage()
    await page.goto('/login')
    await page.getByRole('heading', { name: 'Welcome Back', level: 1 }).waitFor()
    await page.getByText('Good to see you again.').waitFor()
    await expect(page.getByRole('textbox', { name: 'Password', exact: true }).getAttribute('type')).resolves.toBe('password')
    await expect(page.getByRole('checkbox', { name: 'Remember me' }).isChecked()).resolves.toBe(true)
    await expect(page.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).resolves.toBe('/forgot-password')
    await expect(page.getByRole('link', { name: /Register Here/ }).getAttribute('href')).resolves.toBe('/tutor-register')
    await page.getByRole('button', { name: /show password/i }).click()
    await expect(page.getByRole('textbox', { name: 'Password', exact: true }).getAttribute('type')).resolves.toBe('text')
    await page.getByRole('link', { name: 'TEC Education and tutoring' }).click()
    await page.waitForURL(`${app.baseUrl}/`)
    await page.close()
  })

  test('asks for both fields when they are empty', async () => {
    const page = await app.cleanPage()
    await page.goto('/login')
    await page.getByRole('button', { name: 'Login' }).click()
    await page.getByText('Please input your email!').waitFor()
    await page.getByText('Please input your password!').waitFor()
    expect(new URL(page.url()).pathname).toBe('/login')
    await page.close()
  })

  test('shows the server message in an error toast for a wrong password', async () => {
    const page = await app.cleanPage()
    await page.goto('/login')
    await signIn(page, { email: demo.admin.email, password: 'not-the-password' })
    await page.getByText('The email or password is incorrect.').waitFor()
    expect(new URL(page.url()).pathname).toBe('/login')
    await expect(storedToken(page)).resolves.toBeNull()
    await page.close()
  })

  test('signs the admin in to /admin with a success toast, remembered in local storage', async () => {
    const page = await app.cleanPage()
    await page.goto('/login')
    await signIn(page, demo.admin)
    await page.getByText('Login successful').waitFor()
    await page.waitForURL(`${app.baseUrl}/admin`)
    const stored = await page.evaluate(() => ({
      user: JSON.parse(localStorage.getItem('tec.auth.user') ?? 'null') as { role?: string } | null,
      token: localStorage.getItem('tec.auth.token'),
    }))
    expect(stored.user?.role).toBe('ADMIN')
    expect(stored.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    await page.close()
  })

  test('signs the tutor in to /tutor, in session storage when Remember me is unchecked', async () => {
    const page = await app.cleanPage()
    await page.goto('/login')
    await page.getByRole('checkbox', { name: 'Remember me' }).uncheck()
    await signIn(page, demo.tutor)
    await page.waitForURL(`${app.baseUrl}/tutor`)
    const stored = await page.evaluate(() => ({
      local: localStorage.getItem('tec.auth.token'),
      session: sessionStorage.getItem('tec.auth.token'),
    }))
    expect(stored.local).toBeNull()
    expect(stored.session).toMatch(/^[A-Za-z0-9_-]{43}$/)
    await page.close()
  })
})

describe('guards', () => {
  test('send a visitor to /login, replacing the history entry, and back after sign-in', async () => {
    const page = await app.cleanPage()
    await page.goto('/')
    await page.goto('/admin/students?tab=all')
    await page.waitForURL((url) => url.pathname === '/login')
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/admin/students?tab=all')

    // The guarded address was replaced, so Back leaves the login page for the page before it.
    await page.goBack()
    await page.waitForURL(`${app.baseUrl}/`)
    await page.goForward()
    await page.waitForURL((url) => url.pathname === '/login')

    await signIn(page, demo.admin)
    await page.waitForURL(`${app.baseUrl}/admin/students?tab=all`)
    await page.close()
  })

  test.each(['//evil.example/admin', 'https://evil.example/admin', '/\\evil.example/admin', '/.//evil.example', '/a/..//x', '/admin/%2e%2e/%2e%2e//x'])(
    'refuse the redirect %s and land in the user area',
    async (redirect) => {
      const page = await app.cleanPage()
      await page.goto(`/login?redirect=${encodeURIComponent(redirect)}`)
      await signIn(page, demo.admin)
      await page.waitForURL(`${app.baseUrl}/admin`)
      await page.close()
    },
  )

  test('keep a tutor out of /admin', async () => {
    const page = await app.cleanPage()
    await page.goto('/login')
    await signIn(page, demo.tutor)
    await page.waitForURL(`${app.baseUrl}/tutor`)
    await page.goto('/admin/students')
    await page.waitForURL((url) => url.pathname.startsWith('/tutor'))
    await page.close()
  })
})

describe('logout', () => {
  test('clears the stored session and revokes the token on the server', async () => {
    const page = await app.cleanPage()
    await page.goto('/login')
    await signIn(page, demo.admin)
    await page.waitForURL(`${app.baseUrl}/admin`)
    const token = await storedToken(page)
    expect(token).toBeTruthy()

    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.waitForURL((url) => url.pathname === '/login')
    const left = await page.evaluate(() => [
      localStorage.getItem('tec.auth.user'),
      localStorage.getItem('tec.auth.token'),
      sessionStorage.getItem('tec.auth.user'),
      sessionStorage.getItem('tec.auth.token'),
    ])
    expect(left).toEqual([null, null, null, null])

    const me = await fetch(`${app.baseUrl}/api/auth/me`, { headers: { Authorization: `Bearer ${token}` } })
    expect(me.status).toBe(401)
    await page.close()
  })

  test('in one tab logs out the other tabs', async () => {
    const first = await app.cleanPage()
    await first.goto('/login')
    await signIn(first, demo.admin)
    await first.waitForURL(`${app.baseUrl}/admin`)
    const second = await first.context().newPage()
    await second.goto('/admin/settings')
    await second.getByRole('heading', { name: /settings/i }).first().waitFor()

    await first.bringToFront()
    await first.getByRole('button', { name: 'Sign out' }).click()
    await first.waitForURL((url) => url.pathname === '/login', { timeout: 20_000 })
    // The user switches back to the other tab and finds it signed out too.
    await second.bringToFront()
    await second.waitForURL((url) => url.pathname === '/login', { timeout: 20_000 })
    await second.close()
    await first.close()
  })
})

test('an unknown path shows the not-found page, answered with 404 for crawlers', async () => {
  const page = await app.cleanPage()
  const answer = await page.goto('/no-such-page/here')
  expect(answer?.status()).toBe(404)
  await page.getByRole('heading', { name: /not found/i }).waitFor()
  await page.close()
})
