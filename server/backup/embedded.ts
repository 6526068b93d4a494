import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { PGlite } from '@electric-sql/pglite'
import { BackupError, backupFileName, writeBackupFile, type WrittenBackup } from './files.ts'
import { differences, fingerprint, type Fingerprint, type Query } from './fingerprint.ts'

export function pgliteQuery(client: Pick<PGlite, 'query'>): Query {
  return async (text) => (await client.query<Record<string, unknown>>(text)).rows
}

/**
 * The embedded database's folder as a gzipped tarball, and its fingerprint, from one moment. PGlite runs one statement
 * at a time, and every statement from outside waits while a transaction is open; dumpDataDir waits only for the
 * statement in flight, so taken inside this (read-only) transaction no write can land between fingerprint and copy.
 * The copy is crash-consistent: opening it replays the write-ahead log, as after a power cut.
 */
export async function snapshotEmbedded(client: PGlite): Promise<{ tarball: Blob; fingerprint: Fingerprint }> {
  return client.transaction(async (tx) => {
    const print = await fingerprint(pgliteQuery(tx))
    const tarball = await client.dumpDataDir('gzip')
    return { tarball, fingerprint: print }
  })
}

/** Writes a snapshot into `dir` as a backup file with its checksum. */
export async function backupEmbedded(client: PGlite, dir: string, now: Date): Promise<WrittenBackup & { fingerprint: Fingerprint }> {
  const { tarball, fingerprint: print } = await snapshotEmbedded(client)
  const written = await writeBackupFile(dir, backupFileName('embedded', now), Readable.fromWeb(tarball.stream() as never))
  return { ...written, fingerprint: print }
}

/** Opens a backup's tarball in memory, to read its fingerprint: proof that the file opens as a database. */
export async function fingerprintOfTarball(tarball: Blob): Promise<Fingerprint> {
  const client = await PGlite.create({ loadDataDir: tarball })
  try {
    return await client.transaction(async (tx) => fingerprint(pgliteQuery(tx)))
  } finally {
    await client.close()
  }
}

/** Checks that a backup opens and holds what the server saw as it took it; throws naming the tables that differ. */
export async function verifyTarball(tarball: Blob, expected: Fingerprint | string): Promise<Fingerprint> {
  const found = await fingerprintOfTarball(tarball)
  const expectedDigest = typeof expected === 'string' ? expected : expected.digest
  if (found.digest !== expectedDigest) {
    const tables = typeof expected === 'string' ? [] : differences(expected, found)
    throw new BackupError(`The backup does not hold what the database held as it was taken${tables.length > 0 ? ` (tables ${tables.join(', ')})` : ''}: do not rely on it; take another.`)
  }
  return found
}

/**
 * How `npm run backup` reaches the server that holds the embedded database: written into DATA_DIR at start, readable
 * only by the account that runs the server (and root), so whoever can read it could read the folder anyway.
 */
export const BACKUP_ACCESS_FILE = 'backup-access.json'

export interface BackupAccess {
  url: string
  token: string
}

/** Writes a new token for this run of the server; answers a function that removes the file at shutdown. */
export function writeBackupAccess(dataDir: string, port: number): () => void {
  const file = path.join(dataDir, BACKUP_ACCESS_FILE)
  const access: BackupAccess = { url: `http://127.0.0.1:${port}`, token: randomBytes(32).toString('base64url') }
  rmSync(file, { force: true })
  writeFileSync(file, `${JSON.stringify(access)}\n`, { mode: 0o600, flag: 'wx' })
  return () => rmSync(file, { force: true })
}

export function readBackupAccess(dataDir: string): BackupAccess | undefined {
  try {
    const access = JSON.parse(readFileSync(path.join(dataDir, BACKUP_ACCESS_FILE), 'utf8')) as Partial<BackupAccess>
    return typeof access.url === 'string' && typeof access.token === 'string' ? { url: access.url, token: access.token } : undefined
  } catch {
    return undefined
  }
}

/** Whether `given` is this run's token, compared in constant time. */
export function isBackupToken(dataDir: string, given: string | undefined): boolean {
  const access = readBackupAccess(dataDir)
  if (access === undefined || given === undefined) return false
  const digest = (text: string) => createHash('sha256').update(text).digest()
  return timingSafeEqual(digest(access.token), digest(given))
}
