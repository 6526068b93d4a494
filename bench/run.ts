// Benchmarks of the site and the API against baselines built or started in the same run; prints each figure, its
// baseline and their ratio, and writes them to bench/results/latest.json. Not a test: nothing passes or fails on
// time, and CI does not run it.
//   npm run bench                           everything (about 10 to 15 minutes on 2 cores)
//   BENCH_SECONDS=3 BENCH_RUNS=1 npm run bench   a quick pass
//   BENCH_ONLY=api,startup npm run bench    some groups only (startup, bundle, lighthouse, api, postgres, memory, media,
//                                           enumeration); others kept
//   MEMORY_SECONDS=10 npm run bench          a shorter load for the memory figures (60 s by default)
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { loadConfig } from '../server/config.ts'
import { hashPassword } from '../server/auth/passwords.ts'
import { users } from '../server/db/schema.ts'
import { openMigratedDatabase } from '../server/startup.ts'
import { BENCH_ACCOUNTS, BENCH_PASSWORD, benchApi } from './api.ts'
import { buildServer } from '../scripts/build-server.ts'
import { buildBaseline, buildProject } from './build.ts'
import { benchBundle } from './bundle.ts'
import { benchEnumeration } from './enumeration.ts'
import { CAN_PIN, commandOutput, copyOf, CONNECTIONS, DATE, MACHINE, REPO, SERVER_SCRIPT, RUNS, SECONDS, startProcess, type Entry } from './lib.ts'
import { benchLighthouse } from './lighthouse.ts'
import { benchMemory } from './memory.ts'
import { benchMediaFlood } from './media-flood.ts'
import { benchPostgres } from './postgres.ts'
import { benchStartup } from './startup.ts'

const GROUPS = ['startup', 'bundle', 'lighthouse', 'api', 'postgres', 'memory', 'media', 'enumeration'] as const
type Group = (typeof GROUPS)[number]
const only = new Set((process.env.BENCH_ONLY ?? GROUPS.join(',')).split(',').map((g) => g.trim()) as Group[])
const RESULTS = path.join(REPO, 'bench/results/latest.json')

/** Adds the sign-in benchmark's accounts (one per connection) to a seeded data folder. */
async function addBenchAccounts(dataDir: string): Promise<void> {
  const database = await openMigratedDatabase(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'silent' }))
  const passwordHash = await hashPassword(BENCH_PASSWORD)
  await database.db.insert(users).values(BENCH_ACCOUNTS.map((email) => ({ email, name: 'Bench', role: 'ADMIN' as const, passwordHash })))
  await database.close()
}

/** Runs one group; a group that fails is reported and left out, and the others still run and get written. */
async function group(name: string, failures: string[], run: () => Promise<void>): Promise<void> {
  try {
    await run()
  } catch (error) {
    failures.push(name)
    console.error(`\n${name} failed: ${error instanceof Error ? error.message : String(error)}`)
  }
}

async function main() {
  const machine = { summary: MACHINE, nproc: commandOutput('nproc', []), memory: commandOutput('free', ['-g']), node: process.version }
  console.log(`TEC web benchmarks — ${MACHINE}\n${CONNECTIONS} connections, ${SECONDS} s a load run, median of ${RUNS} run(s); groups: ${[...only].join(', ')}`)
  const scratch = mkdtempSync(path.join(tmpdir(), 'tec-bench-'))
  const folders: string[] = [scratch]
  await buildServer(SERVER_SCRIPT)
  const entries: Entry[] = []
  const failures: string[] = []
  try {
    let template: string
    if (only.has('startup')) {
      const startup = await benchStartup()
      entries.push(...startup.entries)
      template = startup.template
    } else {
      template = path.join(scratch, 'template')
      mkdirSync(template)
      const server = await startProcess(SERVER_SCRIPT, { DATA_DIR: template })
      await server.stop()
    }
    folders.push(template)
    await addBenchAccounts(template)

    if (only.has('bundle') || only.has('lighthouse')) {
      console.log('\nBuilding the project and the bare Vite + React page (vite JS API)…')
      // Inside the repository: the server rendering module finds its packages in node_modules from there.
      mkdirSync(path.join(REPO, '.tmp'), { recursive: true })
      const site = mkdtempSync(path.join(REPO, '.tmp', 'bench-site-'))
      folders.push(site)
      const baselineRoot = path.join(scratch, 'baseline')
      await buildBaseline(baselineRoot)
      await buildProject(site)
      // The server serves ./dist from its working folder: run it from the folder holding this build.
      const dataDir = copyOf(template)
      folders.push(dataDir)
      const project = await startProcess(SERVER_SCRIPT, { DATA_DIR: dataDir }, { cwd: site })
      const bare = await startProcess(`${REPO}bench/baseline-server.ts`, { BASELINE_ROOT: baselineRoot })
      try {
        if (only.has('bundle')) await group('bundle', failures, async () => void entries.push(...(await benchBundle(project.baseUrl, bare.baseUrl))))
        if (only.has('lighthouse')) await group('lighthouse', failures, async () => void entries.push(...(await benchLighthouse(project.baseUrl, bare.baseUrl))))
      } finally {
        await project.stop()
        await bare.stop()
      }
    }

    if (only.has('api')) {
      const dataDir = copyOf(template)
      folders.push(dataDir)
      await group('api', failures, async () => void entries.push(...(await benchApi(dataDir))))
    }
    if (only.has('postgres')) await group('postgres', failures, async () => void entries.push(...(await benchPostgres())))
    if (only.has('memory')) await group('memory', failures, async () => void entries.push(...(await benchMemory(template))))
    if (only.has('media')) await group('media', failures, async () => void entries.push(...(await benchMediaFlood(template))))
    if (only.has('enumeration')) {
      const dataDir = copyOf(template)
      folders.push(dataDir)
      await group('enumeration', failures, async () => void entries.push(...(await benchEnumeration(dataDir))))
    }
  } finally {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true })
  }

  // A partial run (BENCH_ONLY) keeps the other groups' last figures.
  const previous = only.size < GROUPS.length && existsSync(RESULTS) ? ((JSON.parse(readFileSync(RESULTS, 'utf8')) as { benchmarks?: Entry[] }).benchmarks ?? []) : []
  const kept = previous.filter((old) => typeof old.group === 'string' && !only.has(old.group) && !entries.some((e) => e.name === old.name))
  const results = {
    date: DATE,
    machine,
    settings: { seconds: SECONDS, runs: RUNS, connections: CONNECTIONS, pinned: CAN_PIN, groups: [...only] },
    ...(failures.length > 0 ? { failedGroups: failures } : {}),
    note: 'Each figure beside a baseline measured in the same run; ratio = project ÷ baseline. Not a test.',
    benchmarks: [...kept, ...entries],
  }
  writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`)
  console.log(`\nwritten to ${path.relative(REPO, RESULTS)}`)
  if (failures.length > 0) process.exitCode = 1
}

await main()
