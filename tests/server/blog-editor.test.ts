import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../src/api/schema.gen.ts'
import { publishDuePosts } from '../../server/blog-posts/records.ts'
import { seedDemoContent } from '../../server/demo/content.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'

type Schemas = components['schemas']
type Record = Schemas['PostRecord'] & Schemas['Error']

let t: TestApp
let admin: string
let tutor: string
let coverId: string
let unreadyId: string

beforeAll(async () => {
  t = await createTestApp()
  await t.database.db.transaction((tx) => seedDemoContent(tx))
  await t.createUser({ email: 'office@tec.test', role: 'ADMIN' })
  await t.createUser({ email: 'tutor@tec.test', role: 'TUTOR' })
  admin = await t.login('office@tec.test')
  tutor = await t.login('tutor@tec.test')
  const library = await t.request<Schemas['MediaItemPage']>('GET', '/api/admin/media?q=coding', { token: admin })
  coverId = library.body.items[0]?.id ?? ''
  const form = new FormData()
  form.append('file', new File([new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="3"><rect width="4" height="3"/></svg>')], 'plain.svg', { type: 'image/svg+xml' }))
  const uploaded = await t.request<Schemas['MediaItem']>('POST', '/api/admin/media', { form, token: admin })
  unreadyId = uploaded.body.id
})
afterAll(async () => t?.close())

const input = (overrides: Partial<Schemas['PostInput']> = {}): Schemas['PostInput'] => ({
  title: 'Half-term revision days',
  slug: 'half-term-revision-days',
  excerpt: 'Three free revision mornings for Year 11 during half term.',
  bodyHtml: '<h2>When</h2><p>Tuesday to Thursday, <a href="https://example.org/map">at the library</a>.</p><script>alert(1)</script><img src="x" onerror="alert(2)">',
  coverId,
  authorName: 'Ada Admin',
  seoTitle: '',
  seoDescription: '',
  ...overrides,
})

const send = (method: string, path: string, body?: unknown, version?: number, token = admin) =>
  t.request<Record>(method, `/api/admin/blog-posts${path}`, { body, token, headers: version === undefined ? {} : { 'if-match': `"${version}"` } })

describe('the blog editor', () => {
  let post: Schemas['PostRecord']

  it('starts a draft with only a title and an address, says what it needs to publish, and visitors do not see it', async () => {
    const created = await send('POST', '', { title: 'Half-term revision days', slug: 'half-term-revision-days', excerpt: '', bodyHtml: '', authorName: '', seoTitle: '', seoDescription: '' })
    expect(created.status).toBe(201)
    expect(created.headers.get('etag')).toBe('"1"')
    post = created.body
    expect(post).toMatchObject({ status: 'draft', version: 1, publicPath: '/blog/half-term-revision-days' })
    expect(Object.keys(post.missing).sort()).toEqual(['authorName', 'bodyHtml', 'coverId', 'excerpt'])
    expect((await t.request('GET', '/api/blog-posts/half-term-revision-days')).status).toBe(404)

    const refused = await send('PUT', `/${post.id}/status`, { status: 'published' }, post.version)
    expect(refused.status).toBe(409)
    expect(refused.body.fields?.excerpt).toBe('Write the excerpt: the lines the blog list shows under the title.')
    expect(refused.body.fields?.coverId).toBe('Choose a cover image from the media library.')
  })

  it('saves the draft (as autosave does) with the body sanitised; a stale version is refused', async () => {
    const saved = await send('PUT', `/${post.id}`, input(), post.version)
    expect(saved.status).toBe(200)
    expect(saved.body.version).toBe(2)
    expect(saved.body.fields.bodyHtml).toBe('<h2>When</h2><p>Tuesday to Thursday, <a href="https://example.org/map" rel="noopener noreferrer">at the library</a>.</p>')
    expect(saved.body.missing).toEqual({})
    expect((await send('PUT', `/${post.id}`, input({ title: 'Other' }), post.version)).status).toBe(409)
    post = saved.body
  })

  it('previews the post as its page would show it, whatever its status', async () => {
    const preview = await t.request<Schemas['PostPreview']>('GET', `/api/admin/blog-posts/${post.id}/preview`, { token: admin })
    expect(preview.status).toBe(200)
    expect(preview.body.status).toBe('draft')
    expect(preview.body.post).toMatchObject({ id: 'half-term-revision-days', title: 'Half-term revision days', authorName: 'Ada Admin' })
    expect(preview.body.post.coverImage?.alt).not.toBe('')
    expect(preview.body.post.bodyHtml).toContain('<h2>When</h2>')
  })

  it('refuses a slug another post has, suggesting a free one, and a cover without alt text', async () => {
    const other = await send('POST', '', input({ title: 'Another', slug: 'another-post' }))
    const clash = await send('PUT', `/${other.body.id}`, input({ title: 'Another', slug: 'half-term-revision-days' }), other.body.version)
    expect(clash.status).toBe(409)
    expect(clash.body.fields?.slug).toBe('Another post, “Half-term revision days”, has this address. Try half-term-revision-days-2.')
    const unready = await send('PUT', `/${other.body.id}`, input({ title: 'Another', slug: 'another-post', coverId: unreadyId }), other.body.version)
    expect(unready.status).toBe(400)
    expect(unready.body.fields?.coverId).toMatch(/alt text/)
    expect((await send('DELETE', `/${other.body.id}`, undefined, other.body.version)).status).toBe(204)
  })

  it('answers two posts saved with one new address at the same moment with one post and one 409, never an error', async () => {
    for (const round of [1, 2, 3, 4]) {
      const slug = `open-evening-${round}`
      const answers = await Promise.all([send('POST', '', input({ title: 'Open evening', slug })), send('POST', '', input({ title: 'Open evening', slug }))])
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409])
      expect(answers.find((answer) => answer.status === 409)?.body.fields?.slug).toBe(`Another post, “Open evening”, has this address. Try ${slug}-2.`)
      for (const answer of answers) if (answer.status === 201) expect((await send('DELETE', `/${answer.body.id}`, undefined, answer.body.version)).status).toBe(204)
    }
    // Two posts given one new address at once.
    const [a, b] = await Promise.all([send('POST', '', input({ title: 'Sports day', slug: 'sports-day-a' })), send('POST', '', input({ title: 'Sports day', slug: 'sports-day-b' }))])
    const moves = await Promise.all([a, b].map((made) => send('PUT', `/${made.body.id}`, input({ title: 'Sports day', slug: 'sports-day' }), made.body.version)))
    expect(moves.map((answer) => answer.status).sort()).toEqual([200, 409])
    expect(moves.find((answer) => answer.status === 409)?.body.fields?.slug).toBe('Another post, “Sports day”, has this address. Try sports-day-2.')
    for (const made of await Promise.all([a, b].map((one) => send('GET', `/${one.body.id}`)))) expect((await send('DELETE', `/${made.body.id}`, undefined, made.body.version)).status).toBe(204)
  })

  it('publishes now: on the blog at once with its SEO words, must stay complete, and cannot be deleted until unpublished', async () => {
    const seo = await send('PUT', `/${post.id}`, input({ seoTitle: 'Free GCSE revision at half term', seoDescription: 'Three free mornings.' }), post.version)
    const published = await send('PUT', `/${post.id}/status`, { status: 'published' }, seo.body.version)
    expect(published.status).toBe(200)
    expect(published.body.status).toBe('published')
    const shown = await t.request<Schemas['BlogPost']>('GET', '/api/blog-posts/half-term-revision-days')
    expect(shown.status).toBe(200)
    expect(shown.body).toMatchObject({ seoTitle: 'Free GCSE revision at half term', seoDescription: 'Three free mornings.' })
    const listed = await t.request<Schemas['BlogPostPage']>('GET', '/api/blog-posts')
    expect(listed.body.items[0]?.id).toBe('half-term-revision-days')

    const emptied = await send('PUT', `/${post.id}`, input({ excerpt: '' }), published.body.version)
    expect(emptied.status).toBe(400)
    expect(emptied.body.fields?.excerpt).toBeDefined()
    const refused = await send('DELETE', `/${post.id}`, undefined, published.body.version)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toMatch(/Unpublish it first/)

    const draft = await send('PUT', `/${post.id}/status`, { status: 'draft' }, published.body.version)
    expect(draft.body.status).toBe('draft')
    expect((await t.request('GET', '/api/blog-posts/half-term-revision-days')).status).toBe(404)
    post = draft.body
  })

  it('schedules: hidden until due, then on the blog; the round publishes it once, in its history', async () => {
    const past = await send('PUT', `/${post.id}/status`, { status: 'scheduled', publishAt: new Date(Date.now() - 60_000).toISOString() }, post.version)
    expect(past.status).toBe(400)
    expect(past.body.fields?.publishAt).toBe('Choose a date and time still to come.')
    expect((await send('PUT', `/${post.id}/status`, { status: 'scheduled' }, post.version)).body.fields?.publishAt).toBe('Choose when to publish the post.')
    // A leap second passes the format but is no moment a date can hold.
    expect((await send('PUT', `/${post.id}/status`, { status: 'scheduled', publishAt: '2030-06-30T23:59:60Z' }, post.version)).status).toBe(400)

    const due = new Date(Date.now() + 60 * 60_000)
    const scheduled = await send('PUT', `/${post.id}/status`, { status: 'scheduled', publishAt: due.toISOString() }, post.version)
    expect(scheduled.status).toBe(200)
    expect(scheduled.body).toMatchObject({ status: 'scheduled', publishedAt: due.toISOString() })
    expect((await t.request('GET', '/api/blog-posts/half-term-revision-days')).status).toBe(404)
    const list = await send('GET', '?status=scheduled')
    expect((list.body as unknown as Schemas['PostRowPage']).items.map((row) => row.id)).toEqual([post.id])

    // Nothing is due yet; an hour later it is, and a second round finds nothing more to do.
    expect(await publishDuePosts(t.database.db)).toEqual([])
    const later = new Date(due.getTime() + 1000)
    expect(await publishDuePosts(t.database.db, later)).toEqual([post.id])
    expect(await publishDuePosts(t.database.db, later)).toEqual([])
    const history = await t.request<Schemas['HistoryPage']>('GET', `/api/admin/history?subjectType=blog_post&subjectId=${post.id}`, { token: admin })
    expect(history.body.items.filter((entry) => entry.action === 'post.published')).toHaveLength(1)
    expect(history.body.items.map((entry) => entry.action)).toContain('post.created')
  })

  it('lists posts with their status counts and finds them by title, excerpt or author', async () => {
    const found = await t.request<Schemas['PostRowPage']>('GET', '/api/admin/blog-posts?q=revision%20mornings', { token: admin })
    expect(found.body.items.map((row) => row.title)).toEqual(['Half-term revision days'])
    const all = await t.request<Schemas['PostRowPage']>('GET', '/api/admin/blog-posts', { token: admin })
    expect(all.body.counts.draft).toBeGreaterThanOrEqual(1)
    expect(all.body.counts.published).toBeGreaterThanOrEqual(6)
    expect(all.body.total).toBe(all.body.counts.draft + all.body.counts.scheduled + all.body.counts.published)
  })

  it('is for the office only', async () => {
    expect((await t.request('GET', '/api/admin/blog-posts', { token: tutor })).status).toBe(403)
    expect((await t.request('GET', '/api/admin/blog-posts')).status).toBe(401)
    expect((await send('POST', '', input({ slug: 'by-a-tutor' }), undefined, tutor)).status).toBe(403)
  })
})

