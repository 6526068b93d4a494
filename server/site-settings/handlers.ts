import type { Handler } from '../contract/types.ts'
import { fieldsProblem } from '../lib/replies.ts'
import { staleVersion, versionFromTag, versionTag } from '../lib/versions.ts'
import { renderRichText } from '../media/rich-text.ts'
import { readSiteSettings } from './queries.ts'
import {
  checkSitePageInput,
  checkSiteSettingsInput,
  listSitePageRecordRows,
  readSitePage,
  readSitePageRecord,
  readSiteSettingsRecord,
  updateSitePageRecord,
  updateSiteSettingsRecord,
} from './records.ts'

export const getSiteSettings: Handler<'getSiteSettings'> = async (_input, deps) => {
  return { status: 200, body: await readSiteSettings(deps.database.db) }
}

export const getSitePage: Handler<'getSitePage'> = async ({ params }, deps) => {
  const page = await readSitePage(deps.database.db, params.pageSlug)
  return { status: 200, body: { ...page, bodyHtml: await renderRichText(deps.database.db, page.bodyHtml) } }
}

export const getSiteSettingsRecord: Handler<'getSiteSettingsRecord'> = async (_input, deps) => {
  const record = await readSiteSettingsRecord(deps.database.db)
  return { status: 200, body: record, headers: { ETag: versionTag(record.version) } }
}

export const updateSiteSettings: Handler<'updateSiteSettings'> = async ({ headers, body, request, session }, deps) => {
  const { db } = deps.database
  const { input, problems } = checkSiteSettingsInput(body)
  if (Object.keys(problems).length > 0) return fieldsProblem(problems)
  const outcome = await db.transaction((tx) => updateSiteSettingsRecord(tx, versionFromTag(headers['If-Match']), input, { actorId: session().user.id, request }))
  if (outcome === 'stale') return staleVersion
  const record = await readSiteSettingsRecord(db)
  return { status: 200, body: record, headers: { ETag: versionTag(record.version) } }
}

export const listSitePageRecords: Handler<'listSitePageRecords'> = async (_input, deps) => {
  return { status: 200, body: { items: await listSitePageRecordRows(deps.database.db) } }
}

export const getSitePageRecord: Handler<'getSitePageRecord'> = async ({ params }, deps) => {
  const record = await readSitePageRecord(deps.database.db, params.pageSlug)
  return { status: 200, body: record, headers: { ETag: versionTag(record.version) } }
}

export const updateSitePage: Handler<'updateSitePage'> = async ({ params, headers, body, request, session }, deps) => {
  const { db } = deps.database
  const { input, problems } = await checkSitePageInput(db, body)
  if (Object.keys(problems).length > 0) return fieldsProblem(problems)
  const outcome = await db.transaction((tx) => updateSitePageRecord(tx, params.pageSlug, versionFromTag(headers['If-Match']), input, { actorId: session().user.id, request }))
  if (outcome === 'stale') return staleVersion
  const record = await readSitePageRecord(db, params.pageSlug)
  return { status: 200, body: record, headers: { ETag: versionTag(record.version) } }
}
