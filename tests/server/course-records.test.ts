import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../src/api/schema.gen.ts'
import { seedDemoContent } from '../../server/demo/content.ts'
import { courseEnrolment } from './support/registration-bodies.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'

type Schemas = components['schemas']
type Record = Schemas['CourseRecord'] & Schemas['Error']

let t: TestApp
let admin: string
let tutor: string
let imageId: string

beforeAll(async () => {
  t = await createTestApp()
  await t.database.db.transaction((tx) => seedDemoContent(tx))
  await t.createUser({ email: 'office@tec.test', role: 'ADMIN' })
  await t.createUser({ email: 'tutor@tec.test', role: 'TUTOR' })
  admin = await t.login('office@tec.test')
  tutor = await t.login('tutor@tec.test')
  const library = await t.request<Schemas['MediaItemPage']>('GET', '/api/admin/media?q=coding', { token: admin })
  imageId = library.body.items[0]?.id ?? ''
})
afterAll(async () => t?.close())

const input = (overrides: Partial<Schemas['CourseInput']> = {}): Schemas['CourseInput'] => ({
  title: 'Robotics Club',
  slug: 'robotics-club',
  modes: ['school', 'community'],
  subjects: ['Computing', 'Design and technology'],
  level: 'Ages 11–14',
  summary: 'Build and program a small robot over a term.',
  descriptionHtml: '<h2>What you do</h2><p>Each week <strong>build</strong>, then code.</p><script>alert(1)</script><img src="https://evil.example/x.png">',
  cost: 'Free for partner schools',
  duration: '10 weekly sessions of 90 minutes',
  schedule: 'Thursdays 15:30–17:00',
  capacity: 12,
  imageId,
  featured: false,
  ...overrides,
})

const send = (method: string, path: string, body?: unknown, version?: number, token = admin) =>
  t.request<Record>(method, `/api/admin/courses${path}`, { body, token, headers: version === undefined ? {} : { 'if-match': `"${version}"` } })

describe('the course editor', () => {
  let course: Schemas['CourseRecord']

  it('adds a course as a draft, with the description sanitised; the public site does not show it yet', async () => {
    const created = await send('POST', '', input())
    expect(created.status).toBe(201)
    course = created.body
    expect(course).toMatchObject({ status: 'draft', version: 1, publicPath: '/courses/robotics-club', enrolments: 0, placements: 0 })
    expect(course.fields.descriptionHtml).toBe('<h2>What you do</h2><p>Each week <strong>build</strong>, then code.</p>')
    expect(course.fields.capacity).toBe(12)
    expect((await t.request('GET', '/api/courses/robotics-club')).status).toBe(404)
  })

  it('publishes, and the public site shows it and every change at once; unpublishing hides it at once', async () => {
    const published = await send('PUT', `/${course.id}/status`, { status: 'published' }, course.version)
    expect(published.status).toBe(200)
    expect(published.body.status).toBe('published')
    const shown = await t.request<Schemas['Course']>('GET', '/api/courses/robotics-club')
    expect(shown.body).toMatchObject({ title: 'Robotics Club', capacity: 12, cost: 'Free for partner schools' })
    const listed = await t.request<Schemas['CourseList']>('GET', '/api/courses?subject=computing')
    expect(listed.body.items.map((item) => item.id)).toContain('robotics-club')
    expect((await t.request<Schemas['CourseList']>('GET', '/api/courses?subject=Cookery')).body.items).toEqual([])

    const repriced = await send('PUT', `/${course.id}`, input({ cost: '£5 a session, free for partner schools' }), published.body.version)
    expect(repriced.status).toBe(200)
    expect((await t.request<Schemas['Course']>('GET', '/api/courses/robotics-club')).body.cost).toBe('£5 a session, free for partner schools')
    const stale = await send('PUT', `/${course.id}`, input({ cost: 'x' }), published.body.version)
    expect(stale.status).toBe(409)

    const draft = await send('PUT', `/${course.id}/status`, { status: 'draft' }, repriced.body.version)
    expect(draft.body.status).toBe('draft')
    expect((await t.request('GET', '/api/courses/robotics-club')).status).toBe(404)
    course = draft.body

    const history = await t.request<Schemas['HistoryPage']>('GET', `/api/admin/history?subjectType=course&subjectId=${course.id}`, { token: admin })
    expect(history.body.items.map((entry) => entry.action)).toEqual(['course.status_changed', 'course.updated', 'course.status_changed', 'course.created'])
  })

  it('refuses a slug another course has (409 with a free one), and field problems with messages', async () => {
    const taken = await send('POST', '', input({ slug: 'gcse-maths-revision', title: 'Maths again' }))
    expect(taken.status).toBe(409)
    expect(taken.body.fields?.slug).toBe('Another course, “GCSE Maths Revision”, has this address. Try gcse-maths-revision-2.')
    const bad = await send('POST', '', input({ slug: 'Not A Slug', modes: [] }))
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.fields ?? {}).sort()).toEqual(['modes', 'slug'])
    // Blank once trimmed, and nothing left of the description once sanitised.
    const empty = await send('POST', '', input({ slug: 'blank', title: ' ', descriptionHtml: '<script>x</script>' }))
    expect(empty.body.fields).toEqual({ title: 'This field is required.', descriptionHtml: 'Write the description: what learners do and what they come away with.' })
    const missingImage = await send('POST', '', input({ slug: 'other', imageId: 'a'.repeat(64) }))
    expect(missingImage.body.fields?.imageId).toBe('This image is not in the media library. Choose one from the library.')
  })

  it('answers two courses saved with one new address at the same moment with one course and one 409, never an error', async () => {
    for (const round of [1, 2, 3, 4]) {
      const slug = `chess-club-${round}`
      const answers = await Promise.all([send('POST', '', input({ title: 'Chess Club', slug })), send('POST', '', input({ title: 'Chess Club', slug }))])
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409])
      expect(answers.find((answer) => answer.status === 409)?.body.fields?.slug).toBe(`Another course, “Chess Club”, has this address. Try ${slug}-2.`)
      for (const answer of answers) if (answer.status === 201) expect((await send('DELETE', `/${answer.body.id}`, undefined, answer.body.version)).status).toBe(204)
    }
  })

  it('uses only images with alt text and a caption, as the image and within the description', async () => {
    const form = new FormData()
    form.append('file', new File([Uint8Array.from(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>'))], 'square.svg', { type: 'image/svg+xml' }))
    const uploaded = await t.request<Schemas['MediaItem']>('POST', '/api/admin/media', { form, token: admin })
    const unready = uploaded.body.id
    const asImage = await send('PUT', `/${course.id}`, input({ imageId: unready }), course.version)
    expect(asImage.body.fields?.imageId).toBe('This image needs alt text and a caption in the media library before the site can show it.')
    const inText = await send('PUT', `/${course.id}`, input({ descriptionHtml: `<p>Look:</p><img src="/api/media/${unready}?v=1" alt="">` }), course.version)
    expect(inText.body.fields?.descriptionHtml).toMatch(/^An image in the description: This image needs alt text/)

    await t.request('PATCH', `/api/admin/media/${unready}`, { body: { alt: 'A black square', caption: 'The robot from above' }, token: admin, headers: { 'if-match': '"1"' } })
    const withImage = await send('PUT', `/${course.id}`, input({ descriptionHtml: `<p>Look:</p><img src="/api/media/${unready}?v=1" alt="">` }), course.version)
    expect(withImage.status).toBe(200)
    expect(withImage.body.fields.descriptionHtml).toBe(`<p>Look:</p><img src="/api/media/${unready}" alt="" />`)
    course = withImage.body
    const published = await send('PUT', `/${course.id}/status`, { status: 'published' }, course.version)
    course = published.body
    // Read by visitors at the image's current version and size, with the library's alt text.
    const shown = await t.request<Schemas['Course']>('GET', '/api/courses/robotics-club')
    expect(shown.body.descriptionHtml).toBe(`<p>Look:</p><img src="/api/media/${unready}?v=2" alt="A black square" width="4" height="4" loading="lazy" decoding="async" />`)
    const item = await t.request<Schemas['MediaItem']>('GET', `/api/admin/media/${unready}`, { token: admin })
    expect(item.body.usedBy).toEqual([{ kind: 'course_description', id: course.id, title: 'Robotics Club' }])
  })

  it('orders the featured courses; a list that is not every featured course changes nothing', async () => {
    const featured = await send('PUT', `/${course.id}`, input({ featured: true, descriptionHtml: course.fields.descriptionHtml }), course.version)
    course = featured.body
    const rows = await t.request<Schemas['CourseRowPage']>('GET', '/api/admin/courses?pageSize=100', { token: admin })
    const ids = rows.body.items.filter((row) => row.featured).map((row) => row.id)
    expect(ids.at(-1)).toBe(course.id)
    const reordered = await t.request<Schemas['CourseRowList']>('PUT', '/api/admin/courses/featured-order', { body: { courseIds: [course.id, ...ids.slice(0, -1)] }, token: admin })
    expect(reordered.status).toBe(200)
    expect(reordered.body.items[0]?.id).toBe(course.id)
    const home = await t.request<Schemas['CourseList']>('GET', '/api/courses?featured=true')
    expect(home.body.items[0]?.id).toBe('robotics-club')
    const partial = await t.request('PUT', '/api/admin/courses/featured-order', { body: { courseIds: [course.id] }, token: admin })
    expect(partial.status).toBe(409)
    expect(rows.body.counts.published + rows.body.counts.draft + rows.body.counts.archived).toBe(rows.body.total)
  })

  it('deletes a course nobody enrolled in; one with enrolments is archived instead, and its address stays', async () => {
    const enrolled = await t.request('POST', '/api/enrolments/course', { body: courseEnrolment(1, { courseId: 'robotics-club', deliveryMode: 'school', emergencyContact: { name: 'Carlos Lopez', relationship: 'Uncle', phone: '07700 900333' } }) })
    expect(enrolled.status, enrolled.text).toBe(201)
    const fresh = await send('GET', `/${course.id}`)
    expect(fresh.body.enrolments).toBe(1)
    const refused = await send('DELETE', `/${course.id}`, undefined, fresh.body.version)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe('This course has 1 enrolment on record, so it cannot be deleted. Archive it instead: it leaves the site and its records stay.')
    const renamed = await send('PUT', `/${course.id}`, { ...fresh.body.fields, slug: 'robots' }, fresh.body.version)
    expect(renamed.status).toBe(409)
    const archived = await send('PUT', `/${course.id}/status`, { status: 'archived' }, fresh.body.version)
    expect(archived.body.status).toBe('archived')
    expect((await t.request('GET', '/api/courses/robotics-club')).status).toBe(404)
    const counted = await t.request<Schemas['CourseRowPage']>('GET', '/api/admin/courses?status=archived', { token: admin })
    expect(counted.body.items.map((row) => row.title)).toEqual(['Robotics Club'])

    const spare = await send('POST', '', input({ slug: 'spare-course', title: 'Spare' }))
    expect((await send('DELETE', `/${spare.body.id}`, undefined, spare.body.version)).status).toBe(204)
    expect((await send('GET', `/${spare.body.id}`)).status).toBe(404)
  })

  it('is for the office only', async () => {
    expect((await send('GET', '', undefined, undefined, tutor)).status).toBe(403)
    expect((await send('POST', '', input({ slug: 'x' }), undefined, tutor)).status).toBe(403)
  })
})
