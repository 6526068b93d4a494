import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { poolMaxFor, type Config } from '../config.ts'
import { projectFile } from '../project-files.ts'
import { pgliteChangeFeed, postgresChangeFeed, type ChangeFeed } from './changes.ts'
import { lockDataDir } from './lock.ts'
import * as schema from './schema.ts'

/** One Drizzle type for both drivers, so handlers never care which database runs underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>
/** A transaction is a Db too; helpers that must join the caller's transaction take this. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** The embedded database's own client, whose folder a backup copies (server/backup); undefined on PostgreSQL. */
  pglite?: PGlite
  /**
   * Applies the committed migrations; safe to call on every start. On PostgreSQL it runs on a connection of its own
   * with no statement timeout, one machine at a time.
   */
  migrate(): Promise<void>
  /** How many of this build's migrations the database has not applied (a newer build's extra ones do not count). */
  pendingMigrations(): Promise<number>
  ping(): Promise<void>
  /** Committed writes to what the public site shows, heard by every process (see changes.ts). */
  changes: ChangeFeed
  close(): Promise<void>
}

const MIGRATIONS_FOLDER = fileURLToPath(projectFile('server/db/migrations'))
/** Any fixed 64-bit number: every TEC web process takes the same advisory lock around migrations. */
export const MIGRATION_LOCK_KEY = 7_316_420_118

/** This build's migrations (drizzle's journal): each one's name and when it was written, read once. */
let journal: { tag: string; when: number }[] | undefined
function migrationJournal(): { tag: string; when: number }[] {
  journal ??= (JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] }).entries
  return journal
}
function migrationTimes(): number[] {
  return migrationJournal().map((entry) => entry.when)
}

/** The names of this build's last `count` migrations, oldest first: the pending ones are always the newest. */
export function newestMigrations(count: number): string[] {
  return count <= 0 ? [] : migrationJournal().slice(-count).map((entry) => entry.tag)
}

/**
 * Drizzle's migrator applies, in order, the migrations written after the last one it recorded (its table's
 * created_at is the journal's `when`): those are the ones still to apply. No table yet: all of them.
 */
async function pendingMigrationsIn(db: { execute: (query: ReturnType<typeof sql>) => Promise<unknown> }): Promise<number> {
  let last = 0
  try {
    const result = (await db.execute(sql`select coalesce(max(created_at), 0) as last from drizzle.__drizzle_migrations`)) as { rows: { last: string | number }[] }
    last = Number(result.rows[0]?.last ?? 0)
  } catch {
    return migrationTimes().length
  }
  return migrationTimes().filter((when) => when > last).length
}

/** The embedded database lives in a subfolder, so the lock file never sits inside PostgreSQL's own files. */
export function pgliteFolder(dataDir: string): string {
  return path.join(dataDir, 'pglite')
}

/** Wraps an open PGlite (a folder, or an in-memory copy in tests). `onClose` runs after PGlite closes. */
export function databaseFromPglite(client: PGlite, onClose: () => void = () => {}): Database {
  const db = drizzlePglite({ client, schema })
  return {
    db,
    kind: 'pglite',
    pglite: client,
    changes: pgliteChangeFeed(client),
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    pendingMigrations: () => pendingMigrationsIn(db),
    ping: async () => {
      await db.execute(sql`select 1`)
    },
    close: async () => {
      try {
        if (!client.closed) await client.close()
      } finally {
        onClose()
      }
    },
  }
}

/**
 * A migration waiting for another machine's (the advisory lock) waits as long as that one takes; a migration that
 * cannot lock a table within a minute gives up, rather than leaving every query queued behind its lock for longer.
 */
const MIGRATION_LOCK_TIMEOUT = '1min'

/**
 * Runs the migrations on a connection of its own: the pool's 10 s statement timeout would fail a start that waits for
 * another machine's migration, or a migration that takes long. Two processes starting at once must not both run
 * the same migration, so each holds the advisory lock while it migrates; the lock goes with the connection.
 */
async function migratePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, application_name: 'tec-web migrate', connectionTimeoutMillis: 2000, keepAlive: true })
  client.on('error', () => {})
  await client.connect()
  try {
    await client.query('set statement_timeout = 0')
    await client.query('set lock_timeout = 0')
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
    await client.query(`set lock_timeout = '${MIGRATION_LOCK_TIMEOUT}'`)
    await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER })
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
  } finally {
    await client.end().catch(() => {})
  }
}

/** How long a pooled statement may run before PostgreSQL cancels it: a request never waits on one for longer. */
export const POOL_STATEMENT_TIMEOUT_MS = 10_000

/** `statementTimeoutMs` is for tests that show what outlasts the pool's timeout without waiting the real one out. */
export function databaseFromUrl(url: string, { poolMax = poolMaxFor(1), statementTimeoutMs = POOL_STATEMENT_TIMEOUT_MS }: { poolMax?: number; statementTimeoutMs?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    // Bounded and quick to give up, so a dead server answers 503 in about two seconds instead of hanging.
    max: poolMax,
    connectionTimeoutMillis: 2000,
    idleTimeoutMillis: 30_000,
    statement_timeout: statementTimeoutMs,
    application_name: 'tec-web',
  })
  // A client losing its connection emits 'error': an idle one on the pool, a checked-out one (in a transaction)
  // on itself. Unhandled, either would end the process; the query in flight still fails, and answers 503.
  pool.on('error', () => {})
  pool.on('connect', (client) => client.on('error', () => {}))
  const db = drizzleNodePg({ client: pool, schema })
  const changes = postgresChangeFeed(url)
  return {
    db,
    kind: 'postgres',
    changes,
    migrate: () => migratePostgres(url),
    pendingMigrations: () => pendingMigrationsIn(db),
    ping: async () => {
      await db.execute(sql`select 1`)
    },
    close: async () => {
      await changes.close()
      await pool.end()
    },
  }
}

/** PostgreSQL when DATABASE_URL is set; otherwise PGlite in DATA_DIR, locked to this process until close. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'databasePoolMax'>>): Promise<Database> {
  if (config.databaseUrl !== undefined) return databaseFromUrl(config.databaseUrl, { poolMax: config.databasePoolMax })
  const lock = await lockDataDir(config.dataDir)
  try {
    const client = await PGlite.create({ dataDir: pgliteFolder(config.dataDir) })
    return databaseFromPglite(client, () => lock.release())
  } catch (error) {
    lock.release()
    throw error
  }
}
