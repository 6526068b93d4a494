import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServerProcess } from '../support/server-process.ts'
import { openSocket } from './support/raw-socket.ts'
import { startServer } from './support/server.ts'
import { testDatabaseForProcess } from './support/test-app.ts'

/**
 * Client faults are not database outages: a client that drops its connection is a debug line, on the embedded
 * database and on PostgreSQL. A real server process on loopback, reached through a raw socket, as a misbehaving
 * client would. (Slow clients: slow-clients.test.ts.)
 */
let server: ServerProcess
let port: number

beforeAll(async () => {
  const target = await testDatabaseForProcess()
  server = await startServer({ ...target.env, LOG_LEVEL: 'debug' })
  port = Number(new URL(server.baseUrl).port)
})
afterAll(async () => server?.stop())

describe('client faults', () => {
  it('a client that drops its connection mid-request is logged at debug level, not as a database outage', async () => {
    const socket = await openSocket(port)
    socket.write('POST /api/contact-messages HTTP/1.1\r\nHost: tec.test\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name":"Sam')
    const lines = () =>
      server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { level: number; msg: string; method?: string })
    // Wait until the server is reading the request (its debug line says so), then vanish.
    await expect.poll(() => lines().some((line) => line.msg === 'request started' && line.method === 'POST'), { timeout: 5000 }).toBe(true)
    socket.destroy()
    await expect.poll(() => lines().some((line) => line.msg === 'the client closed the connection'), { timeout: 5000 }).toBe(true)
    const logged = lines().find((line) => line.msg === 'the client closed the connection')
    expect(logged?.level).toBe(20) // pino's debug
    expect(lines().filter((line) => line.level >= 50)).toEqual([])
    expect(lines().some((line) => line.msg === 'database unavailable')).toBe(false)
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200)
  })
})
