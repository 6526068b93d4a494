// Restores a backup made by `npm run backup` into the configured database (DATABASE_URL, or the embedded one in
// DATA_DIR), then applies this version's migrations:
//   npm run restore -- /mnt/backups/tec-backup-2026-11-27T02-00-00Z.tar.gz
// The file's checksum (FILE.sha256) is checked first. A database that holds data is refused unless --replace is given.
import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { loadConfig, type Config } from '../config.ts'
import { databaseFromPglite, databaseFromUrl, pgliteFolder, type Database } from '../db/client.ts'
import { DataDirLockedError, lockDataDir } from '../db/lock.ts'
import { tablesWithRows } from '../backup/copy.ts'
import { BackupError, kindOfBackup, verifyChecksum } from '../backup/files.ts'
import { databaseFingerprint, describeFingerprint, tablesOf, type Fingerprint } from '../backup/fingerprint.ts'
import { clientQuery, restorePostgres, tablesInArchive } from '../backup/postgres-tools.ts'
import { commandMessage } from '../backup/messages.ts'

const USAGE = 'Usage: npm run restore -- FILE [--replace]'

function readArguments(): { file: string; replace: boolean } {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { replace: { type: 'boolean', default: false } } })
  const [file] = positionals
  if (file === undefined || positionals.length > 1) throw new BackupError(`Give one backup file.\n${USAGE}`)
  if (!existsSync(file)) throw new BackupError(`${file} does not exist.`)
  return { file: path.resolve(file), replace: values.replace }
}

/** This version's migrations on the restored database (a backup from an older version is brought up to date). */
async function migrateAndFingerprint(database: Database): Promise<{ applied: number; print: Fingerprint }> {
  const applied = await database.pendingMigrations()
  await database.migrate()
  const print = await databaseFingerprint(database.db)
  return { applied, print }
}

async function restoreIntoPostgres(file: string, url: string, replace: boolean): Promise<{ applied: number; print: Fingerprint }> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const holding = await tablesWithRows(clientQuery(client))
    if (holding.length > 0 && !replace) {
      throw new BackupError(`The database in DATABASE_URL is not empty (${describeHolding(holding)}). Restore into an empty database, or add --replace to drop what it holds.`)
    }
    // pg_restore --clean drops only what the archive holds: a table a newer version added would stay, and the
    // restored record of migrations would then try to create it again.
    const archived = new Set(await tablesInArchive(file, url))
    const extra = (await tablesOf(clientQuery(client))).filter((table) => !archived.has(table))
    if (extra.length > 0) {
      throw new BackupError(`The database in DATABASE_URL has tables the backup does not (${extra.join(', ')}): it was made by a newer version or by something else. Restore into a new, empty database.`)
    }
  } finally {
    await client.end()
  }
  await restorePostgres(file, url)
  const database = databaseFromUrl(url)
  try {
    return await migrateAndFingerprint(database)
  } finally {
    await database.close()
  }
}

function describeHolding(holding: { table: string; rows: number }[]): string {
  const shown = holding.slice(0, 3).map((entry) => `${entry.table}: ${entry.rows} rows`)
  return holding.length > 3 ? `${shown.join(', ')} and ${holding.length - 3} more tables` : shown.join(', ')
}

/**
 * The embedded database's folder is written from the backup while no server holds it. With --replace the folder it
 * replaces is kept beside it, renamed, until the operator deletes it: a restore never destroys the only copy of data.
 */
async function restoreIntoFolder(file: string, config: Config, replace: boolean): Promise<{ applied: number; print: Fingerprint; keptAside?: string }> {
  let lock
  try {
    lock = await lockDataDir(config.dataDir)
  } catch (error) {
    if (error instanceof DataDirLockedError) throw new BackupError(`${error.message.replace(/ Stop it first.*$/, '')} Stop the server first: a restore replaces the folder it holds.`)
    throw error
  }
  const folder = pgliteFolder(config.dataDir)
  let keptAside: string | undefined
  try {
    if (existsSync(folder) && readdirSync(folder).length > 0) {
      if (!replace) throw new BackupError(`DATA_DIR ${config.dataDir} already holds a database. Restore into an empty DATA_DIR, or add --replace (the current folder is kept beside it, renamed).`)
      keptAside = `${folder}-before-restore-${new Date().toISOString().slice(0, 19).replaceAll(':', '-')}Z`
      renameSync(folder, keptAside)
    }
    let client: PGlite
    try {
      client = await PGlite.create({ dataDir: folder, loadDataDir: new Blob([readFileSync(file)]) })
    } catch (error) {
      rmSync(folder, { recursive: true, force: true })
      if (keptAside !== undefined) renameSync(keptAside, folder)
      throw error
    }
    const database = databaseFromPglite(client)
    try {
      return { ...(await migrateAndFingerprint(database)), keptAside }
    } finally {
      await database.close()
    }
  } finally {
    lock.release()
  }
}

async function main(): Promise<void> {
  const { file, replace } = readArguments()
  const config = loadConfig(process.env, process.cwd(), 'tool')
  await verifyChecksum(file)
  const kind = kindOfBackup(file)
  let result: { applied: number; print: Fingerprint; keptAside?: string }
  if (config.databaseUrl !== undefined) {
    if (kind !== 'postgres') {
      throw new BackupError(`${file} is a backup of an embedded database. To put it into PostgreSQL, restore it into an empty DATA_DIR (without DATABASE_URL), then run npm run db:move.`)
    }
    result = await restoreIntoPostgres(file, config.databaseUrl, replace)
  } else {
    if (kind !== 'embedded') throw new BackupError(`${file} is a backup of a PostgreSQL database (pg_dump): set DATABASE_URL to the database to restore it into.`)
    result = await restoreIntoFolder(file, config, replace)
  }
  console.log(`Restored ${file} into ${config.databaseUrl === undefined ? `DATA_DIR ${config.dataDir}` : 'the database in DATABASE_URL'}.`)
  if (result.keptAside !== undefined) console.log(`The database it replaced is kept in ${result.keptAside}; delete it once you no longer need it.`)
  console.log(result.applied > 0 ? `Brought up to this version: ${result.applied} migration(s) applied.` : 'No migration was needed.')
  console.log(describeFingerprint(result.print))
  console.log('Start the server with the SECOND_FACTOR_KEY the backup was taken with.')
}

main().catch((error: unknown) => {
  const message = commandMessage(error)
  console.error(message === undefined ? error : `Restore failed: ${message}`)
  process.exitCode = 1
})
