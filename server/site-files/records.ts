import { inArray } from 'drizzle-orm'
import { listLivePosts, livePostExists } from '../blog-posts/queries.ts'
import { listPublishedCourses, publishedCourseExists } from '../courses/queries.ts'
import type { Db } from '../db/client.ts'
import { blogPosts, courses } from '../db/schema.ts'

/** A record a visitor can open, by the id its address carries (the slug), and when it last changed if known. */
export interface PublishedRecord {
  id: string
  lastModified: Date | undefined
}

/**
 * The public pages that show one record. Which records are visible is asked of the very queries the public API
 * answers with, so the sitemap, the page's status and the page itself never disagree about a draft.
 */
export interface RecordPage {
  /** Every visible record, for the sitemap. */
  list: (db: Db) => Promise<PublishedRecord[]>
  /** Whether a visitor opening this id sees the record (200) or the page's not-found view (404). */
  exists: (db: Db, id: string) => Promise<boolean>
}

/** The sitemap protocol's limit for one file; the site is far from it. */
const SITEMAP_MAX_URLS = 50_000

const latest = (...dates: (Date | null | undefined)[]) =>
  dates.reduce<Date | undefined>((newest, date) => (date && (!newest || date > newest) ? date : newest), undefined)

async function livePosts(db: Db): Promise<PublishedRecord[]> {
  const { items } = await listLivePosts(db, { page: 1, pageSize: SITEMAP_MAX_URLS })
  if (items.length === 0) return []
  // The public summary has the publication date only; an edit after it also changes the page.
  const rows = await db.select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt }).from(blogPosts).where(inArray(blogPosts.slug, items.map((post) => post.id)))
  const updated = new Map(rows.map((row) => [row.slug, row.updatedAt]))
  return items.map((post) => ({ id: post.id, lastModified: latest(new Date(post.publishedAt), updated.get(post.id)) }))
}

async function publishedCourses(db: Db): Promise<PublishedRecord[]> {
  const items = await listPublishedCourses(db, {})
  if (items.length === 0) return []
  const rows = await db
    .select({ slug: courses.slug, updatedAt: courses.updatedAt, publishedAt: courses.publishedAt })
    .from(courses)
    .where(inArray(courses.slug, items.map((course) => course.id)))
  const changed = new Map(rows.map((row) => [row.slug, latest(row.updatedAt, row.publishedAt)]))
  return items.map((course) => ({ id: course.id, lastModified: changed.get(course.id) }))
}

/**
 * By the route's path in src/routes (as routes.json names it). A route renamed there drops out of the sitemap and
 * its unknown ids answer 200 again, which tests/server/site-files.test.ts reports.
 */
export const RECORD_PAGES: Readonly<Record<string, RecordPage>> = {
  '/blog/$postId': { list: livePosts, exists: livePostExists },
  '/courses/$courseId': { list: publishedCourses, exists: publishedCourseExists },
}
