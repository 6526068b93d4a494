import { and, asc, count, desc, eq, lte, type SQL } from 'drizzle-orm'
import type { components } from '../../src/api/schema.gen.ts'
import type { Db } from '../db/client.ts'
import { blogPosts, media, type BlogPostRow } from '../db/schema.ts'
import { window, type Page, type PageRequest } from '../lib/paging.ts'
import { imageOf, mediaSize, type MediaSize } from '../media/queries.ts'
import { renderRichText, sanitiseRichText } from '../media/rich-text.ts'

type Schemas = components['schemas']

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/

export interface BlogPostInput {
  slug: string
  title: string
  excerpt: string
  /** Any HTML: it is sanitised here before it is stored. */
  bodyHtml: string
  cover: { mediaId: string; alt: string }
  authorName: string
  status: 'draft' | 'published'
  /** Required to publish; a date in the future keeps the post hidden until then. */
  publishedAt: Date | null
}

/**
 * Creates the post, or replaces the one with the same slug. Used by the demo seed and, later, by the
 * back-office, so no post body is ever stored unsanitised.
 */
export async function saveBlogPost(db: Db, input: BlogPostInput): Promise<BlogPostRow> {
  if (!SLUG.test(input.slug) || input.slug.length > 120) throw new Error(`"${input.slug}" is not a valid slug.`)
  if (input.status === 'published' && input.publishedAt === null) throw new Error('A published post needs a publication date.')
  const values = {
    slug: input.slug,
    title: input.title.trim(),
    excerpt: input.excerpt.trim(),
    bodyHtml: sanitiseRichText(input.bodyHtml),
    coverMediaId: input.cover.mediaId,
    coverAlt: input.cover.alt.trim(),
    authorName: input.authorName.trim(),
    status: input.status,
    publishedAt: input.publishedAt,
  }
  const [row] = await db
    .insert(blogPosts)
    .values(values)
    .onConflictDoUpdate({ target: blogPosts.slug, set: { ...values, updatedAt: new Date() } })
    .returning()
  if (!row) throw new Error('Saving the blog post returned no row.')
  return row
}

/** Visible to visitors: published, and not dated in the future (a post can be scheduled). */
const livePost = (): SQL | undefined => and(eq(blogPosts.status, 'published'), lte(blogPosts.publishedAt, new Date()))

function postSummary(row: BlogPostRow, cover: MediaSize): Schemas['BlogPostSummary'] {
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

/** One page of the live posts, newest first. */
export async function listLivePosts(db: Db, request: PageRequest): Promise<Page<Schemas['BlogPostSummary']>> {
  const { limit, offset } = window(request)
  const [rows, totals] = await Promise.all([
    db
      .select({ post: blogPosts, cover: mediaSize })
      .from(blogPosts)
      .innerJoin(media, eq(media.id, blogPosts.coverMediaId))
      .where(livePost())
      .orderBy(desc(blogPosts.publishedAt), asc(blogPosts.slug))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(blogPosts).where(livePost()),
  ])
  return { items: rows.map(({ post, cover }) => postSummary(post, cover)), ...request, total: totals[0]?.total ?? 0 }
}

/** A live post by its slug; a draft or a scheduled post reads as missing, so drafts cannot be found by slug. */
export async function readLivePost(db: Db, slug: string): Promise<Schemas['BlogPost'] | undefined> {
  const [found] = await db
    .select({ post: blogPosts, cover: mediaSize })
    .from(blogPosts)
    .innerJoin(media, eq(media.id, blogPosts.coverMediaId))
    .where(and(eq(blogPosts.slug, slug), livePost()))
    .limit(1)
  return found ? { ...postSummary(found.post, found.cover), bodyHtml: await renderRichText(db, found.post.bodyHtml) } : undefined
}
