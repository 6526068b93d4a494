import type { ServerProcess } from '../../support/server-process.ts'
import { subjectEnrolment } from './registration-bodies.ts'

let counter = 0
/** A new visitor's address each time, so no per-address throttle answers instead of the server. */
export const nextIp = () => {
  counter += 1
  return `100.96.${(counter >> 8) & 255}.${counter & 255}`
}

/** A JSON POST to a server process's API, from a new address unless `headers` names one. */
export async function post(server: ServerProcess, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.baseUrl}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp(), ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  })
}

/** Sends enrolments from `workers` loops until `stop()` says so; answers the references the server acknowledged. */
export function writeLoad(server: ServerProcess, workers: number) {
  const acknowledged: string[] = []
  let running = true
  let sent = 0
  const loops = Array.from({ length: workers }, async () => {
    while (running) {
      sent += 1
      try {
        const n = 100_000 + counter * 7 + sent
        const answer = await post(server, '/enrolments/subject', subjectEnrolment(n, { contact: { ...subjectEnrolment(n).contact, email: `load.${n}@crash.example` } }))
        if (answer.status === 201) acknowledged.push(((await answer.json()) as { reference: string }).reference)
      } catch {
        // The connection died with the server: this write was never acknowledged.
      }
    }
  })
  return {
    acknowledged,
    stop: async () => {
      running = false
      await Promise.all(loops)
    },
  }
}
