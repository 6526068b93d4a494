import { spawn } from 'node:child_process'
import pg from 'pg'
import { BackupError, backupFileName, writeBackupFile, type WrittenBackup } from './files.ts'
import { fingerprint, type Fingerprint, type Query } from './fingerprint.ts'

/** libpq's settings that a connection string's query may carry, as environment variables. */
const LIBPQ_PARAMETERS: Record<string, string> = {
  host: 'PGHOST',
  port: 'PGPORT',
  sslmode: 'PGSSLMODE',
  sslcert: 'PGSSLCERT',
  sslkey: 'PGSSLKEY',
  sslrootcert: 'PGSSLROOTCERT',
  connect_timeout: 'PGCONNECT_TIMEOUT',
  application_name: 'PGAPPNAME',
}

/**
 * DATABASE_URL as libpq's environment (PGHOST, PGUSER, PGPASSWORD…), so pg_dump and pg_restore never carry the
 * password on their command line, where `ps` would show it to every user of the machine.
 */
export function libpqEnvironment(url: string): Record<string, string> {
  const parsed = new URL(url)
  const env: Record<string, string> = {}
  if (parsed.hostname !== '') env.PGHOST = decodeURIComponent(parsed.hostname.replace(/^\[|\]$/g, ''))
  if (parsed.port !== '') env.PGPORT = parsed.port
  if (parsed.username !== '') env.PGUSER = decodeURIComponent(parsed.username)
  if (parsed.password !== '') env.PGPASSWORD = decodeURIComponent(parsed.password)
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''))
  if (database !== '') env.PGDATABASE = database
  for (const [name, value] of parsed.searchParams) {
    const variable = LIBPQ_PARAMETERS[name]
    if (variable !== undefined) env[variable] = value
  }
  return env
}

/** The environment a PostgreSQL tool runs with: ours, less any PG* setting that could point it elsewhere. */
function toolEnvironment(url: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [name, value] of Object.entries(process.env)) if (!name.startsWith('PG')) env[name] = value
  return { ...env, ...libpqEnvironment(url) }
}

function missingTool(tool: string): BackupError {
  return new BackupError(`${tool} was not found. Install PostgreSQL's client tools of at least the server's version (on Debian: apt-get install postgresql-client).`)
}

/** Runs a tool to its end; its error output becomes the message when it fails. */
function runTool(tool: string, args: string[], url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env: toolEnvironment(url), stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', (error: NodeJS.ErrnoException) => reject(error.code === 'ENOENT' ? missingTool(tool) : error))
    child.on('close', (code) => (code === 0 ? resolve(stdout) : reject(new BackupError(`${tool} failed: ${stderr.trim() || `exit code ${code}`}`))))
  })
}

export function clientQuery(client: pg.Client): Query {
  return async (text) => (await client.query(text)).rows as Record<string, unknown>[]
}

/**
 * pg_dump's custom archive of DATABASE_URL, written into `dir`. pg_dump reads the snapshot of a transaction held open
 * here, in which the fingerprint is taken too, so the fingerprint describes exactly what the archive holds even while
 * the servers keep writing.
 */
export async function backupPostgres(url: string, dir: string, now: Date): Promise<WrittenBackup & { fingerprint: Fingerprint }> {
  const client = new pg.Client({ connectionString: url, application_name: 'tec-web backup' })
  await client.connect()
  try {
    await client.query('begin isolation level repeatable read read only')
    const [exported] = (await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot')).rows
    if (!exported) throw new Error('PostgreSQL exported no snapshot.')
    const print = await fingerprint(clientQuery(client))
    const child = spawn('pg_dump', ['--format=custom', `--snapshot=${exported.snapshot}`, '--no-password'], { env: toolEnvironment(url), stdio: ['ignore', 'pipe', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const ended = new Promise<number | null>((resolve, reject) => {
      child.on('error', (error: NodeJS.ErrnoException) => reject(error.code === 'ENOENT' ? missingTool('pg_dump') : error))
      child.on('close', resolve)
    })
    let written: WrittenBackup
    try {
      written = await writeBackupFile(dir, backupFileName('postgres', now), child.stdout)
    } catch (error) {
      child.kill()
      await ended.catch(() => undefined)
      throw error
    }
    const code = await ended
    if (code !== 0) throw new BackupError(`pg_dump failed: ${stderr.trim() || `exit code ${code}`}`)
    await client.query('commit')
    return { ...written, fingerprint: print }
  } finally {
    await client.end()
  }
}

/** Our tables in a pg_dump archive, read from its table of contents (which also proves the archive readable). */
export async function tablesInArchive(file: string, url: string): Promise<string[]> {
  const list = await runTool('pg_restore', ['--list', file], url)
  return list.split('\n').flatMap((line) => / TABLE public (\S+) /.exec(line)?.[1] ?? [])
}

/**
 * Restores an archive into DATABASE_URL in one transaction: whatever the archive holds is dropped first when it
 * exists (--clean --if-exists), and ownership follows the restoring role, not the one that made the backup.
 */
export async function restorePostgres(file: string, url: string): Promise<void> {
  await runTool('pg_restore', ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', '--no-password', `--dbname=${libpqEnvironment(url).PGDATABASE ?? ''}`, file], url)
}
