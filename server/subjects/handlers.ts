import type { Handler } from '../contract/types.ts'
import { readSubjects } from './queries.ts'

export const listSubjects: Handler<'listSubjects'> = async (_input, deps) => {
  return { status: 200, body: { items: await readSubjects(deps.database.db) } }
}
