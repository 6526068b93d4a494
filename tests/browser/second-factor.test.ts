import { generate } from 'otplib'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { demo, startTestApp, type TestApp } from './support/app.ts'
import { expectAccessible, PHONE_AND_DESKTOP, signIn } from './support/staff.ts'

/**
 * The second sign-in step as an admin meets it with ADMIN_SECOND_FACTOR=required: the set-up first, from the secret
 * shown beside the QR code (the test computes codes from it as an authenticator app does), then signing in with a
 * code and with a recovery code, and ending another browser's session from the settings.
 */
let app: TestApp
beforeAll(async () => {
  app = await startTestApp({ ADMIN_SECOND_FACTOR: 'required' })
})
afterAll(async () => {
  await app?.stop()
})

const STEP_MS = 30_000

/**
 * An authenticator app for `secret`. Each code is accepted once, and steps only move forward, so each use takes the
 * code of a later step; the server accepts one step ahead, so two uses fit in one time step.
 */
function authenticatorApp(secret: string) {
  let nextStep = 0
  return async function freshCode(): Promise<string> {
    const now = Math.floor(Date.now() / STEP_MS)
    nextStep = Math.max(nextStep, now)
    if (nextStep > now + 1) throw new Error('Only two codes fit in one time step; use a recovery code for a third sign-in')
    const code = await generate({ secret, epoch: nextStep * (STEP_MS / 1000) })
    nextStep += 1
    return code
  }
}

let freshCode: () => Promise<string>
let recoveryCodes: string[] = []

async function typePassword(page: Page) {
  await page.goto('/login')
  await page.getByRole('textbox', { name: 'Email Address' }).fill(demo.admin.email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(demo.admin.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.getByRole('heading', { name: 'Enter your code', level: 1 }).waitFor()
}

/** Types a code into the six boxes as a person would, digit by digit from the first box. */
async function typeCode(page: Page, code: string) {
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click()
  await page.keyboard.type(code)
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out', exact: true }).click()
  await page.waitForURL((url) => url.pathname === '/login')
}

describe('the second sign-in step', () => {
  test('an admin without it sets it up from the secret before anything else', async () => {
    const page = await app.cleanPage()
    await page.goto('/login')
    await page.getByRole('textbox', { name: 'Email Address' }).fill(demo.admin.email)
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(demo.admin.password)
    await page.getByRole('button', { name: 'Login' }).click()
    await page.waitForURL((url) => url.pathname === '/admin')
    await page.getByText('set up the second sign-in step before anything else').waitFor()
    // Every other admin screen sends them back here.
    await page.goto('/admin/registrations')
    await page.waitForURL((url) => url.pathname === '/admin')
    await page.getByText('set up the second sign-in step before anything else').waitFor()
    await expectAccessible(page, 'the second step, before set-up', PHONE_AND_DESKTOP)

    // The password is asked again first: a wrong one is refused beside the field, which takes the focus.
    const password = page.getByLabel('Your password')
    await password.fill('not-the-password')
    await page.getByRole('button', { name: 'Set up the second step' }).click()
    await page.getByText('The password is incorrect.').waitFor()
    await expect.poll(() => password.evaluate((element) => element === document.activeElement)).toBe(true)
    await password.fill(demo.admin.password)
    await page.getByRole('button', { name: 'Set up the second step' }).click()
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor()
    const secret = (await page.getByTestId('second-factor-secret').textContent()) ?? ''
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    freshCode = authenticatorApp(secret)
    await expectAccessible(page, 'the second step, its QR code', PHONE_AND_DESKTOP)

    await typeCode(page, '000000')
    await page.getByText('That code is not right.').waitFor()
    // The refused code is emptied from the boxes; the next one typed sends itself.
    await typeCode(page, await freshCode())
    const list = page.getByRole('list', { name: 'Recovery codes' })
    await list.waitFor()
    recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim())
    expect(recoveryCodes).toHaveLength(10)
    const download = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Download the codes' }).click()
    expect((await download).suggestedFilename()).toBe('tec-recovery-codes.txt')
    await expectAccessible(page, 'the recovery codes', PHONE_AND_DESKTOP)
    await page.getByRole('button', { name: 'I have kept them' }).click()
    await page.getByRole('heading', { name: `Welcome, `, exact: false }).waitFor()
    await page.getByText('What needs the office now.').waitFor()
    await signOut(page)
    await page.close()
  })

  test('signs in with a code from the app, after the password', async () => {
    const page = await app.cleanPage()
    await typePassword(page)
    await expectAccessible(page, 'the code screen', PHONE_AND_DESKTOP)
    await expect(page.getByRole('textbox', { name: 'Digit 1 of 6' }).getAttribute('autocomplete')).resolves.toBe('one-time-code')
    await typeCode(page, await freshCode())
    await page.waitForURL((url) => url.pathname === '/admin')
    await page.getByText('What needs the office now.').waitFor()
    await signOut(page)
    await page.close()
  })

  test('goes back to the password with "Back to sign in"', async () => {
    const page = await app.cleanPage()
    await typePassword(page)
    await page.getByRole('button', { name: 'Back to sign in' }).click()
    await page.getByRole('heading', { name: 'Welcome Back', level: 1 }).waitFor()
    await page.close()
  })

  test('signs in with a recovery code instead, once', async () => {
    const page = await app.cleanPage()
    await typePassword(page)
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click()
    await expectAccessible(page, 'the recovery code screen')
    await page.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCodes[0] ?? '')
    await page.getByRole('button', { name: 'Verify' }).click()
    await page.waitForURL((url) => url.pathname === '/admin')
    // The person hears of it by mail, in case it was not them or their phone is lost.
    const mail = await app.mail.waitForMail(demo.admin.email, { timeout: 30_000 })
    expect(mail.subject).toBe('A recovery code was used to sign in to your TEC account')
    expect(mail.text).toContain('9 recovery codes are left.')
    await signOut(page)

    await typePassword(page)
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click()
    await page.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCodes[0] ?? '')
    await page.getByRole('button', { name: 'Verify' }).click()
    await page.getByText('That recovery code is not right, or was already used.').waitFor()
    await page.close()
  })

  test('ends another browser’s session from the settings, and that browser is signed out in every tab', async () => {
    const here = await app.cleanPage()
    await typePassword(here)
    await here.getByRole('button', { name: 'Use a recovery code instead' }).click()
    await here.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCodes[2] ?? '')
    await here.getByRole('button', { name: 'Verify' }).click()
    await here.waitForURL((url) => url.pathname === '/admin')

    const elsewhere = await app.newPage()
    await typePassword(elsewhere)
    await elsewhere.getByRole('button', { name: 'Use a recovery code instead' }).click()
    await elsewhere.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCodes[1] ?? '')
    await elsewhere.getByRole('button', { name: 'Verify' }).click()
    await elsewhere.waitForURL((url) => url.pathname === '/admin')
    const otherTab = await elsewhere.context().newPage()
    await otherTab.goto('/admin/settings')
    await otherTab.getByRole('heading', { name: 'Settings', level: 1 }).waitFor()

    await here.goto('/admin/settings')
    const sessions = here.getByRole('region', { name: "Where you're signed in" })
    await sessions.getByText('This browser').waitFor()
    await expect.poll(() => sessions.getByRole('listitem').count()).toBe(2)
    await here.getByRole('region', { name: 'Second sign-in step' }).getByText('7 recovery codes are left.').waitFor()
    await expectAccessible(here, 'the settings with the second step on', PHONE_AND_DESKTOP)
    await sessions.getByRole('button', { name: /^Sign out .+ at / }).click()
    await here.getByText('That session has ended').waitFor()
    await sessions.getByText('You are signed in here only.').waitFor()

    // The ended browser's next request is refused, and every one of its tabs goes to the sign-in page.
    await elsewhere.getByRole('link', { name: 'Registrations' }).first().click()
    await elsewhere.waitForURL((url) => url.pathname === '/login')
    await otherTab.waitForURL((url) => url.pathname === '/login')
    await here.reload()
    await here.getByRole('heading', { name: 'Settings', level: 1 }).waitFor()
    await here.close()
    await elsewhere.context().close()
  })

  test('a tutor turns it on in the settings, makes new recovery codes, and turns it off with the password and a recovery code', async () => {
    const page = await app.cleanPage()
    await signIn(page, demo.tutor, '/tutor')
    await page.goto('/tutor/settings')
    const section = page.getByRole('region', { name: 'Second sign-in step' })
    await section.getByLabel('Your password').fill(demo.tutor.password)
    await section.getByRole('button', { name: 'Set up the second step' }).click()
    await section.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor()
    const tutorApp = authenticatorApp((await page.getByTestId('second-factor-secret').textContent()) ?? '')
    await typeCode(page, await tutorApp())
    const firstList = section.getByRole('list', { name: 'Recovery codes' })
    await firstList.waitFor()
    const firstCodes = (await firstList.getByRole('listitem').allTextContents()).map((code) => code.trim())
    expect(firstCodes).toHaveLength(10)
    await section.getByRole('button', { name: 'I have kept them' }).click()
    await section.getByText('10 recovery codes are left.').waitFor()

    // New codes take a code from the app; a wrong one is refused on the field and emptied from the boxes.
    await section.getByRole('button', { name: 'New recovery codes' }).click()
    await expectAccessible(page, 'making new recovery codes', PHONE_AND_DESKTOP)
    await typeCode(page, '000000')
    await section.getByText('That code is not right.').waitFor()
    // The whole code sends itself.
    await typeCode(page, await tutorApp())
    const newList = section.getByRole('list', { name: 'Recovery codes' })
    await newList.waitFor()
    const newCodes = (await newList.getByRole('listitem').allTextContents()).map((code) => code.trim())
    expect(newCodes).toHaveLength(10)
    expect(newCodes.filter((code) => firstCodes.includes(code))).toEqual([])
    await section.getByRole('button', { name: 'I have kept them' }).click()
    await section.getByText('10 recovery codes are left.').waitFor()

    // Turning off asks for the password and a code: each missing or wrong one is said on its field.
    await section.getByRole('button', { name: 'Turn off' }).click()
    await expectAccessible(page, 'turning the second step off', PHONE_AND_DESKTOP)
    await section.getByRole('button', { name: 'Turn off' }).click()
    await section.getByText('Enter your password.').waitFor()
    await section.getByText('Enter all 6 digits of the code.').waitFor()
    await section.getByRole('button', { name: 'Use a recovery code instead' }).click()
    await section.getByRole('textbox', { name: 'Password' }).fill('Not-The-Password-26')
    await section.getByRole('textbox', { name: 'Recovery code' }).fill(firstCodes[0] ?? '')
    await section.getByRole('button', { name: 'Turn off' }).click()
    await section.getByText('The password is incorrect.').waitFor()
    await section.getByRole('textbox', { name: 'Password' }).fill(demo.tutor.password)
    await section.getByRole('button', { name: 'Turn off' }).click()
    // The first codes were replaced, so they no longer count.
    await section.getByText('That recovery code is not right, or was already used.').waitFor()
    await section.getByRole('textbox', { name: 'Recovery code' }).fill(newCodes[0] ?? '')
    await section.getByRole('button', { name: 'Turn off' }).click()
    await page.getByText('The second sign-in step is off').waitFor()
    await section.getByRole('button', { name: 'Set up the second step' }).waitFor()

    // The password alone signs them in again.
    await signOut(page)
    await signIn(page, demo.tutor, '/tutor')
    await page.close()
  })
})
