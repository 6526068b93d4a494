import { like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../src/api/schema.gen.ts'
import { auditEvents } from '../../server/db/schema.ts'
import { seedDemoContent } from '../../server/demo/content.ts'
import { DEMO_GALLERY } from '../../server/demo/gallery.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'

type Schemas = components['schemas']
type Record = Schemas['GalleryRecord'] & Schemas['Error']

let t: TestApp
let admin: string
let tutor: string

beforeAll(async () => {
  t = await createTestApp()
  await t.database.db.transaction((tx) => seedDemoContent(tx))
  await t.createUser({ email: 'office@tec.test', role: 'ADMIN' })
  await t.createUser({ email: 'tutor@tec.test', role: 'TUTOR' })
  admin = await t.login('office@tec.test')
  tutor = await t.login('tutor@tec.test')
})
afterAll(async () => t?.close())

const send = (method: string, path: string, body?: unknown, version?: number, token = admin) =>
  t.request<Record>(method, `/api/admin/gallery${path}`, { body, token, headers: version === undefined ? {} : { 'if-match': `"${version}"` } })
const records = async () => (await t.request<Schemas['GalleryRecordList']>('GET', '/api/admin/gallery', { token: admin })).body.items
const publicCaptions = async () => (await t.request<Schemas['GalleryList']>('GET', '/api/gallery')).body.items.map((item) => item.caption)

/** Uploads a small drawing to the library, with its words when given (an image without them is not ready). */
async function upload(name: string, words?: { alt: string; caption: string }): Promise<Schemas['MediaItem']> {
  const form = new FormData()
  form.append('file', new File([Uint8Array.from(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="3"><rect width="4" height="3"/></svg>'))], name, { type: 'image/svg+xml' }))
  if (words) {
    form.append('alt', words.alt)
    form.append('caption', words.caption)
  }
  const uploaded = await t.request<Schemas['MediaItem']>('POST', '/api/admin/media', { form, token: admin })
  expect(uploaded.status).toBe(201)
  return uploaded.body
}

describe('the gallery, as the office arranges it', () => {
  it('lists every photo, shown and hidden, in the order /gallery shows them, with the library’s alt text', async () => {
    const answer = await t.request<Schemas['GalleryRecordList']>('GET', '/api/admin/gallery', { token: admin })
    expect(answer.status).toBe(200)
    expect(answer.body.items.map((item) => [item.caption, item.shown])).toEqual(DEMO_GALLERY.map((item) => [item.caption, item.published]))
    const library = await t.request<Schemas['MediaItem']>('GET', `/api/admin/media/${answer.body.items[0]?.mediaId}`, { token: admin })
    expect(answer.body.items[0]?.image.alt).toBe(library.body.alt)
    expect(answer.body.items[0]).toMatchObject({ version: 1, fileName: library.body.fileName, libraryCaption: library.body.caption })
    expect((await t.request('GET', '/api/admin/gallery', { token: tutor })).status).toBe(403)
    expect((await t.request('GET', '/api/admin/gallery')).status).toBe(401)
  })

  it('adds a ready library image at the end, with the library’s caption unless given one, shown on /gallery at once', async () => {
    const image = await upload('sports-day.svg', { alt: 'Children running a relay race on a school field', caption: 'Sports day at Hollins Cross' })
    const added = await send('POST', '', { mediaId: image.id })
    expect(added.status).toBe(201)
    expect(added.headers.get('etag')).toBe('"1"')
    expect(added.body).toMatchObject({ mediaId: image.id, caption: 'Sports day at Hollins Cross', shown: true, version: 1 })
    expect(added.body.image.alt).toBe('Children running a relay race on a school field')
    expect((await publicCaptions()).at(-1)).toBe('Sports day at Hollins Cross')
    expect((await records()).at(-1)?.id).toBe(added.body.id)

    const hiddenImage = await upload('choir.svg', { alt: 'A choir of eight learners singing', caption: 'The choir' })
    const hidden = await send('POST', '', { mediaId: hiddenImage.id, caption: '  The Eastfield choir, spring concert  ', shown: false })
    expect(hidden.body).toMatchObject({ caption: 'The Eastfield choir, spring concert', libraryCaption: 'The choir', shown: false })
    expect(await publicCaptions()).not.toContain('The Eastfield choir, spring concert')

    const library = await t.request<Schemas['MediaItem']>('GET', `/api/admin/media/${image.id}`, { token: admin })
    expect(library.body.usedBy).toEqual([{ kind: 'gallery', id: added.body.id, title: 'Sports day at Hollins Cross' }])
    const refused = await t.request<Schemas['Error']>('DELETE', `/api/admin/media/${image.id}`, { token: admin, headers: { 'if-match': `"${library.body.version}"` } })
    expect(refused.status).toBe(409)
  })

  it('refuses an image already in the gallery, one without alt text and caption, one not in the library, and a blank caption', async () => {
    const [first] = await records()
    const twice = await send('POST', '', { mediaId: first?.mediaId })
    expect(twice.status).toBe(409)
    expect(twice.body.message).toBe('This image is already in the gallery. Change its caption or show it there instead.')

    const unready = await upload('untitled.svg')
    const notReady = await send('POST', '', { mediaId: unready.id })
    expect(notReady.status).toBe(400)
    expect(notReady.body.fields).toEqual({ mediaId: 'This image needs alt text and a caption in the media library before the site can show it.' })
    const missing = await send('POST', '', { mediaId: 'a'.repeat(64) })
    expect(missing.body.fields).toEqual({ mediaId: 'This image is not in the media library. Choose one from the library.' })
    const blank = await send('POST', '', { mediaId: unready.id, caption: '   ' })
    expect(blank.body.fields).toEqual({ caption: 'Write the line that goes under the photo on the gallery.' })
    const badId = await send('POST', '', { mediaId: 'not-an-id' })
    expect(badId.status).toBe(400)
    expect(Object.keys(badId.body.fields ?? {})).toEqual(['mediaId'])
    const before = await records()
    expect(before.some((item) => item.mediaId === unready.id)).toBe(false)
  })

  it('changes a caption and hides and shows a photo, from the version read (409 otherwise), with its history', async () => {
    const [first] = await records()
    if (!first) throw new Error('no gallery')
    const recaptioned = await send('PUT', `/${first.id}`, { caption: 'Maths at the kitchen table, Islington', shown: true }, first.version)
    expect(recaptioned.status).toBe(200)
    expect(recaptioned.body).toMatchObject({ caption: 'Maths at the kitchen table, Islington', version: 2 })
    expect((await publicCaptions())[0]).toBe('Maths at the kitchen table, Islington')

    const stale = await send('PUT', `/${first.id}`, { caption: 'Older words', shown: false }, first.version)
    expect(stale.status).toBe(409)
    expect(stale.body.message).toMatch(/^Someone else changed this record/)

    const hidden = await send('PUT', `/${first.id}`, { caption: 'Maths at the kitchen table, Islington', shown: false }, 2)
    expect(hidden.body.shown).toBe(false)
    expect(await publicCaptions()).not.toContain('Maths at the kitchen table, Islington')
    expect((await records())[0]?.id).toBe(first.id)
    const unchanged = await send('PUT', `/${first.id}`, { caption: 'Maths at the kitchen table, Islington', shown: false }, 3)
    expect(unchanged.body.version).toBe(3)
    const shownAgain = await send('PUT', `/${first.id}`, { caption: 'Maths at the kitchen table, Islington', shown: true }, 3)
    expect((await publicCaptions())[0]).toBe(shownAgain.body.caption)

    const blank = await send('PUT', `/${first.id}`, { caption: '', shown: true }, 4)
    expect(blank.status).toBe(400)
    expect(blank.body.fields).toEqual({ caption: 'Write the line that goes under the photo on the gallery.' })
    const unknown = await send('PUT', `/${crypto.randomUUID()}`, { caption: 'x', shown: true }, 1)
    expect(unknown.status).toBe(404)
    const noVersion = await t.request<Record>('PUT', `/api/admin/gallery/${first.id}`, { body: { caption: 'x', shown: true }, token: admin })
    expect(noVersion.status).toBe(400)
  })

  it('puts the photos in a new order, every one exactly once, and /gallery follows', async () => {
    const before = await records()
    const reversed = before.map((item) => item.id).reverse()
    const ordered = await send('PUT', '/order', { galleryItemIds: reversed })
    expect(ordered.status).toBe(200)
    expect(ordered.body).toEqual({ items: (await records()).map((item) => item) })
    expect((await records()).map((item) => item.id)).toEqual(reversed)
    const shownCaptions = [...before].reverse().filter((item) => item.shown).map((item) => item.caption)
    expect(await publicCaptions()).toEqual(shownCaptions)

    // A list that leaves one out, or names one that is not there, changes nothing.
    const short = await send('PUT', '/order', { galleryItemIds: reversed.slice(1) })
    expect(short.status).toBe(409)
    expect(short.body.message).toMatch(/^Someone added or took out a photo while you were moving them/)
    const stranger = await send('PUT', '/order', { galleryItemIds: [...reversed.slice(1), crypto.randomUUID()] })
    expect(stranger.status).toBe(409)
    const twice = await send('PUT', '/order', { galleryItemIds: [...reversed, reversed[0]] })
    expect(twice.status).toBe(400)
    expect((await records()).map((item) => item.id)).toEqual(reversed)
  })

  it('takes a photo out of the gallery, leaving the image in the library, free to delete', async () => {
    const image = await upload('leaving.svg', { alt: 'A cake with candles', caption: 'Goodbye party' })
    const added = await send('POST', '', { mediaId: image.id })
    const stale = await send('DELETE', `/${added.body.id}`, undefined, 2)
    expect(stale.status).toBe(409)
    const removed = await send('DELETE', `/${added.body.id}`, undefined, 1)
    expect(removed.status).toBe(204)
    expect(await publicCaptions()).not.toContain('Goodbye party')
    expect((await records()).some((item) => item.id === added.body.id)).toBe(false)
    expect((await send('DELETE', `/${added.body.id}`, undefined, 1)).status).toBe(404)

    const library = await t.request<Schemas['MediaItem']>('GET', `/api/admin/media/${image.id}`, { token: admin })
    expect(library.body.usedBy).toEqual([])
    // Back in, it goes to the end again.
    const again = await send('POST', '', { mediaId: image.id })
    expect(again.status).toBe(201)
    expect((await records()).at(-1)?.id).toBe(again.body.id)
  })

  it('keeps one place per image when two people add the same image at once', async () => {
    const image = await upload('twice.svg', { alt: 'Two paper boats', caption: 'Boats' })
    const answers = await Promise.all([send('POST', '', { mediaId: image.id }), send('POST', '', { mediaId: image.id })])
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409])
    expect((await records()).filter((item) => item.mediaId === image.id)).toHaveLength(1)
  })

  it('records who made each change in the audit trail', async () => {
    const events = await t.database.db.select({ action: auditEvents.action, actor: auditEvents.actorUserId }).from(auditEvents).where(like(auditEvents.action, 'gallery.%'))
    expect(new Set(events.map((event) => event.action))).toEqual(new Set(['gallery.item_added', 'gallery.item_updated', 'gallery.item_removed', 'gallery.order_changed']))
    expect(events.every((event) => event.actor !== null)).toBe(true)
  })
})
