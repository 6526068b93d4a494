import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { axeViolations } from './axe.ts'

/** Signs in through the login page and waits for the page it lands on (`/admin` for the office). */
export async function signIn(page: Page, account: { email: string; password: string }, lands = '/admin') {
  await page.goto('/login')
  await page.getByRole('textbox', { name: 'Email Address' }).fill(account.email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.waitForURL((url) => url.pathname === lands)
}

/**
 * No axe violations and no sideways scrolling: at the current width, or at each of `widths` (then back to 1280 px
 * wide).
 */
export async function expectAccessible(page: Page, what: string, widths?: readonly number[]) {
  for (const width of widths ?? [undefined]) {
    if (width !== undefined) await page.setViewportSize({ width, height: 800 })
    const where = width === undefined ? what : `${what} at ${width} px`
    await animationsSettled(page)
    const summary = (await axeViolations(page)).map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
    expect(summary, where).toEqual([])
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow, `${where} scrolls sideways`).toBeLessThanOrEqual(0)
  }
  if (widths !== undefined) await page.setViewportSize({ width: 1280, height: 800 })
}

/**
 * Waits until no transition or animation is running: axe measures colour contrast as painted, so a dialog still
 * fading in reads as low contrast. A spinner's endless animation does not count.
 */
export async function animationsSettled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  )
}

/**
 * Closes every toast with its close button, as a person would, and waits until they have gone: a toast that starts
 * fading out on its own while axe looks reads as faint words. A toast that leaves on its own first needs no click.
 */
export async function dismissToasts(page: Page) {
  const closeButtons = page.getByRole('alert').getByRole('button', { name: 'Close this message' })
  await expect
    .poll(
      async () => {
        const open = await closeButtons.count()
        if (open > 0) await closeButtons.first().click({ timeout: 1_000 }).catch(() => undefined)
        return open
      },
      { timeout: 15_000 },
    )
    .toBe(0)
  await animationsSettled(page)
}

/** Both of the widths every back-office screen is checked at: a phone's and a desktop's. */
export const PHONE_AND_DESKTOP = [360, 1280] as const

/**
 * No axe violations and no sideways scrolling at a phone's width and a desktop's, in the light scheme and the dark
 * (the app follows the system's scheme until the visitor picks one), ending at a desktop's width in light. Every rule
 * runs in both: a scheme may swap more than colours (the scheme menu's icon and its name, an image for dark
 * backgrounds). Both schemes at one width, then the other: two changes of width rather than four.
 */
export async function expectAccessibleInBothSchemes(page: Page, what: string) {
  for (const [width, schemes] of [
    [PHONE_AND_DESKTOP[0], ['light', 'dark']],
    [PHONE_AND_DESKTOP[1], ['dark', 'light']],
  ] as const) {
    await page.setViewportSize({ width, height: 800 })
    for (const scheme of schemes) {
      await page.emulateMedia({ colorScheme: scheme })
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe(scheme)
      await expectAccessible(page, `${what} (${scheme}) at ${width} px`)
    }
  }
}

/**
 * No axe violations at the page's current width, in the light scheme and the dark, ending in light: for a screen whose
 * layout changes with the width (the calendars open on another view), which each test sets itself.
 */
export async function expectAccessibleInBothSchemesHere(page: Page, what: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe(scheme)
    await expectAccessible(page, `${what} (${scheme}) at ${page.viewportSize()?.width} px`)
  }
  await page.emulateMedia({ colorScheme: 'light' })
}
