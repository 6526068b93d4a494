import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../src/api/schema.gen.ts'
import { saveBlogPost } from '../../server/blog-posts/records.ts'
import { sanitiseRichText } from '../../server/media/rich-text.ts'
import { DEMO_BLOG_POSTS } from '../../server/demo/blog-posts.ts'
import { DEMO_COURSES } from '../../server/demo/courses.ts'
import { illustration, ILLUSTRATION_NAMES } from '../../server/demo/illustrations.ts'
import { MEDIA_MAX_BYTES, mediaId, MediaRefusedError, saveMedia } from '../../server/media/records.ts'
import { blogPosts, contactMessages, courses, galleryItems, media, placements, siteSettings, students, tutorProfiles, users } from '../../server/db/schema.ts'
import { DEMO_TUTORS } from '../../server/demo/people.ts'
import { DEMO_ACCOUNTS, seedDemoData } from '../../server/demo/seed.ts'
import { createTestApp, openTestDatabase, type TestApp } from './support/test-app.ts'

type Schemas = components['schemas']

let t: TestApp
let coverId: string

beforeAll(async () => {
  t = await createTestApp()
  const { svg, width, height } = illustration('books')
  coverId = await saveMedia(t.database.db, { bytes: new TextEncoder().encode(svg), contentType: 'image/svg+xml', width, height })
})
afterAll(async () => t?.close())

const HOSTILE_BODY = `
<h2 onclick="steal()">Welcome</h2>
<p>Hello <strong>there</strong> <em>friend</em><script>alert(1)</script></p>
<img src="x" onerror="alert(2)">
<p><a href="javascript:alert(3)">bad link</a> <a href="https://example.org/page" target="_blank" onmouseover="x()">external</a>
<a href="/courses/homework-club" rel="opener">internal</a> <a href="mailto:hello@tec.example">mail</a> <a href="//evil.example">protocol-relative</a></p>
<iframe src="https://evil.example">framed text</iframe><style>p { display: none }</style>
<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quoted<br>line</blockquote><h3>Three</h3><h4>Four</h4>
<form action="/steal"><input name="x"></form><div style="color:red">plain div</div>`

describe('sanitiseRichText', () => {
  const clean = sanitiseRichText(HOSTILE_BODY)

  it('removes scripts, styles, event handlers, javascript: links, frames, images and forms', () => {
    expect(clean).not.toMatch(/<script|alert\(|<style|display: none|onclick|onerror|onmouseover|javascript:|<iframe|framed text|<img|<form|<input|style=|target=/i)
    expect(clean).not.toContain('evil.example')
  })

  it('keeps headings, paragraphs, lists, quotes, emphasis and safe links', () => {
    expect(clean).toContain('<h2>Welcome</h2>')
    expect(clean).toContain('<p>Hello <strong>there</strong> <em>friend</em></p>')
    expect(clean).toContain('<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quoted<br />line</blockquote><h3>Three</h3><h4>Four</h4>')
    expect(clean).toContain('<a href="https://example.org/page" rel="noopener noreferrer">external</a>')
    expect(clean).toContain('<a href="/courses/homework-club">internal</a>')
    expect(clean).toContain('<a href="mailto:hello@tec.example">mail</a>')
    expect(clean).toContain('<a>bad link</a>')
    expect(clean).toContain('plain div')
  })
})

describe('saveBlogPost', () => {
  it('stores the body sanitised, so the API never serves what was sent', async () => {
    await saveBlogPost(t.database.db, {
      slug: 'hostile-post',
      title: '  A post with hostile markup ',
      excerpt: 'Testing the sanitiser.',
      bodyHtml: HOSTILE_BODY,
      coverId,
      authorName: 'Test Author',
      status: 'published',
      publishedAt: new Date(Date.now() - 60_000),
    })
    const [row] = await t.database.db.select().from(blogPosts).where(eq(blogPosts.slug, 'hostile-post'))
    expect(row?.bodyHtml).toBe(sanitiseRichText(HOSTILE_BODY))
    const answer = await t.request<Schemas['BlogPost']>('GET', '/api/blog-posts/hostile-post')
    expect(answer.body.title).toBe('A post with hostile markup')
    expect(answer.body.bodyHtml).not.toMatch(/<script|onerror|javascript:/i)
    expect(answer.body.bodyHtml).toContain('<h2>Welcome</h2>')
  })

  it('keeps a post dated in the future hidden until then', async () => {
    await saveBlogPost(t.database.db, {
      slug: 'scheduled-post',
      title: 'Scheduled',
      excerpt: 'Later.',
      bodyHtml: '<p>Not yet.</p>',
      coverId,
      authorName: 'Test Author',
      status: 'scheduled',
      publishedAt: new Date(Date.now() + 24 * 3600_000),
    })
    expect((await t.request('GET', '/api/blog-posts/scheduled-post')).status).toBe(404)
  })

  it('refuses an invalid slug and publishing without a date', async () => {
    const base = { title: 'x', excerpt: 'x', bodyHtml: '<p>x</p>', coverId, authorName: 'x' }
    await expect(saveBlogPost(t.database.db, { ...base, slug: 'Bad Slug', status: 'draft', publishedAt: null })).rejects.toThrow(/slug/)
    await expect(saveBlogPost(t.database.db, { ...base, slug: 'no-date', status: 'published', publishedAt: null })).rejects.toThrow(/date/)
  })
})

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])

describe('saveMedia', () => {
  it('stores an image once under the SHA-256 of its bytes and serves it with its type', async () => {
    const id = await saveMedia(t.database.db, { bytes: PNG, contentType: 'image/png', width: 1, height: 1 })
    expect(await saveMedia(t.database.db, { bytes: PNG, contentType: 'image/png', width: 1, height: 1 })).toBe(id)
    const answer = await t.request('GET', `/api/media/${id}?v=1`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('image/png')
    expect(answer.headers.get('content-length')).toBe(String(PNG.byteLength))
    expect([...answer.bytes]).toEqual([...PNG])
    // Only SVG answers carry the SVG policy; other images keep the site's.
    expect(answer.headers.get('content-security-policy')).toContain("default-src 'self'")
  })

  it('refuses images over 2 MiB, mislabelled bytes and SVGs with nothing left to draw', async () => {
    const big = new Uint8Array(MEDIA_MAX_BYTES + 1)
    big.set(PNG)
    const refusals = [
      { bytes: big, contentType: 'image/png' as const },
      { bytes: new Uint8Array(0), contentType: 'image/png' as const },
      { bytes: PNG, contentType: 'image/jpeg' as const },
      { bytes: new TextEncoder().encode('<html><script>alert(1)</script></html>'), contentType: 'image/svg+xml' as const },
      { bytes: new TextEncoder().encode('<script>alert(1)</script>'), contentType: 'image/svg+xml' as const },
    ]
    for (const refused of refusals) {
      await expect(saveMedia(t.database.db, { ...refused, width: 10, height: 10 })).rejects.toThrow(MediaRefusedError)
    }
    await expect(saveMedia(t.database.db, { bytes: PNG, contentType: 'image/png', width: 0, height: 10 })).rejects.toThrow(MediaRefusedError)
  })

  it('stores an SVG that could act as the cleaner leaves it, and serves only that', async () => {
    const hostile = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><rect width="4" height="4" fill="#020065"/></svg>'
    const id = await saveMedia(t.database.db, { bytes: new TextEncoder().encode(hostile), contentType: 'image/svg+xml', width: 4, height: 4 })
    const answer = await t.request('GET', `/api/media/${id}?v=1`)
    expect(answer.text).toBe('<svg xmlns="http://www.w3.org/2000/svg"><rect width="4" height="4" fill="#020065"/></svg>')
    expect(id).toBe(mediaId(new TextEncoder().encode(answer.text)))
  })
})

describe('illustrations', () => {
  // How long drawing and seeding take is measured by `npm run bench` (start-up on a fresh database), not here.
  it('are drawn the same every time, at the stated size, with alt text and nothing active or external', () => {
    const drawn = ILLUSTRATION_NAMES.map((name) => illustration(name))
    expect(drawn.length).toBeGreaterThanOrEqual(10)
    expect(new Set(drawn.map((one) => one.svg)).size).toBe(drawn.length)
    for (const [index, one] of drawn.entries()) {
      expect(one.svg).toBe(illustration(ILLUSTRATION_NAMES[index] ?? 'books').svg)
      expect(one.svg).toContain(`width="${one.width}" height="${one.height}" viewBox="0 0 ${one.width} ${one.height}"`)
      expect(one.width).toBe(1200)
      expect([800, 900]).toContain(one.height)
      expect(one.alt.length).toBeGreaterThan(30)
      expect(one.svg).not.toMatch(/<script|<foreignObject|\son[a-z]+=|javascript:|href=|url\(|@import|<image/i)
    }
  })
})

describe('demo seed', () => {
  async function contentCounts(database: Awaited<ReturnType<typeof openTestDatabase>>) {
    const { db } = database
    const one = async (table: typeof users | typeof blogPosts | typeof courses | typeof galleryItems | typeof media | typeof siteSettings) =>
      (await db.select({ n: count() }).from(table))[0]?.n ?? 0
    return { users: await one(users), posts: await one(blogPosts), courses: await one(courses), gallery: await one(galleryItems), media: await one(media), settings: await one(siteSettings) }
  }

  it('fills an empty embedded database with the demo accounts and content, once, and never in production', async () => {
    const database = await openTestDatabase()
    try {
      if (database.kind === 'postgres') {
        // Demo data belongs to a developer's embedded database only.
        expect(await seedDemoData(database, { nodeEnv: 'development' })).toBe(false)
        expect((await contentCounts(database)).posts).toBe(0)
        return
      }
      expect(await seedDemoData(database, { nodeEnv: 'production' })).toBe(false)
      expect(await contentCounts(database)).toEqual({ users: 0, posts: 0, courses: 0, gallery: 0, media: 0, settings: 0 })

      expect(await seedDemoData(database, { nodeEnv: 'development' })).toBe(true)
      const counts = await contentCounts(database)
      expect(counts).toMatchObject({ users: DEMO_ACCOUNTS.length + DEMO_TUTORS.length, posts: DEMO_BLOG_POSTS.length, courses: DEMO_COURSES.length, settings: 1 })
      expect(counts.gallery).toBeGreaterThanOrEqual(8)
      expect(counts.media).toBe(ILLUSTRATION_NAMES.length)
      // Every screen of the back office has something to show: tutors in each status, placements current, moved
      // and ended, learners waiting, messages open and handled.
      const tutorStatuses = await database.db.selectDistinct({ status: tutorProfiles.status }).from(tutorProfiles)
      expect(tutorStatuses.map((row) => row.status).sort()).toEqual(['active', 'invited', 'left', 'paused'])
      const placementStatuses = await database.db.selectDistinct({ status: placements.status }).from(placements)
      expect(placementStatuses.map((row) => row.status).sort()).toEqual(['active', 'ended', 'moved'])
      const studentStatuses = await database.db.selectDistinct({ status: students.status }).from(students)
      expect(studentStatuses.map((row) => row.status)).toEqual(expect.arrayContaining(['waiting', 'active', 'finished']))
      const messageStatuses = await database.db.selectDistinct({ status: contactMessages.status }).from(contactMessages)
      expect(messageStatuses.map((row) => row.status).sort()).toEqual(['handled', 'new'])
      expect(await seedDemoData(database, { nodeEnv: 'development' })).toBe(false)
      expect((await contentCounts(database)).posts).toBe(DEMO_BLOG_POSTS.length)
    } finally {
      await database.close()
    }
  })

  it('writes real copy: published posts of 300 to 600 words with sections, lists and links, and full courses', () => {
    const published = DEMO_BLOG_POSTS.filter((post) => post.daysAgo !== null)
    expect(published.length).toBeGreaterThanOrEqual(5)
    expect(new Set(published.map((post) => post.authorName)).size).toBeGreaterThanOrEqual(3)
    for (const post of published) {
      const words = post.bodyHtml.replace(/<[^>]+>/g, ' ').split(/\s+/).filter(Boolean).length
      expect(words, post.slug).toBeGreaterThanOrEqual(300)
      expect(words, post.slug).toBeLessThanOrEqual(600)
      expect(post.bodyHtml, post.slug).toMatch(/<h2>[\s\S]*<(ul|ol)>[\s\S]*<a href=/)
      expect(post.bodyHtml, post.slug).not.toMatch(/lorem|ipsum|TODO|placeholder/i)
    }
    const shown = DEMO_COURSES.filter((course) => course.published)
    expect(shown.length).toBeGreaterThanOrEqual(6)
    expect(new Set(shown.flatMap((course) => course.modes)).size).toBe(4)
    for (const course of shown) {
      expect(course.description.length, course.slug).toBeGreaterThanOrEqual(2)
      expect(course.description.length, course.slug).toBeLessThanOrEqual(4)
    }
  })
})
