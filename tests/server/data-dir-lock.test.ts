import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DataDirLockedError, LOCK_FILE_NAME, LOCK_REFRESH_MS, LOCK_STALE_MS, lockDataDir } from '../../server/db/lock.ts'
import { startServer } from './support/server.ts'
import { testDatabaseForProcess } from './support/test-app.ts'
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
  it('refuses a folder a live process holds, naming the folder and the pid', async () => {
    const dir = tempDir()
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'])
    try {
      writeFileSync(path.join(dir, LOCK_FILE_NAME), `${other.pid}\n`)
      await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError)
      await expect(lockDataDir(dir)).rejects.toThrow(`DATA_DIR ${dir} is in use by another TEC web process (pid ${other.pid}). Stop it first, or set DATA_DIR to another folder.`)
    } finally {
      other.kill()
    }
  })

  it('takes over a lock left by a dead process and releases it on close', async () => {
    const dir = tempDir()
    const dead = spawn(process.execPath, ['-e', ''])
    await new Promise((resolve) => dead.once('exit', resolve))
    writeFileSync(path.join(dir, LOCK_FILE_NAME), `${dead.pid}\n`)
    const lock = await lockDataDir(dir)
    expect(holderOf(dir).pid).toBe(process.pid)
    lock.release()
    expect(existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false)
  })

  it("refuses an older build's lock (a bare pid) that has this process's own pid, since another container's pid 1 has it too, and says which file to delete if none runs", async () => {
    const dir = tempDir()
    const file = path.join(dir, LOCK_FILE_NAME)
    writeFileSync(file, `${process.pid}\n`)
    await expect(lockDataDir(dir)).rejects.toThrow(
      `DATA_DIR ${dir} is in use by an older TEC web build (pid ${process.pid}, the same as this process's, so it may run in another container where it cannot be checked from here; if none runs, delete ${file}). Stop it first, or set DATA_DIR to another folder.`,
    )
    expect(readFileSync(file, 'utf8')).toBe(`${process.pid}\n`)
  })

  it('creates the folder and the lock on a first start', async () => {
    const dir = path.join(tempDir(), 'new', 'data')
    const lock = await lockDataDir(dir)
    expect(holderOf(dir).pid).toBe(process.pid)
    lock.release()
  })
})

function holderOf(dir: string): { pid: number; instance: string } {
  return JSON.parse(readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8')) as { pid: number; instance: string }
}

/** Whether this machine lets a process start others in a pid namespace of their own, as a container runtime does. */

/** How often the container processes touch their lock: LOCK_REFRESH_MS made short, so the test waits for it in a second. */
const REFRESH_MS = 500

/**
 * A TEC web process as a container starts it: pid 1 in a pid namespace of its own. It takes the lock and holds it
 * (printing "locked"), or prints why it cannot and exits with 2.
 */
function containerProcess(dir: string): { child: ChildProcess; outcome: Promise<string>; exitCode: Promise<number | null> } {
  const script = `
    const { lockDataDir } = await import(${JSON.stringify(path.resolve('server/db/lock.ts'))})
    try {
      await lockDataDir(process.argv[1], { refreshMs: ${REFRESH_MS} })
      console.log('locked as pid', process.pid)
      setInterval(() => {}, 1000)
    } catch (error) {
      console.log(error.message)
      process.exit(2)
    }`
  const child = spawn('unshare', ['--pid', '--fork', process.execPath, '--import', 'tsx', '--input-type=module', '-e', script, dir], { stdio: ['ignore', 'pipe', 'pipe'] })
  const outcome = new Promise<string>((resolve) => {
    let output = ''
    // What it prints while it waits goes to stderr: told only when nothing else came.
    let errors = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('\n')) resolve(output.trim())
    })
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()))
    child.on('exit', () => resolve((output || errors).trim()))
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
      expect(age).toBeLessThan(REFRESH_MS + 1000)

      const second = containerProcess(dir)
      expect(await second.outcome).toBe(
        `DATA_DIR ${dir} is in use by another TEC web process (pid 1 on ${hostname()}, in another container or on another machine). Stop it first, or set DATA_DIR to another folder. A lock its holder stops refreshing is taken over after ${LOCK_STALE_MS / 1000} s.`,
      )
      expect(await second.exitCode).toBe(2)
    } finally {
      await stop(first.child)
    }
  }, 20_000)

  it("judges another machine's lock on this process's clock alone: refused while it is touched, however old its time looks; taken over once untouched for the stale time, however new its time looks", async () => {
    const dir = tempDir()
    const file = path.join(dir, LOCK_FILE_NAME)
    const elsewhere = { pid: 1, space: 'another boot pid:[1]', host: 'web-2', instance: 'e3b0c442-98fc-4c14-9afb-f4c8996fb924' }
    writeFileSync(file, `${JSON.stringify(elsewhere)}\n`)
    // The watching starter's clock is moved by the test; the files' times are whatever web-2's clock says.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })
    try {
      // web-2's clock is ten minutes behind ours: its live lock looks ten minutes old. It refreshes it all the same.
      const behind = (ms: number) => new Date(Date.now() - 10 * 60_000 + ms)
      utimesSync(file, behind(0), behind(0))
      const refused = lockDataDir(dir)
      const settled = refused.catch((error: unknown) => error)
      await vi.advanceTimersByTimeAsync(LOCK_REFRESH_MS - 1000)
      utimesSync(file, behind(LOCK_REFRESH_MS), behind(LOCK_REFRESH_MS))
      await vi.advanceTimersByTimeAsync(1000)
      expect(await settled).toBeInstanceOf(DataDirLockedError)
      await expect(refused).rejects.toThrow(/^DATA_DIR .* is in use by another TEC web process \(pid 1 on web-2, in another container or on another machine\)\./)
      expect(holderOf(dir).instance).toBe(elsewhere.instance)

      // web-2 crashed with its clock an hour ahead: its lock looks fresh for an hour, yet nobody touches it.
      const ahead = new Date(Date.now() + 60 * 60_000)
      utimesSync(file, ahead, ahead)
      const taking = lockDataDir(dir)
      let taken = false
      void taking.then(() => (taken = true))
      await vi.advanceTimersByTimeAsync(LOCK_STALE_MS - LOCK_REFRESH_MS)
      expect(taken).toBe(false)
      expect(holderOf(dir).instance).toBe(elsewhere.instance)
      await vi.advanceTimersByTimeAsync(LOCK_REFRESH_MS + 1000)
      const lock = await taking
      expect(holderOf(dir).pid).toBe(process.pid)
      expect(holderOf(dir).instance).not.toBe(elsewhere.instance)
      lock.release()
      expect(existsSync(file)).toBe(false)
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('one embedded database, one server process', () => {
  it('refuses a second process on the same DATA_DIR with a clear message, and the first keeps working', async () => {
    const database = await testDatabaseForProcess()
    const first = await startServer(database.env)
    try {
      const refused = await startServer(database.env).then(
        async (second) => {
          await second.stop()
          return 'started'
        },
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      )
      expect(refused).toMatch(/exited with code [1-9]/)
      expect(refused).toContain(database.env.DATA_DIR)
      expect(refused).toMatch(/in use|locked|another/i)
      expect((await fetch(`${first.baseUrl}/api/health`)).status).toBe(200)
      const login = await fetch(`${first.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'nobody@tec.test', pass: 'Wrong-Guess-123' }),
      })
      expect(login.status).toBe(401)
    } finally {
      await first.stop()
    }
  }, 120_000)
})
