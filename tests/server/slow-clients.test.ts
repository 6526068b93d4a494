import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HTTP_TIMEOUTS } from '../../server/http-timeouts.ts'
import { startServerProcess, type ServerProcess } from '../support/server-process.ts'
import { closedByServer, openSocket, trickle } from './support/raw-socket.ts'
import { noDatabase, testDatabaseForProcess } from './support/test-app.ts'

/**
 * Slow headers and slow bodies (slowloris) are cut off by the server's timeouts, while everyone else is served. A
 * real server process on loopback, reached through raw sockets, as a misbehaving client would. The timeouts belong
 * to the HTTP layer and the test waits them out (half a minute), so it runs in the embedded-database project only
 * (vite.config.ts, DATABASE_INDEPENDENT).
 */
let server: ServerProcess
let port: number

beforeAll(async () => {
  if (noDatabase) return
  const target = await testDatabaseForProcess()
  server = await startServerProcess({ ...target.env })
  port = Number(new URL(server.baseUrl).port)
})
afterAll(async () => server?.stop())

describe.skipIf(noDatabase)('slow clients', () => {
  it('cuts off slow headers and slow bodies with 408 and closes the connection, and keeps serving others', async () => {
    const started = performance.now()
    const slowHeaders = await openSocket(port)
    const headersClosed = closedByServer(slowHeaders, started)
    slowHeaders.write('GET /api/health HTTP/1.1\r\nHost: tec.test\r\nX-Slow: ')
    trickle(slowHeaders, 500)

    const slowBody = await openSocket(port)
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
