import type { Handler } from '../contract/types.ts'
import { pageOf } from '../lib/paging.ts'
import { listSchoolPage } from './queries.ts'

export const listSchools: Handler<'listSchools'> = async ({ query }, deps) => {
  return { status: 200, body: await listSchoolPage(deps.database.db, { q: query.q, ...pageOf(query) }) }
}
