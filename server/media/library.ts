import { randomBytes } from 'node:crypto'
import { and, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm'
import type { components } from '../../src/api/schema.gen.ts'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client.ts'
import { blogPosts, courses, galleryItems, media, mediaVariants, sitePages } from '../db/schema.ts'
import { recordAudit } from '../lib/audit.ts'
import type { ChangeContext, UpdateOutcome } from '../lib/history.ts'
import { window, type Page } from '../lib/paging.ts'
import { containsPattern, searchText } from '../lib/search.ts'
import type { ProcessedImage } from './processing.ts'
import { bytesOf, bytesValue, imageOf, mediaSize, type MediaSize } from './queries.ts'
import { moveSizesToVersion, storePageSizes } from './sizes.ts'

type Schemas = components['schemas']
export type MediaItem = Schemas['MediaItem']
type MediaUse = Schemas['MediaUse']

export const MEDIA_LIBRARY_MESSAGES = {
  notFound: 'We could not find that image in the library.',
  notReady: 'This image needs alt text and a caption in the media library before the site can show it.',
  missing: 'This image is not in the media library. Choose one from the library.',
} as const

const USE_WORDS: Record<Schemas['MediaUseKind'], (title: string) => string> = {
  blog_post_cover: (title) => `the cover of the post “${title}”`,
  blog_post_body: (title) => `the text of the post “${title}”`,
  course_image: (title) => `the course “${title}”`,
  course_description: (title) => `the description of the course “${title}”`,
  gallery: (title) => `the gallery (“${title}”)`,
  site_page: (title) => `the page “${title}”`,
}

/** The 409 of deleting an image still in use, naming every place. */
export function inUseMessage(uses: MediaUse[]): string {
  const places = uses.map((use) => USE_WORDS[use.kind](use.title))
  return `This image is still used by ${places.join(', ')}. Choose another image there first, then delete this one.`
}

/** Where each of these images shows on the site: covers, course images, the gallery, and images within rich text. */
export async function usesOf(db: Db, ids: string[]): Promise<Map<string, MediaUse[]>> {
  const uses = new Map<string, MediaUse[]>(ids.map((id) => [id, []]))
  if (ids.length === 0) return uses
  const wanted = sql`(select unnest(${sql.param(ids)}::text[]) as id)`
  const inText = (column: AnyPgColumn) => sql`strpos(${column}, wanted.id) > 0`
  const [covers, bodies, images, descriptions, gallery, pages] = await Promise.all([
    db.select({ mediaId: blogPosts.coverMediaId, id: blogPosts.id, title: blogPosts.title }).from(blogPosts).where(inArray(blogPosts.coverMediaId, ids)),
    db
      .select({ mediaId: sql<string>`wanted.id`, id: blogPosts.id, title: blogPosts.title })
      .from(blogPosts)
      .innerJoin(sql`${wanted} as wanted`, inText(blogPosts.bodyHtml)),
    db.select({ mediaId: courses.imageMediaId, id: courses.id, title: courses.title }).from(courses).where(inArray(courses.imageMediaId, ids)),
    db
      .select({ mediaId: sql<string>`wanted.id`, id: courses.id, title: courses.title })
      .from(courses)
      .innerJoin(sql`${wanted} as wanted`, inText(courses.descriptionHtml)),
    db.select({ mediaId: galleryItems.mediaId, id: galleryItems.id, title: galleryItems.caption }).from(galleryItems).where(inArray(galleryItems.mediaId, ids)),
    db
      .select({ mediaId: sql<string>`wanted.id`, id: sitePages.slug, title: sitePages.title })
      .from(sitePages)
      .innerJoin(sql`${wanted} as wanted`, inText(sitePages.bodyHtml)),
  ])
  const add = (kind: MediaUse['kind'], rows: { mediaId: string | null; id: string; title: string }[]) => {
    for (const row of rows) if (row.mediaId !== null) uses.get(row.mediaId)?.push({ kind, id: row.id, title: row.title })
  }
  add('blog_post_cover', covers)
  add('blog_post_body', bodies)
  add('course_image', images)
  add('course_description', descriptions)
  add('gallery', gallery)
  add('site_page', pages)
  return uses
}

const itemColumns = { ...mediaSize, caption: media.caption, fileName: media.fileName, bytes: sql<number>`octet_length(${media.bytes})`, createdAt: media.createdAt, updatedAt: media.updatedAt }
type ItemRow = MediaSize & { caption: string; fileName: string; bytes: number; createdAt: Date; updatedAt: Date }

function itemOf(row: ItemRow, usedBy: MediaUse[]): MediaItem {
  return {
    id: row.id,
    version: row.version,
    image: imageOf(row),
    fileName: row.fileName,
    contentType: row.contentType,
    bytes: Number(row.bytes),
    alt: row.alt,
    caption: row.caption,
    ready: row.alt !== '' && row.caption !== '',
    usedBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

export interface MediaQuery {
  q?: string
  ready?: boolean
  page: number
  pageSize: number
}

const readyFilter = (ready: boolean): SQL => (ready ? and(ne(media.alt, ''), ne(media.caption, '')) : or(eq(media.alt, ''), eq(media.caption, ''))) as SQL

export async function listMediaPage(db: Db, query: MediaQuery): Promise<Page<MediaItem>> {
  const text = searchText(query.q)
  const pattern = text === undefined ? undefined : containsPattern(text)
  const filter = and(
    pattern === undefined ? undefined : or(ilike(media.fileName, pattern), ilike(media.alt, pattern), ilike(media.caption, pattern)),
    query.ready === undefined ? undefined : readyFilter(query.ready),
  )
  const { limit, offset } = window(query)
  const [rows, totals] = await Promise.all([
    db.select(itemColumns).from(media).where(filter).orderBy(desc(media.createdAt), desc(media.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(media).where(filter),
  ])
  const uses = await usesOf(
    db,
    rows.map((row) => row.id),
  )
  return { items: rows.map((row) => itemOf(row, uses.get(row.id) ?? [])), total: totals[0]?.total ?? 0, page: query.page, pageSize: query.pageSize }
}

export async function readMediaItem(db: Db, id: string): Promise<MediaItem | undefined> {
  const [row] = await db.select(itemColumns).from(media).where(eq(media.id, id)).limit(1)
  if (!row) return undefined
  const uses = await usesOf(db, [id])
  return itemOf(row, uses.get(id) ?? [])
}

/**
 * Adds an uploaded image to the library under a new random id (ids of uploads never repeat, even for the same bytes),
 * with the sizes pages show of it to be made (sizes.ts).
 */
export async function insertUpload(tx: Db, image: ProcessedImage, details: { fileName: string; alt: string; caption: string }, context: ChangeContext): Promise<string> {
  const id = randomBytes(32).toString('hex')
  const [stored] = await tx
    .insert(media)
    .values({ id, ...image, bytes: bytesValue(image.bytes), fileName: details.fileName, alt: details.alt, caption: details.caption, uploadedBy: context.actorId })
    .returning({ version: media.version })
  if (!stored) throw new Error('The image was not stored.')
  await storePageSizes(tx, id, stored.version, image)
  await recordAudit(tx, { action: 'media.uploaded', actorUserId: context.actorId, subject: { type: 'media', id }, ip: context.request.ip, details: { fileName: details.fileName } })
  return id
}

async function lockedRow(tx: Db, id: string) {
  const [row] = await tx.select({ version: media.version }).from(media).where(eq(media.id, id)).for('update').limit(1)
  return row
}

export async function updateMediaDetails(tx: Db, id: string, version: number, details: { alt: string; caption: string }, context: ChangeContext): Promise<UpdateOutcome> {
  const row = await lockedRow(tx, id)
  if (!row) return 'missing'
  if (row.version !== version) return 'stale'
  await tx
    .update(media)
    .set({ alt: details.alt, caption: details.caption, version: row.version + 1, updatedAt: new Date() })
    .where(eq(media.id, id))
  await moveSizesToVersion(tx, id, row.version, row.version + 1)
  await recordAudit(tx, { action: 'media.updated', actorUserId: context.actorId, subject: { type: 'media', id }, ip: context.request.ip })
  return 'updated'
}

/** Puts a new file in the image's place: same id, next version, the old version's sizes gone and the new one's to make. */
export async function replaceMediaBytes(tx: Db, id: string, version: number, image: ProcessedImage, fileName: string, context: ChangeContext): Promise<UpdateOutcome> {
  const row = await lockedRow(tx, id)
  if (!row) return 'missing'
  if (row.version !== version) return 'stale'
  await tx
    .update(media)
    .set({ ...image, bytes: bytesValue(image.bytes), fileName, version: row.version + 1, updatedAt: new Date() })
    .where(eq(media.id, id))
  await tx.delete(mediaVariants).where(eq(mediaVariants.mediaId, id))
  await storePageSizes(tx, id, row.version + 1, image)
  await recordAudit(tx, { action: 'media.replaced', actorUserId: context.actorId, subject: { type: 'media', id }, ip: context.request.ip, details: { fileName } })
  return 'updated'
}

export async function deleteMediaRecord(tx: Db, id: string, version: number, context: ChangeContext): Promise<'missing' | 'stale' | 'deleted' | { uses: MediaUse[] }> {
  const row = await lockedRow(tx, id)
  if (!row) return 'missing'
  if (row.version !== version) return 'stale'
  const uses = (await usesOf(tx, [id])).get(id) ?? []
  if (uses.length > 0) return { uses }
  await tx.delete(media).where(eq(media.id, id))
  await recordAudit(tx, { action: 'media.deleted', actorUserId: context.actorId, subject: { type: 'media', id }, ip: context.request.ip })
  return 'deleted'
}

/**
 * Which of these images a page may not use, with the reason: not in the library, or without alt text and a
 * caption. Checked whenever a course, post or the gallery is saved with images.
 */
export async function unusableMedia(db: Db, ids: string[]): Promise<Map<string, string>> {
  const problems = new Map<string, string>()
  if (ids.length === 0) return problems
  const rows = await db.select({ id: media.id, alt: media.alt, caption: media.caption }).from(media).where(inArray(media.id, ids))
  const found = new Map(rows.map((row) => [row.id, row]))
  for (const id of ids) {
    const row = found.get(id)
    if (!row) problems.set(id, MEDIA_LIBRARY_MESSAGES.missing)
    else if (row.alt === '' || row.caption === '') problems.set(id, MEDIA_LIBRARY_MESSAGES.notReady)
  }
  return problems
}

/** What getMedia needs to answer: the stored image's facts, without its bytes (enough for a 304). */
export async function readMediaHead(db: Db, id: string) {
  const [row] = await db.select({ version: media.version, width: media.width, contentType: media.contentType }).from(media).where(eq(media.id, id)).limit(1)
  return row
}

export async function readMediaBytes(db: Db, id: string): Promise<Uint8Array | undefined> {
  const [row] = await db.select({ bytes: bytesOf(media.bytes) }).from(media).where(eq(media.id, id)).limit(1)
  return row?.bytes
}
