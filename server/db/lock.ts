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
/** How often a starter looks whether a lock it cannot check by pid has been touched. */
const LOCK_WATCH_MS = 1_000

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
    // Being written by another starter, or damaged: whether it changes decides.
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

/** What a lock file holds and when it was last touched; undefined when there is none. */
function snapshotOf(file: string): string | undefined {
  try {
    return `${statSync(file).mtimeMs} ${readFileSync(file, 'utf8')}`
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined
    throw error
  }
}

/**
 * Watches a lock for LOCK_STALE_MS on this process's own monotonic clock: 'touched' as soon as its time or contents
 * change (its holder is alive), 'gone' when it is removed, else 'untouched'. Comparing the file's time with this
 * machine's clock would let clocks more than LOCK_STALE_MS apart take a live lock, or never take a dead one.
 */
async function watchLock(file: string, seen: string): Promise<'touched' | 'gone' | 'untouched'> {
  const since = performance.now()
  while (performance.now() - since < LOCK_STALE_MS) {
    await new Promise((resolve) => setTimeout(resolve, LOCK_WATCH_MS))
    const now = snapshotOf(file)
    if (now === undefined) return 'gone'
    if (now !== seen) return 'touched'
  }
  return 'untouched'
}

export interface LockOptions {
  /** Called when the lock turns out to be someone else's while held; by default the process ends (see below). */
  onLost?: (message: string) => void
  /** How often the holder touches its lock (LOCK_REFRESH_MS): shorter in a test that waits to see it touched. */
  refreshMs?: number
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
 * is dead (or has this process's own pid, so it is an earlier life of it), or when this process watched it for
 * LOCK_STALE_MS and nobody refreshed it: the only sign that works across containers and machines sharing the folder,
 * where pids mean nothing. It needs no clock but this process's own; a start that meets such a lock waits that long.
 */
export async function lockDataDir(dir: string, { onLost = stopTheProcess, refreshMs = LOCK_REFRESH_MS }: LockOptions = {}): Promise<DataDirLock> {
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
    }, refreshMs)
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
    const seen = snapshotOf(file)
    if (seen === undefined) continue
    const holder = readHolder(file)
    // An older build's lock (a bare pid) is taken to be of a process this one can see, unless it has this process's
    // own pid: then it may be another container's pid 1 during an upgrade, alive, and an older build never refreshes
    // its lock, so nothing here can tell. The operator can.
    if (holder !== null && holder.space === undefined && holder.pid === process.pid) {
      throw new DataDirLockedError(
        `DATA_DIR ${absolute} is in use by an older TEC web build (pid ${holder.pid}, the same as this process's, so it may run in another container where it cannot be checked from here; if none runs, delete ${file}). Stop it first, or set DATA_DIR to another folder.`,
      )
    }
    const checkable = holder !== null && (holder.space === undefined || holder.space === space)
    let stale: boolean
    if (checkable) stale = holder.pid === process.pid || !isAlive(holder.pid)
    else {
      console.warn(`DATA_DIR ${absolute} is locked by ${holder === null ? 'another TEC web process' : `pid ${holder.pid} on ${holder.host ?? 'another machine'}`}: waiting up to ${LOCK_STALE_MS / 1000} s to see whether its holder still keeps it fresh.`)
      const watched = await watchLock(file, seen)
      if (watched === 'gone') continue
      stale = watched === 'untouched'
    }
    if (!stale) {
      const who = holder === null ? 'another TEC web process' : checkable ? `another TEC web process (pid ${holder.pid})` : `another TEC web process (pid ${holder.pid} on ${holder.host ?? 'another machine'}, in another container or on another machine)`
      throw new DataDirLockedError(
        `DATA_DIR ${absolute} is in use by ${who}. Stop it first, or set DATA_DIR to another folder.${checkable ? '' : ` A lock its holder stops refreshing is taken over after ${LOCK_STALE_MS / 1000} s.`}`,
      )
    }
    // Stale: move it out of the way (only one starter can move it), then create ours as on a first start. Had a
    // quicker starter already replaced it, or its holder touched it after all, what was moved is not what was judged
    // stale: put it back.
    const moved = `${file}.${own.instance}.stale`
    try {
      renameSync(file, moved)
    } catch (error) {
      if (errorCode(error) === 'ENOENT') continue
      throw error
    }
    if (snapshotOf(moved) !== seen) {
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
