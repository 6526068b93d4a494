import { and, arrayContains, asc, count, desc, eq, lte, type SQL } from 'drizzle-orm'
import type { components } from '../../src/api/schema.gen.ts'
import { imageOf, mediaEtag } from '../content/media.ts'
import { readSiteSettings } from '../content/site-settings.ts'
import type { Handler } from '../contract/types.ts'
import { blogPosts, courses, galleryItems, media, type BlogPostRow, type CourseRow } from '../db/schema.ts'

type BlogPostSummary = components['schemas']['BlogPostSummary']
type CourseSummary = components['schemas']['CourseSummary']

export const SITE_MESSAGES = {
  postNotFound: 'We could not find that blog post.',
  courseNotFound: 'We could not find that course.',
  mediaNotFound: 'We could not find that image.',
} as const

type MediaSize = { id: string; width: number; height: number }
const mediaSize = { id: media.id, width: media.width, height: media.height }

/** Visible to visitors: published, and not dated in the future (a post can be scheduled). */
const livePost = (): SQL | undefined => and(eq(blogPosts.status, 'published'), lte(blogPosts.publishedAt, new Date()))

function postSummary(row: BlogPostRow, cover: MediaSize): BlogPostSummary {
  if (!row.publishedAt) throw new Error(`The live post ${row.slug} has no publication date.`)
  return {
    id: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    coverImage: imageOf(cover, row.coverAlt),
    authorName: row.authorName,
    publishedAt: row.publishedAt.toISOString(),
  }
}

/** The contract's defaults are filled in by the request validator, so the page always has both numbers. */
function pageOf(query: { page?: number; pageSize?: number }): { page: number; pageSize: number } {
  const { page, pageSize } = query
  if (page === undefined || pageSize === undefined) throw new Error('The validator should have filled in page and pageSize.')
  return { page, pageSize }
}

export const listBlogPosts: Handler<'listBlogPosts'> = async ({ query }, deps) => {
  const { db } = deps.database
  const { page, pageSize } = pageOf(query)
  const [rows, totals] = await Promise.all([
    db
      .select({ post: blogPosts, cover: mediaSize })
      .from(blogPosts)
      .innerJoin(media, eq(media.id, blogPosts.coverMediaId))
      .where(livePost())
      .orderBy(desc(blogPosts.publishedAt), asc(blogPosts.slug))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(blogPosts).where(livePost()),
  ])
  const items = rows.map(({ post, cover }) => postSummary(post, cover))
  return { status: 200, body: { items, page, pageSize, total: totals[0]?.total ?? 0 } }
}

export const getBlogPost: Handler<'getBlogPost'> = async ({ params }, deps) => {
  const [found] = await deps.database.db
    .select({ post: blogPosts, cover: mediaSize })
    .from(blogPosts)
    .innerJoin(media, eq(media.id, blogPosts.coverMediaId))
    .where(and(eq(blogPosts.slug, params.postId), livePost()))
    .limit(1)
  // A draft answers exactly like a post that does not exist, so drafts cannot be discovered by their slug.
  if (!found) return { status: 404, body: { message: SITE_MESSAGES.postNotFound } }
  return { status: 200, body: { ...postSummary(found.post, found.cover), bodyHtml: found.post.bodyHtml } }
}

function courseSummary(row: CourseRow, image: MediaSize): CourseSummary {
  return {
    id: row.slug,
    title: row.title,
    summary: row.summary,
    level: row.level,
    subjects: row.subjects,
    modes: row.modes,
    duration: row.duration,
    image: imageOf(image, row.imageAlt),
    featured: row.featured,
  }
}

export const listCourses: Handler<'listCourses'> = async ({ query }, deps) => {
  const filters = [eq(courses.published, true)]
  if (query.mode !== undefined) filters.push(arrayContains(courses.modes, [query.mode]))
  if (query.featured !== undefined) filters.push(eq(courses.featured, query.featured))
  const rows = await deps.database.db
    .select({ course: courses, image: mediaSize })
    .from(courses)
    .innerJoin(media, eq(media.id, courses.imageMediaId))
    .where(and(...filters))
    .orderBy(desc(courses.featured), asc(courses.sortOrder), asc(courses.title))
  return { status: 200, body: { items: rows.map(({ course, image }) => courseSummary(course, image)) } }
}

export const getCourse: Handler<'getCourse'> = async ({ params }, deps) => {
  const [found] = await deps.database.db
    .select({ course: courses, image: mediaSize })
    .from(courses)
    .innerJoin(media, eq(media.id, courses.imageMediaId))
    .where(and(eq(courses.slug, params.courseId), eq(courses.published, true)))
    .limit(1)
  if (!found) return { status: 404, body: { message: SITE_MESSAGES.courseNotFound } }
  const { course, image } = found
  return {
    status: 200,
    body: { ...courseSummary(course, image), description: course.description, schedule: course.schedule, cost: course.cost },
  }
}

export const listGalleryItems: Handler<'listGalleryItems'> = async (_input, deps) => {
  const rows = await deps.database.db
    .select({ id: galleryItems.id, alt: galleryItems.alt, caption: galleryItems.caption, image: mediaSize })
    .from(galleryItems)
    .innerJoin(media, eq(media.id, galleryItems.mediaId))
    .where(eq(galleryItems.published, true))
    .orderBy(asc(galleryItems.sortOrder), asc(galleryItems.createdAt))
  return { status: 200, body: { items: rows.map((row) => ({ id: row.id, image: imageOf(row.image, row.alt), caption: row.caption })) } }
}

export const getSiteSettings: Handler<'getSiteSettings'> = async (_input, deps) => {
  return { status: 200, body: await readSiteSettings(deps.database.db) }
}

/** Whether an If-None-Match header names this ETag (a list, weak validators and * included, per RFC 9110). */
function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '')
    return tag === '*' || tag === etag
  })
}

export const getMedia: Handler<'getMedia'> = async ({ params, headers }, deps) => {
  const etag = mediaEtag(params.mediaId)
  const db = deps.database.db
  if (etagMatches(headers['If-None-Match'], etag)) {
    // Only a stored image may answer 304; an unknown id is a 404 whatever the client claims to hold.
    const [known] = await db.select({ id: media.id }).from(media).where(eq(media.id, params.mediaId)).limit(1)
    if (known) return { status: 304, body: undefined, headers: { ETag: etag } }
  }
  const [row] = await db.select({ bytes: media.bytes, contentType: media.contentType }).from(media).where(eq(media.id, params.mediaId)).limit(1)
  if (!row) return { status: 404, body: { message: SITE_MESSAGES.mediaNotFound } }
  return { status: 200, bytes: row.bytes, contentType: row.contentType, headers: { ETag: etag } }
}
