import type { Handler } from '../contract/types.ts'
import { pageOf } from '../lib/paging.ts'
import { listStudentPage } from './queries.ts'

export const listStudents: Handler<'listStudents'> = async ({ query }, deps) => {
  return { status: 200, body: await listStudentPage(deps.database.db, { q: query.q, ...pageOf(query) }) }
}
