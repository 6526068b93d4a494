import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DataDirLockedError, LOCK_FILE_NAME, lockDataDir } from '../../server/db/lock.ts'

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
    expect(readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8').trim()).toBe(String(process.pid))
    lock.release()
    expect(existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false)
  })

  it('creates the folder and the lock on a first start', () => {
    const dir = path.join(tempDir(), 'new', 'data')
    const lock = lockDataDir(dir)
    expect(readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8').trim()).toBe(String(process.pid))
    lock.release()
  })
})
