import { copyFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backupSchedule } from '../../server/backup/schedule.ts'
import { backupPostgres } from '../../server/backup/postgres-tools.ts'
import { backupEmbedded, fingerprintOfTarball } from '../../server/backup/embedded.ts'
import { loadConfig } from '../../server/config.ts'
import { createLogger } from '../../server/logger.ts'
import { databaseFingerprint, type Fingerprint } from '../../server/backup/fingerprint.ts'
import { DEMO_ACCOUNTS, DEMO_PASSWORD, writeDemoData } from '../../server/demo/seed.ts'
import { runCommand, type CommandRun } from '../support/command.ts'
import type { ServerProcess } from '../support/server-process.ts'
import { startServer } from './support/server.ts'
import { createTestApp, testDatabaseForProcess } from './support/test-app.ts'

/**
 * The restore drill, as an operator runs it, with real processes: seed, change, `npm run backup` (through the running
 * server on the embedded database, pg_dump on PostgreSQL), wipe, `npm run restore`, then every table's row count and
 * content checksum match the backup and the admin signs in on the restored database.
 */
const ADMIN = DEMO_ACCOUNTS.find((account) => account.role === 'ADMIN')?.email ?? ''
const folders: string[] = []
let target: Awaited<ReturnType<typeof testDatabaseForProcess>>
let backupDir: string
let server: ServerProcess | undefined
const embedded = () => target.env.DATA_DIR !== undefined

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix))
  folders.push(dir)
  return dir
}

/** `npm run backup` / `npm run restore` as an operator runs them, with the database's settings and nothing else. */
function runCli(script: 'backup' | 'restore', args: string[], env: Record<string, string> = target.env): Promise<CommandRun> {
  return runCommand(script, args, { NODE_ENV: 'test', BACKUP_DIR: backupDir, ...env })
}


/** The backup file the last run wrote (its name is printed, and it is the only one in the folder). */
function backupFile(run: CommandRun): string {
  const file = /^Backup written: (\S+) /m.exec(run.stdout)?.[1]
  if (file === undefined) throw new Error(`no backup written:\n${run.stdout}\n${run.stderr}`)
  return file
}

/** Leaves the database with no table of ours, as after losing the disk. */
async function wipe(): Promise<void> {
  if (embedded()) {
    rmSync(path.join(target.env.DATA_DIR ?? '', 'pglite'), { recursive: true, force: true })
    return
  }
  const client = new pg.Client({ connectionString: target.env.DATABASE_URL })
  await client.connect()
  try {
    await client.query('drop schema public cascade; create schema public; drop schema if exists drizzle cascade')
  } finally {
    await client.end()
  }
}

beforeAll(async () => {
  backupDir = tempDir('tec-backups-')
  target = await testDatabaseForProcess()
  if (target.env.DATA_DIR !== undefined) folders.push(target.env.DATA_DIR)
  const database = await target.open()
  await writeDemoData(database)
  await database.close()
})

afterAll(async () => {
  await server?.stop()
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('backup and restore', () => {
  let file = ''
  let backedUp: Fingerprint

  it('backs up a database that is in use, into one file with its checksum beside it', async () => {
    // The change: the admin signs in (a session and audit rows), on the running server where there is one.
    if (embedded()) {
      server = await startServer(target.env)
      const login = await fetch(`${server.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ADMIN, pass: DEMO_PASSWORD, remember: false }) })
      expect(login.status).toBe(200)
      // The server's backup route is the operator's alone: its token file is readable by its owner only, and without
      // that token the route does not exist, even over loopback.
      const access = path.join(target.env.DATA_DIR ?? '', 'backup-access.json')
      expect(statSync(access).mode & 0o777).toBe(0o600)
      for (const headers of [{}, { 'X-Backup-Token': 'not-the-token' }] as Record<string, string>[]) {
        const guessed = await fetch(`${server.baseUrl}/api/system/backup`, { method: 'POST', headers })
        expect(guessed.status).toBe(404)
        expect(await guessed.json()).toEqual({ message: 'No such API endpoint.' })
      }
    } else {
      const app = await createTestApp({ database: await target.open() })
      await app.login(ADMIN, DEMO_PASSWORD)
      await app.close()
    }

    const run = await runCli('backup', [])
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    file = backupFile(run)
    expect(path.dirname(file)).toBe(backupDir)
    expect(readdirSync(backupDir).sort()).toEqual([path.basename(file), `${path.basename(file)}.sha256`])
    expect(readFileSync(`${file}.sha256`, 'utf8')).toMatch(new RegExp(`^[0-9a-f]{64}  ${path.basename(file).replaceAll('.', '\\.')}\n$`))
    expect(run.stdout).toContain(`sha256 ${readFileSync(`${file}.sha256`, 'utf8').slice(0, 64)}`)
    expect(run.stdout).toContain('Keep SECOND_FACTOR_KEY with it')

    if (embedded()) {
      // Taken by the running server (the folder is its own), and opened by the command to check it.
      expect(file).toMatch(/\.tar\.gz$/)
      expect(run.stdout).toContain('(the copy opens and holds what the server held)')
      backedUp = await fingerprintOfTarball(new Blob([readFileSync(file)]))
      await server?.stop()
      server = undefined
      expect(existsSync(path.join(target.env.DATA_DIR ?? '', 'backup-access.json'))).toBe(false)
    } else {
      expect(file).toMatch(/\.dump$/)
      const database = await target.open()
      backedUp = await databaseFingerprint(database.db)
      await database.close()
      expect(run.stdout).toContain(`the archive lists ${backedUp.tables.length} tables`)
    }
    expect(run.stdout).toContain(`${backedUp.tables.length} tables, ${backedUp.rows} rows, fingerprint ${backedUp.digest.slice(0, 16)}`)
    expect(backedUp.tables.find((table) => table.table === 'sessions')?.rows).toBeGreaterThan(0)
    expect(backedUp.tables.find((table) => table.table === 'media')?.rows).toBeGreaterThan(0)
  })

  it('restores into an emptied database: every table’s rows and checksum match, and the admin signs in', async () => {
    await wipe()
    const run = await runCli('restore', [file])
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('No migration was needed.')
    expect(run.stdout).toContain(`${backedUp.tables.length} tables, ${backedUp.rows} rows, fingerprint ${backedUp.digest.slice(0, 16)}`)

    const app = await createTestApp({ database: await target.open() })
    try {
      expect((await databaseFingerprint(app.database.db)).tables).toEqual(backedUp.tables)
      const answer = await app.request('POST', '/api/auth/login', { body: { email: ADMIN, pass: DEMO_PASSWORD, remember: false } })
      expect(answer.status).toBe(200)
      expect(answer.body.token).toBeTruthy()
    } finally {
      await app.close()
    }
  })

  it('refuses a database that holds data unless told to replace it', async () => {
    const refused = await runCli('restore', [file])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain(embedded() ? 'already holds a database' : 'The database in DATABASE_URL is not empty (')
    expect(refused.stderr).toContain('--replace')

    const replaced = await runCli('restore', [file, '--replace'])
    expect(replaced.stderr).toBe('')
    expect(replaced.code).toBe(0)
    expect(replaced.stdout).toContain(`fingerprint ${backedUp.digest.slice(0, 16)}`)
    if (!embedded()) {
      // pg_restore --clean drops only what the archive holds, so a table it does not know (a newer version's) is refused.
      const client = new pg.Client({ connectionString: target.env.DATABASE_URL })
      await client.connect()
      await client.query('create table added_later (id int)')
      const newer = await runCli('restore', [file, '--replace'])
      await client.query('drop table added_later')
      await client.end()
      expect(newer.code).toBe(1)
      expect(newer.stderr).toContain('has tables the backup does not (added_later)')
    }
    if (embedded()) {
      // The folder it replaced is kept, renamed, for the operator to delete.
      const aside = /kept in (\S+);/.exec(replaced.stdout)?.[1] ?? ''
      expect(existsSync(aside) && statSync(aside).isDirectory()).toBe(true)
    }
  })

  it('backs up a stopped embedded database by opening its folder itself', async () => {
    if (!embedded()) return
    const run = await runCli('backup', [tempDir('tec-backups-stopped-')])
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toContain(`fingerprint ${backedUp.digest.slice(0, 16)} (the copy opens and holds what the database held)`)
  })

  it('refuses a file that does not match its checksum, and one without a checksum, before touching the database', async () => {
    const damaged = path.join(tempDir('tec-damaged-'), path.basename(file))
    copyFileSync(file, damaged)
    copyFileSync(`${file}.sha256`, `${damaged}.sha256`)
    const bytes = readFileSync(damaged)
    const middle = Math.floor(bytes.length / 2)
    bytes.writeUInt8((bytes.readUInt8(middle) + 1) % 256, middle)
    writeFileSync(damaged, bytes)
    const mismatch = await runCli('restore', [damaged, '--replace'])
    expect(mismatch.code).toBe(1)
    expect(mismatch.stderr).toContain('does not match its checksum')
    expect(mismatch.stderr).toContain('Nothing was restored.')

    rmSync(`${damaged}.sha256`)
    const missing = await runCli('restore', [damaged, '--replace'])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain(`${damaged}.sha256 is missing`)
  })
})

describe('scheduled backups', () => {
  it('on the embedded database, writes a backup each run and keeps the newest BACKUP_KEEP; on PostgreSQL, none', async () => {
    const dir = tempDir('tec-scheduled-')
    const config = loadConfig({ BACKUP_DIR: dir, BACKUP_EVERY_HOURS: '6', BACKUP_KEEP: '2' })
    const app = await createTestApp()
    try {
      const schedule = backupSchedule(config, app.database, createLogger('silent'))
      if (app.database.kind === 'postgres') {
        expect(schedule).toBeUndefined()
        return
      }
      if (schedule === undefined) throw new Error('no backup schedule on the embedded database')
      expect(schedule).toMatchObject({ key: 'backup', everyMs: 6 * 3_600_000 })
      expect(backupSchedule(loadConfig({ BACKUP_DIR: dir, BACKUP_EVERY_HOURS: '0' }), app.database, createLogger('silent'))).toBeUndefined()
      for (const hour of ['00', '06', '12']) await schedule.run(new Date(`2026-11-27T${hour}:00:00Z`))
      expect(readdirSync(dir).sort()).toEqual([
        'tec-backup-2026-11-27T06-00-00Z.tar.gz',
        'tec-backup-2026-11-27T06-00-00Z.tar.gz.sha256',
        'tec-backup-2026-11-27T12-00-00Z.tar.gz',
        'tec-backup-2026-11-27T12-00-00Z.tar.gz.sha256',
      ])
      const newest = await fingerprintOfTarball(new Blob([readFileSync(path.join(dir, 'tec-backup-2026-11-27T12-00-00Z.tar.gz'))]))
      expect(newest.tables).toEqual((await databaseFingerprint(app.database.db)).tables)
    } finally {
      await app.close()
    }
  })
})

/** This build's migrations less the newest: what an older version of TEC web would have applied. */
function olderMigrations(): string {
  const folder = tempDir('tec-older-migrations-')
  cpSync('server/db/migrations', folder, { recursive: true })
  const journalFile = path.join(folder, 'meta', '_journal.json')
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: unknown[] }
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, -1) }))
  return folder
}

describe('a backup taken by an older version', () => {
  it('is restored, then brought up to date by this version’s migrations', async () => {
    const migrationsFolder = olderMigrations()
    const dir = tempDir('tec-older-backup-')
    let file: string
    let into: Record<string, string>
    if (embedded()) {
      const client = await PGlite.create()
      await migratePglite(drizzlePglite({ client }), { migrationsFolder })
      file = (await backupEmbedded(client, dir, new Date())).file
      await client.close()
      into = { DATA_DIR: tempDir('tec-older-restored-') }
    } else {
      const older = await testDatabaseForProcess()
      const client = new pg.Client({ connectionString: older.env.DATABASE_URL })
      await client.connect()
      await client.query('drop schema public cascade; create schema public; drop schema drizzle cascade')
      await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder })
      await client.end()
      file = (await backupPostgres(older.env.DATABASE_URL ?? '', dir, new Date())).file
      into = older.env
      const wiped = new pg.Client({ connectionString: older.env.DATABASE_URL })
      await wiped.connect()
      await wiped.query('drop schema public cascade; create schema public; drop schema drizzle cascade')
      await wiped.end()
    }
    const run = await runCli('restore', [file], into)
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('Brought up to this version: 1 migration(s) applied.')
  })
})
