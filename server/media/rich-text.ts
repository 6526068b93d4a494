import { inArray } from 'drizzle-orm'
import sanitizeHtml from 'sanitize-html'
import type { Db } from '../db/client.ts'
import { media } from '../db/schema.ts'
import { MEDIA_ID_PATTERN, MEDIA_SRC, RICH_TEXT_POLICY } from '../../shared/rich-text-policy.ts'
import { mediaSize, mediaUrl, srcsetOf, type MediaSize } from './queries.ts'

const MEDIA_IN_HTML = new RegExp(`/api/media/(${MEDIA_ID_PATTERN})`, 'g')

/** The safe form of rich text; the only way rich-text HTML reaches the database. */
export function sanitiseRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT_POLICY).trim()
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
