import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DEMO_GALLERY } from '../../server/demo/gallery.ts'
import { demo, openInApp, startTestApp, type TestApp } from './support/app.ts'
import { expectAccessibleInBothSchemes } from './support/staff.ts'

/**
 * The office chooses what /gallery shows: a photo uploaded from the gallery screen goes at the end with its
 * caption, moves up a place, a demo drawing is hidden, and a visitor sees exactly that, in that order. Axe checks
 * the screen and its picker at 360 and 1280 px, light and dark.
 */
let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app?.stop()
})

const shownAtFirst = DEMO_GALLERY.filter((item) => item.published).map((item) => item.caption)
const captionsOnGallery = async (visitor: Page) => {
  await visitor.goto('/gallery')
  await visitor.getByRole('heading', { name: 'Gallery', level: 1 }).waitFor()
  return visitor.locator('figcaption').allTextContents()
}

describe('the gallery, chosen by the office', () => {
  test('the admin adds an uploaded photo with its caption, moves it up, hides a drawing; a visitor sees that gallery', async () => {
    const page = await app.signedInPage(demo.admin, { at: '/admin/settings' })
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Gallery' }).click()
    await page.getByRole('heading', { name: 'Gallery', level: 1 }).waitFor()
    const photos = page.getByRole('list', { name: 'Photos in the gallery, first to last' })
    expect(await photos.getByRole('listitem').count()).toBe(DEMO_GALLERY.length)
    await page.getByText(`${shownAtFirst.length} shown · ${DEMO_GALLERY.length - shownAtFirst.length} hidden`).waitFor()
    await expectAccessibleInBothSchemes(page, 'the gallery screen')

    // The picker marks the images already in the gallery; a new photo needs its alt text and caption first.
    await page.getByRole('button', { name: 'Add a photo' }).click()
    const picker = page.getByRole('dialog', { name: 'Add a photo to the gallery' })
    await picker.getByText('Already in the gallery').first().waitFor()
    await expectAccessibleInBothSchemes(page, 'the gallery’s picker')
    const photo = await sharp({ create: { width: 1800, height: 1200, channels: 3, background: '#bc4749' } }).jpeg().toBuffer()
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), picker.getByRole('button', { name: 'Choose files' }).click()])
    await chooser.setFiles({ name: 'science-fair.jpg', mimeType: 'image/jpeg', buffer: photo })
    await picker.getByRole('list', { name: 'Uploads' }).getByRole('button', { name: 'Add alt text and caption to science-fair.jpg' }).click()
    await picker.getByRole('textbox', { name: 'Alt text' }).fill('Three learners beside a volcano model at a science fair')
    await picker.getByRole('textbox', { name: 'Caption' }).fill('Science fair at Eastfield')
    await picker.getByRole('button', { name: 'Save and use this image' }).click()
    await picker.waitFor({ state: 'hidden' })
    await page.getByText('Added at the end of the gallery, shown at once').waitFor()

    // It is last, and its caption has the focus: the gallery's own words for it.
    const caption = page.getByRole('textbox', { name: 'Caption of science-fair.jpg' })
    await expect.poll(() => caption.evaluate((element) => element === document.activeElement)).toBe(true)
    expect(await caption.inputValue()).toBe('Science fair at Eastfield')
    await caption.fill(' ')
    await page.getByRole('button', { name: 'Save the caption of science-fair.jpg' }).click()
    await page.getByText('Write the line that goes under the photo on the gallery.').waitFor()
    await caption.fill('Science fair at Eastfield: the volcano erupts on time')
    await page.getByRole('button', { name: 'Save the caption of science-fair.jpg' }).click()
    await page.getByText('The caption is saved').waitFor()
    // The save button goes once saved; the focus goes back to the caption, not to the page.
    await expect.poll(() => caption.evaluate((element) => element === document.activeElement)).toBe(true)

    // Up one place, by keyboard: the move is announced and the focus stays on the moved photo's button.
    await page.getByRole('button', { name: 'Move science-fair.jpg up' }).focus()
    await page.keyboard.press('Enter')
    await page.getByText(`science-fair.jpg moved to place ${DEMO_GALLERY.length} of ${DEMO_GALLERY.length + 1}.`).waitFor()
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move science-fair.jpg up')

    // The first drawing is hidden, with the keyboard: the switch keeps the focus.
    const first = page.getByRole('switch', { name: 'Show on the gallery (kitchen-table.svg)' })
    await first.focus()
    await page.keyboard.press('Space')
    await page.getByText('The photo is hidden from the gallery').waitFor()
    expect(await first.isChecked()).toBe(false)
    await expect.poll(() => first.evaluate((element) => element === document.activeElement)).toBe(true)
    await page.getByText(`${shownAtFirst.length} shown · ${DEMO_GALLERY.length - shownAtFirst.length + 1} hidden`).waitFor()
    await expectAccessibleInBothSchemes(page, 'the gallery screen after the changes')

    // The last demo item is hidden, so the new photo shows last on the public gallery, and the first drawing is gone.
    const visitor = await app.newPage()
    const seen = await captionsOnGallery(visitor)
    expect(seen).toEqual([...shownAtFirst.slice(1), 'Science fair at Eastfield: the volcano erupts on time'])
    await visitor.getByRole('button', { name: 'Three learners beside a volcano model at a science fair' }).waitFor()

    // Taken out again, it leaves the public gallery; the image stays in the library.
    await page.getByRole('button', { name: 'Remove from the gallery (science-fair.jpg)' }).click()
    const dialog = page.getByRole('dialog', { name: 'Remove this photo from the gallery?' })
    await dialog.getByText('The image stays in the media library').waitFor()
    await dialog.getByRole('button', { name: 'Remove the photo' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await page.getByText('The photo is out of the gallery').waitFor()
    // The focus goes on to the caption of the photo that followed it.
    const next = page.getByRole('textbox', { name: `Caption of ${DEMO_GALLERY.at(-1)?.image}.svg` })
    await expect.poll(() => next.evaluate((element) => element === document.activeElement)).toBe(true)
    expect(await captionsOnGallery(visitor)).toEqual(shownAtFirst.slice(1))
    await openInApp(page, '/admin/settings/media?q=science-fair')
    await page.getByRole('link', { name: 'science-fair.jpg' }).waitFor()
    await page.close()
    await visitor.context().close()
  })
})
