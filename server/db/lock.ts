import { randomUUID } from 'node:crypto'
import { linkSync, mkdirSync, readFileSync, readlinkSync, renameSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import path from 'node:path'

/** A second process opening one PGlite folder silently loses data, so the folder belongs to one process. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError'
}

export interface DataDirLock {
  release(): void
}

export const LOCK_FILE_NAME = 'tec-web.lock'

/**
 * A holder touches its lock file this often, and a lock untouched for LOCK_STALE_MS is taken over: its holder
 * stopped without releasing it (a crash, a kill -9, a machine that went away). Generous, so a start that blocks
 * the event loop for a while (creating the embedded database takes up to 12 s) never looks stopped.
 */
export const LOCK_REFRESH_MS = 5_000
export const LOCK_STALE_MS = 30_000

/** Who holds the lock. Older builds wrote only the pid. */
interface Holder {
  pid: number
  /**
   * The machine's boot and its process-id namespace: process ids mean something only within one. Two containers
   * on one volume are both pid 1 in namespaces of their own; undefined for an older build's lock.
   */
  space: string | undefined
  host: string | undefined
  /** Random per lock taken, so a holder knows its own lock whatever its pid. */
  instance: string | undefined
}

/** The boot id and pid namespace of this process (Linux), else the host name: where a pid can be checked. */
function processSpace(): string {
  try {
    return `${readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()} ${readlinkSync('/proc/self/ns/pid')}`
  } catch {
    return `host ${hostname()}`
  }
}

function readHolder(file: string): Holder | null {
  let text: string
  try {
    text = readFileSync(file, 'utf8').trim()
  } catch {
    return null
  }
  if (/^\d+$/.test(text)) return { pid: Number(text), space: undefined, host: undefined, instance: undefined }
  try {
    const parsed = JSON.parse(text) as Partial<Holder>
    if (typeof parsed.pid !== 'number' || typeof parsed.instance !== 'string') return null
    return { pid: parsed.pid, space: parsed.space, host: parsed.host, instance: parsed.instance }
  } catch {
    // Being written by another starter, or damaged: its age decides.
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

function ageOf(file: string): number | undefined {
  try {
    return Date.now() - statSync(file).mtimeMs
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined
    throw error
  }
}

export interface LockOptions {
  /** Called when the lock turns out to be someone else's while held; by default the process ends (see below). */
  onLost?: (message: string) => void
}

/**
 * Another process took the folder over (this one did not refresh its lock for LOCK_STALE_MS, or someone removed the
 * lock): writing on would corrupt the database under both, so the process stops at once.
 */
function stopTheProcess(message: string): void {
  console.error(`TEC web stops: ${message}`)
  process.exit(1)
}

/**
 * Takes the lock file in `dir` (created if missing) and keeps it fresh until release. A live holder makes this
 * throw DataDirLockedError. A lock is stale, and taken over, when its holder shares this process's pid namespace and
 * is dead (or has this process's own pid, so it is an earlier life of it), or when it has not been refreshed for
 * LOCK_STALE_MS: the only sign that works across containers and machines sharing the folder, where pids mean nothing.
 */
export function lockDataDir(dir: string, { onLost = stopTheProcess }: LockOptions = {}): DataDirLock {
  const absolute = path.resolve(dir)
  mkdirSync(absolute, { recursive: true })
  const file = path.join(absolute, LOCK_FILE_NAME)
  const space = processSpace()
  const own: Holder = { pid: process.pid, space, host: hostname(), instance: randomUUID() }
  const isOurs = () => readHolder(file)?.instance === own.instance

  let refresher: NodeJS.Timeout | undefined
  const release = () => {
    clearInterval(refresher)
    if (!isOurs()) return
    try {
      unlinkSync(file)
    } catch (error) {
      if (errorCode(error) !== 'ENOENT') throw error
    }
  }
  const hold = (): DataDirLock => {
    refresher = setInterval(() => {
      if (!isOurs()) {
        clearInterval(refresher)
        onLost(`the lock on DATA_DIR ${absolute} was taken over by another process.`)
        return
      }
      const now = new Date()
      utimesSync(file, now, now)
    }, LOCK_REFRESH_MS)
    refresher.unref()
    return { release }
  }

  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      writeFileSync(file, `${JSON.stringify(own)}\n`, { flag: 'wx' })
      return hold()
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error
    }
    const holder = readHolder(file)
    const age = ageOf(file)
    if (age === undefined) continue
    // An older build's lock (a bare pid) was written on this machine, by a process this one can see.
    const checkable = holder !== null && (holder.space === undefined || holder.space === space)
    const stale = checkable ? holder.pid === process.pid || !isAlive(holder.pid) : age > LOCK_STALE_MS
    if (!stale) {
      const who = holder === null ? 'another TEC web process' : checkable ? `another TEC web process (pid ${holder.pid})` : `another TEC web process (pid ${holder.pid} on ${holder.host ?? 'another machine'}, in another container or on another machine)`
      throw new DataDirLockedError(
        `DATA_DIR ${absolute} is in use by ${who}. Stop it first, or set DATA_DIR to another folder.${checkable ? '' : ` A lock its holder stops refreshing is taken over after ${LOCK_STALE_MS / 1000} s.`}`,
      )
    }
    // Stale: move it out of the way (only one starter can move it), then create ours as on a first start. Had a
    // quicker starter already replaced it, what was moved is that starter's fresh lock: put it back.
    const moved = `${file}.${own.instance}.stale`
    try {
      renameSync(file, moved)
    } catch (error) {
      if (errorCode(error) === 'ENOENT') continue
      throw error
    }
    const movedHolder = readHolder(moved)
    if (holder !== null && movedHolder !== null && movedHolder.instance !== holder.instance) {
      try {
        linkSync(moved, file)
      } catch (error) {
        if (errorCode(error) !== 'EEXIST') throw error
      }
    }
    unlinkSync(moved)
  }
  throw new DataDirLockedError(`DATA_DIR ${absolute} is being opened by another TEC web process. Stop it first, or set DATA_DIR to another folder.`)
}
