import { asc, eq, sql } from 'drizzle-orm'
import type { components } from '../../src/api/schema.gen.ts'
import type { Db } from '../db/client.ts'
import { galleryItems, media } from '../db/schema.ts'
import { recordAudit } from '../lib/audit.ts'
import type { ChangeContext, UpdateOutcome } from '../lib/history.ts'
import { MEDIA_LIBRARY_MESSAGES, unusableMedia } from '../media/library.ts'
import { imageOf, mediaSize } from '../media/queries.ts'

type GalleryRecord = components['schemas']['GalleryRecord']

export const GALLERY_MESSAGES = {
  notFound: 'That photo is no longer in the gallery. Reload the gallery to see it as it is now.',
  alreadyIn: 'This image is already in the gallery. Change its caption or show it there instead.',
  noCaption: 'Write the line that goes under the photo on the gallery.',
  orderChanged: 'Someone added or took out a photo while you were moving them. The gallery has been reloaded; move them again.',
} as const

const recordColumns = {
  id: galleryItems.id,
  version: galleryItems.version,
  caption: galleryItems.caption,
  shown: galleryItems.published,
  updatedAt: galleryItems.updatedAt,
  fileName: media.fileName,
  libraryCaption: media.caption,
  image: mediaSize,
}

function recordOf(row: { id: string; version: number; caption: string; shown: boolean; updatedAt: Date; fileName: string; libraryCaption: string; image: Parameters<typeof imageOf>[0] }): GalleryRecord {
  return {
    id: row.id,
    version: row.version,
    mediaId: row.image.id,
    image: imageOf(row.image),
    fileName: row.fileName,
    caption: row.caption,
    libraryCaption: row.libraryCaption,
    shown: row.shown,
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** Every photo in the gallery, shown and hidden, in the order /gallery shows them. */
export async function listGalleryRecords(db: Db): Promise<GalleryRecord[]> {
  const rows = await db
    .select(recordColumns)
    .from(galleryItems)
    .innerJoin(media, eq(media.id, galleryItems.mediaId))
    .orderBy(asc(galleryItems.sortOrder), asc(galleryItems.createdAt))
  return rows.map(recordOf)
}

export async function readGalleryRecord(db: Db, id: string): Promise<GalleryRecord | undefined> {
  const [row] = await db.select(recordColumns).from(galleryItems).innerJoin(media, eq(media.id, galleryItems.mediaId)).where(eq(galleryItems.id, id)).limit(1)
  return row ? recordOf(row) : undefined
}

export type AddOutcome = { added: string } | { unusable: string } | 'already_in'

/**
 * Puts a library image at the end of the gallery. The image must be ready (alt text and caption); its caption
 * here starts as the library's. The unique index on the image settles two people adding it at once.
 */
export async function addToGallery(tx: Db, item: { mediaId: string; caption?: string; shown: boolean }, context: ChangeContext): Promise<AddOutcome> {
  // Held until the photo is in, so the image cannot be deleted or lose its words in between.
  const [image] = await tx.select({ caption: media.caption }).from(media).where(eq(media.id, item.mediaId)).for('share').limit(1)
  const problem = (await unusableMedia(tx, [item.mediaId])).get(item.mediaId)
  if (!image || problem !== undefined) return { unusable: problem ?? MEDIA_LIBRARY_MESSAGES.missing }
  const [inserted] = await tx
    .insert(galleryItems)
    .values({
      mediaId: item.mediaId,
      caption: item.caption ?? image.caption,
      published: item.shown,
      sortOrder: sql`coalesce((select max(${galleryItems.sortOrder}) from ${galleryItems}), 0) + 1`,
    })
    .onConflictDoNothing({ target: galleryItems.mediaId })
    .returning({ id: galleryItems.id })
  if (!inserted) return 'already_in'
  await recordAudit(tx, { action: 'gallery.item_added', actorUserId: context.actorId, subject: { type: 'gallery_item', id: inserted.id }, ip: context.request.ip, details: { mediaId: item.mediaId, shown: item.shown } })
  return { added: inserted.id }
}

/** Changes a photo's caption or whether /gallery shows it, from the version the editor read. */
export async function updateGalleryItem(tx: Db, id: string, version: number, change: { caption: string; shown: boolean }, context: ChangeContext): Promise<UpdateOutcome> {
  const [row] = await tx.select().from(galleryItems).where(eq(galleryItems.id, id)).for('update').limit(1)
  if (!row) return 'missing'
  if (row.version !== version) return 'stale'
  const changes = [
    ...(row.caption === change.caption ? [] : [{ field: 'caption', from: row.caption, to: change.caption }]),
    ...(row.published === change.shown ? [] : [{ field: 'shown', from: row.published, to: change.shown }]),
  ]
  if (changes.length === 0) return 'unchanged'
  await tx
    .update(galleryItems)
    .set({ caption: change.caption, published: change.shown, version: row.version + 1, updatedAt: new Date() })
    .where(eq(galleryItems.id, id))
  await recordAudit(tx, { action: 'gallery.item_updated', actorUserId: context.actorId, subject: { type: 'gallery_item', id }, ip: context.request.ip, details: { changes } })
  return 'updated'
}

/** Takes a photo out of the gallery; the image itself stays in the library. */
export async function removeFromGallery(tx: Db, id: string, version: number, context: ChangeContext): Promise<'missing' | 'stale' | 'removed'> {
  const [row] = await tx.select().from(galleryItems).where(eq(galleryItems.id, id)).for('update').limit(1)
  if (!row) return 'missing'
  if (row.version !== version) return 'stale'
  await tx.delete(galleryItems).where(eq(galleryItems.id, id))
  await recordAudit(tx, { action: 'gallery.item_removed', actorUserId: context.actorId, subject: { type: 'gallery_item', id }, ip: context.request.ip, details: { mediaId: row.mediaId, caption: row.caption } })
  return 'removed'
}

/** Puts the gallery in this order; the list must name each photo in it once, or nothing changes. */
export async function orderGallery(tx: Db, ids: string[], context: ChangeContext): Promise<'ordered' | 'changed'> {
  // Locked in one order, so two saves of the order at once wait for each other instead of deadlocking.
  const rows = await tx.select({ id: galleryItems.id }).from(galleryItems).orderBy(asc(galleryItems.id)).for('update')
  const current = new Set(rows.map((row) => row.id))
  if (current.size !== ids.length || ids.some((id) => !current.has(id))) return 'changed'
  if (ids.length > 0) {
    await tx
      .update(galleryItems)
      .set({ sortOrder: sql`array_position(${sql.param(ids)}::uuid[], ${galleryItems.id})` })
      .where(sql`${galleryItems.id} = any(${sql.param(ids)}::uuid[])`)
  }
  await recordAudit(tx, { action: 'gallery.order_changed', actorUserId: context.actorId, ip: context.request.ip, details: { order: ids } })
  return 'ordered'
}
