import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestApp, type TestApp } from './support/app.ts'
import { axeViolations } from './support/axe.ts'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app?.stop()
})

/** What the public API answers, read the way any client would; the pages must show the same. */
async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${app.baseUrl}/api${path}`)
  expect(response.status, path).toBe(200)
  return (await response.json()) as T
}

interface Listed {
  items: { id: string; title: string }[]
}
interface Gallery {
  items: { id: string; caption: string; image: { alt: string } }[]
}
interface Settings {
  email: string
  phone: string
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name })

describe('every public page shows its content from the API', () => {
  test('/ shows the four ways to learn, the featured courses and the latest posts', async () => {
    const featured = await api<Listed>('/courses?featured=true')
    const posts = await api<Listed>('/blog-posts?page=1&pageSize=3')
    expect(featured.items.length).toBeGreaterThan(0)
    const page = await app.visitorPage()
    await page.goto('/')
    await heading(page, /Education and tutoring/).waitFor()
    for (const mode of ['TEC in every home', 'TEC in every school', 'TEC online', 'TEC in every community']) {
      await expect(page.getByRole('heading', { name: mode }).isVisible()).resolves.toBe(true)
    }
    for (const item of [...featured.items, ...posts.items]) {
      await page.getByRole('link', { name: item.title, exact: true }).waitFor()
    }
    await expect(page.title()).resolves.toMatch(/TEC/)
    await page.close()
  })

  test('/blog lists published posts newest first, and a post opens from the list', async () => {
    const posts = await api<Listed>('/blog-posts?page=1&pageSize=9')
    const page = await app.visitorPage()
    await page.goto('/blog')
    await heading(page, 'Blog').waitFor()
    const titles = await page.getByRole('article').getByRole('heading').allTextContents()
    expect(titles).toEqual(posts.items.map((post) => post.title))

    const first = posts.items[0]!
    await page.getByRole('link', { name: first.title, exact: true }).click()
    await heading(page, first.title).waitFor()
    expect(new URL(page.url()).pathname).toBe(`/blog/${first.id}`)
    await expect(page.title()).resolves.toContain(first.title)
    const description = await page.locator('meta[name="description"]').getAttribute('content')
    expect(description?.length).toBeGreaterThan(20)
    await page.close()
  })

  test('an unknown or unpublished blog post shows its own not-found page', async () => {
    const page = await app.visitorPage()
    await page.goto('/blog/no-such-post')
    await heading(page, 'We could not find that blog post').waitFor()
    await page.getByRole('link', { name: 'Back to the blog' }).click()
    await heading(page, 'Blog').waitFor()
    await page.close()
  })

  test('a course opens from its mode page and its enrol button chooses it on /course-enroll', async () => {
    const online = await api<Listed>('/courses?mode=online')
    expect(online.items.length).toBeGreaterThan(0)
    const page = await app.visitorPage()
    await page.goto('/tec-online')
    await heading(page, 'TEC online').waitFor()
    for (const course of online.items) await page.getByRole('link', { name: course.title, exact: true }).waitFor()

    const course = online.items[0]!
    await page.getByRole('link', { name: course.title, exact: true }).click()
    await heading(page, course.title).waitFor()
    expect(new URL(page.url()).pathname).toBe(`/courses/${course.id}`)
    await page.getByRole('link', { name: 'Enrol in this course' }).click()
    await page.waitForURL((url) => url.pathname === '/course-enroll' && url.searchParams.get('courseId') === course.id)
    await page.close()
  })

  test('an unknown course shows its own not-found page', async () => {
    const page = await app.visitorPage()
    await page.goto('/courses/no-such-course')
    await page.getByRole('heading', { level: 1, name: /could not find that course/i }).waitFor()
    await page.close()
  })

  test.each([
    ['/tec-in-every-home', 'TEC in every home', 'home', 'Enrol in a subject'],
    ['/tec-in-every-school', 'TEC in every school', 'school', 'Enrol your school'],
    ['/tec-in-every-community', 'TEC in every community', 'community', null],
  ] as const)('%s explains its mode, lists its courses and leads to its form', async (path, title, mode, enrolLabel) => {
    const courses = await api<Listed>(`/courses?mode=${mode}`)
    const page = await app.visitorPage()
    await page.goto(path)
    await heading(page, title).waitFor()
    for (const section of ['Who it is for', 'Ready to start?']) await page.getByRole('heading', { name: section }).waitFor()
    for (const course of courses.items) await page.getByRole('link', { name: course.title, exact: true }).waitFor()
    if (enrolLabel) {
      await page.getByRole('main').getByRole('link', { name: enrolLabel }).first().click()
      await page.waitForURL((url) => url.pathname !== path)
    }
    await page.close()
  })

  test('/about and /contact-us show the organisation and its contact details from the settings', async () => {
    const settings = await api<Settings>('/site-settings')
    const page = await app.visitorPage()
    await page.goto('/about')
    await heading(page, 'About TEC').waitFor()
    await page.goto('/contact-us')
    await heading(page, /contact/i).waitFor()
    await page.getByRole('main').getByRole('link', { name: settings.email }).waitFor()
    await page.getByRole('main').getByRole('link', { name: settings.phone }).waitFor()
    // The footer carries the same details on every page.
    await page.getByRole('contentinfo').getByRole('link', { name: settings.email }).waitFor()
    await page.close()
  })
})

describe('the gallery', () => {
  test('shows every photo with its caption and opens the viewer with the keyboard', async () => {
    const gallery = await api<Gallery>('/gallery')
    expect(gallery.items.length).toBeGreaterThanOrEqual(8)
    const page = await app.visitorPage()
    await page.goto('/gallery')
    await heading(page, 'Gallery').waitFor()
    for (const item of gallery.items) await page.getByText(item.caption, { exact: true }).waitFor()
    const images = page.getByRole('main').getByRole('img')
    expect(await images.count()).toBe(gallery.items.length)
    // Every image reserves its space and the ones further down wait until they are needed.
    const attributes = await images.evaluateAll((nodes) =>
      nodes.map((node) => ({ width: node.getAttribute('width'), height: node.getAttribute('height'), loading: node.getAttribute('loading') })),
    )
    expect(attributes.every((a) => Number(a.width) > 0 && Number(a.height) > 0)).toBe(true)
    expect(attributes.at(-1)?.loading).toBe('lazy')

    const first = page.getByRole('button', { name: gallery.items[0]!.image.alt })
    await first.focus()
    await page.keyboard.press('Enter')
    const viewer = page.getByRole('dialog')
    await viewer.getByText(`Photo 1 of ${gallery.items.length}`).waitFor()
    await viewer.getByText(gallery.items[0]!.caption).waitFor()
    await page.keyboard.press('ArrowRight')
    await viewer.getByText(`Photo 2 of ${gallery.items.length}`).waitFor()
    await viewer.getByText(gallery.items[1]!.caption).waitFor()
    await page.keyboard.press('ArrowLeft')
    await page.keyboard.press('ArrowLeft')
    await viewer.getByText(`Photo ${gallery.items.length} of ${gallery.items.length}`).waitFor()
    await page.keyboard.press('Escape')
    await viewer.waitFor({ state: 'hidden' })
    // Focus comes back to the photo that was open last, so a keyboard user keeps their place.
    const last = page.getByRole('button', { name: gallery.items.at(-1)!.image.alt })
    await expect.poll(() => last.evaluate((node) => node === document.activeElement)).toBe(true)
    await page.close()
  })
})

describe('the contact form', () => {
  test('shows a message under each field, then stores the message and mails the team', async () => {
    const page = await app.visitorPage()
    await page.goto('/contact-us')
    await heading(page, /contact/i).waitFor()
    await page.getByRole('button', { name: 'Send message' }).click()
    for (const message of [
      'Enter your name.',
      'Enter your email address, so we can reply.',
      'Enter what your message is about.',
      'Enter your message.',
    ]) {
      await page.getByText(message).waitFor()
    }
    await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email')
    await page.getByRole('button', { name: 'Send message' }).click()
    await page.getByText('Enter an email address like name@example.com.').waitFor()

    await page.getByRole('textbox', { name: 'Name' }).fill('Priya Natarajan')
    await page.getByRole('textbox', { name: 'Email' }).fill('priya.natarajan@example.org')
    await page.getByRole('textbox', { name: 'Phone (optional)' }).fill('+44 7700 900123')
    await page.getByRole('textbox', { name: 'Subject' }).fill('Maths tutoring for Year 9')
    await page.getByRole('textbox', { name: 'Message' }).fill('My son would like help with algebra before his exams. Are there tutors near Leeds?')
    // A double click sends one message. A second click sends its request as it is clicked, before any answer, so once
    // the thanks show (after the first answer) the count is final.
    const sent: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/contact-messages') sent.push(request.url())
    })
    await page.getByRole('button', { name: 'Send message' }).dblclick()
    await page.getByRole('heading', { name: 'Thank you, your message has been sent' }).waitFor()
    expect(sent).toHaveLength(1)
    const reference = await page.locator('strong').first().textContent()
    expect(reference).toMatch(/\S{6,}/)

    // The team hears of it at the address the site settings give.
    const settings = await api<Settings>('/site-settings')
    const notification = await app.mail.waitForMail(settings.email)
    expect(notification.text).toContain(reference!)
    expect(notification.text).toContain('Maths tutoring for Year 9')
    expect(app.mail.messages.filter((mail) => (mail.text ?? '').includes('Maths tutoring for Year 9'))).toHaveLength(1)
    await page.close()
  })
})

describe('on a phone', () => {
  test('the menu opens at 360 px, groups the four ways to learn, and takes the visitor to a page', async () => {
    const page = await app.visitorPage({ width: 360, height: 740 })
    await page.goto('/')
    await heading(page, /Education and tutoring/).waitFor()
    await page.getByRole('button', { name: 'Open the site menu' }).click()
    const menu = page.getByRole('dialog', { name: 'Menu' })
    await menu.getByText('Ways to learn').waitFor()
    for (const name of ['TEC in every home', 'TEC in every school', 'TEC online', 'TEC in every community', 'Blog', 'Gallery', 'Sign in']) {
      await menu.getByRole('link', { name, exact: true }).waitFor()
    }
    await menu.getByRole('link', { name: 'Gallery', exact: true }).click()
    await heading(page, 'Gallery').waitFor()
    await menu.waitFor({ state: 'hidden' })
    await page.close()
  })
})

type Rgb = [number, number, number]

/** The first filled button's fill and text colours (on the pages used, a brand one), and the page's background, as painted. */
async function brandButtonColours(page: Page): Promise<[Rgb, Rgb, Rgb]> {
  const colours = await page.evaluate(() => {
    const button = document.querySelector<HTMLElement>('.mantine-Button-root[data-variant="filled"]')
    if (!button) throw new Error('no filled button on the page')
    const label = button.querySelector('.mantine-Button-label') ?? button
    return [getComputedStyle(button).backgroundColor, getComputedStyle(label).color, getComputedStyle(document.body).backgroundColor]
  })
  return colours.map((colour) => (colour.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number) as Rgb) as [Rgb, Rgb, Rgb]
}

/** WCAG contrast ratio of two sRGB colours. */
function contrast(a: Rgb, b: Rgb): number {
  const luminance = ([r, g, b_]: Rgb) => {
    const [R, G, B] = [r, g, b_].map((v) => {
      const c = v / 255
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
    }) as Rgb
    return 0.2126 * R + 0.7152 * G + 0.0722 * B
  }
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (high + 0.05) / (low + 0.05)
}

describe('the colour scheme', () => {
  test('the brand’s filled buttons are #020065 in the light scheme', async () => {
    const page = await app.visitorPage()
    await page.goto('/contact-us')
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    const [button, text] = await brandButtonColours(page)
    expect(button).toEqual([2, 0, 101])
    expect(text).toEqual([255, 255, 255])
    await page.close()
  })

  test('switches to dark, is kept on reload, and pages stay accessible in it', async () => {
    const page = await app.newPage()
    await page.goto('/')
    await heading(page, /Education and tutoring/).waitFor()
    await page.getByRole('button', { name: /^Colour scheme/ }).click()
    await page.getByRole('menuitemradio', { name: 'Dark' }).click()
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe('dark')
    await page.reload()
    await heading(page, /Education and tutoring/).waitFor()
    expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe('dark')
    // The brand's filled buttons stand out from the dark page (3:1) and their words from them (4.5:1); in the light
    // scheme they are #020065 itself.
    await page.goto('/contact-us')
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    const [button, text, background] = await brandButtonColours(page)
    expect(contrast(button, background), 'a brand button against the dark page').toBeGreaterThanOrEqual(3)
    expect(contrast(text, button), 'a brand button’s words in the dark scheme').toBeGreaterThanOrEqual(4.5)
    for (const path of ['/', '/blog', '/contact-us', '/gallery', '/tec-online', '/courses/gcse-maths-revision']) {
      await page.goto(path)
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      const summary = (await axeViolations(page)).map((v) => `${v.id}: ${v.nodes.length} nodes, first ${v.nodes[0]?.target.join(' ')}: ${v.nodes[0]?.failureSummary}`)
      expect(summary, `${path} in dark`).toEqual([])
    }
    await page.context().close()
  })
})

test('a page whose content fails to load offers a retry that loads it', async () => {
  const posts = await api<Listed>('/blog-posts?page=1&pageSize=9')
  const page = await app.newPage()
  let failing = true
  await page.route('**/api/blog-posts**', (route) =>
    failing
      ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'The service is briefly unavailable.' }) })
      : route.continue(),
  )
  // The server sends /blog already rendered with its posts: the browser reads them itself when it moves there.
  await page.goto('/')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click()
  // Plain words naming what is missing, never the server's own text.
  await heading(page, "We couldn't load the blog posts just now").waitFor({ timeout: 20_000 })
  await page.getByText('Check your internet connection and try again, or come back in a few minutes.').waitFor()
  await expect(page.getByText('The service is briefly unavailable.').count()).resolves.toBe(0)
  await expect(page.getByRole('heading', { level: 1 }).count()).resolves.toBe(1)
  failing = false
  await page.getByRole('button', { name: 'Try again' }).click()
  await heading(page, 'Blog').waitFor()
  await page.getByRole('link', { name: posts.items[0]!.title, exact: true }).waitFor()
  await page.context().close()
})

test('public pages load no back-office code', async () => {
  const page = await app.newPage()
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  for (const path of ['/', '/blog', '/gallery', '/tec-online', '/contact-us']) {
    await page.goto(path)
    await page.getByRole('heading', { level: 1 }).first().waitFor()
  }
  expect(scripts.length).toBeGreaterThan(0)
  expect(scripts.filter((script) => /_authenticated|back-office/.test(script))).toEqual([])
  await page.context().close()
})
