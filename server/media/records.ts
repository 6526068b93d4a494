import { createHash } from 'node:crypto'
import type { Db } from '../db/client.ts'
import { media, type MediaContentType } from '../db/schema.ts'
import { cleanSvg } from './svg-cleaner.ts'

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
