import { queryOptions } from '@tanstack/react-query'
import { FAMILY_LINK_HEADER, unwrap, type ApiClient } from './client'
import { queryKeys } from './query-keys'
import type { components } from './schema.gen'

type Schemas = components['schemas']
export type FamilyPage = Schemas['FamilyPage']
export type FamilyLearner = Schemas['FamilyLearner']
export type FamilyReport = Schemas['FamilyReport']
export type FamilyLesson = Schemas['FamilyLesson']
export type FamilyMailSettings = Schemas['FamilyMailSettings']
export type FamilyMailChange = Schemas['FamilyMailChange']

/** The family page, opened with the link a mail carried; asking for a fresh link; the mails a contact gets. */
export function createFamilyApi(client: ApiClient) {
  return {
    page: (link: string) => unwrap(client.GET('/family', { headers: { [FAMILY_LINK_HEADER]: link } })),
    requestLink: (email: string) => unwrap(client.POST('/family/links', { body: { email } })),
    setMail: (body: FamilyMailChange) => unwrap(client.PUT('/family/mail', { body })),
    /** The office ends every link an address holds; ADMIN only. */
    endLinks: (email: string) => unwrap(client.POST('/admin/family-links/end', { body: { email } })),
  }
}

export type FamilyApi = ReturnType<typeof createFamilyApi>

export function familyPageQueryOptions(familyApi: FamilyApi, link: string) {
  // A 401 is the answer for an expired or ended link: the page says so at once rather than trying again.
  return queryOptions({ queryKey: queryKeys.family.page(link), queryFn: () => familyApi.page(link), retry: false })
}
