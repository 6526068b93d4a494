import { queryOptions } from '@tanstack/react-query'
import { ifMatch, unwrap, type ApiClient } from './client'
import { queryKeys } from './query-keys'
import type { components, operations } from './schema.gen'
import type { Uploader } from './upload'

type Schemas = components['schemas']
export type MediaItem = Schemas['MediaItem']
export type MediaItemPage = Schemas['MediaItemPage']
export type MediaDetails = Schemas['MediaDetails']
export type MediaListQuery = NonNullable<operations['listMediaItems']['parameters']['query']>

/** The media library; ADMIN only. Uploads report their progress. */
export function createMediaApi(client: ApiClient, upload: Uploader) {
  const path = (mediaId: string) => ({ path: { mediaId } })
  return {
    list: (query: MediaListQuery) => unwrap(client.GET('/admin/media', { params: { query } })),
    get: (mediaId: string) => unwrap(client.GET('/admin/media/{mediaId}', { params: path(mediaId) })),
    update: (mediaId: string, version: number, body: MediaDetails) =>
      unwrap(client.PATCH('/admin/media/{mediaId}', { params: { ...path(mediaId), header: ifMatch(version) }, body })),
    remove: async (mediaId: string, version: number) => {
      await client.DELETE('/admin/media/{mediaId}', { params: { ...path(mediaId), header: ifMatch(version) } })
    },
    /** One file, with alt text and caption when known; `onProgress` hears 0 to 1 as it is sent. */
    upload: (file: File, details: Partial<MediaDetails>, onProgress?: (fraction: number) => void, signal?: AbortSignal) => {
      const form = new FormData()
      form.append('file', file)
      if (details.alt) form.append('alt', details.alt)
      if (details.caption) form.append('caption', details.caption)
      return upload<MediaItem>({ method: 'POST', path: '/admin/media', form, onProgress, signal })
    },
    replace: (mediaId: string, version: number, file: File, onProgress?: (fraction: number) => void) => {
      const form = new FormData()
      form.append('file', file)
      return upload<MediaItem>({ method: 'PUT', path: '/admin/media/{mediaId}/file', params: { mediaId }, headers: ifMatch(version), form, onProgress })
    },
  }
}

export type MediaApi = ReturnType<typeof createMediaApi>

export function mediaListQueryOptions(mediaApi: MediaApi, query: MediaListQuery) {
  return queryOptions({ queryKey: queryKeys.media.list(query), queryFn: () => mediaApi.list(query) })
}

export function mediaItemQueryOptions(mediaApi: MediaApi, mediaId: string) {
  return queryOptions({ queryKey: queryKeys.media.detail(mediaId), queryFn: () => mediaApi.get(mediaId) })
}
