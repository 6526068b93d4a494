import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { databaseFingerprint } from '../../server/backup/fingerprint.ts'
import { databaseFromPglite, databaseFromUrl, openDatabase, pgliteFolder } from '../../server/db/client.ts'
import { lockDataDir } from '../../server/db/lock.ts'
import { DEMO_ACCOUNTS, DEMO_PASSWORD, writeDemoData } from '../../server/demo/seed.ts'
import type { components } from '../../src/api/schema.gen.ts'
import { runCommand, type CommandRun } from '../support/command.ts'
import { adminQuery } from './support/postgres-cluster.ts'
import { createTestApp } from './support/test-app.ts'

/**
 * `npm run db:move`: the demo data, moved from an embedded database's folder into an empty PostgreSQL database of the
 * test cluster, and a server on PostgreSQL where the admin signs in and opens a report with its history. PostgreSQL
 * only (the server-pg project; vite.config.ts leaves it out of the other); skipped where there is no cluster.
 */
type Schemas = components['schemas']
const testDatabase = inject('testDatabase')
const ADMIN = DEMO_ACCOUNTS.find((account) => account.role === 'ADMIN')?.email ?? ''

let dataDir: string
let targetUrl: string

function runMove(args: string[]): Promise<CommandRun> {
  return runCommand('db-move', args, { NODE_ENV: 'test', DATA_DIR: dataDir })
}

beforeAll(async () => {
  if (testDatabase.kind !== 'postgres') throw new Error('This file is for the server-pg project, which runs on PostgreSQL.')
  // The demo data in an embedded database's folder, as `npm run demo` leaves it (made in memory, then written out: a
  // new folder takes several seconds longer to create).
  const memory = await PGlite.create()
  const seeded = databaseFromPglite(memory)
  await seeded.migrate()
  await writeDemoData(seeded)
  const tarball = await memory.dumpDataDir('none')
  await seeded.close()
  dataDir = mkdtempSync(path.join(tmpdir(), 'tec-move-'))
  await (await PGlite.create({ dataDir: pgliteFolder(dataDir), loadDataDir: tarball })).close()
  const name = `tec_move_${randomBytes(6).toString('hex')}`
  await adminQuery(testDatabase.adminUrl, `create database ${name}`)
  // With a password, as a real one has (the test cluster trusts local connections, so any password is taken).
  targetUrl = testDatabase.adminUrl.replace(/\/postgres$/, `/${name}`).replace('postgres://postgres@', 'postgres://postgres:Not-Printed-9@')
})

afterAll(() => {
  if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true })
})

// The server-pg project alone runs this file (its name ends .postgres.test.ts).
describe('moving the embedded database to PostgreSQL', () => {
  it('refuses while a server holds the folder', async () => {
    const lock = await lockDataDir(dataDir)
    try {
      const run = await runMove([targetUrl])
      expect(run.code).toBe(1)
      expect(run.stderr).toContain('Stop the server first')
    } finally {
      lock.release()
    }
  })

  it('copies every table, media included, checks counts and checksums, and prints the DATABASE_URL to set', async () => {
    const run = await runMove([targetUrl])
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/^ {2}media: \d+ rows$/m)
    expect(run.stdout).toContain("every table's row count and checksum match the embedded database")
    expect(run.stdout).toContain(`DATABASE_URL=${targetUrl.replace(':Not-Printed-9@', ':****@')}\n`)
    expect(run.stdout).not.toContain('Not-Printed-9')

    const source = await openDatabase({ dataDir, databaseUrl: undefined })
    const expected = await databaseFingerprint(source.db)
    await source.close()
    const target = databaseFromUrl(targetUrl)
    const found = await databaseFingerprint(target.db)
    await target.close()
    expect(found.tables).toEqual(expected.tables)
    expect(found.tables.find((table) => table.table === 'media')?.rows).toBeGreaterThan(0)
  })

  it('serves the moved data: the admin signs in and opens a report with its history', async () => {
    const app = await createTestApp({ database: databaseFromUrl(targetUrl) })
    try {
      const token = await app.login(ADMIN, DEMO_PASSWORD)
      const reports = await app.request<Schemas['LessonReportPage']>('GET', '/api/admin/reports?state=approved', { token })
      expect(reports.status).toBe(200)
      const [first] = reports.body.items
      if (!first) throw new Error('the moved demo data has no approved report')
      const report = await app.request<Schemas['LessonDetail']>('GET', `/api/admin/reports/${first.id}`, { token })
      expect(report.status).toBe(200)
      expect(report.body.report?.approvedBy?.name).toBe('Ada Admin')
      const history = await app.request<Schemas['HistoryPage']>('GET', `/api/admin/history?subjectType=lesson&subjectId=${first.id}`, { token })
      expect(history.status).toBe(200)
      expect(history.body.items.length).toBeGreaterThan(0)
    } finally {
      await app.close()
    }
  })

  it('refuses a target that already holds data', async () => {
    const run = await runMove([targetUrl])
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('The target database is not empty')
  })
})
