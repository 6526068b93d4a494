import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { routeManifestFromTree, ROUTE_TREE_FILE } from '../../scripts/route-manifest.ts'
import { createApp } from '../../server/app.ts'
import { blogPosts, courses } from '../../server/db/schema.ts'
import { DEMO_BLOG_POSTS } from '../../server/demo/blog-posts.ts'
import { seedDemoContent } from '../../server/demo/content.ts'
import { DEMO_COURSES } from '../../server/demo/courses.ts'
import { ROUTE_MANIFEST_FILE, siteRoutes, type RouteManifest } from '../../server/lib/site-routes.ts'
import { RECORD_PAGES } from '../../server/site-files/records.ts'
import { renderSitemap } from '../../server/site-files/sitemap.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'

const ORIGIN = 'http://tec.test'
const INDEX_HTML = '<!doctype html><title>TEC</title><div id="root"></div>'

const publishedPosts = DEMO_BLOG_POSTS.filter((post) => post.daysAgo !== null)
const newestPost = publishedPosts[0]
const scheduledPost = publishedPosts.at(-1)
const draftPost = DEMO_BLOG_POSTS.find((post) => post.daysAgo === null)
const publishedCourses = DEMO_COURSES.filter((course) => course.published)
const [publishedCourse] = publishedCourses
const archivedCourse = publishedCourses.at(-1)
const unpublishedCourse = DEMO_COURSES.find((course) => !course.published)

let t: TestApp
let site: string
let manifest: RouteManifest

beforeAll(async () => {
  // The real route list, as `vite build` writes it from the router's generated tree.
  manifest = await routeManifestFromTree(readFileSync(ROUTE_TREE_FILE, 'utf8'))
  // A stand-in for dist/: the page, one asset, the icon from public/ (Vite copies it) and the route list.
  site = mkdtempSync(path.join(tmpdir(), 'tec-dist-'))
  mkdirSync(path.join(site, 'assets'))
  writeFileSync(path.join(site, 'index.html'), INDEX_HTML)
  writeFileSync(path.join(site, 'assets', 'main-abc123.js'), 'console.log(1)')
  copyFileSync(new URL('../../public/favicon.ico', import.meta.url), path.join(site, 'favicon.ico'))
  writeFileSync(path.join(site, ROUTE_MANIFEST_FILE), JSON.stringify(manifest))
  t = await createTestApp({ staticRoot: site })
  await seedDemoContent(t.database.db)
  // A post dated tomorrow (scheduled) and an archived course: visitors see neither, so neither may be listed.
  await t.database.db.update(blogPosts).set({ publishedAt: new Date(Date.now() + 24 * 3600 * 1000) }).where(eq(blogPosts.slug, scheduledPost?.slug ?? ''))
  await t.database.db.update(courses).set({ status: 'archived' }).where(eq(courses.slug, archivedCourse?.slug ?? ''))
})
afterAll(async () => {
  await t?.close()
  if (site) rmSync(site, { recursive: true, force: true })
})

describe('the route list', () => {
  it('names every public record page the server checks, so renaming one in src/routes fails here', () => {
    const routes = siteRoutes(manifest)
    for (const routePath of Object.keys(RECORD_PAGES)) {
      expect(routes.routes.some((route) => route.path === routePath && route.isPublic), routePath).toBe(true)
    }
  })

  it('prefers a static page to a parameter, as the router does', () => {
    expect(siteRoutes(manifest).match('/admin/courses/new')?.route.path).toBe('/admin/courses/new')
    expect(siteRoutes(manifest).match('/admin/courses/abc')?.params).toEqual({ courseId: 'abc' })
  })

  it('escapes what it writes into the sitemap', () => {
    const xml = renderSitemap(ORIGIN, [{ path: `/a&b<c>"d'`, lastModified: new Date('2026-01-02T03:04:05Z') }])
    expect(xml).toContain(`<loc>${ORIGIN}/a&amp;b&lt;c&gt;&quot;d&apos;</loc><lastmod>2026-01-02T03:04:05.000Z</lastmod>`)
  })
})

describe('pages and unknown paths', () => {
  it('answers the app’s routes with the page and 200, revalidated', async () => {
    const pages = ['/', '/about', '/about/', '/ABOUT', '/courses', '/blog', '/tec-online', '/login', '/admin/students', '/admin/students/0b7f4c4e-1d7a-4c1e-9a57-6f0f6b1b1b1b/edit', '/tutor']
    for (const page of [...pages, `/blog/${newestPost?.slug}`, `/courses/${publishedCourse?.slug}`]) {
      const answer = await t.request('GET', page)
      expect(answer.status, page).toBe(200)
      expect(answer.text, page).toContain('<div id="root">')
      expect(answer.headers.get('cache-control'), page).toBe('no-cache')
    }
  })

  it('answers an unknown path with the same page (the app shows its not-found view) and 404', async () => {
    for (const page of ['/no-such-page', '/no-such-page/here', '/blog/a/b', '/admin/no-such-area', '/wp-login.php']) {
      const answer = await t.request('GET', page)
      expect(answer.status, page).toBe(404)
      expect(answer.headers.get('content-type'), page).toMatch(/^text\/html/)
      expect(answer.text, page).toContain('<div id="root">')
      expect(answer.headers.get('cache-control'), page).toBe('no-cache')
    }
    expect((await t.request('HEAD', '/no-such-page')).status).toBe(404)
  })

  it('answers 404 for a post or course that visitors cannot see: unknown, draft, scheduled, unpublished or archived', async () => {
    const missing = [
      '/blog/no-such-post',
      `/blog/${draftPost?.slug}`,
      `/blog/${scheduledPost?.slug}`,
      '/courses/no-such-course',
      `/courses/${unpublishedCourse?.slug}`,
      `/courses/${archivedCourse?.slug}`,
    ]
    for (const page of missing) {
      const answer = await t.request('GET', page)
      expect(answer.status, page).toBe(404)
      expect(answer.text, page).toContain('<div id="root">')
    }
  })

  it('answers 404, not the page, for files that are missing, and never hands out the route list', async () => {
    for (const file of ['/assets/missing.js', '/missing-picture.png', `/${ROUTE_MANIFEST_FILE}`]) {
      expect((await t.request('GET', file)).status, file).toBe(404)
    }
  })

  it('answers every path with the page (200) for a build from before the route list, as before', async () => {
    const older = mkdtempSync(path.join(tmpdir(), 'tec-dist-'))
    try {
      writeFileSync(path.join(older, 'index.html'), INDEX_HTML)
      const app = createApp({ ...t.deps, staticRoot: older })
      expect((await app.request('/no-such-page')).status).toBe(200)
    } finally {
      rmSync(older, { recursive: true, force: true })
    }
  })
})

describe('site files', () => {
  it('serves robots.txt: the public site open, staff, sign-in and API closed but for public content, and the sitemap', async () => {
    const answer = await t.request('GET', '/robots.txt')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/)
    const lines = answer.text.split('\n')
    expect(lines).toContain('User-agent: *')
    for (const closed of ['/admin', '/tutor', '/api', '/login', '/forgot-password', '/reset-password', '/family']) expect(lines).toContain(`Disallow: ${closed}`)
    // The longest rule wins: /tutor-register stays open under /tutor, and the pages' public data under /api.
    for (const open of ['/tutor-register', '/api/blog-posts', '/api/courses', '/api/media/']) expect(lines).toContain(`Allow: ${open}`)
    expect(answer.text).not.toMatch(/Disallow: \/(blog|courses|about)/)
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`)
  })

  it('serves sitemap.xml: the public pages, published posts and courses with dates, nothing hidden or private', async () => {
    const answer = await t.request('GET', '/sitemap.xml')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toMatch(/^application\/xml/)
    expect(answer.headers.get('cache-control')).toBe('public, max-age=300')
    expect(answer.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/)
    const locs = [...answer.text.matchAll(/<loc>([^<]*)<\/loc>/g)].map((found) => found[1]?.replace(ORIGIN, ''))
    for (const page of ['/', '/about', '/blog', '/courses', '/contact-us', '/gallery', '/tec-online', '/tec-in-every-home']) expect(locs).toContain(page)
    expect(locs).toContain(`/blog/${newestPost?.slug}`)
    expect(locs).toContain(`/courses/${publishedCourse?.slug}`)
    for (const hidden of [`/blog/${draftPost?.slug}`, `/blog/${scheduledPost?.slug}`, `/courses/${unpublishedCourse?.slug}`, `/courses/${archivedCourse?.slug}`]) {
      expect(locs).not.toContain(hidden)
    }
    expect(locs.filter((loc) => /^\/(admin|tutor|login|forgot-password|reset-password)(\/|$)|\$/.test(loc ?? ''))).toEqual([])
    expect(new Set(locs).size).toBe(locs.length)
    const postEntry = answer.text.split('\n').find((line) => line.includes(`/blog/${newestPost?.slug}<`))
    expect(postEntry).toMatch(/<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z<\/lastmod>/)
  })

  it('serves favicon.ico as an icon file, not the app', async () => {
    const answer = await t.request('GET', '/favicon.ico')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/)
    expect([...answer.bytes.subarray(0, 4)]).toEqual([0, 0, 1, 0])
    expect(answer.headers.get('cache-control')).toBe('public, max-age=3600')
  })
})
