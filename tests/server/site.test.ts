import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../src/api/schema.gen.ts'
import { DEMO_BLOG_POSTS } from '../../server/demo/blog-posts.ts'
import { DEMO_COURSES } from '../../server/demo/courses.ts'
import { DEMO_GALLERY, DEMO_SITE_SETTINGS } from '../../server/demo/gallery.ts'
import { seedDemoContent } from '../../server/demo/content.ts'
import { illustration } from '../../server/demo/illustrations.ts'
import { DEFAULT_SITE_SETTINGS } from '../../server/site-settings/queries.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'

type Schemas = components['schemas']

let t: TestApp
const publishedPosts = DEMO_BLOG_POSTS.filter((post) => post.daysAgo !== null).sort((a, b) => (a.daysAgo ?? 0) - (b.daysAgo ?? 0))
const draftPost = DEMO_BLOG_POSTS.find((post) => post.daysAgo === null)
const publishedCourses = DEMO_COURSES.filter((course) => course.published)
const unpublishedCourse = DEMO_COURSES.find((course) => !course.published)

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

const PUBLIC_CACHE = 'public, no-cache'

describe('site settings before staff save any', () => {
  it('answers the built-in defaults', async () => {
    const answer = await t.request<Schemas['SiteSettings']>('GET', '/api/site-settings')
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual(DEFAULT_SITE_SETTINGS)
    expect(answer.headers.get('cache-control')).toBe(PUBLIC_CACHE)
  })
})

describe('with the demo content', () => {
  beforeAll(async () => {
    await seedDemoContent(t.database.db)
  })

  describe('blog posts', () => {
    it('lists published posts newest first with the contract defaults for paging', async () => {
      const answer = await t.request<Schemas['BlogPostPage']>('GET', '/api/blog-posts')
      expect(answer.status).toBe(200)
      expect(answer.headers.get('cache-control')).toBe(PUBLIC_CACHE)
      expect(answer.body.page).toBe(1)
      expect(answer.body.pageSize).toBe(9)
      expect(answer.body.total).toBe(publishedPosts.length)
      expect(answer.body.items.map((post) => post.id)).toEqual(publishedPosts.map((post) => post.slug))
      const dates = answer.body.items.map((post) => Date.parse(post.publishedAt))
      expect(dates).toEqual([...dates].sort((a, b) => b - a))
      const [first] = answer.body.items
      expect(first?.coverImage.url).toMatch(/^\/api\/media\/[a-f0-9]{64}\?v=1$/)
      expect(first?.coverImage.alt).not.toBe('')
    })

    it('pages through the posts and reports the total on every page', async () => {
      const page2 = await t.request<Schemas['BlogPostPage']>('GET', '/api/blog-posts?page=2&pageSize=4')
      expect(page2.body).toMatchObject({ page: 2, pageSize: 4, total: publishedPosts.length })
      expect(page2.body.items.map((post) => post.id)).toEqual(publishedPosts.slice(4, 8).map((post) => post.slug))
      const beyond = await t.request<Schemas['BlogPostPage']>('GET', '/api/blog-posts?page=50&pageSize=4')
      expect(beyond.body).toMatchObject({ items: [], page: 50, total: publishedPosts.length })
      const single = await t.request<Schemas['BlogPostPage']>('GET', '/api/blog-posts?pageSize=1')
      expect(single.body.items).toHaveLength(1)
    })

    it('refuses bad paging values and unknown parameters with a message per field', async () => {
      const wrongType = await t.request('GET', '/api/blog-posts?page=abc')
      expect(wrongType.status).toBe(400)
      expect(wrongType.body.fields).toEqual({ page: 'Enter a whole number from 1 to 10000.' })
      expect(wrongType.headers.get('cache-control')).toBe('no-store')
      expect((await t.request('GET', '/api/blog-posts?pageSize=51')).body.fields).toEqual({ pageSize: 'Enter a whole number from 1 to 50.' })
      expect((await t.request('GET', '/api/blog-posts?pageSize=0&page=0')).body.fields).toEqual({
        page: 'Enter a whole number from 1 to 10000.',
        pageSize: 'Enter a whole number from 1 to 50.',
      })
      expect((await t.request('GET', '/api/blog-posts?sort=title')).body.fields).toEqual({ sort: 'This field is not allowed.' })
    })

    it('answers one published post with its sanitised body', async () => {
      const [newest] = publishedPosts
      const answer = await t.request<Schemas['BlogPost']>('GET', `/api/blog-posts/${newest?.slug}`)
      expect(answer.status).toBe(200)
      expect(answer.headers.get('cache-control')).toBe(PUBLIC_CACHE)
      expect(answer.body).toMatchObject({ id: newest?.slug, title: newest?.title, authorName: newest?.authorName })
      expect(answer.body.bodyHtml).toContain('<h2>')
      expect(answer.body.bodyHtml).toMatch(/<a href="\/courses\/early-reading-and-phonics">/)
    })

    it('answers the same 404 for an unknown post and for a draft, which never appears in the list', async () => {
      const unknown = await t.request('GET', '/api/blog-posts/no-such-post')
      expect(unknown.status).toBe(404)
      expect(unknown.body).toEqual({ message: 'We could not find that blog post.' })
      expect(unknown.headers.get('cache-control')).toBe('no-store')
      const draft = await t.request('GET', `/api/blog-posts/${draftPost?.slug}`)
      expect(draft.status).toBe(404)
      expect(draft.body).toEqual(unknown.body)
      const list = await t.request<Schemas['BlogPostPage']>('GET', '/api/blog-posts?pageSize=50')
      expect(list.body.items.map((post) => post.id)).not.toContain(draftPost?.slug)
    })

    it('refuses a post id that is not a slug', async () => {
      for (const bad of ['Bad_Slug', 'a--b', '-a', `${'a'.repeat(121)}`, '%3Cscript%3E']) {
        const answer = await t.request('GET', `/api/blog-posts/${bad}`)
        expect(answer.status, bad).toBe(400)
        expect(Object.keys(answer.body.fields ?? {}), bad).toEqual(['postId'])
      }
    })
  })

  describe('courses', () => {
    it('lists published courses, featured first, then in staff order', async () => {
      const answer = await t.request<Schemas['CourseList']>('GET', '/api/courses')
      expect(answer.status).toBe(200)
      expect(answer.headers.get('cache-control')).toBe(PUBLIC_CACHE)
      const expected = [...publishedCourses.filter((course) => course.featured), ...publishedCourses.filter((course) => !course.featured)]
      expect(answer.body.items.map((course) => course.id)).toEqual(expected.map((course) => course.slug))
      expect(answer.body.items.map((course) => course.id)).not.toContain(unpublishedCourse?.slug)
      const modes = new Set(answer.body.items.flatMap((course) => course.modes))
      expect([...modes].sort()).toEqual(['community', 'home', 'online', 'school'])
    })

    it('filters by delivery mode and by featured', async () => {
      for (const mode of ['home', 'school', 'online', 'community'] as const) {
        const answer = await t.request<Schemas['CourseList']>('GET', `/api/courses?mode=${mode}`)
        const expected = publishedCourses.filter((course) => course.modes.includes(mode)).map((course) => course.slug)
        expect(answer.body.items.map((course) => course.id).sort(), mode).toEqual(expected.sort())
        expect(answer.body.items.every((course) => course.modes.includes(mode))).toBe(true)
      }
      const featured = await t.request<Schemas['CourseList']>('GET', '/api/courses?featured=true')
      expect(featured.body.items.length).toBeGreaterThanOrEqual(2)
      expect(featured.body.items.every((course) => course.featured)).toBe(true)
      const others = await t.request<Schemas['CourseList']>('GET', '/api/courses?featured=false&mode=community')
      expect(others.body.items.length).toBeGreaterThan(0)
      expect(others.body.items.every((course) => !course.featured && course.modes.includes('community'))).toBe(true)
    })

    it('refuses an unknown mode, a featured value that is not a boolean and unknown parameters', async () => {
      const mode = await t.request('GET', '/api/courses?mode=space')
      expect(mode.status).toBe(400)
      expect(mode.body.fields).toEqual({ mode: 'Choose one of: home, school, online, community.' })
      expect((await t.request('GET', '/api/courses?featured=maybe')).body.fields).toEqual({ featured: 'This must be true or false.' })
      expect((await t.request('GET', '/api/courses?level=gcse')).body.fields).toEqual({ level: 'This field is not allowed.' })
    })

    it('answers one course in full', async () => {
      const course = publishedCourses[0]
      const answer = await t.request<Schemas['Course']>('GET', `/api/courses/${course?.slug}`)
      expect(answer.status).toBe(200)
      expect(answer.headers.get('cache-control')).toBe(PUBLIC_CACHE)
      expect(answer.body).toMatchObject({ id: course?.slug, title: course?.title, schedule: course?.schedule, cost: course?.cost })
      // The plain-text paragraphs of the demo are the rich-text description's paragraphs.
      expect(answer.body.descriptionHtml).toBe(course?.description.map((paragraph) => `<p>${paragraph.replaceAll('&', '&amp;')}</p>`).join(''))
      expect(answer.body.image).toMatchObject({ width: 1200, alt: illustration(course?.image ?? 'books').alt })
    })

    it('answers 404 for an unknown or unpublished course and 400 for an id that is not a slug', async () => {
      for (const slug of ['no-such-course', unpublishedCourse?.slug]) {
        const answer = await t.request('GET', `/api/courses/${slug}`)
        expect(answer.status, slug).toBe(404)
        expect(answer.body).toEqual({ message: 'We could not find that course.' })
      }
      expect((await t.request('GET', '/api/courses/GCSE%20Maths')).status).toBe(400)
    })
  })

  describe('gallery and settings', () => {
    it('lists published gallery items in staff order, each with alt text and caption', async () => {
      const answer = await t.request<Schemas['GalleryList']>('GET', '/api/gallery')
      expect(answer.status).toBe(200)
      expect(answer.headers.get('cache-control')).toBe(PUBLIC_CACHE)
      const published = DEMO_GALLERY.filter((item) => item.published)
      expect(published.length).toBeGreaterThanOrEqual(8)
      expect(answer.body.items.map((item) => item.caption)).toEqual(published.map((item) => item.caption))
      for (const item of answer.body.items) {
        expect(item.image.alt.length).toBeGreaterThan(20)
        expect(item.image.width).toBe(1200)
        expect([800, 900]).toContain(item.image.height)
      }
      expect((await t.request('GET', '/api/gallery?page=2')).status).toBe(400)
    })

    it('answers the saved settings once there are some', async () => {
      const answer = await t.request<Schemas['SiteSettings']>('GET', '/api/site-settings')
      expect(answer.body).toEqual(DEMO_SITE_SETTINGS)
    })
  })

  describe('media', () => {
    async function someImageUrl(): Promise<string> {
      const gallery = await t.request<Schemas['GalleryList']>('GET', '/api/gallery')
      const url = gallery.body.items[0]?.image.url
      if (!url) throw new Error('no gallery image')
      return url
    }

    it('serves an image with its type, length, ETag, a year of caching and a locked-down SVG policy', async () => {
      const url = await someImageUrl()
      const id = url.split('/').at(-1)?.replace('?v=1', '')
      const answer = await t.request('GET', url)
      expect(answer.status).toBe(200)
      expect(answer.headers.get('content-type')).toBe('image/svg+xml')
      expect(answer.headers.get('content-length')).toBe(String(answer.bytes.byteLength))
      expect(createHash('sha256').update(answer.bytes).digest('hex')).toBe(id)
      // The id is the drawing's SHA-256 (the seed stores it so); the ETag names its version, width and format too.
      expect(answer.headers.get('etag')).toBe(`"${id}-1-1200-svg"`)
      expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, s-maxage=3600, immutable')
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
      expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox")
      expect(answer.text).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
      expect(answer.text).not.toMatch(/<script|href=|url\(/i)
    })

    it('answers 304 without a body when If-None-Match holds the ETag', async () => {
      const url = await someImageUrl()
      const etag = (await t.request('GET', url)).headers.get('etag') ?? ''
      for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const answer = await t.request('GET', url, { headers: { 'if-none-match': header } })
        expect(answer.status, header).toBe(304)
        expect(answer.bytes.byteLength).toBe(0)
        expect(answer.headers.get('etag')).toBe(etag)
      }
      expect((await t.request('GET', url, { headers: { 'if-none-match': '"stale"' } })).status).toBe(200)
    })

    it('answers 404 JSON for an unknown image, even with a matching-looking ETag, and 400 for a malformed id', async () => {
      const unknownId = 'f'.repeat(64)
      const attempts: Record<string, string>[] = [{}, { 'if-none-match': `"${unknownId}"` }]
      for (const headers of attempts) {
        const answer = await t.request('GET', `/api/media/${unknownId}`, { headers })
        expect(answer.status).toBe(404)
        expect(answer.body).toEqual({ message: 'We could not find that image.' })
        expect(answer.headers.get('cache-control')).toBe('no-store')
      }
      const malformed = await t.request('GET', `/api/media/${'F'.repeat(64)}`)
      expect(malformed.status).toBe(400)
      expect(malformed.body.fields).toEqual({ mediaId: 'This value is not in the expected form.' })
    })
  })
})

describe('caching of answers that are not public reads', () => {
  it('keeps no-store on auth answers and on the contact form', async () => {
    await t.createUser({ email: 'cache@tec.test' })
    const login = await t.request('POST', '/api/auth/login', { body: { email: 'cache@tec.test', pass: 'Correct-Horse-Battery-9' }, ip: '192.0.2.77' })
    expect(login.status).toBe(200)
    expect(login.headers.get('cache-control')).toBe('no-store')
    const me = await t.request('GET', '/api/auth/me', { token: login.body.token })
    expect(me.headers.get('cache-control')).toBe('no-store')
    expect((await t.request('GET', '/api/auth/me')).headers.get('cache-control')).toBe('no-store')
    const contact = await t.request('POST', '/api/contact-messages', {
      body: { name: 'Cache Check', email: 'cache@example.org', subject: 'Caching', message: 'Is this answer ever cached?' },
      ip: '192.0.2.78',
    })
    expect(contact.status).toBe(202)
    expect(contact.headers.get('cache-control')).toBe('no-store')
  })
})
