// Start-up: from spawn to the first 200 from /api/health, on a fresh embedded database (created, migrated and
// seeded with demo data) and on an existing one, beside the bare Hono server. Median of RUNS starts each.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { entry, median, REPO, SERVER_SCRIPT, RUNS, startProcess, type Entry } from './lib.ts'

async function timeStart(dataDir: string): Promise<number> {
  const server = await startProcess(SERVER_SCRIPT, { DATA_DIR: dataDir })
  await server.stop()
  return Math.round(server.readyMs)
}

/** Answers the figures and a seeded data folder, made by an unmeasured first start, for the other benchmarks. */
export async function benchStartup(): Promise<{ entries: Entry[]; template: string }> {
  console.log(`\nStart-up: spawn to first 200 from /api/health, median of ${RUNS} start(s)`)
  const template = mkdtempSync(path.join(tmpdir(), 'tec-bench-data-'))
  // Unmeasured: warms tsx's transform cache and makes the seeded folder the other benchmarks copy.
  await timeStart(template)
  const bare: number[] = []
  const fresh: number[] = []
  const existing: number[] = []
  for (let run = 0; run < RUNS; run++) {
    const bareServer = await startProcess(`${REPO}bench/baseline-server.ts`, {})
    await bareServer.stop()
    bare.push(Math.round(bareServer.readyMs))
    const folder = mkdtempSync(path.join(tmpdir(), 'tec-bench-fresh-'))
    fresh.push(await timeStart(folder))
    rmSync(folder, { recursive: true, force: true })
    existing.push(await timeStart(template))
  }
  const baselineName = 'bare Hono server'
  const entries = [
    entry({ group: 'startup', name: 'startup / existing embedded database', project: median(existing), baseline: median(bare), baselineName, unit: 'ms', details: { runs: existing, baselineRuns: bare } }),
    entry({ group: 'startup', name: 'startup / fresh embedded database', project: median(fresh), baseline: median(bare), baselineName, unit: 'ms', details: { runs: fresh, baselineRuns: bare, note: 'creates, migrates and seeds the demo data' } }),
  ]
  return { entries, template }
}
