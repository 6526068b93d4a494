import { eq } from 'drizzle-orm'
import type { Handler } from '../contract/types.ts'
import { media } from '../db/schema.ts'
import { etagMatches, mediaEtag } from './queries.ts'

export const MEDIA_MESSAGES = { notFound: 'We could not find that image.' } as const

export const getMedia: Handler<'getMedia'> = async ({ params, headers }, deps) => {
  const etag = mediaEtag(params.mediaId)
  const db = deps.database.db
  if (etagMatches(headers['If-None-Match'], etag)) {
    // Only a stored image may answer 304; an unknown id is a 404 whatever the client claims to hold.
    const [known] = await db.select({ id: media.id }).from(media).where(eq(media.id, params.mediaId)).limit(1)
    if (known) return { status: 304, body: undefined, headers: { ETag: etag } }
  }
  const [row] = await db.select({ bytes: media.bytes, contentType: media.contentType }).from(media).where(eq(media.id, params.mediaId)).limit(1)
  if (!row) return { status: 404, body: { message: MEDIA_MESSAGES.notFound } }
  return { status: 200, bytes: row.bytes, contentType: row.contentType, headers: { ETag: etag } }
}
