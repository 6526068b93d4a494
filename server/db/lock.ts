import { mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/** A second process opening one PGlite folder silently loses data, so the folder belongs to one process. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError'
}

export interface DataDirLock {
  release(): void
}

export const LOCK_FILE_NAME = 'tec-web.lock'

function readHolder(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10)
    return Number.isInteger(pid) && pid > 0 ? pid : null
  } catch {
    return null
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to another user, so it is alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code
}

/**
 * Takes the lock file in `dir` (created if missing). A lock left by a dead process (a crash, a kill -9) or by
 * a recycled pid equal to ours is stale and taken over; a live holder makes this throw DataDirLockedError.
 */
export function lockDataDir(dir: string): DataDirLock {
  const absolute = path.resolve(dir)
  mkdirSync(absolute, { recursive: true })
  const file = path.join(absolute, LOCK_FILE_NAME)
  const release = () => {
    if (readHolder(file) !== process.pid) return
    try {
      unlinkSync(file)
    } catch (error) {
      if (errorCode(error) !== 'ENOENT') throw error
    }
  }

  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' })
      return { release }
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error
    }
    const holder = readHolder(file)
    if (holder !== null && holder !== process.pid && isAlive(holder)) {
      throw new DataDirLockedError(
        `DATA_DIR ${absolute} is in use by another TEC web process (pid ${holder}). Stop it first, or set DATA_DIR to another folder.`,
      )
    }
    // Stale: replace it in one atomic rename, then read back, because another starter may have done the same.
    const temporary = `${file}.${process.pid}.tmp`
    writeFileSync(temporary, `${process.pid}\n`)
    renameSync(temporary, file)
    if (readHolder(file) === process.pid) return { release }
  }
  throw new DataDirLockedError(`DATA_DIR ${absolute} is being opened by another TEC web process. Stop it first, or set DATA_DIR to another folder.`)
}
