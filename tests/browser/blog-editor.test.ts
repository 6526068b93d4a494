import sharp from 'sharp'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { formatDateTime } from '@/ui/format-date-time'
import { demo, openInApp, startTestApp, type TestApp } from './support/app.ts'
import { expectAccessibleInBothSchemes } from './support/staff.ts'

/**
 * The office writes the blog: a post with a heading, a link and a photo uploaded on the way (alt text required),
 * saved as a draft on its own, previewed exactly as visitors will read it, scheduled, and on the blog for visitors once
 * it is due. Axe checks each screen at a phone's width and a desktop's, light and dark.
 */
let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app?.stop()
})

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { name, level: 1 })

const TITLE = 'Our spring reading challenge'

/** "2026-11-24T09:31": the datetime-local value for a moment, on London's clock (what the office's field reads). */
function londonField(at: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  )
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`
}

describe('the blog editor', () => {
  test('an admin writes a post with a heading, a link and an uploaded image, previews it, schedules it, and visitors read it once due', async () => {
    const page = await app.signedInPage(demo.admin, { at: '/admin/blogs' })
    await heading(page, 'Blog').waitFor()
    await page.getByRole('table').waitFor()
    await expectAccessibleInBothSchemes(page, 'the blog list')

    await page.getByRole('link', { name: 'Write a post' }).first().click()
    await page.getByRole('button', { name: 'Start the draft' }).waitFor()
    await page.getByRole('textbox', { name: 'Title' }).fill(TITLE)
    await expect.poll(() => page.getByRole('textbox', { name: 'Address' }).inputValue()).toBe('our-spring-reading-challenge')
    await expectAccessibleInBothSchemes(page, 'the new post form')
    await page.getByRole('button', { name: 'Start the draft' }).click()

    // The editor: excerpt, cover from the library, then the text.
    const excerpt = page.getByRole('textbox', { name: 'Excerpt' })
    await excerpt.waitFor()
    await excerpt.fill('Read six books by Easter and earn a certificate: here is how the challenge works.')
    await page.getByRole('button', { name: 'Choose an image' }).click()
    const picker = page.getByRole('dialog', { name: 'Choose the post’s cover image' })
    await picker.getByRole('list', { name: 'Images in the library' }).getByRole('button').first().click()
    await picker.waitFor({ state: 'hidden' })

    const body = page.getByRole('textbox', { name: 'Text of the post' })
    await body.click()
    await page.getByRole('button', { name: 'Heading (level 2)' }).click()
    await page.keyboard.type('How it works')
    await page.keyboard.press('Enter')
    await page.keyboard.type('Read the full rules')
    await page.keyboard.press('Enter')

    // An image uploaded from the editor: it cannot be used until it has alt text and a caption.
    await page.getByRole('button', { name: 'Insert image' }).click()
    const inserting = page.getByRole('dialog', { name: 'Insert an image in the post' })
    const photo = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#6a994e' } }).jpeg().toBuffer()
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), inserting.getByRole('button', { name: 'Choose files' }).click()])
    await chooser.setFiles({ name: 'reading-corner.jpg', mimeType: 'image/jpeg', buffer: photo })
    await inserting.getByRole('list', { name: 'Uploads' }).getByRole('button', { name: 'Add alt text and caption to reading-corner.jpg' }).click()
    await inserting.getByRole('button', { name: 'Save and use this image' }).click()
    await inserting.getByText('Describe what the image shows.').waitFor()
    await inserting.getByRole('textbox', { name: 'Alt text' }).fill('Two children reading on beanbags in the library corner')
    await inserting.getByRole('textbox', { name: 'Caption' }).fill('The reading corner at Northgate Library')
    await inserting.getByRole('button', { name: 'Save and use this image' }).click()
    await inserting.waitFor({ state: 'hidden' })
    await body.getByRole('img', { name: 'Two children reading on beanbags in the library corner' }).waitFor()

    // A link on a line of text: select it, then give the address.
    await body.getByText('Read the full rules').selectText()
    await page.getByRole('button', { name: 'Link', exact: true }).click()
    await page.getByRole('textbox', { name: 'Link address' }).fill('https://example.org/reading-challenge')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await body.getByRole('link', { name: 'Read the full rules' }).waitFor()

    // Drafts save on their own.
    await page.getByRole('status').filter({ hasText: /^Saved at/ }).waitFor()
    await expectAccessibleInBothSchemes(page, 'the post editor')

    await page.getByRole('link', { name: 'Preview' }).click()
    await page.getByText('Preview: this draft is not on the site yet').waitFor()
    const article = page.getByRole('article')
    await article.getByRole('heading', { name: TITLE, level: 1 }).waitFor()
    await article.getByRole('heading', { name: 'How it works', level: 2 }).waitFor()
    expect(await article.getByRole('link', { name: 'Read the full rules' }).getAttribute('href')).toBe('https://example.org/reading-challenge')
    await article.getByRole('img', { name: 'Two children reading on beanbags in the library corner' }).waitFor()
    await expectAccessibleInBothSchemes(page, 'the post preview')

    await openInApp(page, '/admin/blogs')
    await page.getByRole('table').getByRole('link', { name: TITLE }).click()
    await heading(page, TITLE).waitFor()
    await expectAccessibleInBothSchemes(page, 'a post’s page')
    await page.getByRole('button', { name: 'Schedule' }).click()
    const dialog = page.getByRole('dialog', { name: `Schedule ${TITLE}?` })
    await dialog.getByLabel('Publish on').waitFor()
    await expectAccessibleInBothSchemes(page, 'the schedule dialog')
    // Scheduled in the dialog for a whole minute (the field has minutes, not seconds) at least a minute away: the
    // visitor looks before then and finds nothing yet.
    const scheduled = new Date(Math.ceil((Date.now() + 60_000) / 60_000) * 60_000)
    await dialog.getByLabel('Publish on').fill(londonField(scheduled))
    await dialog.getByRole('button', { name: 'Schedule the post' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await page.getByText('Scheduled', { exact: true }).first().waitFor()
    await page.locator(`time[datetime="${scheduled.toISOString()}"]`).filter({ hasText: formatDateTime(scheduled.toISOString()) }).waitFor()

    const visitor = await app.newPage()
    await visitor.goto('/blog')
    await heading(visitor, 'Blog').waitFor()
    expect(await visitor.getByRole('link', { name: TITLE }).count()).toBe(0)
    expect(Date.now()).toBeLessThan(scheduled.getTime())

    // Rather than wait out the minute, the office's client moves the time to a few seconds from now (the API takes
    // seconds): the post is on the blog once that is due, without anyone publishing it.
    const postId = /^\/admin\/blogs\/([0-9a-f-]{36})$/.exec(new URL(page.url()).pathname)?.[1]
    expect(postId, page.url()).toBeDefined()
    const token = await app.apiToken(demo.admin)
    const record = await fetch(`${app.baseUrl}/api/admin/blog-posts/${postId}`, { headers: { Authorization: `Bearer ${token}` } })
    expect(record.status).toBe(200)
    const due = new Date(Date.now() + 3_000)
    const moved = await fetch(`${app.baseUrl}/api/admin/blog-posts/${postId}/status`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'If-Match': record.headers.get('ETag') ?? '' },
      body: JSON.stringify({ status: 'scheduled', publishAt: due.toISOString() }),
    })
    expect(moved.status).toBe(200)
    expect(await visitor.getByRole('link', { name: TITLE }).count()).toBe(0)
    // Once due, it is on the blog: the visitor reloads until it shows.
    await expect
      .poll(
        async () => {
          await visitor.reload()
          await heading(visitor, 'Blog').waitFor()
          return visitor.getByRole('link', { name: TITLE }).count()
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBeGreaterThan(0)
    expect(Date.now()).toBeGreaterThanOrEqual(due.getTime())
    await visitor.getByRole('link', { name: TITLE }).first().click()
    await visitor.getByRole('article').getByRole('heading', { name: 'How it works', level: 2 }).waitFor()
    await visitor.getByRole('article').getByRole('img', { name: 'Two children reading on beanbags in the library corner' }).waitFor()
    await page.close()
    await visitor.context().close()
  })
})
