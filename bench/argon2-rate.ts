// The raw argon2id rate, as its own process pinned to the server's core (bench/api.ts): the project's own
// verifyPassword (same parameters as sign-in) from BENCH_CONNECTIONS concurrent loops for BENCH_SECONDS;
// prints one JSON line.
import { hashPassword, verifyPassword } from '../server/auth/passwords.ts'
import { passwordHashing } from '../server/auth/work-queue.ts'

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
// As many loops as the server's hashing queue takes at once (running and waiting); more would be refused as busy.
const loops = Math.min(Number(process.env.BENCH_CONNECTIONS ?? 50), passwordHashing.concurrency + passwordHashing.waiting)
const password = 'Bench-Marking-Password-1'
const hash = await hashPassword(password)
const latencies: number[] = []
const deadline = performance.now() + seconds * 1000
await Promise.all(
  Array.from({ length: loops }, async () => {
    while (performance.now() < deadline) {
      const started = performance.now()
      if (!(await verifyPassword(hash, password))) throw new Error('verifyPassword refused the right password')
      latencies.push(performance.now() - started)
    }
  }),
)
latencies.sort((a, b) => a - b)
const at = (q: number) => +(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0).toFixed(1)
process.stdout.write(`${JSON.stringify({ perSecond: Math.round(latencies.length / seconds), p50ms: at(0.5), p99ms: at(0.99), ok: latencies.length })}\n`)
