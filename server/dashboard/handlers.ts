import type { Handler } from '../contract/types.ts'
import { readActivity, readFigures } from './queries.ts'

export const getDashboard: Handler<'getDashboard'> = async ({ session }, deps) => {
  const { db } = deps.database
  const [figures, activity] = await Promise.all([readFigures(db, session().user), readActivity(db)])
  return { status: 200, body: { figures, activity } }
}
