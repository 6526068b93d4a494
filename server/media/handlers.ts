import type { Handler } from '../contract/types.ts'
import { pageOf } from '../lib/paging.ts'
import { fieldsProblem } from '../lib/replies.ts'
import { staleVersion, versionFromTag, versionTag } from '../lib/versions.ts'
import {
  deleteMediaRecord,
  inUseMessage,
  insertUpload,
  listMediaPage,
  MEDIA_LIBRARY_MESSAGES,
  readMediaBytes,
  readMediaHead,
  readMediaItem,
  replaceMediaBytes,
  updateMediaDetails,
} from './library.ts'
import { imageWork } from './image-work.ts'
import { negotiateFormat, processUpload, STORED_FORMAT, UploadRefusedError, type ProcessedImage } from './processing.ts'
import { etagMatches } from '../lib/public-cache.ts'
import { mediaEtag, mediaUrl } from './queries.ts'
import { sizeBytes } from './sizes.ts'

export const MEDIA_MESSAGES = { notFound: 'We could not find that image.' } as const

const notFound = { status: 404 as const, body: { message: MEDIA_MESSAGES.notFound } }
const itemNotFound = { status: 404 as const, body: { message: MEDIA_LIBRARY_MESSAGES.notFound } }

export const getMedia: Handler<'getMedia'> = async ({ params, query, headers }, deps) => {
  const db = deps.database.db
  const head = await readMediaHead(db, params.mediaId)
  if (!head) return notFound
  // Only the current version's address is a copy worth keeping. Any other (an old page's, or one made up) is sent on
  // without being stored (no-store, as any answer but a success), so made-up versions never become cached copies.
  if (query.v !== head.version) {
    const current: Record<string, string> = { Location: `${mediaUrl(params.mediaId, head.version)}${query.width === undefined ? '' : `&width=${query.width}`}` }
    return { status: 307, body: undefined, headers: current }
  }
  // The answer depends on the Accept header, so caches keep one copy per kind of browser.
  const vary = { Vary: 'Accept' }
  if (head.contentType === 'image/svg+xml') {
    const etag = mediaEtag(params.mediaId, head.version, head.width, 'svg')
    if (etagMatches(headers['If-None-Match'], etag)) return { status: 304, body: undefined, headers: { ETag: etag, ...vary } }
    const bytes = await readMediaBytes(db, params.mediaId)
    return bytes ? { status: 200, bytes, contentType: head.contentType, headers: { ETag: etag, ...vary } } : notFound
  }
  const format = negotiateFormat(headers.Accept, head.contentType)
  const width = Math.min(query.width ?? head.width, head.width)
  const etag = mediaEtag(params.mediaId, head.version, width, format)
  if (etagMatches(headers['If-None-Match'], etag)) return { status: 304, body: undefined, headers: { ETag: etag, ...vary } }
  const asStored = width === head.width && format === STORED_FORMAT[head.contentType]
  const bytes = asStored ? await readMediaBytes(db, params.mediaId) : await sizeBytes(db, { mediaId: params.mediaId, version: head.version, width, format })
  if (!bytes) return notFound
  return { status: 200, bytes, contentType: `image/${format}`, headers: { ETag: etag, ...vary } }
}

export const listMediaItems: Handler<'listMediaItems'> = async ({ query }, deps) => {
  return { status: 200, body: await listMediaPage(deps.database.db, { q: query.q, ready: query.ready, ...pageOf(query) }) }
}

export const getMediaItem: Handler<'getMediaItem'> = async ({ params }, deps) => {
  const item = await readMediaItem(deps.database.db, params.mediaId)
  return item ? { status: 200, body: item, headers: { ETag: versionTag(item.version) } } : itemNotFound
}

/** The file checked and processed, or the answer that refuses it (400 or 413 with the reason, at the file field). */
async function processed(file: File): Promise<{ image: ProcessedImage } | { refused: { status: 400 | 413; body: { message: string; fields?: Record<string, string> } } }> {
  try {
    const bytes = new Uint8Array(await file.arrayBuffer())
    return { image: await imageWork.inTurn(() => processUpload({ name: file.name, type: file.type, bytes })) }
  } catch (error) {
    if (!(error instanceof UploadRefusedError)) throw error
    return { refused: error.status === 413 ? { status: 413, body: { message: error.message } } : { status: 400, body: { message: error.message, fields: { file: error.message } } } }
  }
}

/**
 * The longest file name the library keeps. The contract has no limit for it, since the server takes the name from the
 * upload itself rather than from a field a person fills in; the cut only keeps a label staff read in the library
 * short, whatever a client puts in the upload's header (file systems allow 255 bytes, so real names fit).
 */
const FILE_NAME_MAX_LENGTH = 200

/** A file's name as staff see it in the library: no folders, no control characters, at most FILE_NAME_MAX_LENGTH characters. */
function cleanFileName(name: string): string {
  return (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, FILE_NAME_MAX_LENGTH) || 'image'
}

export const uploadMedia: Handler<'uploadMedia'> = async ({ body, request, session }, deps) => {
  const outcome = await processed(body.file)
  if ('refused' in outcome) return outcome.refused
  const { db } = deps.database
  const details = { fileName: cleanFileName(body.file.name), alt: (body.alt ?? '').trim(), caption: (body.caption ?? '').trim() }
  const id = await db.transaction((tx) => insertUpload(tx, outcome.image, details, { actorId: session().user.id, request }))
  const item = await readMediaItem(db, id)
  if (!item) throw new Error('The image just stored cannot be read.')
  return { status: 201, body: item, headers: { ETag: versionTag(item.version) } }
}

export const updateMediaItem: Handler<'updateMediaItem'> = async ({ params, headers, body, request, session }, deps) => {
  const { db } = deps.database
  const details = { alt: body.alt.trim(), caption: body.caption.trim() }
  const problems: Record<string, string> = {}
  if (details.alt === '') problems.alt = 'Say what the image shows, for people who cannot see it.'
  if (details.caption === '') problems.caption = 'Write the line that goes under the image.'
  if (Object.keys(problems).length > 0) return fieldsProblem(problems)
  const outcome = await db.transaction((tx) => updateMediaDetails(tx, params.mediaId, versionFromTag(headers['If-Match']), details, { actorId: session().user.id, request }))
  if (outcome === 'missing') return itemNotFound
  if (outcome === 'stale') return staleVersion
  const item = await readMediaItem(db, params.mediaId)
  return item ? { status: 200, body: item, headers: { ETag: versionTag(item.version) } } : itemNotFound
}

export const replaceMediaFile: Handler<'replaceMediaFile'> = async ({ params, headers, body, request, session }, deps) => {
  const { db } = deps.database
  if (!(await readMediaHead(db, params.mediaId))) return itemNotFound
  const outcome = await processed(body.file)
  if ('refused' in outcome) return outcome.refused
  const version = versionFromTag(headers['If-Match'])
  const result = await db.transaction((tx) => replaceMediaBytes(tx, params.mediaId, version, outcome.image, cleanFileName(body.file.name), { actorId: session().user.id, request }))
  if (result === 'missing') return itemNotFound
  if (result === 'stale') return staleVersion
  const item = await readMediaItem(db, params.mediaId)
  return item ? { status: 200, body: item, headers: { ETag: versionTag(item.version) } } : itemNotFound
}

export const deleteMediaItem: Handler<'deleteMediaItem'> = async ({ params, headers, request, session }, deps) => {
  const outcome = await deps.database.db.transaction((tx) => deleteMediaRecord(tx, params.mediaId, versionFromTag(headers['If-Match']), { actorId: session().user.id, request }))
  if (outcome === 'missing') return itemNotFound
  if (outcome === 'stale') return staleVersion
  if (typeof outcome === 'object') return { status: 409, body: { message: inUseMessage(outcome.uses) } }
  return { status: 204, body: undefined }
}
