import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../src/api/schema.gen.ts'
import { hashToken } from '../../server/auth/tokens.ts'
import { contract } from '../../server/contract/document.ts'
import { OFFICE_KEPT_READS, TOLD_TABLES } from '../../server/db/changes.ts'
import { registrations, sessions, users } from '../../server/db/schema.ts'
import { seedDemoContent } from '../../server/demo/content.ts'
import { until } from './support/until.ts'
import { courseEnrolment } from './support/registration-bodies.ts'
import { allHeard, createTestApp, rowsOf, type TestApp } from './support/test-app.ts'

type Schemas = components['schemas']

/**
 * Sessions and the office's lists (`x-kept: per-user`) are answered from memory (server/lib/kept.ts) until the
 * database says they changed. These show they stay correct: ended sessions are refused, and changes show in the
 * lists, whether made through the API (at once) or straight in the database (on the next reads), on both
 * databases (through another server process, on PostgreSQL: many-machines.postgres.test.ts). Each waits for the
 * condition it expects.
 */
let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
  await t.database.db.transaction((tx) => seedDemoContent(tx))
  await t.createUser({ email: 'office@tec.test', role: 'ADMIN' })
})
afterAll(async () => t?.close())

/** Runs `write` with the triggers off (as replication writes): the database tells nobody of it. */
async function unheard(write: (tx: Parameters<Parameters<TestApp['database']['db']['transaction']>[0]>[0]) => Promise<unknown>) {
  await t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`)
    await write(tx)
  })
}

/** Resolves when the database tells of a change to `table`. */
function toldOf(table: string): Promise<void> {
  return new Promise((resolve) => {
    const stop = t.database.changes.subscribe((event, changed) => {
      if (event === 'changed' && changed === table) {
        stop()
        resolve()
      }
    })
  })
}

describe('what the server keeps in memory', () => {
  it('is told of changes to exactly the tables some process keeps answers from (sessions only when one ends)', async () => {
    const rows = await rowsOf<{ table: string; trigger: string }>(t.database, sql`
      select c.relname as "table", tg.tgname as "trigger"
      from pg_trigger tg join pg_class c on c.oid = tg.tgrelid join pg_namespace n on n.oid = c.relnamespace
      join pg_proc p on p.oid = tg.tgfoid
      where n.nspname = 'public' and not tg.tgisinternal and p.proname in ('tec_rows_changed', 'tec_table_changed')`)
    expect(new Set(rows.map((row) => row.table))).toEqual(TOLD_TABLES)
    const triggers = new Set(rows.map((row) => `${row.table}.${row.trigger}`))
    for (const table of TOLD_TABLES) {
      const events = table === 'sessions' ? ['updated', 'deleted', 'truncated'] : ['inserted', 'updated', 'deleted', 'truncated']
      for (const event of events) expect(triggers, `${table} tells of its changes (${event})`).toContain(`${table}.${table}_changes_${event}`)
    }
    // Every kept office read names the tables it reads, so none can be left out of the list above.
    const kept = contract().operations.filter((operation) => operation.keptPerUser).map((operation) => operation.operationId)
    expect(kept.sort()).toEqual(Object.keys(OFFICE_KEPT_READS).sort())
  })

  it('tells no process of a sign-in, and every process of a content edit', async () => {
    const told: (string | undefined)[] = []
    const stop = t.database.changes.subscribe((event, table) => {
      if (event === 'changed') told.push(table)
    })
    try {
      await allHeard(t)
      told.length = 0
      const wrong = await t.request('POST', '/api/auth/login', { body: { email: 'office@tec.test', pass: 'Not-The-Password-1' }, ip: '198.51.100.77' })
      expect(wrong.status).toBe(401)
      await t.login('office@tec.test')
      // A change told after the sign-ins arrives after anything they told (notices come in commit order).
      await allHeard(t)
      expect(told).toEqual(['site_settings'])
      told.length = 0
      const token = await t.login('office@tec.test')
      const heard = toldOf('site_settings')
      const record = await t.request<Schemas['SiteSettingsRecord']>('GET', '/api/admin/site-settings', { token })
      const edited = await t.request('PUT', '/api/admin/site-settings', {
        body: { ...record.body.settings, phone: '0113 496 0001' },
        token,
        headers: { 'if-match': `"${record.body.version}"` },
      })
      expect(edited.status).toBe(200)
      await heard
      expect(told).toContain('site_settings')
    } finally {
      stop()
    }
  })

  it('keeps a session, and refuses it once ended: through the API at once, straight in the database on the next requests', async () => {
    const me = (token: string) => t.request('GET', '/api/auth/me', { token })
    // Ended with the triggers off, the kept session is still accepted: it is answered from memory.
    const kept = await t.login('office@tec.test')
    await allHeard(t)
    expect((await me(kept)).status).toBe(200)
    await unheard((tx) => tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.tokenHash, hashToken(kept))))
    expect((await me(kept)).status).toBe(200)
    // Signing out through the API: refused at its very next request.
    const first = await t.login('office@tec.test')
    expect((await me(first)).status).toBe(200)
    expect((await t.request('POST', '/api/auth/logout', { token: first })).status).toBe(204)
    expect((await me(first)).status).toBe(401)
    // Ended straight in the database (another process, psql): refused as soon as the database tells.
    const second = await t.login('office@tec.test')
    expect((await me(second)).status).toBe(200)
    await t.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.tokenHash, hashToken(second)))
    expect((await until(() => me(second), (answer) => answer.status === 401)).status).toBe(401)
    // The account deactivated straight in the database: its kept session is refused too.
    const third = await t.login('office@tec.test')
    expect((await me(third)).status).toBe(200)
    await t.database.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.email, 'office@tec.test'))
    expect((await until(() => me(third), (answer) => answer.status === 401)).status).toBe(401)
    await t.database.db.update(users).set({ deactivatedAt: null }).where(eq(users.email, 'office@tec.test'))
  })

  it("keeps each person's lists, and shows a change through the API at once and one made in the database on the next reads", async () => {
    await t.createUser({ email: 'lists@tec.test', role: 'ADMIN' })
    const token = await t.login('lists@tec.test')
    const list = async () => (await t.request<Schemas['RegistrationPage']>('GET', '/api/admin/registrations?pageSize=100', { token })).body
    const before = await list()
    // A form sent through the API shows at once.
    expect((await t.request('POST', '/api/enrolments/course', { body: courseEnrolment(501) })).status).toBe(201)
    const after = await list()
    expect(after.total).toBe(before.total + 1)
    const added = after.items.find((item) => item.email === 'mark.501@example.org')
    expect(added).toBeDefined()
    await allHeard(t)
    // The list read again after the form's changes were heard, and kept.
    expect((await list()).total).toBe(after.total)
    // Renamed with the triggers off: the kept list does not see it (it is answered from memory)...
    await unheard((tx) => tx.update(registrations).set({ name: 'Unheard Name' }).where(eq(registrations.id, added!.id)))
    expect((await list()).items.find((item) => item.id === added!.id)?.name).not.toBe('Unheard Name')
    // A change the database tells of that no list reads (the site's details, say) drops nothing kept.
    await allHeard(t)
    expect((await list()).items.find((item) => item.id === added!.id)?.name).not.toBe('Unheard Name')
    // ...and a write the database tells of shows on the next reads.
    await t.database.db.update(registrations).set({ name: 'Told Name' }).where(eq(registrations.id, added!.id))
    const told = await until(list, (page) => page.items.some((item) => item.name === 'Told Name'))
    expect(told.items.find((item) => item.id === added!.id)?.name).toBe('Told Name')
    // A kept list is never an answer to someone no longer allowed to see it.
    await t.database.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.email, 'lists@tec.test'))
    const refused = await until(
      () => t.request('GET', '/api/admin/registrations?pageSize=100', { token }),
      (answer) => answer.status === 401,
    )
    expect(refused.status).toBe(401)
    expect(refused.headers.get('cache-control')).toBe('no-store')
  })
})

