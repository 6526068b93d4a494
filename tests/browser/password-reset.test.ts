import { afterAll, beforeAll, expect, test } from 'vitest'
import { demo, startTestApp, type TestApp } from './support/app.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app?.stop()
})

const login = (email: string, pass: string) =>
  fetch(`${app.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, pass }),
  })

test('a forgotten password is reset through the mailed link, once', async () => {
  const page = await app.cleanPage()
  await page.goto('/login')
  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  await page.waitForURL((url) => url.pathname === '/forgot-password')
  // The address changes before the new page replaces the login form, which has a field of the same name.
  await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor()
  await page.getByRole('textbox', { name: 'Email Address' }).fill(demo.tutor.email)
  await page.getByRole('button', { name: /send|reset/i }).click()
  await page.getByText(/If an account uses that email/).waitFor()

  const mail = await app.mail.waitForMail(demo.tutor.email)
  const link = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')?.[0]
  expect(link).toBeDefined()
  expect(link?.startsWith(app.baseUrl)).toBe(true)

  await page.goto(link!)
  // The token leaves the address bar (and so the history and any Referer) as soon as the page reads it.
  await page.waitForURL((url) => url.pathname === '/reset-password' && !url.searchParams.has('token'))
  const newPassword = 'Maple-Harbour-Lantern-42'
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword)
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill(newPassword)
  await page.getByRole('button', { name: /set|save|change|reset/i }).click()
  await page.waitForURL((url) => url.pathname === '/login')

  expect((await login(demo.tutor.email, newPassword)).status).toBe(200)
  expect((await login(demo.tutor.email, demo.tutor.password)).status).toBe(401)

  // The used link says so and offers a new one.
  await page.goto(link!)
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Another-Long-Password-7')
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill('Another-Long-Password-7')
  await page.getByRole('button', { name: /set|save|change|reset/i }).click()
  await page.getByText(/expired or was already used/).first().waitFor()
  await expect(page.getByRole('link', { name: /new link|ask for a new/i }).first().getAttribute('href')).resolves.toBe('/forgot-password')
  expect((await login(demo.tutor.email, 'Another-Long-Password-7')).status).toBe(401)
  await page.close()
})

test('the forgot-password page answers the same for an unknown email and mails nothing', async () => {
  const page = await app.cleanPage()
  await page.goto('/forgot-password')
  await page.getByRole('textbox', { name: 'Email Address' }).fill('nobody@tec.test')
  await page.getByRole('button', { name: /send|reset/i }).click()
  await page.getByText(/If an account uses that email/).waitFor()
  await expect(app.mail.waitForMail('nobody@tec.test', { timeout: 1500 })).rejects.toThrow()
  await page.close()
})

test('settings change the name and the password; the old token and password stop working', async () => {
  const page = await app.cleanPage()
  await page.goto('/login')
  await page.getByRole('textbox', { name: 'Email Address' }).fill(demo.admin.email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(demo.admin.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.waitForURL(`${app.baseUrl}/admin`)
  const oldToken = await page.evaluate(() => localStorage.getItem('tec.auth.token'))

  await page.getByRole('link', { name: 'Settings' }).click()
  await page.getByRole('textbox', { name: 'Name' }).fill('Ada Lovelace')
  await page.getByRole('button', { name: 'Save name' }).click()
  await page.getByText('Your name has been saved').waitFor()
  await page.getByText('Ada Lovelace').first().waitFor()

  // A wrong current password is a field error; the session stays.
  await page.getByRole('textbox', { name: 'Current password' }).fill('not-my-password')
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Analytical-Engine-1843')
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill('Analytical-Engine-1843')
  await page.getByRole('button', { name: 'Change password' }).click()
  await page.getByText('The current password is incorrect.').waitFor()
  expect(new URL(page.url()).pathname).toBe('/admin/settings')

  await page.getByRole('textbox', { name: 'Current password' }).fill(demo.admin.password)
  await page.getByRole('button', { name: 'Change password' }).click()
  await page.getByText('Your password has been changed').waitFor()
  const newToken = await page.evaluate(() => localStorage.getItem('tec.auth.token'))
  expect(newToken).not.toBe(oldToken)

  const me = (token: string | null) => fetch(`${app.baseUrl}/api/auth/me`, { headers: { Authorization: `Bearer ${token}` } })
  expect((await me(oldToken)).status).toBe(401)
  const answer = await me(newToken)
  expect(answer.status).toBe(200)
  await expect(answer.json()).resolves.toMatchObject({ name: 'Ada Lovelace' })
  expect((await login(demo.admin.email, demo.admin.password)).status).toBe(401)
  expect((await login(demo.admin.email, 'Analytical-Engine-1843')).status).toBe(200)

  // Still signed in after a reload, with the new token.
  await page.reload()
  await page.getByRole('heading', { name: 'Settings' }).waitFor()
  await page.close()
})
