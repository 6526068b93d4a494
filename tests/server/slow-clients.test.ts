import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { httpServerOptions } from '../../server/http-timeouts.ts'
import type { ServerProcess } from '../support/server-process.ts'
import { closedByServer, openSocket, trickle } from './support/raw-socket.ts'
import { startServer } from './support/server.ts'
import { testDatabaseForProcess } from './support/test-app.ts'

/**
 * Slow headers and slow bodies (slowloris) are cut off by the server's timeouts, while everyone else is served. A
 * real server process on loopback, reached through raw sockets, as a misbehaving client would. The server is started
 * with short timeouts (the settings HEADERS_TIMEOUT_MS and REQUEST_TIMEOUT_MS) so the test waits seconds rather than
 * the default half minute; the headers' limit is four seconds apart from the whole request's (Node checks them once a
 * second, later on a busy machine), so each cut is told apart. The timeouts belong to the HTTP layer, so it runs in
 * the embedded-database project only (vite.config.ts).
 */
const TIMEOUTS = httpServerOptions({ keepAliveTimeout: 5_000, headersTimeout: 1_000, requestTimeout: 5_000 })
let server: ServerProcess
let port: number

beforeAll(async () => {
  const target = await testDatabaseForProcess()
  server = await startServer({ ...target.env, HEADERS_TIMEOUT_MS: String(TIMEOUTS.headersTimeout), REQUEST_TIMEOUT_MS: String(TIMEOUTS.requestTimeout) })
  port = Number(new URL(server.baseUrl).port)
})
afterAll(async () => server?.stop())

describe('slow clients', () => {
  it('cuts off slow headers and slow bodies with 408 and closes the connection, and keeps serving others', async () => {
    const started = performance.now()
    const slowHeaders = await openSocket(port)
    const headersClosed = closedByServer(slowHeaders, started)
    slowHeaders.write('GET /api/health HTTP/1.1\r\nHost: tec.test\r\nX-Slow: ')
    trickle(slowHeaders, 200)

    const slowBody = await openSocket(port)
    const bodyClosed = closedByServer(slowBody, started)
    slowBody.write('POST /api/contact-messages HTTP/1.1\r\nHost: tec.test\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n{')
    trickle(slowBody, 200)

    const headers = await headersClosed
    expect(headers.answer).toMatch(/^HTTP\/1\.1 408 /)
    // Node checks the limits once a second (connectionsCheckingInterval), so a cut may come up to a second late.
    expect(headers.afterMs).toBeGreaterThanOrEqual(TIMEOUTS.headersTimeout - 200)
    expect(headers.afterMs).toBeLessThan(TIMEOUTS.requestTimeout - 200)
    // Meanwhile everyone else is served.
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200)

    const body = await bodyClosed
    expect(body.answer).toMatch(/^HTTP\/1\.1 408 /)
    expect(body.afterMs).toBeGreaterThanOrEqual(TIMEOUTS.requestTimeout - 200)
    expect(body.afterMs).toBeLessThan(TIMEOUTS.requestTimeout + 5_000)
    console.info(`slow headers cut after ${(headers.afterMs / 1000).toFixed(1)} s, slow body after ${(body.afterMs / 1000).toFixed(1)} s`)
  }, 30_000)
})
