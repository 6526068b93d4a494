// More cores, more throughput: the API on PostgreSQL (a throwaway cluster from the machine's own binaries) with one
// API process and with two (WEB_CONCURRENCY), on public reads and /api/auth/me. Each figure beside the bare Hono
// endpoint answering the same size, and the two-process figure beside the one-process one. On a 2-core machine
// the API processes share the cores with PostgreSQL and the load generator, so neither run is pinned.
import { loadConfig } from '../server/config.ts'
import { writeDemoData } from '../server/demo/seed.ts'
import { openMigratedDatabase } from '../server/startup.ts'
import { adminQuery, findPostgresBin, startPostgresCluster } from '../tests/server/support/postgres-cluster.ts'
import { compareCases, type Case } from './api.ts'
import { entry, REPO, SERVER_SCRIPT, signIn, startProcess, type Entry } from './lib.ts'

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
    return entries
  } finally {
    await bare.stop()
    cluster.stop()
  }
}
