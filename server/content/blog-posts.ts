import sanitizeHtml from 'sanitize-html'
import type { Db } from '../db/client.ts'
import { blogPosts, type BlogPostRow } from '../db/schema.ts'

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
