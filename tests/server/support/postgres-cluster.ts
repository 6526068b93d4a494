import { execFileSync, spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'

/** A throwaway PostgreSQL cluster started from the machine's own binaries, for the server-pg test project. */
export interface PostgresCluster {
  /** Connects as the superuser to the `postgres` database. */
  adminUrl: (database?: string) => string
  /** Stops the server (as an outage would) and keeps its data, so `resume` brings it back on the same port. */
  pause: () => void
  resume: () => void
  stop: () => void
}

/** The folder holding initdb and pg_ctl: on PATH, or the newest /usr/lib/postgresql/<version>/bin. */
export function findPostgresBin(): string | undefined {
  const onPath = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim()
  if (onPath !== '') return path.dirname(execFileSync('readlink', ['-f', onPath], { encoding: 'utf8' }).trim())
  const base = '/usr/lib/postgresql'
  if (!existsSync(base)) return undefined
  const versions = readdirSync(base)
    .filter((version) => existsSync(path.join(base, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] === undefined ? undefined : path.join(base, versions[0], 'bin')
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

function numericId(flag: '-u' | '-g', user: string): number {
  return Number(execFileSync('id', [flag, user], { encoding: 'utf8' }).trim())
}

export async function startPostgresCluster(bin: string): Promise<PostgresCluster> {
  // initdb refuses to run as root, so as root the cluster belongs to the `postgres` system user.
  const asRoot = process.getuid?.() === 0
  const folder = mkdtempSync(path.join(tmpdir(), 'tec-pg-'))
  if (asRoot) chownSync(folder, numericId('-u', 'postgres'), numericId('-g', 'postgres'))
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]] as const : [path.join(bin, tool), args] as const
    execFileSync(command[0], [...command[1]], { stdio: 'pipe', cwd: folder })
  }
  const data = path.join(folder, 'data')
  const port = await freePort()
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync'])
  // Durability is worthless for a cluster deleted after the run; turning it off makes the suite fast.
  const serverOptions = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`
  const start = () => run('pg_ctl', ['-D', data, '-o', serverOptions, '-l', path.join(folder, 'log'), '-w', 'start'])
  start()
  return {
    adminUrl: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    pause: () => run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']),
    resume: start,
    stop: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
      } catch {
        // Already stopped (a test paused it and failed before resuming): the folder goes all the same.
      } finally {
        rmSync(folder, { recursive: true, force: true })
      }
    },
  }
}

/** Runs one statement on its own connection (CREATE DATABASE cannot run inside a pool's transaction). */
export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}
