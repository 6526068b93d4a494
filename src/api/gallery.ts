import { queryOptions } from '@tanstack/react-query'
import { unwrap, type ApiClient } from './client'
import { PUBLIC_CONTENT_STALE_MS } from './public-content'
import { queryKeys } from './query-keys'
import type { components } from './schema.gen'

export type GalleryItem = components['schemas']['GalleryItem']

/** The published gallery, in the order staff arranged it. */
export function createGalleryApi(client: ApiClient) {
  return {
    list: () => unwrap(client.GET('/gallery')),
  }
}

export type GalleryApi = ReturnType<typeof createGalleryApi>

export function galleryQueryOptions(galleryApi: GalleryApi) {
  return queryOptions({
    queryKey: queryKeys.gallery.list(),
    queryFn: () => galleryApi.list(),
    staleTime: PUBLIC_CONTENT_STALE_MS,
  })
}
