import { unwrap, type ApiClient } from './client'
import type { components } from './schema.gen'

type Schemas = components['schemas']
export type ContactMessageRequest = Schemas['ContactMessageRequest']
export type ContactMessageReceipt = Schemas['ContactMessageReceipt']

/** The contact form's one write; the server answers the first reference again for a repeated message. */
export function createContactApi(client: ApiClient) {
  return {
    send: (body: ContactMessageRequest) => unwrap(client.POST('/contact-messages', { body })),
  }
}

export type ContactApi = ReturnType<typeof createContactApi>
