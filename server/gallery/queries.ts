import { asc, eq } from 'drizzle-orm'
import type { components } from '../../src/api/schema.gen.ts'
import type { Db } from '../db/client.ts'
import { galleryItems, media } from '../db/schema.ts'
import { imageOf, mediaSize } from '../media/queries.ts'

/** The published gallery, in the order staff chose; the alt text is the library's. */
export async function listPublishedGallery(db: Db): Promise<components['schemas']['GalleryItem'][]> {
  const rows = await db
    .select({ id: galleryItems.id, caption: galleryItems.caption, image: mediaSize })
    .from(galleryItems)
    .innerJoin(media, eq(media.id, galleryItems.mediaId))
    .where(eq(galleryItems.published, true))
    .orderBy(asc(galleryItems.sortOrder), asc(galleryItems.createdAt))
  return rows.map((row) => ({ id: row.id, image: imageOf(row.image), caption: row.caption }))
}
