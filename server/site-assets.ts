import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { and, eq, inArray, lt, ne, notInArray, sql } from 'drizzle-orm'
import { getMimeType } from 'hono/utils/mime'
import type { Db } from './db/client.ts'
import { siteAssets, siteBuilds } from './db/schema.ts'
import type { Logger } from './logger.ts'

/**
 * How long the files of older builds stay servable: the last `builds` builds started, and any build started within
 * `days`, whichever keeps more. A rolling deploy takes minutes; a tab left open on an old page may ask for one of
 * its chunks days later. Counted from a build's latest start, not its first: a rollback to an old build serves again,
 * so its files must not be pruned under it by another machine's start.
 */
export const KEPT_BUILDS = { builds: 3, days: 7 }

const DAY_MS = 24 * 60 * 60 * 1000
/** Files are stored in batches of about this many bytes: few statements, none of them huge. */
const BATCH_BYTES = 4 * 1024 * 1024
/** A name the build could have made (Vite's `name-hash.ext`); anything else is not looked up. */
const ASSET_NAME = /^[\w.-]{1,200}$/

/** The build's hashed files: not the source maps (never served) nor the compressed copies of the others. */
function assetNames(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isFile() && !/\.(map|br|gz)$/.test(entry.name) && ASSET_NAME.test(entry.name))
    .map((entry) => entry.name)
    .sort()
}

/** The same for every machine of one build, and different for any build whose files differ (their names are hashes). */
export function buildIdOf(names: readonly string[]): string {
  return createHash('sha256').update(names.join('\n')).digest('hex').slice(0, 32)
}

export interface KeptBuild {
  build: string
  /** Files this start stored (those no machine had stored before). */
  stored: number
  /** Builds pruned, with their files. */
  pruned: number
}

/**
 * Stores this build's hashed files (`root`/assets) in the database, where every machine can serve them, and prunes
 * older builds past KEPT_BUILDS. Only what is missing is read and sent: the names are compared first, so a start of
 * a build already stored costs two small statements. Files this build shares with an older one move to this build,
 * so they live as long as the newest build that has them.
 */
export async function keepBuildAssets(db: Db, root: string | undefined, now: Date = new Date()): Promise<KeptBuild | undefined> {
  const folder = root === undefined ? undefined : path.join(root, 'assets')
  if (folder === undefined || !existsSync(folder)) return undefined
  const names = assetNames(folder)
  if (names.length === 0) return undefined
  const build = buildIdOf(names)
  // The column keeps its first name (first_started_at) but holds the build's latest start: every start moves it on,
  // never back (a machine whose clock lags must not make a build look older than another machine saw it start).
  await db
    .insert(siteBuilds)
    .values({ id: build, lastStartedAt: now })
    .onConflictDoUpdate({ target: siteBuilds.id, set: { lastStartedAt: sql`greatest(${siteBuilds.lastStartedAt}, excluded.first_started_at)` } })

  const present = new Set((await db.select({ name: siteAssets.name }).from(siteAssets).where(inArray(siteAssets.name, names))).map((row) => row.name))
  const missing = names.filter((name) => !present.has(name))
  let batch: (typeof siteAssets.$inferInsert)[] = []
  let batchBytes = 0
  const flush = async () => {
    if (batch.length > 0) await db.insert(siteAssets).values(batch).onConflictDoNothing()
    batch = []
    batchBytes = 0
  }
  for (const name of missing) {
    const bytes = readFileSync(path.join(folder, name))
    batch.push({ name, contentType: getMimeType(name) ?? 'application/octet-stream', base64: bytes.toString('base64'), buildId: build })
    batchBytes += bytes.byteLength
    if (batchBytes >= BATCH_BYTES) await flush()
  }
  await flush()

  // Only from a build started before this one, so a file lives with the build started last that has it, and is
  // pruned only with it.
  const startedAt = sql`(select ${siteBuilds.lastStartedAt} from ${siteBuilds} where ${siteBuilds.id} = ${build})`
  const older = db.select({ id: siteBuilds.id }).from(siteBuilds).where(lt(siteBuilds.lastStartedAt, startedAt))
  if (present.size > 0) {
    await db
      .update(siteAssets)
      .set({ buildId: build })
      .where(and(inArray(siteAssets.name, [...present]), ne(siteAssets.buildId, build), inArray(siteAssets.buildId, older)))
  }

  const newest = db.select({ id: siteBuilds.id }).from(siteBuilds).orderBy(sql`${siteBuilds.lastStartedAt} desc`).limit(KEPT_BUILDS.builds)
  const pruned = await db
    .delete(siteBuilds)
    .where(and(ne(siteBuilds.id, build), lt(siteBuilds.lastStartedAt, new Date(now.getTime() - KEPT_BUILDS.days * DAY_MS)), notInArray(siteBuilds.id, newest)))
    .returning({ id: siteBuilds.id })
  return { build, stored: missing.length, pruned: pruned.length }
}

/** keepBuildAssets at start: a failure is told, but never stops the server (this build's own files are on disk). */
export async function keepBuildAssetsAtStart(db: Db, root: string | undefined, logger: Logger): Promise<void> {
  try {
    const kept = await keepBuildAssets(db, root)
    if (kept) logger.info(kept, 'build files kept for other machines')
  } catch (error) {
    logger.warn({ err: error }, 'could not store the build files for other machines: during a rolling deploy, pages of another build may miss some of theirs')
  }
}

/** A hashed file of another build, as stored by a machine that served it; undefined when there is none. */
export async function readKeptAsset(db: Db, name: string): Promise<{ contentType: string; bytes: Uint8Array } | undefined> {
  if (!ASSET_NAME.test(name)) return undefined
  const [row] = await db.select({ contentType: siteAssets.contentType, base64: siteAssets.base64 }).from(siteAssets).where(eq(siteAssets.name, name)).limit(1)
  return row && { contentType: row.contentType, bytes: Buffer.from(row.base64, 'base64') }
}
