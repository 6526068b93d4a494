// Writes a backup of the configured database (DATABASE_URL, or the embedded one in DATA_DIR) into a folder, while the
// server runs:
//   npm run backup                 # into BACKUP_DIR
//   npm run backup -- /mnt/backups # into that folder
// One file (pg_dump's custom archive, or the embedded database's folder as .tar.gz) and FILE.sha256 beside it.
import { existsSync, readFileSync } from 'node:fs'
import { Readable } from 'node:stream'
import { parseArgs } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import { loadConfig, type Config } from '../config.ts'
import { pgliteFolder } from '../db/client.ts'
import { DataDirLockedError, lockDataDir } from '../db/lock.ts'
import { backupEmbedded, readBackupAccess, verifyTarball } from '../backup/embedded.ts'
import { BackupError, backupFileName, readableSize, writeBackupFile, type WrittenBackup } from '../backup/files.ts'
import { describeFingerprint } from '../backup/fingerprint.ts'
import { backupPostgres, tablesInArchive } from '../backup/postgres-tools.ts'
import { commandMessage } from '../backup/messages.ts'

const USAGE = 'Usage: npm run backup [-- FOLDER]   (FOLDER defaults to BACKUP_DIR)'

function targetFolder(config: Config): string {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} })
  if (positionals.length > 1) throw new BackupError(`Give one folder.\n${USAGE}`)
  const folder = positionals[0] ?? config.backups.dir
  if (folder === undefined) throw new BackupError(`Give the folder to write the backup to, or set BACKUP_DIR.\n${USAGE}`)
  return folder
}

/** The server holds the folder: it takes the copy itself, and this process checks that the copy opens and matches. */
async function backupThroughServer(config: Config, folder: string, now: Date): Promise<WrittenBackup & { summary: string }> {
  const access = readBackupAccess(config.dataDir)
  if (access === undefined) {
    throw new BackupError(`The server holding DATA_DIR ${config.dataDir} left no backup-access.json there: restart it with this version, or stop it and run npm run backup again.`)
  }
  let answer: Response
  try {
    answer = await fetch(`${access.url}/api/system/backup`, { method: 'POST', headers: { 'X-Backup-Token': access.token } })
  } catch {
    throw new BackupError(`The server holding DATA_DIR ${config.dataDir} does not answer at ${access.url}. Is it still starting? Try again in a moment.`)
  }
  const digest = answer.headers.get('x-database-fingerprint')
  if (answer.status !== 200 || answer.body === null || digest === null) {
    throw new BackupError(`The server refused the backup (HTTP ${answer.status}). It answers only this machine's loopback address, with the token of its current run.`)
  }
  const written = await writeBackupFile(folder, backupFileName('embedded', now), Readable.fromWeb(answer.body as never))
  const print = await verifyTarball(new Blob([readFileSync(written.file)]), digest)
  return { ...written, summary: `${describeFingerprint(print)} (the copy opens and holds what the server held)` }
}

/** No server holds the folder: this process takes it for the time of the copy. */
async function backupFolder(config: Config, folder: string, now: Date): Promise<WrittenBackup & { summary: string }> {
  if (!existsSync(pgliteFolder(config.dataDir))) throw new BackupError(`There is no embedded database in DATA_DIR ${config.dataDir}.`)
  const lock = await lockDataDir(config.dataDir)
  try {
    const client = await PGlite.create({ dataDir: pgliteFolder(config.dataDir) })
    try {
      const written = await backupEmbedded(client, folder, now)
      const print = await verifyTarball(new Blob([readFileSync(written.file)]), written.fingerprint)
      return { ...written, summary: `${describeFingerprint(print)} (the copy opens and holds what the database held)` }
    } finally {
      await client.close()
    }
  } finally {
    lock.release()
  }
}

async function main(): Promise<void> {
  const config = loadConfig(process.env, process.cwd(), 'tool')
  const folder = targetFolder(config)
  const now = new Date()
  let written: WrittenBackup & { summary: string }
  if (config.databaseUrl !== undefined) {
    const dumped = await backupPostgres(config.databaseUrl, folder, now)
    const tables = await tablesInArchive(dumped.file, config.databaseUrl)
    written = { ...dumped, summary: `${describeFingerprint(dumped.fingerprint)} (pg_dump's snapshot); the archive lists ${tables.length} tables` }
  } else {
    try {
      written = await backupFolder(config, folder, now)
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error
      written = await backupThroughServer(config, folder, now)
    }
  }
  console.log(`Backup written: ${written.file} (${readableSize(written.size)})`)
  console.log(`sha256 ${written.sha256} (also in ${written.file}.sha256)`)
  console.log(written.summary)
  console.log('Keep SECOND_FACTOR_KEY with it: without that key, the staff authenticator apps it holds cannot be read.')
}

main().catch((error: unknown) => {
  const message = commandMessage(error)
  console.error(message === undefined ? error : `Backup failed: ${message}`)
  process.exitCode = 1
})
