import { queryOptions } from '@tanstack/react-query'
import { unwrap, type ApiClient } from './client'
import { PUBLIC_CONTENT_STALE_MS } from './public-content'
import { queryKeys } from './query-keys'
import type { components } from './schema.gen'

export type SiteSettings = components['schemas']['SiteSettings']
export type SitePage = components['schemas']['SitePage']
export type Image = components['schemas']['Image']
type PageSlug = components['schemas']['PageSlug']

/** The contact details, headline figures and social links the public pages show, and the site's own pages. */
export function createSiteSettingsApi(client: ApiClient) {
  return {
    getSettings: () => unwrap(client.GET('/site-settings')),
    getPage: (pageSlug: PageSlug) => unwrap(client.GET('/pages/{pageSlug}', { params: { path: { pageSlug } } })),
  }
}

export type SiteSettingsApi = ReturnType<typeof createSiteSettingsApi>

export function siteSettingsQueryOptions(siteSettingsApi: SiteSettingsApi) {
  return queryOptions({
    queryKey: queryKeys.site.settings(),
    queryFn: () => siteSettingsApi.getSettings(),
    staleTime: PUBLIC_CONTENT_STALE_MS,
  })
}

export function sitePageQueryOptions(siteSettingsApi: SiteSettingsApi, pageSlug: PageSlug) {
  return queryOptions({
    queryKey: queryKeys.site.page(pageSlug),
    queryFn: () => siteSettingsApi.getPage(pageSlug),
    staleTime: PUBLIC_CONTENT_STALE_MS,
  })
}
