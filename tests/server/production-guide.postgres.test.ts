import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { loadConfig } from '../../server/config.ts'
import { seedDemoData } from '../../server/demo/seed.ts'
import { openMigratedDatabase } from '../../server/startup.ts'
import type { ServerProcess } from '../support/server-process.ts'
import { adminQuery } from './support/postgres-cluster.ts'
import { blocksOf, GUIDE } from './support/production-guide.ts'
import { startServer } from './support/server.ts'

/**
 * docs/production.md is followed as an administrator would, from its first command to its last: every `sh` block runs
 * in bash and every `sql` block as the PostgreSQL superuser, in order, against the test cluster (the server-pg project
 * alone runs this file). Blocks of other kinds need root, systemd or a public name and say so in the guide.
 */
const target = inject('testDatabase')

async function onDatabase<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

describe('following docs/production.md on this machine', () => {
  const running: ServerProcess[] = []
  afterAll(async () => {
    for (const server of running) await server.stop()
  })

  it('runs every command of the guide, in order, and each does what the guide says', { timeout: 240_000 }, async () => {
    if (target.kind !== 'postgres') throw new Error(`Only the server-pg project runs this file, with a cluster: ${target.kind}`)
    const admin = new URL(target.adminUrl)
    const suffix = randomBytes(3).toString('hex')
    // The guide's names, made unique so a second run on one cluster does not meet the first's.
    const role = `tec_web_${suffix}`
    const urlOf = (database: string) => `postgres://${role}:change-this-password@${admin.host}/${database}`
    const databaseUrl = urlOf(role)

    const backupDir = mkdtempSync(path.join(tmpdir(), 'tec-guide-backups-'))
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tec-guide-embedded-'))
    // An organisation that started on the embedded database, for the move of section 10.
    const embedded = await openMigratedDatabase(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'development' }))
    await seedDemoData(embedded, { nodeEnv: 'development' })
    await embedded.close()

    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      BACKUP_DIR: backupDir,
      METRICS_TOKEN: randomBytes(24).toString('hex'),
      DRILL_DATABASE_URL: urlOf(`${role}_drill`),
      MOVE_TO_DATABASE_URL: urlOf(`${role}_move`),
      LOG_LEVEL: 'warn',
    }
    const blocks = blocksOf(GUIDE).filter((block) => block.lang === 'sh' || block.lang === 'sql')
    const outputs: string[] = []
    for (const block of blocks) {
      if (block.lang === 'sql') {
        for (const statement of block.code.split(';').map((part) => part.trim()).filter(Boolean)) {
          await adminQuery(target.adminUrl, statement.replaceAll('tec_web', role))
        }
        // The drill and the move each need an empty database of the same owner, made the same way.
        await adminQuery(target.adminUrl, `create database ${role}_drill owner ${role}`)
        await adminQuery(target.adminUrl, `create database ${role}_move owner ${role}`)
        continue
      }
      if (block.code.includes('$TEC_URL') && env.TEC_URL === undefined) {
        // What systemd does in section 6: the service starts with the settings, on a migrated database.
        const server = await startServer({ DATABASE_URL: databaseUrl, METRICS_TOKEN: env.METRICS_TOKEN ?? '', MIGRATE_ON_START: 'false' })
        running.push(server)
        env.TEC_URL = server.baseUrl
      }
      if (block.code.includes('npm run backup')) {
        // The office has been at work: the backup must carry what it wrote.
        await onDatabase(databaseUrl, (client) =>
          client.query("insert into users (email, name, role, password_hash) values ('office@guide.example', 'Office', 'ADMIN', 'not a hash')"),
        )
      }
      const run = spawnSync('bash', ['-euo', 'pipefail', '-c', block.code], { env, encoding: 'utf8', timeout: 120_000 })
      const output = `${run.stdout}${run.stderr}`
      expect(run.status, `${block.code}\n${output}`).toBe(0)
      outputs.push(output)
    }
    const all = outputs.join('\n')

    // Section 3: a key of 32 random bytes.
    expect(all).toMatch(/^[A-Za-z0-9+/]{43}=$/m)
    // Section 6: live and ready, each answering ok.
    expect(all.match(/\{"status":"ok"\}/g)).toHaveLength(2)
    // Section 9: one backup and its checksum beside it, restored into the drill's database with every row.
    const files = readdirSync(backupDir)
    expect(files.filter((name) => name.endsWith('.sha256'))).toHaveLength(1)
    expect(files.filter((name) => !name.endsWith('.sha256'))).toHaveLength(1)
    const users = (url: string) => onDatabase(url, async (client) => (await client.query<{ email: string }>('select email from users order by email')).rows.map((row) => row.email))
    expect(await users(databaseUrl)).toContain('office@guide.example')
    expect(await users(env.DRILL_DATABASE_URL ?? '')).toEqual(await users(databaseUrl))
    // Section 10: the demo data moved, and the DATABASE_URL to set printed.
    expect(await users(env.MOVE_TO_DATABASE_URL ?? '')).toContain('admin@tec.test')
    expect(all).toMatch(/DATABASE_URL=postgres/)
    // Section 12: the metrics scrape with the token.
    expect(all).toMatch(/^tec_mail_failed(\{[^}]*\})? \d+/m)
  })
})
