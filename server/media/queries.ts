import { createHash } from 'node:crypto'
import { sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { components } from '../../src/api/schema.gen.ts'
import type { Db } from '../db/client.ts'
import { media, type MediaContentType } from '../db/schema.ts'
import { IMAGE_WIDTHS } from './processing.ts'
import { cleanSvg } from './svg-cleaner.ts'

type Image = components['schemas']['Image']

/** The largest image the server keeps: enough for a 1600 px photo, small enough to serve from the database. */
export const MEDIA_MAX_BYTES = 2 * 1024 * 1024
export const MEDIA_MAX_DIMENSION = 10_000

export class MediaRefusedError extends Error {
  override name = 'MediaRefusedError'
}

export interface NewMedia {
  bytes: Uint8Array
  contentType: MediaContentType
  width: number
  height: number
  /** For the library: what it shows and the line under it (both needed before a page uses it), and its file name. */
  alt?: string
  caption?: string
  fileName?: string
}

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) => prefix.every((byte, index) => bytes[at + index] === byte)
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0))

/**
 * Whether the bytes are what the content type says: the type is sent with nosniff, so a mislabelled file would
 * just be a broken image. SVGs are cleaned before this (svg-cleaner.ts).
 */
function bytesMatch(bytes: Uint8Array, contentType: MediaContentType): boolean {
  switch (contentType) {
    case 'image/png':
      return startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    case 'image/jpeg':
      return startsWith(bytes, [0xff, 0xd8, 0xff])
    case 'image/webp':
      return startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)
    case 'image/svg+xml':
      return /^<svg[\s>]/.test(new TextDecoder().decode(bytes))
  }
}

function cleanedSvgBytes(bytes: Uint8Array): Uint8Array {
  const cleaned = cleanSvg(new TextDecoder('utf-8', { fatal: false }).decode(bytes))
  if (cleaned === undefined) throw new MediaRefusedError('The file is not an SVG drawing.')
  return new TextEncoder().encode(cleaned)
}

export function mediaId(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}

/**
 * Stores an image (or finds it already stored: the id is the SHA-256 of the bytes) and answers its id: how the
 * demo seed's drawings enter the library. Staff uploads go through processUpload and insertUpload (library.ts).
 */
export async function saveMedia(db: Db, image: NewMedia): Promise<string> {
  if (image.bytes.byteLength === 0 || image.bytes.byteLength > MEDIA_MAX_BYTES) {
    throw new MediaRefusedError(`An image must hold 1 byte to ${MEDIA_MAX_BYTES / 1024 / 1024} MiB; this one holds ${image.bytes.byteLength} bytes.`)
  }
  const sizeOk = (value: number) => Number.isInteger(value) && value > 0 && value <= MEDIA_MAX_DIMENSION
  if (!sizeOk(image.width) || !sizeOk(image.height)) throw new MediaRefusedError('An image needs a width and height of 1 to 10000 pixels.')
  // An SVG is stored as the cleaner leaves it: only drawing, nothing that runs or loads (the sandboxing CSP on SVG
  // answers is a second barrier). The id is of the cleaned bytes, so every copy of one drawing is one image.
  const bytes = image.contentType === 'image/svg+xml' ? cleanedSvgBytes(image.bytes) : image.bytes
  if (!bytesMatch(bytes, image.contentType)) throw new MediaRefusedError(`The bytes are not a safe ${image.contentType} image.`)
  const id = mediaId(bytes)
  await db
    .insert(media)
    .values({ id, ...image, bytes, alt: image.alt?.trim() ?? '', caption: image.caption?.trim() ?? '', fileName: image.fileName ?? '' })
    .onConflictDoNothing({ target: media.id })
  return id
}

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

