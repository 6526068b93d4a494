import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DataDirLockedError, LOCK_FILE_NAME, LOCK_REFRESH_MS, LOCK_STALE_MS, lockDataDir } from '../../server/db/lock.ts'
import { until } from './support/until.ts'

const folders: string[] = []
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tec-lock-'))
  folders.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('the embedded data folder lock', () => {
  it('refuses a folder a live process holds, naming the folder and the pid', () => {
    const dir = tempDir()
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'])
    try {
      writeFileSync(path.join(dir, LOCK_FILE_NAME), `${other.pid}\n`)
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError)
      expect(() => lockDataDir(dir)).toThrow(`DATA_DIR ${dir} is in use by another TEC web process (pid ${other.pid}). Stop it first, or set DATA_DIR to another folder.`)
    } finally {
      other.kill()
    }
  })

  it('takes over a lock left by a dead process and releases it on close', async () => {
    const dir = tempDir()
    const dead = spawn(process.execPath, ['-e', ''])
    await new Promise((resolve) => dead.once('exit', resolve))
    writeFileSync(path.join(dir, LOCK_FILE_NAME), `${dead.pid}\n`)
    const lock = lockDataDir(dir)
    expect(holderOf(dir).pid).toBe(process.pid)
    lock.release()
    expect(existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false)
  })

  it('creates the folder and the lock on a first start', () => {
    const dir = path.join(tempDir(), 'new', 'data')
    const lock = lockDataDir(dir)
    expect(holderOf(dir).pid).toBe(process.pid)
    lock.release()
  })
})

function holderOf(dir: string): { pid: number; instance: string } {
  return JSON.parse(readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8')) as { pid: number; instance: string }
}

/** Whether this machine lets a process start others in a pid namespace of their own, as a container runtime does. */

/**
 * A TEC web process as a container starts it: pid 1 in a pid namespace of its own. It takes the lock and holds it
 * (printing "locked"), or prints why it cannot and exits with 2.
 */
function containerProcess(dir: string): { child: ChildProcess; outcome: Promise<string>; exitCode: Promise<number | null> } {
  const script = `
    const { lockDataDir } = await import(${JSON.stringify(path.resolve('server/db/lock.ts'))})
    try {
      lockDataDir(process.argv[1])
      console.log('locked as pid', process.pid)
      setInterval(() => {}, 1000)
    } catch (error) {
      console.log(error.message)
      process.exit(2)
    }`
  const child = spawn('unshare', ['--pid', '--fork', process.execPath, '--import', 'tsx', '--input-type=module', '-e', script, dir], { stdio: ['ignore', 'pipe', 'pipe'] })
  const outcome = new Promise<string>((resolve) => {
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('\n')) resolve(output.trim())
    })
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('exit', () => resolve(output.trim()))
  })
  const exitCode = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, outcome, exitCode }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGKILL')
  await exited
}

describe('the data folder lock across containers sharing a volume', () => {
  it('refuses a second process that has the same pid as the holder (both pid 1), while the holder keeps its lock fresh', async () => {
    const dir = tempDir()
    const first = containerProcess(dir)
    try {
      expect(await first.outcome).toBe('locked as pid 1')
      // The holder touches its lock while it runs: made to look old, it is fresh again within a refresh.
      const file = path.join(dir, LOCK_FILE_NAME)
      const old = new Date(Date.now() - LOCK_STALE_MS - 60_000)
      utimesSync(file, old, old)
      const age = await until(() => Promise.resolve(Date.now() - statSync(file).mtimeMs), (ms) => ms < LOCK_STALE_MS)
      expect(age).toBeLessThan(LOCK_REFRESH_MS + 1000)

      const second = containerProcess(dir)
      expect(await second.outcome).toBe(
        `DATA_DIR ${dir} is in use by another TEC web process (pid 1 on ${hostname()}, in another container or on another machine). Stop it first, or set DATA_DIR to another folder. A lock its holder stops refreshing is taken over after ${LOCK_STALE_MS / 1000} s.`,
      )
      expect(await second.exitCode).toBe(2)
    } finally {
      await stop(first.child)
    }
  }, 20_000)

  it('takes over a lock from another container that its holder stopped refreshing (a crash), and refuses one that is fresh', () => {
    const dir = tempDir()
    const file = path.join(dir, LOCK_FILE_NAME)
    const elsewhere = { pid: 1, space: 'another boot pid:[1]', host: 'web-2', instance: 'e3b0c442-98fc-4c14-9afb-f4c8996fb924' }
    writeFileSync(file, `${JSON.stringify(elsewhere)}\n`)
    expect(() => lockDataDir(dir)).toThrow(/^DATA_DIR .* is in use by another TEC web process \(pid 1 on web-2, in another container or on another machine\)\./)

    const crashed = new Date(Date.now() - LOCK_STALE_MS - 1000)
    utimesSync(file, crashed, crashed)
    const lock = lockDataDir(dir)
    expect(holderOf(dir).pid).toBe(process.pid)
    expect(holderOf(dir).instance).not.toBe(elsewhere.instance)
    lock.release()
    expect(existsSync(file)).toBe(false)
  })
})
