// Moves the embedded database (DATA_DIR) into an empty PostgreSQL database, with the server stopped:
//   npm run db:move -- postgres://tec:password@db.example.org:5432/tec
// Migrates the target, copies every table (files included) in one transaction, compares every table's row count and
// checksum before committing, and prints the DATABASE_URL to set.
import { parseArgs } from 'node:util'
import pg from 'pg'
import { loadConfig } from '../config.ts'
import { databaseFromUrl, openDatabase, type Database } from '../db/client.ts'
import { DataDirLockedError } from '../db/lock.ts'
import { copyTable, foreignKeyOrder, resetSequences, tablesWithRows, type ParamQuery } from '../backup/copy.ts'
import { pgliteQuery } from '../backup/embedded.ts'
import { BackupError } from '../backup/files.ts'
import { describeFingerprint, differences, fingerprint } from '../backup/fingerprint.ts'
import { clientQuery } from '../backup/postgres-tools.ts'
import { commandMessage } from '../backup/messages.ts'

const USAGE = 'Usage: npm run db:move -- postgres://user:password@host:5432/database'

function targetUrl(): string {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} })
  const [url] = positionals
  let parsed: URL | undefined
  try {
    parsed = url === undefined ? undefined : new URL(url)
  } catch {
    parsed = undefined
  }
  if (url === undefined || positionals.length > 1 || (parsed?.protocol !== 'postgres:' && parsed?.protocol !== 'postgresql:')) {
    throw new BackupError(`Give the PostgreSQL database to move into, as a postgres:// URL.\n${USAGE}`)
  }
  return url
}

/** The URL with its password shown as ****: it goes to a terminal and maybe a log, and the operator has it already. */
function withoutPassword(url: string): string {
  const parsed = new URL(url)
  if (parsed.password !== '') parsed.password = '****'
  return parsed.toString()
}

/** The embedded database, opened by this process alone (the server must be stopped) and brought up to this version. */
async function openSource(dataDir: string): Promise<Database> {
  try {
    const source = await openDatabase({ dataDir, databaseUrl: undefined })
    await source.migrate()
    return source
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new BackupError(`${error.message.replace(/ Stop it first.*$/, '')} Stop the server first: a move copies a database nobody is changing, and the server then starts on PostgreSQL.`)
    }
    throw error
  }
}

async function main(): Promise<void> {
  const url = targetUrl()
  const config = loadConfig(process.env, process.cwd(), 'tool')
  const source = await openSource(config.dataDir)
  const client = source.pglite
  if (client === undefined) throw new Error('The embedded database opened without its client.')
  const target = new pg.Client({ connectionString: url, application_name: 'tec-web db:move' })
  try {
    await target.connect()
    const targetQuery: ParamQuery = async (text, params) => (await target.query(text, params)).rows as Record<string, unknown>[]
    const holding = await tablesWithRows(clientQuery(target))
    if (holding.length > 0) throw new BackupError(`The target database is not empty (${holding.map((entry) => entry.table).slice(0, 5).join(', ')} hold rows). Move into a new, empty database.`)
    const migrating = databaseFromUrl(url)
    try {
      await migrating.migrate()
    } finally {
      await migrating.close()
    }

    const sourceQuery: ParamQuery = async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows
    await sourceQuery("set bytea_output = 'hex'")
    const expected = await client.transaction(async (tx) => fingerprint(pgliteQuery(tx)))
    // One transaction: a move that fails or does not match leaves the target as empty as it was.
    await target.query('begin')
    await target.query('set local statement_timeout = 0')
    for (const table of await foreignKeyOrder(targetQuery)) {
      const rows = await copyTable(sourceQuery, targetQuery, table)
      if (rows > 0) console.log(`  ${table}: ${rows} rows`)
    }
    await resetSequences(clientQuery(target))
    const found = await fingerprint(clientQuery(target))
    const differing = differences(expected, found)
    if (differing.length > 0) {
      await target.query('rollback')
      throw new BackupError(`The copy does not match the embedded database (tables ${differing.join(', ')}), so nothing was kept in the target.`)
    }
    await target.query('commit')
    console.log(`Moved: ${describeFingerprint(found)}; every table's row count and checksum match the embedded database.`)
    console.log(`Set this (with the password in place of ****; keep it secret), and keep SECOND_FACTOR_KEY as it is:`)
    console.log(`DATABASE_URL=${withoutPassword(url)}`)
    console.log(`Keep DATA_DIR ${config.dataDir} untouched until the server runs on PostgreSQL and its first backup is taken.`)
  } finally {
    await target.end().catch(() => undefined)
    await source.close()
  }
}

main().catch((error: unknown) => {
  const message = commandMessage(error)
  console.error(message === undefined ? error : `Move failed: ${message}`)
  process.exitCode = 1
})
