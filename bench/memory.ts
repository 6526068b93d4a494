// Memory: the API server's resident size (RSS) at idle and after MEMORY_SECONDS (default 60) of load on the public
// course list, beside the bare Hono server under the same load; and how it grows with the number of registrations
// behind the office's list (1k, 10k, 100k added to the demo data), beside the demo data alone.
import { rmSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import { loadConfig } from '../server/config.ts'
import { openMigratedDatabase } from '../server/startup.ts'
import { runLoad } from './api.ts'
import { copyOf, entry, REPO, SERVER_SCRIPT, residentMiB, SECONDS, SERVER_CPU, signIn, startProcess, type Entry } from './lib.ts'

const MEMORY_SECONDS = Number(process.env.MEMORY_SECONDS ?? 60)
const ROW_COUNTS = [1_000, 10_000, 100_000]
/** Resident sizes settle a moment after start-up and after load (collections, freed buffers). */
const SETTLE_MS = 2000
const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS))

async function addRegistrations(dataDir: string, count: number): Promise<void> {
  const database = await openMigratedDatabase(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'silent' }))
  await database.db.execute(sql`
    insert into registrations (reference, type, status, answers, name, email, summary, duplicate_key, created_at, updated_at)
    select 'TEC-BEN-' || g, 'subject', (array['new', 'in_review', 'accepted', 'rejected', 'withdrawn'])[1 + g % 5],
      coalesce((select answers from registrations where type = 'subject' limit 1), '{}'::jsonb),
      'Bench Learner ' || g, 'bench' || g || '@example.org', 'GCSE Maths at home', md5(g::text),
      now() - (g || ' minutes')::interval, now()
    from generate_series(1, ${count}) g`)
  await database.close()
}

export async function benchMemory(template: string): Promise<Entry[]> {
  console.log(`\nMemory: resident size (RSS) at idle and after ${MEMORY_SECONDS} s of load; with 1k, 10k and 100k registrations`)
  const entries: Entry[] = []
  const folders: string[] = []
  try {
    const dataDir = copyOf(template)
    folders.push(dataDir)
    const server = await startProcess(SERVER_SCRIPT, { DATA_DIR: dataDir }, { cpu: SERVER_CPU })
    const bare = await startProcess(`${REPO}bench/baseline-server.ts`, {}, { cpu: SERVER_CPU })
    try {
      await settle()
      const idle = [residentMiB(server.pid), residentMiB(bare.pid)] as const
      const bytes = (await (await fetch(`${server.baseUrl}/api/courses`)).arrayBuffer()).byteLength
      await runLoad({ url: `${server.baseUrl}/api/courses` }, MEMORY_SECONDS)
      await runLoad({ url: `${bare.baseUrl}/api/json/${bytes}` }, MEMORY_SECONDS)
      await settle()
      const loaded = [residentMiB(server.pid), residentMiB(bare.pid)] as const
      const baselineName = 'bare Hono server'
      entries.push(entry({ group: 'memory', name: 'memory / RSS at idle', project: idle[0], baseline: idle[1], baselineName, unit: 'MiB' }))
      entries.push(entry({ group: 'memory', name: `memory / RSS after ${MEMORY_SECONDS} s of GET /api/courses`, project: loaded[0], baseline: loaded[1], baselineName, unit: 'MiB' }))
    } finally {
      await server.stop()
      await bare.stop()
    }

    const withRows = async (count: number) => {
      const folder = copyOf(template)
      folders.push(folder)
      if (count > 0) await addRegistrations(folder, count)
      const api = await startProcess(SERVER_SCRIPT, { DATA_DIR: folder, TRUST_PROXY: 'true' }, { cpu: SERVER_CPU })
      try {
        await settle()
        const idleMiB = residentMiB(api.pid)
        const { token } = await signIn(api.baseUrl, { 'x-forwarded-for': '192.0.2.1' })
        const url = `${api.baseUrl}/api/admin/registrations`
        const headers = { authorization: `Bearer ${token}` }
        // The first answer is read from the database (nothing kept yet): the list's own cost at this size.
        const started = performance.now()
        const first = await fetch(url, { headers })
        if (first.status !== 200) throw new Error(`The registrations list answered ${first.status}`)
        await first.arrayBuffer()
        const firstMs = Math.round(performance.now() - started)
        const load = await runLoad({ url, headers }, SECONDS)
        await settle()
        return { idleMiB, loadedMiB: residentMiB(api.pid), firstMs, load }
      } finally {
        await api.stop()
      }
    }
    const base = await withRows(0)
    for (const count of ROW_COUNTS) {
      const measured = await withRows(count)
      const label = `${count / 1000}k registrations`
      const baselineName = 'demo data alone'
      entries.push(entry({ group: 'memory', name: `memory / ${label} / RSS at idle`, project: measured.idleMiB, baseline: base.idleMiB, baselineName, unit: 'MiB' }))
      entries.push(entry({ group: 'memory', name: `memory / ${label} / RSS after the list under load`, project: measured.loadedMiB, baseline: base.loadedMiB, baselineName, unit: 'MiB', details: { load: measured.load, baselineLoad: base.load } }))
      entries.push(entry({ group: 'memory', name: `memory / ${label} / first list answer (not kept)`, project: measured.firstMs, baseline: base.firstMs, baselineName, unit: 'ms' }))
    }
    return entries
  } finally {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true })
  }
}
