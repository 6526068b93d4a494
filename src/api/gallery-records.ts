import { queryOptions } from '@tanstack/react-query'
import { ifMatch, unwrap, type ApiClient } from './client'
import { queryKeys } from './query-keys'
import type { components } from './schema.gen'

type Schemas = components['schemas']
export type GalleryRecord = Schemas['GalleryRecord']
export type GalleryItemChange = Schemas['GalleryItemChange']

/** The office's gallery: what /gallery shows, in which order, with which captions; ADMIN only. Visitors' is gallery.ts. */
export function createGalleryRecordsApi(client: ApiClient) {
  const path = (galleryItemId: string) => ({ path: { galleryItemId } })
  return {
    list: () => unwrap(client.GET('/admin/gallery')),
    add: (body: Schemas['GalleryItemNew']) => unwrap(client.POST('/admin/gallery', { body })),
    update: (galleryItemId: string, version: number, body: GalleryItemChange) =>
      unwrap(client.PUT('/admin/gallery/{galleryItemId}', { params: { ...path(galleryItemId), header: ifMatch(version) }, body })),
    remove: async (galleryItemId: string, version: number) => {
      await client.DELETE('/admin/gallery/{galleryItemId}', { params: { ...path(galleryItemId), header: ifMatch(version) } })
    },
    order: (galleryItemIds: string[]) => unwrap(client.PUT('/admin/gallery/order', { body: { galleryItemIds } })),
  }
}

export type GalleryRecordsApi = ReturnType<typeof createGalleryRecordsApi>

export function galleryRecordsQueryOptions(galleryRecordsApi: GalleryRecordsApi) {
  return queryOptions({ queryKey: queryKeys.gallery.records(), queryFn: () => galleryRecordsApi.list() })
}
