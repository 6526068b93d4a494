import sharp from 'sharp'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { demo, startTestApp, type TestApp } from './support/app.ts'
import { expectAccessibleInBothSchemes } from './support/staff.ts'

/**
 * The office keeps the website up to date without help: photos go into the media library (a phone's location never
 * reaches the site), courses are edited and published, and visitors see each change at once. Axe checks every new
 * screen at a phone's width and a desktop's, in the light scheme and the dark.
 */
let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app?.stop()
})

/** A phone's photo of a class: 3000 × 2000 px, with the camera and the place it was taken. */
function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#3a7d44' } })
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Pocket 12' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 2635/100', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 3000/100' },
    })
    .jpeg({ quality: 85 })
    .toBuffer()
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { name, level: 1 })

async function api<T>(path: string): Promise<T> {
  const answer = await fetch(`${app.baseUrl}/api${path}`)
  expect(answer.status, path).toBe(200)
  return (await answer.json()) as T
}

describe('the media library', () => {
  test('a phone photo is uploaded with progress, needs alt text and a caption, and reaches browsers as AVIF or WebP with no location', async () => {
    const page = await app.signedInPage(demo.admin, { at: '/admin/settings' })
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Media library' }).click()
    await heading(page, 'Media library').waitFor()
    await page.getByRole('list', { name: 'Images' }).waitFor()
    await expectAccessibleInBothSchemes(page, 'the media library')

    const original = await phonePhoto()
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Choose files' }).click()])
    await chooser.setFiles([
      { name: 'IMG_2041.JPG', mimeType: 'image/jpeg', buffer: original },
      // A text file renamed as a photo: the browser takes its name's word for it, the server reads the bytes.
      { name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('Reading group notes, not a photo') },
    ])
    const uploads = page.getByRole('list', { name: 'Uploads' })
    await page.getByRole('status').filter({ hasText: '1 uploaded. 1 not uploaded.' }).waitFor()
    await uploads.getByText('This file is not an image we can read.', { exact: false }).waitFor()
    await expectAccessibleInBothSchemes(page, 'the media library after uploads')

    await uploads.getByRole('link', { name: 'Add alt text and caption for IMG_2041.JPG' }).click()
    await heading(page, 'IMG_2041.JPG').waitFor()
    // Saving without them says what is missing, at each field.
    await page.getByRole('button', { name: 'Save alt text and caption' }).click()
    await page.getByText('Describe what the image shows.').waitFor()
    await page.getByText('Write a caption to show under the image.').waitFor()
    await expectAccessibleInBothSchemes(page, 'an image’s page with its errors')

    await page.getByRole('textbox', { name: 'Alt text' }).fill('Children reading together on a carpet in a classroom')
    await page.getByRole('textbox', { name: 'Caption' }).fill('Reading group at Kirkstall Valley Primary')
    await page.getByRole('button', { name: 'Save alt text and caption' }).click()
    await page.getByText('The changes have been saved').waitFor()
    await page.getByText('Needs alt text and caption').waitFor({ state: 'detached' })

    // What a browser is sent for the page's image: AVIF or WebP, the camera and the place gone.
    // In a page of its own: the saved words gave the image a new version, whose loading in this page could otherwise be
    // the answer caught, and a reload would then make its body unreadable.
    const id = new URL(page.url()).pathname.split('/').pop()!
    const fresh = await page.context().newPage()
    const served = fresh.waitForResponse((response) => response.url().includes(`/api/media/${id}`) && response.request().resourceType() === 'image' && response.status() === 200)
    await fresh.goto(page.url())
    const response = await served
    expect(['image/avif', 'image/webp']).toContain(response.headers()['content-type'])
    const bytes = await response.body()
    const metadata = await sharp(bytes).metadata()
    expect(metadata.exif).toBeUndefined()
    expect(bytes.includes(Buffer.from('PhoneCo'))).toBe(false)
    expect(metadata.width).toBeLessThanOrEqual(2560)
    await page.close()
  })
})

interface Listed {
  items: { slug: string; title: string }[]
}

describe('courses', () => {
  test('the admin edits a course’s price and a visitor sees it at once; unpublished, it leaves the site', async () => {
    const page = await app.signedInPage(demo.admin, { at: '/admin/courses' })
    await heading(page, 'Courses').waitFor()
    await page.getByRole('table', { name: 'Courses' }).waitFor()
    await expectAccessibleInBothSchemes(page, 'the course list')

    await page.getByRole('table', { name: 'Courses' }).getByRole('link', { name: 'GCSE Maths Revision' }).click()
    await heading(page, 'GCSE Maths Revision').waitFor()
    await expectAccessibleInBothSchemes(page, 'a course’s page')
    await page.getByRole('link', { name: 'Edit' }).click()
    await page.getByRole('button', { name: 'Save the changes' }).waitFor()
    await expectAccessibleInBothSchemes(page, 'the course editor')
    const price = page.getByRole('textbox', { name: 'Price or funding' })
    const priceAtOpen = await price.inputValue()

    // Leaving with a change not saved asks first; staying keeps the change, leaving drops it.
    await price.fill('£99 a lesson, typed by mistake')
    await page.getByRole('link', { name: 'Cancel' }).click()
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' })
    await leave.getByText('Your changes are not saved. If you leave now, they are lost.').waitFor()
    await leave.getByRole('button', { name: 'Stay' }).click()
    await leave.waitFor({ state: 'hidden' })
    await heading(page, 'Edit GCSE Maths Revision').waitFor()
    expect(await price.inputValue()).toBe('£99 a lesson, typed by mistake')
    await page.getByRole('link', { name: 'Cancel' }).click()
    await leave.getByRole('button', { name: 'Leave' }).click()
    await heading(page, /^GCSE Maths Revision$/).waitFor()
    await page.getByRole('link', { name: 'Edit' }).click()
    await page.getByRole('button', { name: 'Save the changes' }).waitFor()
    expect(await price.inputValue()).toBe(priceAtOpen)

    // A saved change goes to the course page without asking: the heading shows only once the way out was not held up.
    await price.fill('£30 per one-hour lesson at home, £25 online')
    await page.getByRole('button', { name: 'Save the changes' }).click()
    await heading(page, /^GCSE Maths Revision$/).waitFor()

    const visitor = await app.newPage()
    await visitor.goto('/courses/gcse-maths-revision')
    await heading(visitor, 'GCSE Maths Revision').waitFor()
    await visitor.getByText('£30 per one-hour lesson at home, £25 online').waitFor()

    await page.getByRole('button', { name: 'Unpublish' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Back to draft' }).click()
    await page.getByText('The course is back to draft').waitFor()
    await visitor.reload()
    await heading(visitor, 'We could not find that course').waitFor()
    await visitor.getByRole('link', { name: 'See all courses' }).click()
    await heading(visitor, 'Courses').waitFor()
    await expect.poll(() => visitor.getByRole('link', { name: 'GCSE Maths Revision' }).count()).toBe(0)
    await page.close()
    await visitor.context().close()
  })

  test('/courses lists every published course, filters by how it is taught and by subject, and is in the menu', async () => {
    const published = await api<Listed>('/courses')
    const page = await app.newPage()
    await page.goto('/')
    await page.getByRole('navigation').getByRole('link', { name: 'Courses', exact: true }).first().click()
    await heading(page, 'Courses').waitFor()
    await page.getByRole('heading', { name: 'All courses' }).waitFor()
    for (const course of published.items) await page.getByRole('link', { name: course.title }).first().waitFor()
    await expectAccessibleInBothSchemes(page, 'the course list for visitors')

    const online = await api<Listed>('/courses?mode=online')
    await page.getByRole('radiogroup', { name: 'How it is taught' }).getByText('Online', { exact: true }).click()
    await page.getByRole('heading', { name: 'Courses taught online' }).waitFor()
    await expect.poll(() => page.getByRole('main').getByRole('heading', { level: 3 }).count()).toBe(online.items.length)
    expect(new URL(page.url()).searchParams.get('mode')).toBe('online')
    await page.context().close()
  })
})
