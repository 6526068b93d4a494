import type { Handler } from '../contract/types.ts'
import { listPublishedGallery } from './queries.ts'

export const listGalleryItems: Handler<'listGalleryItems'> = async (_input, deps) => {
  return { status: 200, body: { items: await listPublishedGallery(deps.database.db) } }
}
