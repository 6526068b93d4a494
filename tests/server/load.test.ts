import { afterAll, describe, expect, inject, it } from 'vitest'
import { hashPassword } from '../../server/auth/passwords.ts'
import { users } from '../../server/db/schema.ts'
import type { ServerProcess } from '../support/server-process.ts'
import { subjectEnrolment } from './support/registration-bodies.ts'
import { startServer } from './support/server.ts'
import { testDatabaseForProcess } from './support/test-app.ts'

/**
 * Mixed traffic at 50 connections on loopback against the real server process: public reads, sign-ins and
 * staff writes for LOAD_SECONDS (3 by default, enough for every kind of request to meet the others many times; 60 for
 * the long mode before a release). Every answer must be a success: no 5xx, no refused or reset connection. Throughput
 * is printed for the record; speed itself is measured in bench/, not judged here.
 */
const SECONDS = Number(process.env.LOAD_SECONDS ?? 3)
const CONNECTIONS = 50
const PASSWORD = 'Load-Test-Passphrase-26'
const target = inject('testDatabase')

let server: ServerProcess | undefined
afterAll(async () => server?.stop())

describe(`${SECONDS} s of mixed traffic at ${CONNECTIONS} connections`, () => {
  it('answers every request without an error', async () => {
    const database = await testDatabaseForProcess()
    const setup = await database.open()
    const passwordHash = await hashPassword(PASSWORD)
    await setup.db.insert(users).values([
      { email: 'load-admin@tec.test', name: 'Load Admin', role: 'ADMIN', passwordHash },
      ...Array.from({ length: 10 }, (_, i) => ({ email: `load-tutor-${i}@tec.test`, name: `Load Tutor ${i}`, role: 'TUTOR' as const, passwordHash })),
    ])
    await setup.close()
    server = await startServer({ ...database.env, TRUST_PROXY: 'true' })
    const base = `${server.baseUrl}/api`
    let ip = 0
    // Each request from its own address, as many visitors would: the per-address throttles are not under test here.
    const json = (body: unknown, headers: Record<string, string> = {}) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `100.100.${(++ip >> 8) & 255}.${ip & 255}`, ...headers },
      body: JSON.stringify(body),
    })

    const admin = (await (await fetch(`${base}/auth/login`, json({ email: 'load-admin@tec.test', pass: PASSWORD }))).json()) as { token: string }
    const staff = { authorization: `Bearer ${admin.token}` }
    const registrationIds: string[] = []
    for (let i = 0; i < 5; i++) {
      const created = await fetch(`${base}/enrolments/subject`, json(subjectEnrolment(70_000 + i)))
      expect(created.status).toBe(201)
    }
    const inbox = (await (await fetch(`${base}/admin/registrations?q=priya.7000`, { headers: staff })).json()) as { items: { id: string }[] }
    registrationIds.push(...inbox.items.map((item) => item.id))
    expect(registrationIds.length).toBe(5)

    const requests: (() => Promise<Response>)[] = [
      () => fetch(`${base}/courses`),
      () => fetch(`${base}/blog-posts?page=1&pageSize=9`),
      () => fetch(`${base}/gallery`),
      () => fetch(`${base}/site-settings`),
      () => fetch(`${base}/subjects`),
      () => fetch(`${base}/auth/me`, { headers: staff }),
      () => fetch(`${base}/admin/registrations?page=1&pageSize=20`, { headers: staff }),
      () => fetch(`${base}/auth/login`, json({ email: `load-tutor-${ip % 10}@tec.test`, pass: PASSWORD })),
      () => {
        const id = registrationIds[ip % registrationIds.length]!
        return fetch(`${base}/admin/registrations/${id}/notes`, json({ note: `Called the family back (${ip}).` }, staff))
      },
    ]

    const statuses = new Map<string, number>()
    const count = (key: string) => statuses.set(key, (statuses.get(key) ?? 0) + 1)
    const ends = Date.now() + SECONDS * 1000
    let pick = 0
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (Date.now() < ends) {
          const request = requests[pick++ % requests.length]!
          try {
            const answer = await request()
            await answer.arrayBuffer()
            count(String(answer.status))
          } catch (error) {
            count(`network: ${error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error)}`)
          }
        }
      }),
    )
    const total = [...statuses.values()].reduce((sum, n) => sum + n, 0)
    console.info(`load (${target.kind}): ${total} requests in ${SECONDS} s (${(total / SECONDS).toFixed(0)}/s):`, Object.fromEntries(statuses))
    expect(total).toBeGreaterThan(SECONDS * 10)
    expect([...statuses.keys()].filter((key) => !/^2\d\d$/.test(key))).toEqual([])
  }, (SECONDS + 120) * 1000)
})
