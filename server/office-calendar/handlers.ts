import type { Handler } from '../contract/types.ts'
import { pageOf } from '../lib/paging.ts'
import { fieldsProblem } from '../lib/replies.ts'
import { listOfficeLessons as readOfficeLessons, officeRangeProblem } from './queries.ts'

export const listOfficeLessons: Handler<'listOfficeLessons'> = async ({ query }, deps) => {
  const problem = officeRangeProblem(query.from, query.to)
  if (problem) return fieldsProblem(problem)
  return { status: 200, body: await readOfficeLessons(deps.database.db, { ...query, ...pageOf(query) }) }
}
