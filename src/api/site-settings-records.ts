import { queryOptions } from '@tanstack/react-query'
import { ifMatch, unwrap, type ApiClient } from './client'
import { queryKeys } from './query-keys'
import type { components } from './schema.gen'

type Schemas = components['schemas']
export type SiteSettingsRecord = Schemas['SiteSettingsRecord']
export type SiteSettingsInput = Schemas['SiteSettingsInput']
export type SitePageRecord = Schemas['SitePageRecord']
export type SitePageInput = Schemas['SitePageInput']
export type PageSlug = Schemas['PageSlug']
export type SocialNetwork = Schemas['SocialNetwork']

/** The office's editor of the site's details and its own pages; ADMIN only. What visitors read is in site-settings.ts. */
export function createSiteSettingsRecordsApi(client: ApiClient) {
  const page = (pageSlug: PageSlug) => ({ path: { pageSlug } })
  return {
    getSettings: () => unwrap(client.GET('/admin/site-settings')),
    updateSettings: (version: number, body: SiteSettingsInput) =>
      unwrap(client.PUT('/admin/site-settings', { params: { header: ifMatch(version) }, body })),
    listPages: () => unwrap(client.GET('/admin/pages')),
    getPage: (pageSlug: PageSlug) => unwrap(client.GET('/admin/pages/{pageSlug}', { params: page(pageSlug) })),
    updatePage: (pageSlug: PageSlug, version: number, body: SitePageInput) =>
      unwrap(client.PUT('/admin/pages/{pageSlug}', { params: { ...page(pageSlug), header: ifMatch(version) }, body })),
  }
}

export type SiteSettingsRecordsApi = ReturnType<typeof createSiteSettingsRecordsApi>

export function siteSettingsRecordQueryOptions(siteSettingsRecordsApi: SiteSettingsRecordsApi) {
  return queryOptions({ queryKey: queryKeys.site.settingsRecord(), queryFn: () => siteSettingsRecordsApi.getSettings() })
}

export function sitePageRecordsQueryOptions(siteSettingsRecordsApi: SiteSettingsRecordsApi) {
  return queryOptions({ queryKey: queryKeys.site.pageRecords(), queryFn: () => siteSettingsRecordsApi.listPages() })
}

export function sitePageRecordQueryOptions(siteSettingsRecordsApi: SiteSettingsRecordsApi, pageSlug: PageSlug) {
  return queryOptions({ queryKey: queryKeys.site.pageRecord(pageSlug), queryFn: () => siteSettingsRecordsApi.getPage(pageSlug) })
}
