import { queryOptions } from '@tanstack/react-query'
import { unwrap, type ApiClient } from './client'
import { queryKeys } from './query-keys'
import type { components, operations } from './schema.gen'

type Schemas = components['schemas']
export type MailSummary = Schemas['MailSummary']
export type MailDetail = Schemas['MailDetail']
export type MailPage = Schemas['MailPage']
export type MailStatus = Schemas['MailStatus']
export type MailFilter = Schemas['MailFilter']
/** listMail's query: status and page. */
export type MailListQuery = NonNullable<operations['listMail']['parameters']['query']>

/** The mail the server sends, and resending what failed; ADMIN only. */
export function createMailApi(client: ApiClient) {
  return {
    list: (query: MailListQuery) => unwrap(client.GET('/admin/mail', { params: { query } })),
    get: (mailId: string) => unwrap(client.GET('/admin/mail/{mailId}', { params: { path: { mailId } } })),
    resend: (mailId: string) => unwrap(client.POST('/admin/mail/{mailId}/resend', { params: { path: { mailId } } })),
    resendFailed: () => unwrap(client.POST('/admin/mail/resend-failed')),
  }
}

export type MailApi = ReturnType<typeof createMailApi>

export function mailListQueryOptions(mailApi: MailApi, query: MailListQuery) {
  return queryOptions({ queryKey: queryKeys.mail.list(query), queryFn: () => mailApi.list(query) })
}

export function mailQueryOptions(mailApi: MailApi, mailId: string) {
  return queryOptions({ queryKey: queryKeys.mail.detail(mailId), queryFn: () => mailApi.get(mailId) })
}
