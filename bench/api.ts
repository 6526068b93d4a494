// API: requests per second and p50/p99 latency at 50 connections over loopback HTTP, the server in its own
// process on one core and autocannon (bench/load.ts) on the other; sign-ins per second beside the raw argon2id
// rate on the server's core. Median of RUNS runs each.
import { CAN_PIN, CONNECTIONS, entry, LOAD_CPU, median, nodeCommand, REPO, SERVER_SCRIPT, RUNS, runToEnd, SECONDS, SERVER_CPU, startProcess, signIn, type Entry } from './lib.ts'

export const BENCH_ACCOUNTS = Array.from({ length: CONNECTIONS }, (_, n) => `bench${n}@tec.test`)
export const BENCH_PASSWORD = 'Bench-Marking-Password-1'

interface Load {
  perSecond: number
  p50ms: number
  p99ms: number
  ok: number
  non2xx?: number
  errors?: number
  timeouts?: number
}

export async function runLoad(load: { url: string; headers?: Record<string, string>; login?: { emails: string[]; pass: string } }, seconds = SECONDS): Promise<Load> {
  const [command, args] = nodeCommand(`${REPO}bench/load.ts`, LOAD_CPU)
  const out = await runToEnd(command, args, { ...process.env, BENCH_LOAD: JSON.stringify({ ...load, connections: CONNECTIONS, seconds }) })
  return JSON.parse(out.trim().split('\n').pop()!) as Load
}

async function argon2Rate(): Promise<Load> {
  const [command, args] = nodeCommand(`${REPO}bench/argon2-rate.ts`, SERVER_CPU)
  const out = await runToEnd(command, args, { ...process.env, BENCH_SECONDS: String(SECONDS), BENCH_CONNECTIONS: String(CONNECTIONS) })
  return JSON.parse(out.trim().split('\n').pop()!) as Load
}

const summary = (runs: Load[]) => ({
  perSecond: median(runs.map((r) => r.perSecond)),
  p50ms: median(runs.map((r) => r.p50ms)),
  p99ms: median(runs.map((r) => r.p99ms)),
  failed: runs.reduce((sum, r) => sum + (r.non2xx ?? 0) + (r.errors ?? 0) + (r.timeouts ?? 0), 0),
})

/** `dataDir`: a seeded embedded database with the BENCH_ACCOUNTS in it (bench/run.ts makes it). */
/** The size of each case's answer, so its baseline answers a list of the same size. */
async function answerBytes(c: Case): Promise<number> {
  const answer = await fetch(c.url, { headers: c.headers ?? {} })
  if (answer.status !== 200) throw new Error(`${c.name} answered ${answer.status}: ${await answer.text()}`)
  return (await answer.arrayBuffer()).byteLength
}

export interface Case {
  name: string
  what: string
  url: string
  headers?: Record<string, string>
}

/**
 * Each case under load beside the bare Hono endpoint answering a JSON list of the same size (bench/baseline-server.ts),
 * RUNS times in turn after an unmeasured warm-up; answers req/s, p50 and p99 entries with their ratios.
 */
export async function compareCases(group: Entry['group'], label: string, cases: Case[], bareUrl: string): Promise<Entry[]> {
  const sized = await Promise.all(cases.map(async (c) => ({ ...c, baseline: `${bareUrl}/api/json/${await answerBytes(c)}` })))
  // Warm-up: JIT, connection pools, caches; not measured.
  const warm = Math.min(2, SECONDS)
  for (const c of sized) {
    await runLoad({ url: c.baseline }, warm)
    await runLoad(c, warm)
  }
  const runs = new Map<string, { ours: Load[]; bare: Load[] }>(cases.map((c) => [c.name, { ours: [], bare: [] }]))
  for (let run = 0; run < RUNS; run++) {
    for (const c of sized) {
      runs.get(c.name)!.bare.push(await runLoad({ url: c.baseline }))
      runs.get(c.name)!.ours.push(await runLoad(c))
    }
  }
  const entries: Entry[] = []
  for (const c of sized) {
    const measured = runs.get(c.name)!
    const ours = summary(measured.ours)
    const base = summary(measured.bare)
    const baselineName = `bare Hono JSON, same size (${c.baseline.split('/').pop()} B)`
    if (ours.failed > 0) console.warn(`  ${c.name}: ${ours.failed} failed requests (non-2xx, errors, timeouts) over all runs`)
    const details = { what: c.what, project: ours, baseline: base, runs: measured.ours, baselineRuns: measured.bare }
    entries.push(entry({ group, name: `${group} / ${c.name}${label} / req/s`, project: ours.perSecond, baseline: base.perSecond, baselineName, unit: 'req/s', details }))
    entries.push(entry({ group, name: `${group} / ${c.name}${label} / p50`, project: ours.p50ms, baseline: base.p50ms, baselineName, unit: 'ms' }))
    entries.push(entry({ group, name: `${group} / ${c.name}${label} / p99`, project: ours.p99ms, baseline: base.p99ms, baselineName, unit: 'ms' }))
  }
  return entries
}

export async function benchApi(dataDir: string): Promise<Entry[]> {
  console.log(`\nAPI: ${CONNECTIONS} connections over loopback, ${SECONDS} s a run, median of ${RUNS} run(s)${CAN_PIN ? `, server on CPU ${SERVER_CPU} and load on CPU ${LOAD_CPU} (taskset)` : ', not pinned (no taskset)'}`)
  const project = await startProcess(SERVER_SCRIPT, { DATA_DIR: dataDir, TRUST_PROXY: 'true' }, { cpu: SERVER_CPU })
  const bare = await startProcess(`${REPO}bench/baseline-server.ts`, {}, { cpu: SERVER_CPU })
  try {
    const { token } = await signIn(project.baseUrl, { 'x-forwarded-for': '192.0.2.1' })
    const bearer = { authorization: `Bearer ${token}` }
    const posts = (await (await fetch(`${project.baseUrl}/api/blog-posts`)).json()) as { items: { id: string }[] }
    const post = posts.items[0]?.id ?? 'none'
    const cases: Case[] = [
      { name: 'GET /api/courses', what: 'public list', url: `${project.baseUrl}/api/courses` },
      { name: 'GET /api/courses/{courseId}', what: 'public record', url: `${project.baseUrl}/api/courses/gcse-maths-revision` },
      { name: 'GET /api/blog-posts', what: 'public list', url: `${project.baseUrl}/api/blog-posts` },
      { name: 'GET /api/blog-posts/{postId}', what: 'public record', url: `${project.baseUrl}/api/blog-posts/${post}` },
      { name: 'GET /api/gallery', what: 'public list', url: `${project.baseUrl}/api/gallery` },
      { name: 'GET /api/site-settings', what: 'public record', url: `${project.baseUrl}/api/site-settings` },
      { name: 'GET /api/admin/registrations', what: 'admin list', url: `${project.baseUrl}/api/admin/registrations`, headers: bearer },
      { name: 'GET /api/admin/students', what: 'admin list', url: `${project.baseUrl}/api/admin/students`, headers: bearer },
      { name: 'GET /api/auth/me', what: 'session', url: `${project.baseUrl}/api/auth/me`, headers: bearer },
    ]
    const entries = await compareCases('api', '', cases, bare.baseUrl)

    const loginRuns: Load[] = []
    const hashRuns: Load[] = []
    const login = { url: `${project.baseUrl}/api/auth/login`, login: { emails: BENCH_ACCOUNTS, pass: BENCH_PASSWORD } }
    for (let run = 0; run < RUNS; run++) {
      hashRuns.push(await argon2Rate())
      loginRuns.push(await runLoad(login))
    }
    const ours = summary(loginRuns)
    const hash = summary(hashRuns)
    if (ours.failed > 0) console.warn(`  POST /api/auth/login: ${ours.failed} failed requests over all runs`)
    entries.push(
      entry({
        group: 'api',
        name: 'api / POST /api/auth/login / sign-ins/s',
        project: ours.perSecond,
        baseline: hash.perSecond,
        baselineName: 'argon2id verify alone',
        unit: '/s',
        details: { project: ours, baseline: hash, runs: loginRuns, baselineRuns: hashRuns },
      }),
    )
    return entries
  } finally {
    await project.stop()
    await bare.stop()
  }
}
