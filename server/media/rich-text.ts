import { inArray } from 'drizzle-orm'
import sanitizeHtml from 'sanitize-html'
import type { Db } from '../db/client.ts'
import { media } from '../db/schema.ts'
import { MEDIA_PATH, mediaSize, mediaUrl, srcsetOf, type MediaSize } from './queries.ts'

/** An image of the library as rich text refers to it: its path, with or without a version and width. */
const MEDIA_SRC = /^\/api\/media\/([a-f0-9]{64})(?:\?[a-z0-9=&]*)?$/
const MEDIA_IN_HTML = /\/api\/media\/([a-f0-9]{64})/g

/**
 * What rich text (post bodies, course descriptions) may hold: headings, paragraphs, lists, links, emphasis,
 * quotes, rules and images from the media library. Everything else is dropped when the text is saved (scripts,
 * styles, event handlers, iframes, forms, images from elsewhere), so the stored HTML is safe to insert as it is.
 */
const POLICY: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'a', 'strong', 'em', 's', 'u', 'code', 'blockquote', 'br', 'hr', 'img'],
  allowedAttributes: { a: ['href', 'rel'], img: ['src', 'alt'] },
  // Absolute links only to the web and mail; scheme-less paths stay, since they point within the site.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
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
    // Stored by the library id alone: the version and widths are added when the text is read (renderRichText).
    img: (tagName, attribs): sanitizeHtml.Tag => {
      const id = MEDIA_SRC.exec(attribs.src ?? '')?.[1]
      return id === undefined ? { tagName: 'img', attribs: {} } : { tagName, attribs: { src: `${MEDIA_PATH}${id}`, alt: attribs.alt ?? '' } }
    },
  },
  // An image from anywhere but the library goes (nothing is loaded from other sites).
  exclusiveFilter: (frame) => frame.tag === 'img' && frame.attribs.src === undefined,
}

/** The safe form of rich text; the only way rich-text HTML reaches the database. */
export function sanitiseRichText(html: string): string {
  return sanitizeHtml(html, POLICY).trim()
}

/** The library images a piece of rich text shows, each once. */
export function mediaIdsIn(html: string): string[] {
  return [...new Set([...html.matchAll(MEDIA_IN_HTML)].map((match) => match[1] as string))]
}

/** How wide rich-text images show: the text column's width on wide screens, the screen's on phones. */
const RICH_TEXT_SIZES = '(min-width: 800px) 760px, 100vw'

/**
 * Stored rich text as pages show it: each library image at its current version, with its size (no layout shift),
 * the widths for the browser to choose from, lazy loading, and the library's alt text where the text gave none.
 */
export async function renderRichText(db: Db, html: string): Promise<string> {
  const ids = mediaIdsIn(html)
  if (ids.length === 0) return html
  const rows = await db.select(mediaSize).from(media).where(inArray(media.id, ids))
  const byId = new Map<string, MediaSize>(rows.map((row) => [row.id, row]))
  return sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: false,
    transformTags: {
      img: (tagName, attribs): sanitizeHtml.Tag => {
        const stored = byId.get(MEDIA_SRC.exec(attribs.src ?? '')?.[1] ?? '')
        if (!stored) return { tagName, attribs }
        const srcset = srcsetOf(stored)
        return {
          tagName,
          attribs: {
            src: mediaUrl(stored.id, stored.version),
            alt: attribs.alt === undefined || attribs.alt === '' ? stored.alt : attribs.alt,
            width: String(stored.width),
            height: String(stored.height),
            loading: 'lazy',
            decoding: 'async',
            ...(srcset === undefined ? {} : { srcset, sizes: RICH_TEXT_SIZES }),
          },
        }
      },
    },
  })
}
