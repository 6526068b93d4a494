import { and, asc, count, desc, eq, gt, lte, ne, type SQL } from 'drizzle-orm'
import type { components } from '../../src/api/schema.gen.ts'
import type { Db } from '../db/client.ts'
import { blogPosts, media, type BlogPostRow } from '../db/schema.ts'
import { window, type Page, type PageRequest } from '../lib/paging.ts'
import { imageOf, mediaSize, type MediaSize } from '../media/queries.ts'
import { renderRichText } from '../media/rich-text.ts'

type Schemas = components['schemas']

/**
 * Visible to visitors: published, or scheduled and due (the server marks it published soon after, once; visitors
 * do not wait for that). A date in the future keeps a post hidden until then.
 */
const livePost = (): SQL | undefined => and(ne(blogPosts.status, 'draft'), lte(blogPosts.publishedAt, new Date()))

function postSummary(row: BlogPostRow, cover: MediaSize | null): Schemas['BlogPostSummary'] {
  if (!row.publishedAt || !cover) throw new Error(`The live post ${row.slug} has no publication date or cover.`)
  return {
    id: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    coverImage: imageOf(cover),
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

/** When the next scheduled post goes live (visitors see it from then without any write), or null for none. */
export async function nextScheduledTime(db: Db): Promise<Date | null> {
  const [next] = await db
    .select({ at: blogPosts.publishedAt })
    .from(blogPosts)
    .where(and(eq(blogPosts.status, 'scheduled'), gt(blogPosts.publishedAt, new Date())))
    .orderBy(asc(blogPosts.publishedAt))
    .limit(1)
  return next?.at ?? null
}

/** Whether visitors can read the post at this slug: what readLivePost would find, without rendering it. */
export async function livePostExists(db: Db, slug: string): Promise<boolean> {
  const [found] = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .innerJoin(media, eq(media.id, blogPosts.coverMediaId))
    .where(and(eq(blogPosts.slug, slug), livePost()))
    .limit(1)
  return found !== undefined
}

/** A live post by its slug; a draft or a scheduled post reads as missing, so drafts cannot be found by slug. */
export async function readLivePost(db: Db, slug: string): Promise<Schemas['BlogPost'] | undefined> {
  const [found] = await db
    .select({ post: blogPosts, cover: mediaSize })
    .from(blogPosts)
    .innerJoin(media, eq(media.id, blogPosts.coverMediaId))
    .where(and(eq(blogPosts.slug, slug), livePost()))
    .limit(1)
  if (!found) return undefined
  const { post, cover } = found
  return {
    ...postSummary(post, cover),
    bodyHtml: await renderRichText(db, post.bodyHtml),
    ...(post.seoTitle === '' ? {} : { seoTitle: post.seoTitle }),
    ...(post.seoDescription === '' ? {} : { seoDescription: post.seoDescription }),
  }
}
