import type loadSharp from 'sharp'
import type { Metadata, Sharp, SharpOptions } from 'sharp'
import { PARAMETERS } from '../../shared/contract.gen.ts'
import type { MediaContentType, MediaVariantFormat } from '../db/schema.ts'
import { cleanSvg } from './svg-cleaner.ts'

/**
 * libvips is loaded at the first image operation, not at start: loading it takes about 0.1 s (a native library), and
 * most starts never touch an image before the first upload or variant. Each job runs on one libvips thread (sharp's
 * default on glibc Linux, set here for every platform), so the image work's slots (image-work.ts) are its cores.
 */
let sharpModule: Promise<{ default: typeof loadSharp }> | undefined
async function sharp(input: Uint8Array, options?: SharpOptions): Promise<Sharp> {
  sharpModule ??= import('sharp').then((loaded) => {
    loaded.default.concurrency(1)
    return loaded
  })
  const { default: make } = await sharpModule
  return make(input, options)
}

/** The largest file staff may upload (a phone's photo is 2 to 8 MB) and the most pixels one may hold. */
export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024
export const UPLOAD_MAX_PIXELS = 50_000_000
/** Photos are kept at most this wide or tall: more than any page shows at twice its pixel density. */
export const STORED_MAX_EDGE = 2560
/** The widths public pages ask for: the contract's `width` of getMedia. */
export const IMAGE_WIDTHS: readonly number[] = PARAMETERS.getMedia.width.enum
/** The format a stored file is served in as it is, without making a size of it. */
export const STORED_FORMAT = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp', 'image/svg+xml': 'svg' } as const satisfies Record<MediaContentType, string>

export type UploadStatus = 400 | 413

/** A file the library cannot take, with the status and the words staff read. */
export class UploadRefusedError extends Error {
  override name = 'UploadRefusedError'
  constructor(
    message: string,
    readonly status: UploadStatus,
  ) {
    super(message)
  }
}

type Detected = 'jpeg' | 'png' | 'webp' | 'avif' | 'svg'

const NAMES: Record<Detected, string> = { jpeg: 'a JPEG photo', png: 'a PNG image', webp: 'a WebP image', avif: 'an AVIF image', svg: 'an SVG drawing' }
const BY_EXTENSION: Record<string, Detected> = { jpg: 'jpeg', jpeg: 'jpeg', jfif: 'jpeg', png: 'png', webp: 'webp', avif: 'avif', svg: 'svg' }
const BY_TYPE: Record<string, Detected> = { 'image/jpeg': 'jpeg', 'image/jpg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp', 'image/avif': 'avif', 'image/svg+xml': 'svg' }
const ACCEPTED = 'JPEG, PNG, WebP or AVIF photos, or SVG drawings'

export interface ProcessedImage {
  bytes: Uint8Array
  contentType: MediaContentType
  width: number
  height: number
}

function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 1024)).replace(/^\uFEFF/, '').trimStart()
  return /^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head)
}

/** What the bytes are, read by libvips from the file's content; the name and declared type play no part. */
async function detect(bytes: Uint8Array): Promise<{ format: Detected; width: number; height: number; hasAlpha: boolean }> {
  if (looksLikeSvg(bytes)) return { format: 'svg', width: 0, height: 0, hasAlpha: true }
  let metadata: Metadata
  try {
    metadata = await (await sharp(bytes, { limitInputPixels: false })).metadata()
  } catch {
    throw new UploadRefusedError(`This file is not an image we can read. Upload ${ACCEPTED}.`, 400)
  }
  const format: Detected | undefined =
    metadata.format === 'jpeg' || metadata.format === 'png' || metadata.format === 'webp'
      ? metadata.format
      : metadata.format === 'heif' && metadata.compression === 'av1'
        ? 'avif'
        : undefined
  if (format === undefined) throw new UploadRefusedError(`This file is a ${String(metadata.format).toUpperCase()} image, which the site cannot show. Upload ${ACCEPTED}.`, 400)
  return { format, width: metadata.width ?? 0, height: metadata.height ?? 0, hasAlpha: metadata.hasAlpha === true }
}

/** A file whose name or declared type says something else than its bytes is refused: it was renamed, or is not what it seems. */
function checkNamedType(file: { name: string; type: string }, found: Detected): void {
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase()
  const named = extension === undefined ? undefined : BY_EXTENSION[extension]
  if (extension !== undefined && named === undefined) {
    throw new UploadRefusedError(`“${file.name}” does not have an image's name (.jpg, .png, .webp, .avif or .svg). Upload the image as it was saved.`, 400)
  }
  if (named !== undefined && named !== found) {
    throw new UploadRefusedError(`“${file.name}” is named as ${NAMES[named]} but holds ${NAMES[found]}. Save it again in its own format and upload that.`, 400)
  }
  const declared = BY_TYPE[file.type.toLowerCase()]
  if (file.type !== '' && file.type !== 'application/octet-stream' && declared !== found) {
    throw new UploadRefusedError(`“${file.name}” was sent as ${file.type} but holds ${NAMES[found]}. Upload the image as it was saved.`, 400)
  }
}

async function svgImage(bytes: Uint8Array): Promise<ProcessedImage> {
  const cleaned = cleanSvg(new TextDecoder('utf-8', { fatal: false }).decode(bytes))
  if (cleaned === undefined) throw new UploadRefusedError('This SVG file is not a drawing the site can show. Export it again as SVG, or upload a PNG.', 400)
  const out = new TextEncoder().encode(cleaned)
  let size: Metadata
  try {
    size = await (await sharp(out)).metadata()
  } catch {
    throw new UploadRefusedError('This SVG drawing cannot be read. Export it again as SVG, or upload a PNG.', 400)
  }
  if (!size.width || !size.height) throw new UploadRefusedError('This SVG drawing has no size. Give it a width and height (or a viewBox) and upload it again.', 400)
  return { bytes: out, contentType: 'image/svg+xml', width: size.width, height: size.height }
}

/**
 * Checks an uploaded file and makes the image the library keeps: for photos, turned the right way up, at most
 * STORED_MAX_EDGE on its longer side and with no metadata at all (no camera, time or place); AVIF files are kept as
 * JPEG (or PNG with transparency), since every browser reads those, and served as AVIF where the browser takes it.
 */
export async function processUpload(file: { name: string; type: string; bytes: Uint8Array }): Promise<ProcessedImage> {
  if (file.bytes.byteLength === 0) throw new UploadRefusedError(`“${file.name}” is empty. Choose the image again.`, 400)
  if (file.bytes.byteLength > UPLOAD_MAX_BYTES) {
    const megabytes = (file.bytes.byteLength / 1024 / 1024).toFixed(1)
    throw new UploadRefusedError(`“${file.name}” is ${megabytes} MB. Upload images of at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB.`, 413)
  }
  const found = await detect(file.bytes)
  checkNamedType(file, found.format)
  if (found.format === 'svg') return svgImage(file.bytes)
  if (found.width * found.height > UPLOAD_MAX_PIXELS) {
    throw new UploadRefusedError(
      `“${file.name}” is ${found.width} × ${found.height} pixels. Upload images of at most ${UPLOAD_MAX_PIXELS / 1_000_000} megapixels (a phone's photo is about 12).`,
      400,
    )
  }
  try {
    // rotate() with no angle applies the EXIF orientation; nothing of the metadata is written out (sharp's default).
    const pipeline = (await sharp(file.bytes, { limitInputPixels: UPLOAD_MAX_PIXELS })).rotate().resize({ width: STORED_MAX_EDGE, height: STORED_MAX_EDGE, fit: 'inside', withoutEnlargement: true })
    const kept: 'jpeg' | 'png' | 'webp' = found.format === 'avif' ? (found.hasAlpha ? 'png' : 'jpeg') : found.format
    const encoded = await encode(pipeline, kept).toBuffer({ resolveWithObject: true })
    return { bytes: new Uint8Array(encoded.data), contentType: `image/${kept}`, width: encoded.info.width, height: encoded.info.height }
  } catch (error) {
    if (error instanceof UploadRefusedError) throw error
    throw new UploadRefusedError(`“${file.name}” could not be read as an image; it may be damaged. Save it again and upload that.`, 400)
  }
}

function encode(pipeline: Sharp, format: MediaVariantFormat): Sharp {
  switch (format) {
    case 'avif':
      // effort 2 of 9: a little larger than the slowest setting, many times faster to make on first request.
      return pipeline.avif({ quality: 55, effort: 2 })
    case 'webp':
      return pipeline.webp({ quality: 78 })
    case 'jpeg':
      return pipeline.jpeg({ quality: 80, mozjpeg: true })
    case 'png':
      return pipeline.png({ compressionLevel: 9 })
  }
}

let variantsMade = 0

/** How many sizes this process has made so far: for tests, which count encodes without an API for it. */
export function variantsMadeSoFar(): number {
  return variantsMade
}

/** The stored photo at `width` (never wider than it is) in `format`; metadata stays out as on upload. */
export async function makeVariant(stored: Uint8Array, width: number, format: MediaVariantFormat): Promise<Uint8Array> {
  variantsMade += 1
  const pipeline = (await sharp(stored)).resize({ width, withoutEnlargement: true })
  return new Uint8Array(await encode(pipeline, format).toBuffer())
}

/** The format a browser gets: AVIF if its Accept header takes it, else WebP, else the stored format. */
export function negotiateFormat(accept: string | undefined, stored: MediaContentType): MediaVariantFormat {
  const taken = new Set(
    (accept ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?\s*$/.test(part))
      .map((part) => part.split(';')[0]?.trim()),
  )
  if (taken.has('image/avif')) return 'avif'
  if (taken.has('image/webp')) return 'webp'
  return stored === 'image/png' ? 'png' : stored === 'image/webp' ? 'webp' : 'jpeg'
}
