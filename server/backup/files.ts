import { createHash } from 'node:crypto'
import { closeSync, createReadStream, createWriteStream, mkdirSync, openSync, readSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs'
import { open } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { Readable } from 'node:stream'

/** A backup or restore that cannot go ahead, with what to do about it; the commands print it as one line. */
export class BackupError extends Error {
  override name = 'BackupError'
}

/** What a backup file holds, told by its first bytes: PGlite's gzipped folder, or pg_dump's custom archive. */
export type BackupKind = 'embedded' | 'postgres'

const PREFIX = 'tec-backup-'
const EXTENSIONS: Record<BackupKind, string> = { embedded: '.tar.gz', postgres: '.dump' }

/** `tec-backup-2026-11-27T13-45-00Z.tar.gz`: sorts by time, and says what it is. */
export function backupFileName(kind: BackupKind, now: Date): string {
  return `${PREFIX}${now.toISOString().slice(0, 19).replaceAll(':', '-')}Z${EXTENSIONS[kind]}`
}

export interface WrittenBackup {
  file: string
  size: number
  sha256: string
}

/**
 * Writes a backup as `.partial`, then renames it once whole and synced, so a half-written file never carries a
 * backup's name (nor is counted by pruning); its checksum goes beside it as FILE.sha256 in `sha256sum` form.
 */
export async function writeBackupFile(dir: string, name: string, source: Readable | AsyncIterable<Uint8Array>): Promise<WrittenBackup> {
  mkdirSync(dir, { recursive: true })
  const file = path.join(path.resolve(dir), name)
  const partial = `${file}.partial`
  const hash = createHash('sha256')
  let size = 0
  try {
    await pipeline(
      source,
      async function* (chunks: AsyncIterable<Uint8Array>) {
        for await (const chunk of chunks) {
          hash.update(chunk)
          size += chunk.byteLength
          yield chunk
        }
      },
      createWriteStream(partial, { mode: 0o600 }),
    )
    const handle = await open(partial, 'r')
    await handle.sync()
    await handle.close()
    renameSync(partial, file)
  } catch (error) {
    rmSync(partial, { force: true })
    throw error
  }
  const sha256 = hash.digest('hex')
  const sums = `${file}.sha256`
  await writeSynced(`${sums}.partial`, `${sha256}  ${name}\n`)
  renameSync(`${sums}.partial`, sums)
  return { file, size, sha256 }
}

async function writeSynced(file: string, text: string): Promise<void> {
  const handle = await open(file, 'w', 0o600)
  await handle.writeFile(text)
  await handle.sync()
  await handle.close()
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256')
  await pipeline(createReadStream(file), hash)
  return hash.digest('hex')
}

/** Refuses a file whose FILE.sha256 is missing or does not match: it is damaged, or not the file that was backed up. */
export async function verifyChecksum(file: string): Promise<string> {
  let recorded: string | undefined
  try {
    recorded = /^([0-9a-f]{64})\s/.exec(readFileSync(`${file}.sha256`, 'utf8'))?.[1]
  } catch {
    throw new BackupError(`${file}.sha256 is missing: a backup is restored only with the checksum written beside it.`)
  }
  if (recorded === undefined) throw new BackupError(`${file}.sha256 holds no sha256 checksum.`)
  const actual = await sha256Of(file)
  if (actual !== recorded) {
    throw new BackupError(`${file} does not match its checksum (${file}.sha256): the file is damaged or is not the one that was backed up. Nothing was restored.`)
  }
  return actual
}

export function kindOfBackup(file: string): BackupKind {
  const head = Buffer.alloc(5)
  const descriptor = openSync(file, 'r')
  try {
    readSync(descriptor, head, 0, 5, 0)
  } finally {
    closeSync(descriptor)
  }
  if (head[0] === 0x1f && head[1] === 0x8b) return 'embedded'
  if (head.toString('latin1') === 'PGDMP') return 'postgres'
  throw new BackupError(`${file} is not a TEC web backup (neither an embedded database's .tar.gz nor a pg_dump archive).`)
}

/** Deletes the oldest backups in `dir` (with their checksums) beyond the newest `keep`; answers what it deleted. */
export function pruneBackups(dir: string, keep: number): string[] {
  const backups = readdirSync(dir)
    .filter((name) => name.startsWith(PREFIX) && Object.values(EXTENSIONS).some((extension) => name.endsWith(extension)))
    .sort()
  const old = backups.slice(0, Math.max(0, backups.length - keep))
  for (const name of old) {
    rmSync(path.join(dir, name), { force: true })
    rmSync(path.join(dir, `${name}.sha256`), { force: true })
  }
  return old
}

export function sizeOf(file: string): number {
  return statSync(file).size
}

/** 5.1 MB, 830 kB: sizes as people read them. */
export function readableSize(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`
  if (bytes >= 1000) return `${Math.round(bytes / 1000)} kB`
  return `${bytes} bytes`
}
