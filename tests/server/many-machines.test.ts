import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { getRequestListener } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createApp } from '../../server/app.ts'
import { loadConfig } from '../../server/config.ts'
import { runCommand, type CommandRun } from '../support/command.ts'
import { adminQuery } from './support/postgres-cluster.ts'
import { startServer } from './support/server.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'

/**
 * Several machines behind proxies (issue 27, point 5): visitors told apart through a CDN and a load balancer, migrating
 * as a step of its own, and timeouts longer than a balancer's. (What needs one PostgreSQL shared by the machines: pools,
 * migrations that wait, processes that see each other's changes, in many-machines.postgres.test.ts.)
 */
const target = inject('testDatabase')

let t: TestApp
beforeAll(async () => {
  // A CDN, then a load balancer: two proxies in a row.
  t = await createTestApp({ env: { TRUST_PROXY: '2' } })
})
afterAll(async () => t?.close())

let sequence = 0
/** A valid contact message of its own, so only the per-address limit (5 an hour) can refuse it. */
function message() {
  sequence += 1
  return { name: 'Sam Rivers', email: `proxied.${sequence}@example.org`, subject: 'Tutoring', message: `Hello, could someone call me about maths (${sequence})?` }
}

describe('visitors behind proxies', () => {
  it('with TRUST_PROXY=2, two visitors behind the same CDN and load balancer have limits of their own, and a made-up first hop escapes none', async () => {
    const cdn = '203.0.113.10'
    const send = (forwardedFor: string) => t.request('POST', '/api/contact-messages', { ip: forwardedFor, body: message() })
    for (let n = 0; n < 5; n++) expect((await send(`198.51.100.7, ${cdn}`)).status).toBe(202)
    expect((await send(`198.51.100.7, ${cdn}`)).status).toBe(429)
    // What the visitor sent before our proxies added theirs changes nothing.
    expect((await send(`192.0.2.99, 198.51.100.7, ${cdn}`)).status).toBe(429)
    expect((await send(`unknown, 198.51.100.7, ${cdn}`)).status).toBe(429)
    // Another visitor through the same proxies is someone else.
    expect((await send(`198.51.100.8, ${cdn}`)).status).toBe(202)
  })

  it('with TRUST_PROXY=2, a request that skipped the CDN cannot pass off a made-up entry that is no address as its own, to rotate its way past the limits', async () => {
    // Only the load balancer added an entry (the sender's real address); the entry the CDN would have written is the
    // sender's own words, a new one each time.
    const send = (madeUp: string) => t.request('POST', '/api/contact-messages', { ip: `${madeUp}, 198.51.100.40`, body: message() })
    for (let n = 0; n < 5; n++) expect((await send(`visitor-${n}`)).status).toBe(202)
    expect((await send('visitor-5')).status).toBe(429)
    expect((await send('[not-an-address]:80')).status).toBe(429)
    expect((await send('')).status).toBe(429)
  })

  it('with a list of the proxies\' addresses, walks X-Forwarded-For from a trusted peer to the first address that is not a proxy, and believes nothing from any other peer', async () => {
    const servers: Server[] = []
    /** The same app over a real socket (the peer is 127.0.0.1), trusting the proxies at `ranges`. */
    const serve = async (ranges: string): Promise<string> => {
      const app = createApp({ ...t.deps, config: { ...t.deps.config, trustProxy: loadConfig({ TRUST_PROXY: ranges }).trustProxy } })
      const listener = getRequestListener(app.fetch)
      const server = createServer((request, response) => void listener(request, response))
      servers.push(server)
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      const address = server.address()
      return `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`
    }
    try {
      const trusted = await serve('127.0.0.1, 10.0.0.0/8, 2001:db8::/32')
      const send = (forwardedFor: string, headers: Record<string, string> = {}) =>
        fetch(`${trusted}/api/contact-messages`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor, ...headers }, body: JSON.stringify(message()) })
      for (let n = 0; n < 5; n++) expect((await send('198.51.100.20, 10.1.1.1, [2001:db8::7]:443')).status).toBe(202)
      expect((await send('198.51.100.20, 10.9.9.9')).status).toBe(429)
      expect((await send('192.0.2.1, 198.51.100.20, 10.1.1.1')).status).toBe(429)
      expect((await send('198.51.100.21, 10.1.1.1')).status).toBe(202)
      // The proxies' own headers are believed too: the request id, and HTTPS from the outermost proxy.
      const through = await send('198.51.100.22, 10.1.1.1', { 'x-request-id': 'lb-7f3a-1', 'x-forwarded-proto': 'https, http' })
      expect(through.headers.get('x-request-id')).toBe('lb-7f3a-1')
      expect(through.headers.get('strict-transport-security')).not.toBeNull()

      // A peer outside the list (here loopback) is the visitor, whatever it says.
      const untrusted = await serve('10.0.0.0/8')
      const direct = await fetch(`${untrusted}/api/health/live`, { headers: { 'x-forwarded-for': '198.51.100.23', 'x-request-id': 'chosen-by-me', 'x-forwarded-proto': 'https' } })
      expect(direct.headers.get('x-request-id')).not.toBe('chosen-by-me')
      expect(direct.headers.get('strict-transport-security')).toBeNull()
    } finally {
      for (const server of servers) server.close()
    }
  })
})

/** `npm run migrate`, as an operator runs it as a step of a deploy. */
function migrateCommand(env: Record<string, string>): Promise<CommandRun> {
  return runCommand('migrate', [], { NODE_ENV: 'production', ...env })
}

/** Settings pointing at a database with nothing in it: a new folder, or a new PostgreSQL database. */
async function emptyDatabase(): Promise<Record<string, string>> {
  if (target.kind === 'postgres') {
    const name = `tec_empty_${randomBytes(6).toString('hex')}`
    await adminQuery(target.adminUrl, `create database ${name}`)
    return { DATABASE_URL: target.adminUrl.replace(/\/postgres$/, `/${name}`) }
  }
  return { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'tec-migrate-')) }
}

describe('migrating as a step of its own', () => {
  it('npm run migrate migrates an empty database and says what it applied, then says there is nothing to do; a server with MIGRATE_ON_START=false waits for it, and keeps idle connections 65 s', async () => {
    const env = await emptyDatabase()
    const refused = await startServer({ ...env, MIGRATE_ON_START: 'false' }).then(
      async (server) => {
        await server.stop()
        return 'it started'
      },
      (error: unknown) => (error as Error).message,
    )
    expect(refused).toMatch(/TEC web cannot start: \d+ migration\(s\) of this build are not applied to the database, and MIGRATE_ON_START is false\. Run npm run migrate first\./)

    const first = await migrateCommand(env)
    expect(first.stderr).toBe('')
    expect(first.code).toBe(0)
    expect(first.stdout).toMatch(/^Applying \d+ migration\(s\) to the (embedded|PostgreSQL) database in .*: 0000_\w+, /)
    expect(first.stdout).toMatch(/Applied \d+ migration\(s\) in [\d.]+ s; the database is up to date\.\n$/)
    expect(first.stdout).not.toContain('postgres://')

    const again = await migrateCommand(env)
    expect(again.code).toBe(0)
    expect(again.stdout).toMatch(/is up to date: every migration of this build is applied\. Nothing to do\.\n$/)

    const server = await startServer({ ...env, MIGRATE_ON_START: 'false' })
    try {
      const ready = await fetch(`${server.baseUrl}/api/health/ready`)
      expect(ready.status).toBe(200)
      // Node tells the client how long it keeps the connection open when idle.
      expect(ready.headers.get('keep-alive')).toBe('timeout=65')
    } finally {
      await server.stop()
    }
  }, 120_000)
})
