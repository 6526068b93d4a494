import { afterAll, describe, expect, it } from 'vitest'
import { hashPassword } from '../../server/auth/passwords.ts'
import { users } from '../../server/db/schema.ts'
import { networkAddress, type ServerProcess } from '../support/server-process.ts'
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts'
import { startServer } from './support/server.ts'
import { testDatabaseForProcess } from './support/test-app.ts'
import { until } from './support/until.ts'

/**
 * The development outbox holds every reset link: it must never be an account takeover. Real server processes,
 * reached over loopback and over this machine's network address, as a stranger on the network would.
 */
const EMAIL = 'outbox-owner@tec.test'
const running: ServerProcess[] = []
let sink: SmtpSink | undefined
afterAll(async () => {
  await Promise.all(running.map((server) => server.stop()))
  await sink?.close()
})


async function startWithAccount(settings: Record<string, string>): Promise<ServerProcess> {
  const target = await testDatabaseForProcess()
  const database = await target.open()
  await database.db.insert(users).values({ email: EMAIL, name: 'Outbox Owner', role: 'ADMIN', passwordHash: await hashPassword('Outbox-Owner-Pass-1') })
  await database.close()
  const server = await startServer({ ...target.env, ...settings })
  running.push(server)
  return server
}

const port = (server: ServerProcess) => new URL(server.baseUrl).port

async function askForReset(server: ServerProcess): Promise<void> {
  const answer = await fetch(`${server.baseUrl}/api/auth/forget-password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: EMAIL }) })
  expect(answer.status).toBe(202)
}

/** Waits until the outbox lists the reset mail (it is written just after the answer). */
async function outboxLinks(baseUrl: string): Promise<string[]> {
  const links = async () => {
    const answer = await fetch(`${baseUrl}/api/dev/outbox`)
    expect(answer.status).toBe(200)
    const { messages } = (await answer.json()) as { messages: { to: string; links: string[] }[] }
    return messages.filter((message) => message.to === EMAIL).flatMap((message) => message.links)
  }
  return until(links, (found) => found.length > 0)
}

describe('the development outbox is never an account takeover', () => {
  it('a development server listens on loopback only, and its outbox answers there', async () => {
    const server = await startWithAccount({ NODE_ENV: 'development' })
    await expect(fetch(`http://${networkAddress()}:${port(server)}/api/health`)).rejects.toThrow()
    await askForReset(server)
    const links = await outboxLinks(server.baseUrl)
    expect(links[0]).toMatch(/\/reset-password\?token=[A-Za-z0-9_-]{43}$/)
  })

  it('with HOST set to every interface, the outbox answers 404 to the network and to anything that came through a proxy', async () => {
    const server = await startWithAccount({ NODE_ENV: 'development', HOST: '0.0.0.0', TRUST_PROXY: 'true' })
    await askForReset(server)
    expect((await outboxLinks(server.baseUrl)).length).toBeGreaterThan(0)

    const fromNetwork = `http://${networkAddress()}:${port(server)}`
    expect((await fetch(`${fromNetwork}/api/health`)).status).toBe(200)
    const remote = await fetch(`${fromNetwork}/api/dev/outbox`)
    expect(remote.status).toBe(404)
    expect(await remote.json()).toEqual({ message: 'No such API endpoint.' })
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip', 'via']) {
      const proxied = await fetch(`${server.baseUrl}/api/dev/outbox`, { headers: { [header]: header === 'forwarded' ? 'for=127.0.0.1' : '127.0.0.1' } })
      expect(proxied.status, header).toBe(404)
    }
  })

  it('is off while mail goes through SMTP, even for this machine', async () => {
    sink = await startSmtpSink()
    const server = await startWithAccount({ NODE_ENV: 'development', SMTP_URL: sink.url })
    await askForReset(server)
    await sink.waitForMail(EMAIL)
    expect((await fetch(`${server.baseUrl}/api/dev/outbox`)).status).toBe(404)
  })

  it('production refuses to start without PUBLIC_URL, saying what to set', async () => {
    const target = await testDatabaseForProcess()
    await expect(startServer({ ...target.env, NODE_ENV: 'production', PUBLIC_URL: '' })).rejects.toThrow(
      /exited with code 1:[\s\S]*TEC web cannot start: PUBLIC_URL is not set\. In production it must be the address people use to reach the site/,
    )
  })
})
