import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../src/api/schema.gen.ts'
import { blogPosts, courses } from '../../server/db/schema.ts'
import { seedDemoContent } from '../../server/demo/content.ts'
import { until } from './support/until.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'

type Schemas = components['schemas']

/**
 * Public reads are answered from memory (server/lib/public-cache.ts); these show they stay correct: a change
 * through the API, one written straight to the database (as another process or psql would), and a post whose
 * scheduled time comes all show on the next read, on both databases (a change through one server process shown through
 * another, on PostgreSQL: many-machines.postgres.test.ts). Nothing here times anything: each waits for the condition
 * it expects.
 */
let t: TestApp
let admin: string

beforeAll(async () => {
  t = await createTestApp()
  await t.database.db.transaction((tx) => seedDemoContent(tx))
  await t.createUser({ email: 'office@tec.test', role: 'ADMIN' })
  admin = await t.login('office@tec.test')
})
afterAll(async () => t?.close())

const courseCost = async (app: TestApp, slug: string) => (await app.request<Schemas['Course']>('GET', `/api/courses/${slug}`)).body.cost

describe('public reads answered from memory', () => {
  it('name each answer with an ETag and answer 304 when the client holds it, keeping the Cache-Control', async () => {
    const first = await t.request<Schemas['CourseList']>('GET', '/api/courses')
    const etag = first.headers.get('etag')
    expect(etag).toMatch(/^"[\w-]{27}"$/)
    expect(first.headers.get('cache-control')).toBe('public, no-cache')
    const again = await t.request('GET', '/api/courses', { headers: { 'if-none-match': etag ?? '' } })
    expect(again.status).toBe(304)
    expect(again.text).toBe('')
    expect(again.headers.get('etag')).toBe(etag)
    expect(again.headers.get('cache-control')).toBe('public, no-cache')
    // Another address is another answer; a stale tag gets the whole answer.
    const filtered = await t.request('GET', '/api/courses?mode=online')
    expect(filtered.headers.get('etag')).not.toBe(etag)
    expect((await t.request('GET', '/api/courses', { headers: { 'if-none-match': '"old"' } })).status).toBe(200)
    // Bad input is still checked, never kept: the same bad address is a 400 every time.
    for (let i = 0; i < 2; i++) expect((await t.request('GET', '/api/courses?mode=by-pigeon')).status).toBe(400)
  })

  it('are answered from memory: a write that tells nobody stays unseen, and one changing no row drops nothing', async () => {
    const slug = 'ks2-sats-booster'
    const before = await courseCost(t, slug)
    // Triggers off for this one transaction (as replication would write): nothing is told, so the kept answer stays.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`)
      await tx.update(courses).set({ cost: 'Written unseen' }).where(eq(courses.slug, slug))
    })
    expect(await courseCost(t, slug)).toBe(before)
    // An UPDATE that matches no row (an idle publishing round) tells nobody either.
    await t.database.db.update(courses).set({ cost: 'x' }).where(eq(courses.slug, 'no-such-course'))
    expect(await courseCost(t, slug)).toBe(before)
    // A write that changes a row is told, and drops it.
    await t.database.db.update(courses).set({ cost: 'Written and told' }).where(eq(courses.slug, slug))
    expect(await until(() => courseCost(t, slug), (cost) => cost === 'Written and told')).toBe('Written and told')
  })

  it('show a change made through the API at once, to the person who made it', async () => {
    const slug = 'gcse-maths-revision'
    expect(await courseCost(t, slug)).not.toBe('£1 a session')
    const list = await t.request<Schemas['CourseRowPage']>('GET', '/api/admin/courses?q=GCSE%20Maths', { token: admin })
    const row = list.body.items.find((item) => item.slug === slug)
    const record = await t.request<Schemas['CourseRecord']>('GET', `/api/admin/courses/${row?.id}`, { token: admin })
    const changed = await t.request('PUT', `/api/admin/courses/${row?.id}`, { token: admin, body: { ...record.body.fields, cost: '£1 a session' }, headers: { 'if-match': `"${record.body.version}"` } })
    expect(changed.status).toBe(200)
    expect(await courseCost(t, slug)).toBe('£1 a session')
  })

  it('show a change written straight to the database (another process, psql) on the next reads', async () => {
    const slug = 'gcse-maths-revision'
    await courseCost(t, slug)
    await t.database.db.update(courses).set({ cost: 'Free this term' }).where(eq(courses.slug, slug))
    expect(await until(() => courseCost(t, slug), (cost) => cost === 'Free this term')).toBe('Free this term')
    // And a page that is no longer published is gone.
    await t.database.db.update(courses).set({ status: 'draft' }).where(eq(courses.slug, slug))
    expect((await until(() => t.request('GET', `/api/courses/${slug}`), (answer) => answer.status === 404)).status).toBe(404)
  })

  it('show a scheduled post from its time, with no write at all', async () => {
    const [cover] = await t.database.db.select({ id: blogPosts.coverMediaId }).from(blogPosts).limit(1)
    const due = new Date(Date.now() + 1500)
    await t.database.db.insert(blogPosts).values({ slug: 'due-soon', title: 'Due soon', excerpt: 'x', bodyHtml: '<p>x</p>', coverMediaId: cover?.id ?? null, authorName: 'x', status: 'scheduled', publishedAt: due })
    const titles = async () => (await t.request<Schemas['BlogPostPage']>('GET', '/api/blog-posts')).body.items.map((post) => post.title)
    // Kept while it is not due; the scheduled publishing round is off in tests, so only its time can change this.
    const before = await until(titles, (shown) => !shown.includes('Due soon'))
    expect(before).not.toContain('Due soon')
    const after = await until(titles, (shown) => shown.includes('Due soon'))
    expect(Date.now()).toBeGreaterThanOrEqual(due.getTime())
    expect(after[0]).toBe('Due soon')
  })
})

