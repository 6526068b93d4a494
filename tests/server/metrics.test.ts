import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createApp, keptAnswers } from '../../server/app.ts'
import { jobs, mailOutbox } from '../../server/db/schema.ts'
import { keptReadsFirst } from '../../server/kept-reads-first.ts'
import { TRUST_NO_PROXY } from '../../server/trusted-proxies.ts'
import { networkAddress } from '../support/server-process.ts'
import { getAlone } from './support/get-alone.ts'
import { sample } from './support/metrics-text.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'
import { until } from './support/until.ts'

/**
 * GET /api/metrics: what a Prometheus scraper reads, and who may read it. The app is also served on a real socket
 * (every interface) as index.ts serves it, kept public reads answered first, so requests arrive from loopback and from
 * this machine's network address as a scraper's would. (Several processes' metrics: web-concurrency.postgres.test.ts.)
 */
const TOKEN = 'metrics-token-for-the-test-0123456789abcdef'
let t: TestApp
let server: Server
let port = 0

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } })
  const kept = keptAnswers(t.deps)
  const app = createApp(t.deps, { kept })
  server = createServer(keptReadsFirst(kept.publicReads, t.deps.config, t.deps.logger, t.deps.metrics, getRequestListener(app.fetch)))
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)))
  await t?.close()
})


async function scrape(): Promise<string> {
  const answer = await t.request('GET', '/api/metrics', { token: TOKEN })
  expect(answer.status).toBe(200)
  return answer.text
}

describe('the metrics', () => {
  test('count requests by contract operation and status, with latency buckets, as Prometheus text that no one keeps', async () => {
    expect((await t.request('GET', '/api/health/live')).status).toBe(200)
    expect((await t.request('GET', '/api/health/live')).status).toBe(200)
    expect((await t.request('GET', '/api/auth/me')).status).toBe(401)
    expect((await t.request('GET', '/api/no/such/thing')).status).toBe(404)

    const answer = await t.request('GET', '/api/metrics', { token: TOKEN })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8')
    expect(answer.headers.get('cache-control')).toBe('no-store')
    const text = answer.text
    expect(sample(text, 'tec_http_requests_total', { operation: 'getLiveness', status: '200' })).toBe(2)
    expect(sample(text, 'tec_http_requests_total', { operation: 'getMe', status: '401' })).toBe(1)
    // Never the raw path: an address nobody described is counted under one name.
    expect(sample(text, 'tec_http_requests_total', { operation: 'unknown', status: '404' })).toBe(1)
    expect(text).not.toContain('/api/no/such/thing')
    expect(sample(text, 'tec_http_request_duration_seconds_count', { operation: 'getLiveness' })).toBe(2)
    expect(sample(text, 'tec_http_request_duration_seconds_bucket', { operation: 'getLiveness', le: '10' })).toBe(2)
    expect(sample(text, 'tec_http_request_duration_seconds_bucket', { operation: 'getLiveness', le: '+Inf' })).toBe(2)
    // Node's own process metrics and the database pool come with them.
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0)
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0)
    expect(sample(text, 'tec_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1)
    expect(sample(text, 'tec_work_queue_waiting', { queue: 'password hashing' })).toBe(0)

    // The scrape itself is counted like any request (the next scrape sees it), and is never kept.
    expect(sample(await scrape(), 'tec_http_requests_total', { operation: 'getMetrics', status: '200' })).toBe(1)
  })

  test('count answers found kept in memory and those read from the database', async () => {
    const count = (text: string, result: string) => sample(text, 'tec_kept_lookups_total', { store: 'public_read', result }) ?? 0
    const before = await scrape()
    // Nothing is kept until the change feed listens (the app has just started): read until an answer comes from memory.
    const after = await until(
      async () => {
        expect((await t.request('GET', '/api/courses')).status).toBe(200)
        return scrape()
      },
      (text) => count(text, 'hit') > count(before, 'hit'),
    )
    expect(count(after, 'hit') - count(before, 'hit')).toBe(1)
    expect(count(after, 'miss') - count(before, 'miss')).toBeGreaterThanOrEqual(1)
  })

  test('count the kept public reads answered before the framework, under their operation', async () => {
    const served = (text: string) => sample(text, 'tec_http_requests_total', { operation: 'getSiteSettings', status: '200' }) ?? 0
    const hits = (text: string) => sample(text, 'tec_kept_lookups_total', { store: 'public_read', result: 'hit' }) ?? 0
    const before = await scrape()
    let asked = 0
    // Over the socket, where the server answers what it keeps before the framework sees the request.
    const after = await until(
      async () => {
        asked += 1
        expect((await getAlone(`http://127.0.0.1:${port}/api/site-settings`)).status).toBe(200)
        return scrape()
      },
      (text) => hits(text) > hits(before),
    )
    expect(served(after) - served(before)).toBe(asked)
  })

  test('show mail waiting and failed, read from the outbox at each scrape', async () => {
    const before = await scrape()
    await t.database.db.insert(mailOutbox).values([
      { to: 'a@tec.test', subject: 'Failed', text: 'x', status: 'failed', attempts: 12, lastError: 'refused' },
      { to: 'b@tec.test', subject: 'Waiting', text: 'x', status: 'pending' },
      { to: 'c@tec.test', subject: 'Sent', text: 'x', status: 'sent', sentAt: new Date() },
    ])
    const after = await scrape()
    expect((sample(after, 'tec_mail_failed') ?? 0) - (sample(before, 'tec_mail_failed') ?? 0)).toBe(1)
    expect((sample(after, 'tec_mail_waiting') ?? 0) - (sample(before, 'tec_mail_waiting') ?? 0)).toBe(1)
  })

  test('show how long the oldest due job has waited', async () => {
    // A kind no process runs, so it stays due; set 90 seconds back on the database's own clock.
    const [row] = await t.database.db
      .insert(jobs)
      .values({ kind: 'metrics-test-never-run', runAt: new Date(Date.now() - 90_000) })
      .returning()
    const lag = sample(await scrape(), 'tec_job_lag_seconds') ?? 0
    expect(lag).toBeGreaterThanOrEqual(89)
    expect(lag).toBeLessThan(600)
    // Not yet due: no lag at all.
    await t.database.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() + 3_600_000) })
      .where(eq(jobs.id, row?.id ?? ''))
    expect(sample(await scrape(), 'tec_job_lag_seconds')).toBe(0)
  })

  test('count jobs given up and schedules whose last run failed', async () => {
    const before = await scrape()
    await t.database.db.insert(jobs).values([
      { kind: 'metrics-test-given-up', state: 'failed', lastError: 'no' },
      { kind: 'metrics-test-schedule', key: 'metrics-test-schedule', runAt: new Date(Date.now() + 3_600_000), lastError: 'the disk is full' },
    ])
    const after = await scrape()
    expect((sample(after, 'tec_jobs_failed') ?? 0) - (sample(before, 'tec_jobs_failed') ?? 0)).toBe(1)
    expect((sample(after, 'tec_schedules_failing') ?? 0) - (sample(before, 'tec_schedules_failing') ?? 0)).toBe(1)
  })

  test('answer only the token or this machine; anyone else gets the 404 of an unknown endpoint', async () => {
    const unknown = await t.request('GET', '/api/no/such/endpoint')
    // In process, a request has no socket: like any request from the network, it needs the token.
    const stranger = await t.request('GET', '/api/metrics')
    expect(stranger.status).toBe(404)
    expect(stranger.body).toEqual(unknown.body)
    const wrong = await t.request('GET', '/api/metrics', { token: `${TOKEN.slice(0, -1)}x` })
    expect(wrong.status).toBe(404)
    expect(wrong.body).toEqual(unknown.body)
    // A session token is not the metrics token, whoever it belongs to.
    await t.createUser({ email: 'metrics-admin@tec.test', role: 'ADMIN' })
    expect((await t.request('GET', '/api/metrics', { token: await t.login('metrics-admin@tec.test') })).status).toBe(404)

    // Over a real socket, from another address: only with the token.
    const remote = `http://${networkAddress()}:${port}/api/metrics`
    expect((await fetch(remote)).status).toBe(404)
    expect((await fetch(remote, { headers: { authorization: 'Bearer wrong-token-wrong-token-wrong-token' } })).status).toBe(404)
    expect((await fetch(remote, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200)
  })

  test('answer loopback without the token only when no proxy is trusted: a proxy on this machine may add no header at all', async () => {
    // This app trusts a proxy (TRUST_PROXY=true): whatever a proxy on this machine passes on comes from loopback, with
    // or without a forwarding header, so loopback alone proves nothing.
    expect(t.deps.config.trustProxy.kind).not.toBe('none')
    expect((await fetch(`http://127.0.0.1:${port}/api/metrics`)).status).toBe(404)
    expect((await fetch(`http://127.0.0.1:${port}/api/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200)

    // A server trusting no proxy: a local scraper reads them over loopback without a token...
    const listener = getRequestListener(createApp({ ...t.deps, config: { ...t.deps.config, trustProxy: TRUST_NO_PROXY } }).fetch)
    const direct = createServer((request, response) => void listener(request, response))
    await new Promise<void>((resolve) => direct.listen(0, '0.0.0.0', resolve))
    try {
      const directPort = (direct.address() as AddressInfo).port
      const local = await fetch(`http://127.0.0.1:${directPort}/api/metrics`)
      expect(local.status).toBe(200)
      expect(await local.text()).toContain('tec_http_requests_total')
      // ...but not when something passed the request on (every visitor's socket looks local then), nor from another address.
      expect((await fetch(`http://127.0.0.1:${directPort}/api/metrics`, { headers: { 'x-forwarded-for': '198.51.100.7' } })).status).toBe(404)
      expect((await fetch(`http://${networkAddress()}:${directPort}/api/metrics`)).status).toBe(404)
    } finally {
      await new Promise((resolve) => direct.close(resolve))
    }
  })
})
