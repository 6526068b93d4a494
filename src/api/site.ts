import { queryOptions } from '@tanstack/react-query'
import { unwrap, type ApiClient } from './client'
import { PUBLIC_CONTENT_STALE_MS } from './public-content'
import { queryKeys } from './query-keys'
import type { components } from './schema.gen'

export type SiteSettings = components['schemas']['SiteSettings']
export type Image = components['schemas']['Image']

/** The contact details and headline figures the public pages show. */
export function createSiteApi(client: ApiClient) {
  return {
    getSettings: () => unwrap(client.GET('/site-settings')),
  }
}

export type SiteApi = ReturnType<typeof createSiteApi>

export function siteSettingsQueryOptions(siteApi: SiteApi) {
  return queryOptions({
    queryKey: queryKeys.site.settings(),
    queryFn: () => siteApi.getSettings(),
    staleTime: PUBLIC_CONTENT_STALE_MS,
  })
}
