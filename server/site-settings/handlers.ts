import type { Handler } from '../contract/types.ts'
import { readSiteSettings } from './queries.ts'

export const getSiteSettings: Handler<'getSiteSettings'> = async (_input, deps) => {
  return { status: 200, body: await readSiteSettings(deps.database.db) }
}
