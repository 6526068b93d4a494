import type { components } from '../../src/api/schema.gen.ts'
import type { Authenticated } from '../contract/types.ts'
import type { AppDeps } from '../deps.ts'

type Schemas = components['schemas']

/**
 * A list's page. The first page of a CSV download says so (`purpose=csv`): the download is recorded, one row for the
 * whole list, and that page carries its own Cache-Control header, since the contract routes never keep a reply with
 * headers (server/contract-routes.ts) and a kept page would answer the next download from memory, unrecorded.
 */
export function listPageReply<Body>(
  deps: AppDeps,
  input: { query: { purpose?: 'csv' }; session: () => Authenticated },
  list: Schemas['RecordOpeningSubject'],
  body: Body,
): { status: 200; body: Body; headers?: Record<string, string> } {
  if (input.query.purpose !== 'csv') return { status: 200, body }
  deps.openings.record({ userId: input.session().user.id, subjectType: list, subjectId: null, kind: 'downloaded' })
  return { status: 200, body, headers: { 'Cache-Control': 'no-store' } }
}
