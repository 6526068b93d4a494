// Account enumeration by timing: sign-in with a wrong password for a known email beside an unknown email, and
// forget-password for a known email beside an unknown one (and the request straight after each, which the mail work for
// a known email must not slow). The tests (tests/server/brute-force.test.ts) count the work the server does for each,
// which holds on a busy machine; the times themselves are figures, printed beside each other here, never pass or fail.
import { BENCH_ACCOUNTS } from './api.ts'
import { CAN_PIN, entry, median, SERVER_CPU, SERVER_SCRIPT, startProcess, type Entry } from './lib.ts'

const TRIES = Number(process.env.ENUMERATION_TRIES ?? 200)

/** Times each request, known and unknown interleaved so the machine's load falls on both alike. */
async function compare(
  send: (email: string, ip: string) => Promise<Response>,
  followUp?: (ip: string) => Promise<Response>,
): Promise<{ known: number; unknown: number; next: { known: number; unknown: number } }> {
  const times = { known: [] as number[], unknown: [] as number[] }
  const next = { known: [] as number[], unknown: [] as number[] }
  for (let i = 0; i < TRIES; i++) {
    for (const kind of i % 2 === 0 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const)) {
      // Spread over the accounts so no per-account throttle answers instead; each try from its own address.
      const email = kind === 'known' ? BENCH_ACCOUNTS[i % BENCH_ACCOUNTS.length]! : `nobody-${i}@tec.test`
      const ip = `${kind === 'known' ? 1 : 2}.${(i >> 8) & 255}.${i & 255}`
      const started = performance.now()
      await (await send(email, ip)).arrayBuffer()
      times[kind].push(performance.now() - started)
      if (followUp) {
        const followed = performance.now()
        await (await followUp(ip)).arrayBuffer()
        next[kind].push(performance.now() - followed)
      }
    }
  }
  return { known: median(times.known), unknown: median(times.unknown), next: { known: median(next.known), unknown: median(next.unknown) } }
}

/** `dataDir`: a seeded embedded database with the BENCH_ACCOUNTS in it (bench/run.ts makes it). */
export async function benchEnumeration(dataDir: string): Promise<Entry[]> {
  console.log(`\nAccount enumeration: median times over ${TRIES} tries, a known email beside an unknown one`)
  const server = await startProcess(SERVER_SCRIPT, { DATA_DIR: dataDir, TRUST_PROXY: 'true' }, CAN_PIN ? { cpu: SERVER_CPU } : {})
  const post = (path: string, body: unknown, ip: string) =>
    fetch(`${server.baseUrl}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': ip }, body: JSON.stringify(body) })
  try {
    const login = await compare((email, ip) => post('/auth/login', { email, pass: 'Wrong-Guess-123' }, `10.1.${ip}`))
    const forget = await compare(
      (email, ip) => post('/auth/forget-password', { email }, `10.2.${ip}`),
      (ip) => post('/auth/forget-password', { email: `bystander-${ip}@elsewhere.test` }, `10.3.${ip}`),
    )
    const unit = 'ms'
    return [
      entry({ group: 'enumeration', name: 'enumeration / login, wrong password, known email / median', project: login.known, baseline: login.unknown, baselineName: 'unknown email', unit }),
      entry({ group: 'enumeration', name: 'enumeration / forget-password, known email / median', project: forget.known, baseline: forget.unknown, baselineName: 'unknown email', unit }),
      entry({ group: 'enumeration', name: 'enumeration / the request after a known email / median', project: forget.next.known, baseline: forget.next.unknown, baselineName: 'after an unknown email', unit }),
    ]
  } finally {
    await server.stop()
  }
}
