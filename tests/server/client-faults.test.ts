import { connect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HTTP_TIMEOUTS } from '../../server/http-timeouts.ts'
import { startServerProcess, type ServerProcess } from '../support/server-process.ts'
import { noDatabase, testDatabaseForProcess } from './support/test-app.ts'

/**
 * Client faults are not database outages: a client that drops its connection is a debug line, and slow headers
 * and slow bodies (slowloris) are cut off by the server's timeouts. A real server process on loopback, reached
 * through raw sockets, as a misbehaving client would.
 */
let server: ServerProcess
let port: number

beforeAll(async () => {
  if (noDatabase) return
  const target = await testDatabaseForProcess()
  server = await startServerProcess({ ...target.env, LOG_LEVEL: 'debug' })
  port = Number(new URL(server.baseUrl).port)
})
afterAll(async () => server?.stop())

async function open(): Promise<Socket> {
  const socket = connect(port, '127.0.0.1')
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject))
  return socket
}

/** Resolves when the server closes the socket, with what it answered and how long after `started`. */
function closedByServer(socket: Socket, started: number): Promise<{ answer: string; afterMs: number }> {
  let answer = ''
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()))
  return new Promise((resolve) => socket.once('close', () => resolve({ answer, afterMs: performance.now() - started })))
}

/** Writes one byte every `everyMs` until the socket closes: a client too slow to finish. */
function trickle(socket: Socket, everyMs: number): void {
  const timer = setInterval(() => {
    if (socket.destroyed) clearInterval(timer)
    else socket.write('x')
  }, everyMs)
  socket.once('close', () => clearInterval(timer))
}

describe.skipIf(noDatabase)('client faults', () => {
  it('a client that drops its connection mid-request is logged at debug level, not as a database outage', async () => {
    const socket = await open()
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

  it('cuts off slow headers and slow bodies with 408 and closes the connection, and keeps serving others', async () => {
    const started = performance.now()
    const slowHeaders = await open()
    const headersClosed = closedByServer(slowHeaders, started)
    slowHeaders.write('GET /api/health HTTP/1.1\r\nHost: tec.test\r\nX-Slow: ')
    trickle(slowHeaders, 500)

    const slowBody = await open()
    const bodyClosed = closedByServer(slowBody, started)
    slowBody.write('POST /api/contact-messages HTTP/1.1\r\nHost: tec.test\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n{')
    trickle(slowBody, 500)

    const headers = await headersClosed
    expect(headers.answer).toMatch(/^HTTP\/1\.1 408 /)
    expect(headers.afterMs).toBeGreaterThanOrEqual(HTTP_TIMEOUTS.headersTimeout - 500)
    expect(headers.afterMs).toBeLessThan(HTTP_TIMEOUTS.headersTimeout + 5_000)
    // Meanwhile everyone else is served.
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200)

    const body = await bodyClosed
    expect(body.answer).toMatch(/^HTTP\/1\.1 408 /)
    expect(body.afterMs).toBeGreaterThanOrEqual(HTTP_TIMEOUTS.requestTimeout - 500)
    expect(body.afterMs).toBeLessThan(HTTP_TIMEOUTS.requestTimeout + 5_000)
    console.info(`slow headers cut after ${(headers.afterMs / 1000).toFixed(1)} s, slow body after ${(body.afterMs / 1000).toFixed(1)} s`)
  }, 60_000)
})
