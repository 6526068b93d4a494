import { and, asc, count, desc, eq, lte, type SQL } from 'drizzle-orm'
import sanitizeHtml from 'sanitize-html'
import type { components } from '../../src/api/schema.gen.ts'
import type { Db } from '../db/client.ts'
import { blogPosts, media, type BlogPostRow } from '../db/schema.ts'
import { window, type Page, type PageRequest } from '../lib/paging.ts'
import { imageOf, mediaSize, type MediaSize } from '../media/queries.ts'

type Schemas = components['schemas']

/**
 * What a post body may hold: headings, paragraphs, lists, links, emphasis and quotes. Everything else is
 * dropped when the post is saved (scripts, styles, event handlers, iframes, images, forms), so the stored HTML
 * is safe to insert as it is and every reader gets the same clean copy.
 */
const BODY_POLICY: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'a', 'strong', 'em', 'blockquote', 'br'],
  allowedAttributes: { a: ['href', 'rel'] },
  // Absolute links only to the web and mail; scheme-less paths stay, since they point within the site.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Their text is code or markup, not prose, so it goes with the tag.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'template', 'object', 'svg', 'math', 'title'],
  transformTags: {
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const { href } = attribs
      const kept: sanitizeHtml.Attributes = {}
      if (href !== undefined) kept.href = href
      // A page we link to must not reach back through window.opener nor learn which post linked it.
      if (href !== undefined && /^\s*https?:/i.test(href)) kept.rel = 'noopener noreferrer'
      return { tagName, attribs: kept }
    },
  },
}

/** The safe form of a post body; the only way body HTML reaches the database. */
export function sanitiseBodyHtml(html: string): string {
  return sanitizeHtml(html, BODY_POLICY).trim()
}

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
    bodyHtml: sanitiseBodyHtml(input.bodyHtml),
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
  return found ? { ...postSummary(found.post, found.cover), bodyHtml: found.post.bodyHtml } : undefined
}
