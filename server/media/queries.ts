import { sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { components } from '../../src/api/schema.gen.ts'
import { media, type MediaContentType } from '../db/schema.ts'
import { IMAGE_WIDTHS } from './processing.ts'

type Image = components['schemas']['Image']

/**
 * An image's bytes, read as base64 and decoded by Node. PGlite decodes a bytea in JavaScript on the main thread:
 * about 80 ms for a 1.2 MB photo (4 ms this way), during which no other request moves, sign-ins included. The
 * PostgreSQL driver gains too: base64 is shorter than the hex it is sent otherwise.
 */
export function bytesOf(column: AnyPgColumn): SQL<Uint8Array> {
  return sql`encode(${column}, 'base64')`.mapWith((text: string): Uint8Array => Buffer.from(text, 'base64'))
}

/** Bytes to store, sent as base64 for the same reason: PGlite encodes a bytea parameter at about 170 ms a megabyte. */
export function bytesValue(bytes: Uint8Array): SQL {
  return sql`decode(${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')}, 'base64')`
}

/** The path of every image's answers, without its version; stored rich text refers to images by it. */
export const MEDIA_PATH = '/api/media/'

/** Where GET /media/{mediaId} serves an image at its version: a new file raises the version, so the address changes. */
export function mediaUrl(id: string, version: number): string {
  return `${MEDIA_PATH}${id}?v=${version}`
}

/** The columns an image's place on a page needs; joined with every row that shows one. */
export const mediaSize = { id: media.id, width: media.width, height: media.height, version: media.version, contentType: media.contentType, alt: media.alt }
export type MediaSize = { id: string; width: number; height: number; version: number; contentType: MediaContentType; alt: string }

/** For photos, the widths pages use up to the stored width, and the stored image itself: an img srcset. */
export function srcsetOf(stored: MediaSize): string | undefined {
  if (stored.contentType === 'image/svg+xml') return undefined
  const url = mediaUrl(stored.id, stored.version)
  const smaller = IMAGE_WIDTHS.filter((width) => width < stored.width).map((width) => `${url}&width=${width} ${width}w`)
  return [...smaller, `${url} ${stored.width}w`].join(', ')
}

/** The contract's Image for a stored image: its alternative text is the library's unless the page gives its own. */
export function imageOf(stored: MediaSize, alt: string = stored.alt): Image {
  const srcset = srcsetOf(stored)
  return { url: mediaUrl(stored.id, stored.version), width: stored.width, height: stored.height, alt, ...(srcset === undefined ? {} : { srcset }) }
}

/** The ETag of one answer of an image: its id, version, width and format, which together fix the bytes. */
export function mediaEtag(id: string, version: number, width: number, format: string): string {
  return `"${id}-${version}-${width}-${format}"`
}

