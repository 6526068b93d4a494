import { eq } from 'drizzle-orm'
import type { components } from '../../src/api/schema.gen.ts'
import type { FieldErrors } from '../contract/validators.ts'
import type { Db } from '../db/client.ts'
import { sitePages, siteSettings, users } from '../db/schema.ts'
import { recordAudit } from '../lib/audit.ts'
import { changesBetween, type ChangeContext, type UpdateOutcome } from '../lib/history.ts'
import { checkSchema, cleanInput } from '../contract/input.ts'
import { mediaIdsIn, sanitiseRichText } from '../media/rich-text.ts'
import { unusableMedia } from '../media/library.ts'
import { readRetentionPeriods } from '../retention/settings.ts'
import { DEFAULT_SITE_PAGES } from './pages.ts'
import { DEFAULT_SITE_SETTINGS, settingsOf, type SiteSettings } from './queries.ts'

type Schemas = components['schemas']
export type SiteSettingsInput = Schemas['SiteSettingsInput']
export type PageSlug = Schemas['PageSlug']
export type SitePageInput = Schemas['SitePageInput']

export const SITE_RECORD_MESSAGES = {
  emptyPage: 'Write the page’s text.',
} as const

/** The order the footer and the office list the pages in. */
export const PAGE_ORDER: readonly PageSlug[] = ['privacy-notice', 'safeguarding-policy', 'terms-of-use']

/** A settings row that was never saved reads as version 1 of the defaults, from the install's first moment. */
const NEVER_SAVED = new Date(0)

export function checkSiteSettingsInput(body: SiteSettingsInput): { input: SiteSettingsInput; problems: FieldErrors } {
  const input = cleanInput(body) as SiteSettingsInput
  input.addressLines = (input.addressLines ?? []).filter((line) => line !== '')
  input.figures ??= []
  input.socialLinks ??= []
  return { input, problems: checkSchema('SiteSettingsInput', input) }
}

export async function readSiteSettingsRecord(db: Db): Promise<Schemas['SiteSettingsRecord']> {
  const [row] = await db
    .select({ settings: siteSettings, by: { id: users.id, name: users.name } })
    .from(siteSettings)
    .leftJoin(users, eq(users.id, siteSettings.updatedBy))
    .where(eq(siteSettings.id, 1))
    .limit(1)
  if (!row) return { version: 1, settings: DEFAULT_SITE_SETTINGS, updatedAt: NEVER_SAVED.toISOString() }
  const { settings, by } = row
  return {
    version: settings.version,
    settings: settingsOf(settings),
    updatedAt: settings.updatedAt.toISOString(),
    ...(by === null ? {} : { updatedBy: by }),
  }
}

/** Saves the settings at the version the form was read at; the history names which fields changed. */
export async function updateSiteSettingsRecord(tx: Db, version: number, input: SiteSettingsInput, context: ChangeContext): Promise<Exclude<UpdateOutcome, 'missing'>> {
  const [row] = await tx.select().from(siteSettings).where(eq(siteSettings.id, 1)).for('update').limit(1)
  const current = row?.version ?? 1
  if (current !== version) return 'stale'
  const before = row ? settingsOf(row) : DEFAULT_SITE_SETTINGS
  const changes = changesBetween(before, input)
  if (changes.length === 0) return 'unchanged'
  const values = { ...input, version: current + 1, updatedAt: new Date(), updatedBy: context.actorId }
  // Two first saves at once: the second waits on the first's row and finds its version moved on.
  const [saved] = await tx
    .insert(siteSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: siteSettings.id, set: values, setWhere: eq(siteSettings.version, current) })
    .returning({ id: siteSettings.id })
  if (!saved) return 'stale'
  await recordAudit(tx, { action: 'site_settings.updated', actorUserId: context.actorId, ip: context.request.ip, details: { changes: changes.map(({ field }) => ({ field })) } })
  return 'updated'
}

/** Cleans and checks a page: text sanitised as posts are, images from the library with alt text and a caption. */
export async function checkSitePageInput(db: Db, body: SitePageInput): Promise<{ input: SitePageInput; problems: FieldErrors }> {
  const cleaned = cleanInput(body) as Partial<SitePageInput>
  const input: SitePageInput = { title: cleaned.title ?? '', bodyHtml: sanitiseRichText(cleaned.bodyHtml ?? '') }
  const problems = checkSchema('SitePageInput', input)
  if (problems.bodyHtml === undefined && input.bodyHtml.replace(/<[^>]*>/g, '').trim() === '') problems.bodyHtml = SITE_RECORD_MESSAGES.emptyPage
  const unusable = await unusableMedia(db, mediaIdsIn(input.bodyHtml))
  const first = [...unusable.values()][0]
  if (first !== undefined && problems.bodyHtml === undefined) problems.bodyHtml = `An image in the text: ${first}`
  return { input, problems }
}

async function pageRows(db: Db, slugs: readonly PageSlug[]): Promise<Schemas['SitePageRecord'][]> {
  const rows = await db.select({ page: sitePages, by: { id: users.id, name: users.name } }).from(sitePages).leftJoin(users, eq(users.id, sitePages.updatedBy))
  const bySlug = new Map(rows.map((row) => [row.page.slug, row]))
  return slugs.map((slug) => {
    const found = bySlug.get(slug)
    const publicPath = `/${slug}`
    if (!found) return { slug, version: 1, fields: DEFAULT_SITE_PAGES[slug], publicPath, updatedAt: NEVER_SAVED.toISOString() }
    const { page, by } = found
    return {
      slug,
      version: page.version,
      fields: { title: page.title, bodyHtml: page.bodyHtml },
      publicPath,
      updatedAt: page.updatedAt.toISOString(),
      ...(by === null ? {} : { updatedBy: by }),
    }
  })
}

export const listSitePageRecordRows = (db: Db) => pageRows(db, PAGE_ORDER)

export async function readSitePageRecord(db: Db, slug: PageSlug): Promise<Schemas['SitePageRecord']> {
  const [record] = await pageRows(db, [slug])
  if (!record) throw new Error(`No page ${slug}.`)
  return record
}

export async function updateSitePageRecord(tx: Db, slug: PageSlug, version: number, input: SitePageInput, context: ChangeContext): Promise<Exclude<UpdateOutcome, 'missing'>> {
  const [row] = await tx.select().from(sitePages).where(eq(sitePages.slug, slug)).for('update').limit(1)
  const current = row?.version ?? 1
  if (current !== version) return 'stale'
  const before = row ? { title: row.title, bodyHtml: row.bodyHtml } : DEFAULT_SITE_PAGES[slug]
  const changes = changesBetween(before, input)
  if (changes.length === 0) return 'unchanged'
  const values = { ...input, version: current + 1, updatedAt: new Date(), updatedBy: context.actorId }
  // Two first saves at once: the second waits on the first's row and finds its version moved on.
  const [saved] = await tx
    .insert(sitePages)
    .values({ slug, ...values })
    .onConflictDoUpdate({ target: sitePages.slug, set: values, setWhere: eq(sitePages.version, current) })
    .returning({ slug: sitePages.slug })
  if (!saved) return 'stale'
  await recordAudit(tx, { action: 'site_page.updated', actorUserId: context.actorId, ip: context.request.ip, details: { page: slug, changes: changes.map(({ field }) => ({ field })) } })
  return 'updated'
}

/**
 * The public page: the office's text, or the default until they save one. The privacy notice also carries the
 * retention periods in force, which the page shows as a section of its own, so the notice and what the daily run
 * removes cannot disagree; a change of period is a change of the notice, so its "Last updated" moves too.
 */
export async function readSitePage(db: Db, slug: PageSlug): Promise<Schemas['SitePage']> {
  const record = await readSitePageRecord(db, slug)
  const page = { slug, title: record.fields.title, bodyHtml: record.fields.bodyHtml, updatedAt: record.updatedAt }
  if (slug !== 'privacy-notice') return page
  const { periods, updatedAt } = await readRetentionPeriods(db)
  const later = Math.max(new Date(record.updatedAt).getTime(), updatedAt.getTime())
  return { ...page, retention: periods, updatedAt: new Date(later).toISOString() }
}

/** Creates or replaces the single settings row: the demo seed's way in (the office's editor is updateSiteSettingsRecord). */
export async function saveSiteSettings(db: Db, settings: SiteSettings): Promise<void> {
  const values = { ...settings, updatedAt: new Date() }
  await db
    .insert(siteSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: siteSettings.id, set: values })
}
