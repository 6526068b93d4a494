import type { Handler } from '../contract/types.ts'
import { fieldProblem } from '../lib/replies.ts'
import { staleVersion, versionFromTag, versionTag } from '../lib/versions.ts'
import { listPublishedGallery } from './queries.ts'
import { addToGallery, GALLERY_MESSAGES, listGalleryRecords as listRecords, orderGallery, readGalleryRecord, removeFromGallery, updateGalleryItem as updateItem } from './records.ts'

const notFound = { status: 404 as const, body: { message: GALLERY_MESSAGES.notFound } }

export const listGalleryItems: Handler<'listGalleryItems'> = async (_input, deps) => {
  return { status: 200, body: { items: await listPublishedGallery(deps.database.db) } }
}

export const listGalleryRecords: Handler<'listGalleryRecords'> = async (_input, deps) => {
  return { status: 200, body: { items: await listRecords(deps.database.db) } }
}

export const addGalleryItem: Handler<'addGalleryItem'> = async ({ body, request, session }, deps) => {
  const { db } = deps.database
  const caption = body.caption?.trim()
  if (caption === '') return fieldProblem('caption', GALLERY_MESSAGES.noCaption)
  const outcome = await db.transaction((tx) => addToGallery(tx, { mediaId: body.mediaId, caption, shown: body.shown ?? true }, { actorId: session().user.id, request }))
  if (outcome === 'already_in') return { status: 409, body: { message: GALLERY_MESSAGES.alreadyIn, fields: { mediaId: GALLERY_MESSAGES.alreadyIn } } }
  if ('unusable' in outcome) return fieldProblem('mediaId', outcome.unusable)
  const record = await readGalleryRecord(db, outcome.added)
  if (!record) throw new Error('The photo just added to the gallery cannot be read.')
  return { status: 201, body: record, headers: { ETag: versionTag(record.version) } }
}

export const updateGalleryItem: Handler<'updateGalleryItem'> = async ({ params, headers, body, request, session }, deps) => {
  const { db } = deps.database
  const caption = body.caption.trim()
  if (caption === '') return fieldProblem('caption', GALLERY_MESSAGES.noCaption)
  const outcome = await db.transaction((tx) =>
    updateItem(tx, params.galleryItemId, versionFromTag(headers['If-Match']), { caption, shown: body.shown }, { actorId: session().user.id, request }),
  )
  if (outcome === 'missing') return notFound
  if (outcome === 'stale') return staleVersion
  const record = await readGalleryRecord(db, params.galleryItemId)
  return record ? { status: 200, body: record, headers: { ETag: versionTag(record.version) } } : notFound
}

export const removeGalleryItem: Handler<'removeGalleryItem'> = async ({ params, headers, request, session }, deps) => {
  const outcome = await deps.database.db.transaction((tx) => removeFromGallery(tx, params.galleryItemId, versionFromTag(headers['If-Match']), { actorId: session().user.id, request }))
  if (outcome === 'missing') return notFound
  if (outcome === 'stale') return staleVersion
  return { status: 204, body: undefined }
}

export const orderGalleryItems: Handler<'orderGalleryItems'> = async ({ body, request, session }, deps) => {
  const { db } = deps.database
  const outcome = await db.transaction((tx) => orderGallery(tx, body.galleryItemIds, { actorId: session().user.id, request }))
  if (outcome === 'changed') return { status: 409, body: { message: GALLERY_MESSAGES.orderChanged } }
  return { status: 200, body: { items: await listRecords(db) } }
}
