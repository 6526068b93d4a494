import { queryOptions } from '@tanstack/react-query'
import { ifMatch, unwrap, type ApiClient } from './client'
import { queryKeys } from './query-keys'
import type { components, operations } from './schema.gen'

type Schemas = components['schemas']
export type ContactMessageRequest = Schemas['ContactMessageRequest']
export type ContactMessageReceipt = Schemas['ContactMessageReceipt']
export type ContactMessage = Schemas['ContactMessage']
export type ContactMessageSummary = Schemas['ContactMessageSummary']
export type ContactMessageStatus = Schemas['ContactMessageStatus']
/** listContactMessages' query: search, status (or open) and page. */
export type ContactMessageListQuery = NonNullable<operations['listContactMessages']['parameters']['query']>

/**
 * The contact form's one write (the server answers the first reference again for a repeated message), and the
 * office's reading of the messages (ADMIN).
 */
export function createContactMessagesApi(client: ApiClient) {
  const path = (messageId: string) => ({ path: { messageId } })
  return {
    send: (body: ContactMessageRequest) => unwrap(client.POST('/contact-messages', { body })),
    list: (query: ContactMessageListQuery) => unwrap(client.GET('/admin/contact-messages', { params: { query } })),
    get: (messageId: string) => unwrap(client.GET('/admin/contact-messages/{messageId}', { params: path(messageId) })),
    changeStatus: (messageId: string, version: number, status: ContactMessageStatus) =>
      unwrap(client.POST('/admin/contact-messages/{messageId}/status', { params: { ...path(messageId), header: ifMatch(version) }, body: { status } })),
  }
}

export function contactMessagesQueryOptions(contactMessagesApi: ContactMessagesApi, query: ContactMessageListQuery) {
  return queryOptions({ queryKey: queryKeys.contactMessages.list(query), queryFn: () => contactMessagesApi.list(query) })
}

export function contactMessageQueryOptions(contactMessagesApi: ContactMessagesApi, messageId: string) {
  return queryOptions({ queryKey: queryKeys.contactMessages.detail(messageId), queryFn: () => contactMessagesApi.get(messageId) })
}

export type ContactMessagesApi = ReturnType<typeof createContactMessagesApi>
