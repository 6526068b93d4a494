// Benchmarks of the API against baselines measured in the same run; prints figures and ratios and writes
// them to bench/results/latest.json. Not a test: nothing here passes or fails on time.
//   npm run bench
import { writeFileSync } from 'node:fs'
import os from 'node:os'
import { PGlite } from '@electric-sql/pglite'
import { Hono } from 'hono'
import { createApp } from '../server/app.ts'
import { hashPassword, verifyPassword } from '../server/auth/passwords.ts'
import { loadConfig } from '../server/config.ts'
import { databaseFromPglite } from '../server/db/client.ts'
import { users } from '../server/db/schema.ts'
import { createLogger } from '../server/logger.ts'
import { Mailer } from '../server/mail/mailer.ts'
import { BackgroundTasks } from '../server/tasks.ts'

const CONCURRENCY = 50
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const PASSWORD = 'Bench-Marking-Password-1'

/** One call; answers whether it succeeded (a 2xx answer), so a figure never counts refusals as work done. */
type Work = (loop: number, call: number) => Promise<boolean>

/** Runs `work` from `CONCURRENCY` loops for `SECONDS`; answers successes per second, failures and latency percentiles. */
async function measure(work: Work, seconds = SECONDS) {
  const latencies: number[] = []
  let failures = 0
  let calls = 0
  const deadline = performance.now() + seconds * 1000
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, loop) => {
      while (performance.now() < deadline) {
        const started = performance.now()
        if (await work(loop, calls++)) latencies.push(performance.now() - started)
        else failures++
      }
    }),
  )
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0
  return { perSecond: Math.round(latencies.length / seconds), failures, p50ms: +at(0.5).toFixed(2), p99ms: +at(0.99).toFixed(2) }
}

const ok = async (answer: Promise<Response>) => (await answer).ok

async function main() {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TRUST_PROXY: 'true' })
  const logger = createLogger('silent')
  const database = databaseFromPglite(await PGlite.create())
  await database.migrate()
  // One account per loop: each loop's successful sign-in clears its own per-account counter, as a real user's would.
  const passwordHash = await hashPassword(PASSWORD)
  await database.db.insert(users).values(Array.from({ length: CONCURRENCY }, (_, loop) => ({ email: `bench${loop}@tec.test`, name: 'Bench', role: 'ADMIN' as const, passwordHash })))
  const deps = { config, database, logger, mailer: new Mailer(database.db, logger, undefined), tasks: new BackgroundTasks(logger), staticRoot: undefined }
  const app = createApp(deps)

  const bare = new Hono().get('/api/health', (c) => c.json({ status: 'ok' }))
  const hash = passwordHash

  const login = (loop: number, call: number) =>
    app.request('/api/auth/login', {
      method: 'POST',
      // A new address per request keeps the per-address limit out of the figure.
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${(call >> 16) & 255}.${(call >> 8) & 255}.${call & 255}` },
      body: JSON.stringify({ email: `bench${loop}@tec.test`, pass: PASSWORD }),
    })
  const { token } = (await (await login(0, 0)).json()) as { token: string }

  const results = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    note: `in-process requests (no sockets), ${CONCURRENCY} concurrent, ${SECONDS} s each, embedded database in memory`,
    benchmarks: [] as { name: string; project: unknown; baseline: unknown; baselineName: string; ratio: number }[],
  }
  const compare = async (name: string, baselineName: string, project: Work, baseline: Work) => {
    const base = await measure(baseline)
    const ours = await measure(project)
    const ratio = +(ours.perSecond / base.perSecond).toFixed(3)
    results.benchmarks.push({ name, project: ours, baseline: base, baselineName, ratio })
    const failed = ours.failures > 0 ? `  (${ours.failures} failed)` : ''
    console.log(`${name.padEnd(22)} ${String(ours.perSecond).padStart(6)}/s  p50 ${ours.p50ms} ms  p99 ${ours.p99ms} ms${failed} | ${baselineName}: ${base.perSecond}/s | ratio ${ratio}`)
  }

  console.log(`TEC web API benchmarks — ${results.machine}\n${results.note}\n`)
  const bareJson: Work = () => ok(Promise.resolve(bare.request('/api/health')))
  await compare('GET /api/health', 'bare Hono JSON', () => ok(Promise.resolve(app.request('/api/health'))), bareJson)
  await compare('GET /api/auth/me', 'bare Hono JSON', () => ok(Promise.resolve(app.request('/api/auth/me', { headers: { authorization: `Bearer ${token}` } }))), bareJson)
  await compare('POST /api/auth/login', 'argon2id verify', (loop, call) => ok(Promise.resolve(login(loop, call))), () => verifyPassword(hash, PASSWORD))

  await deps.tasks.idle()
  await database.close()
  writeFileSync('bench/results/latest.json', `${JSON.stringify(results, null, 2)}\n`)
  console.log('\nwritten to bench/results/latest.json')
}

await main()
