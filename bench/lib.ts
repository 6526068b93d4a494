// Shared pieces of the benchmarks: settings, results, processes, medians.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs'
import os, { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { CHROMIUM_PATH, OFFLINE_CHROMIUM_ARGS } from '../tests/support/chromium.ts'
import { freePort } from '../tests/support/server-process.ts'

export const REPO = fileURLToPath(new URL('..', import.meta.url))
/** The server as production runs it, compiled (scripts/build-server.ts) once at the start of `npm run bench`. */
export const SERVER_SCRIPT = `${REPO}build/bench-server.mjs`
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
export const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3))
export const CONNECTIONS = 50
export const DEMO_ADMIN = { email: 'admin@tec.test', pass: 'ChangeMe-2026!' }

/** Debian's Chromium with the tests' offline flags (tests/support/chromium.ts), headless for Lighthouse. */
export const CHROMIUM = CHROMIUM_PATH
export const CHROMIUM_ARGS = ['--headless=new', '--no-sandbox', ...OFFLINE_CHROMIUM_ARGS]

/** One figure of one benchmark, beside its baseline measured in the same run. */
export interface Entry {
  /** e.g. "api / GET /api/courses / req/s" */
  name: string
  group: 'bundle' | 'lighthouse' | 'api' | 'postgres' | 'memory' | 'startup' | 'media' | 'enumeration'
  project: number
  baseline: number
  baselineName: string
  /** project ÷ baseline (null when the baseline is 0) */
  ratio: number | null
  unit: string
  date: string
  machine: string
  /** Anything else worth keeping: every run, percentiles, per-file sizes. */
  details?: Record<string, unknown>
}

export const DATE = new Date().toISOString()
export const MACHINE = `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`

export function entry(fields: Omit<Entry, 'ratio' | 'date' | 'machine'>): Entry {
  const ratio = fields.baseline === 0 ? null : +(fields.project / fields.baseline).toFixed(3)
  const made: Entry = { ...fields, ratio, date: DATE, machine: MACHINE }
  console.log(`  ${fields.name.padEnd(52)} ${fmt(fields.project).padStart(10)} ${fields.unit.padEnd(6)} | ${fields.baselineName} ${fmt(fields.baseline)} | ratio ${ratio ?? '–'}`)
  return made
}

const fmt = (n: number) => (Number.isInteger(n) ? n.toLocaleString('en') : n.toFixed(n < 10 ? 3 : 1))

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  if (sorted.length === 0) return 0
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** `taskset` exists and the machine has at least two cores: pin the server and the load generator apart. */
export const CAN_PIN = os.cpus().length >= 2 && existsSync('/usr/bin/taskset')
export const SERVER_CPU = '1'
export const LOAD_CPU = '0'

/** The command line that runs `script` (compiled JavaScript as is, TypeScript through tsx), pinned to `cpu` when pinning is possible. */
export function nodeCommand(script: string, cpu?: string): [string, string[]] {
  const node = script.endsWith('.ts') ? [process.execPath, '--import', import.meta.resolve('tsx'), script] : [process.execPath, script]
  return cpu !== undefined && CAN_PIN ? ['taskset', ['-c', cpu, ...node]] : [node[0]!, node.slice(1)]
}


export interface Started {
  baseUrl: string
  pid: number
  /** From spawn to the first 200 from /api/health. */
  readyMs: number
  output: () => string
  stop: () => Promise<void>
}

/**
 * Spawns `script` (the real server, or the bare baseline server) as its own process on a free port and waits
 * for the first 200 from /api/health, polling every 10 ms.
 */
export async function startProcess(script: string, settings: Record<string, string>, options: { cwd?: string; cpu?: string } = {}): Promise<Started> {
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const name of ['DATA_DIR', 'DATABASE_URL', 'SMTP_URL', 'TRUST_PROXY', 'NODE_ENV']) delete env[name]
  Object.assign(env, { NODE_ENV: 'development', PORT: String(port), PUBLIC_URL: baseUrl, LOG_LEVEL: 'warn' }, settings)
  const [command, args] = nodeCommand(script, options.cpu)
  const started = performance.now()
  const child = spawn(command, args, { env, cwd: options.cwd ?? REPO, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const readyMs = await waitForHealth(baseUrl, child, () => output, started)
  return { baseUrl, pid: child.pid ?? 0, readyMs, output: () => output, stop: () => stopProcess(child) }
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string, started: number): Promise<number> {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${baseUrl}: the process exited with code ${child.exitCode}:\n${output()}`)
    try {
      const answer = await fetch(`${baseUrl}/api/health`)
      if (answer.status === 200) return performance.now() - started
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  child.kill('SIGKILL')
  throw new Error(`${baseUrl}: no 200 from /api/health within 120 s:\n${output()}`)
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
  await exited
  clearTimeout(timer)
}

/** Runs a child process to completion; answers its standard output. */
export function runToEnd(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
    child.once('error', reject)
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${err.slice(-4000)}`))))
  })
}

/** Signs the demo admin in; answers the session (token and user). */
export async function signIn(baseUrl: string, headers: Record<string, string> = {}): Promise<{ token: string; user: unknown }> {
  const answer = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email: DEMO_ADMIN.email, pass: DEMO_ADMIN.pass }),
  })
  if (answer.status !== 200) throw new Error(`Signing in as the demo admin answered ${answer.status}: ${await answer.text()}`)
  return (await answer.json()) as { token: string; user: unknown }
}

export function commandOutput(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, { encoding: 'utf8' }).trim()
  } catch {
    return ''
  }
}

/** A process's resident set size in MiB (Linux: /proc/<pid>/status), or 0 where that cannot be read. */
export function residentMiB(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return match ? Math.round(Number(match[1]) / 102.4) / 10 : 0
  } catch {
    return 0
  }
}

/** A throwaway copy of a seeded data folder, for one benchmark to start a server on (the caller removes it). */
export function copyOf(template: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'tec-bench-data-'))
  cpSync(template, folder, { recursive: true })
  return folder
}
