// More cores, more throughput: the API on PostgreSQL (a throwaway cluster from the machine's own binaries) with one
// API process and with two (WEB_CONCURRENCY), on public reads and /api/auth/me. Each figure beside the bare Hono
// endpoint answering the same size, and the two-process figure beside the one-process one. On a 2-core machine
// the API processes share the cores with PostgreSQL and the load generator, so neither run is pinned.
import { loadConfig } from '../server/config.ts'
import { writeDemoData } from '../server/demo/seed.ts'
import { openMigratedDatabase } from '../server/startup.ts'
import { adminQuery, findPostgresBin, startPostgresCluster } from '../tests/server/support/postgres-cluster.ts'
import { compareCases, type Case } from './api.ts'
import { entry, median, REPO, SERVER_SCRIPT, signIn, startProcess, type Entry } from './lib.ts'

/**
 * How soon /api/health answers 503 while PostgreSQL is stopped (the pool gives up connecting after 2 s, so a request
 * never hangs), beside its time while PostgreSQL runs. The test (tests/server/durability.postgres.test.ts) shows the
 * 503 and its body; how soon is this figure's.
 */
async function answerWhileStopped(url: string, cluster: { pause: () => void; resume: () => void }): Promise<Entry> {
  const server = await startProcess(SERVER_SCRIPT, { DATABASE_URL: url })
  const timed = async () => {
    const started = performance.now()
    const answer = await fetch(`${server.baseUrl}/api/health`, { signal: AbortSignal.timeout(30_000) })
    await answer.arrayBuffer()
    return { ms: performance.now() - started, status: answer.status }
  }
  try {
    const running: number[] = []
    for (let n = 0; n < 20; n++) running.push((await timed()).ms)
    cluster.pause()
    const stopped: number[] = []
    try {
      for (let n = 0; n < 5; n++) {
        const { ms, status } = await timed()
        if (status !== 503) throw new Error(`/api/health answered ${status} with PostgreSQL stopped`)
        stopped.push(ms)
      }
    } finally {
      cluster.resume()
    }
    return entry({ group: 'postgres', name: 'postgres / GET /api/health, PostgreSQL stopped / ms to 503', project: median(stopped), baseline: median(running), baselineName: 'PostgreSQL running', unit: 'ms' })
  } finally {
    await server.stop()
  }
}

export async function benchPostgres(): Promise<Entry[]> {
  const bin = findPostgresBin()
  if (bin === undefined) {
    console.warn('\nPostgreSQL: no initdb on this machine, skipped')
    return []
  }
  console.log('\nAPI on PostgreSQL: 1 and 2 API processes (WEB_CONCURRENCY), not pinned')
  const cluster = await startPostgresCluster(bin)
  const bare = await startProcess(`${REPO}bench/baseline-server.ts`, {})
  try {
    await adminQuery(cluster.adminUrl(), 'create database tec_bench')
    const url = cluster.adminUrl('tec_bench')
    // The server seeds demo data only into the embedded database: written here, as the tests do on PostgreSQL.
    const database = await openMigratedDatabase(loadConfig({ DATABASE_URL: url, NODE_ENV: 'development', LOG_LEVEL: 'silent' }))
    await writeDemoData(database)
    await database.close()
    const entries: Entry[] = []
    const perSecond = new Map<string, number>()
    for (const processes of [1, 2]) {
      const server = await startProcess(SERVER_SCRIPT, { DATABASE_URL: url, WEB_CONCURRENCY: String(processes), TRUST_PROXY: 'true' })
      try {
        const { token } = await signIn(server.baseUrl, { 'x-forwarded-for': '192.0.2.1' })
        const cases: Case[] = [
          { name: 'GET /api/courses', what: 'public list', url: `${server.baseUrl}/api/courses` },
          { name: 'GET /api/auth/me', what: 'session', url: `${server.baseUrl}/api/auth/me`, headers: { authorization: `Bearer ${token}` } },
        ]
        const label = ` (${processes} process${processes > 1 ? 'es' : ''})`
        const made = await compareCases('postgres', label, cases, bare.baseUrl)
        entries.push(...made)
        for (const c of cases) perSecond.set(`${c.name}|${processes}`, made.find((e) => e.name === `postgres / ${c.name}${label} / req/s`)?.project ?? 0)
      } finally {
        await server.stop()
      }
    }
    for (const name of ['GET /api/courses', 'GET /api/auth/me']) {
      const one = perSecond.get(`${name}|1`) ?? 0
      const two = perSecond.get(`${name}|2`) ?? 0
      entries.push(entry({ group: 'postgres', name: `postgres / ${name} / 2 processes ÷ 1`, project: two, baseline: one, baselineName: '1 process', unit: 'req/s' }))
    }
    entries.push(await answerWhileStopped(url, cluster))
    return entries
  } finally {
    await bare.stop()
    cluster.stop()
  }
}
