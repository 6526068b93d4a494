// The load generator, run as its own process (pinned away from the server by bench/api.ts): autocannon with
// the case in BENCH_LOAD (JSON); prints one JSON line of figures.
import autocannon, { type Request } from 'autocannon'

interface LoadCase {
  url: string
  method?: string
  headers?: Record<string, string>
  /** Sign-ins: each connection signs in as its own account, from a new client address each time (TRUST_PROXY). */
  login?: { emails: string[]; pass: string }
  connections: number
  seconds: number
}

const load = JSON.parse(process.env.BENCH_LOAD ?? '{}') as LoadCase
let nextAccount = 0
let nextAddress = 0

const requests: Request[] | undefined = load.login && [
  {
    method: 'POST',
    setupRequest: (request, context) => {
      const login = load.login!
      // One account per connection, so the per-account limit (10 per 15 min, cleared by a success) never bites.
      context.account ??= login.emails[nextAccount++ % login.emails.length]
      const address = nextAddress++
      return {
        ...request,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}` },
        body: JSON.stringify({ email: context.account, pass: login.pass }),
      }
    },
  },
]

const result = await autocannon({
  url: load.url,
  connections: load.connections,
  duration: load.seconds,
  method: load.method ?? 'GET',
  headers: load.headers ?? {},
  timeout: 30,
  ...(requests ? { requests } : {}),
})
process.stdout.write(
  `${JSON.stringify({
    perSecond: Math.round(result['2xx'] / result.duration),
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  })}\n`,
)
