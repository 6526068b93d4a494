import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../src/api/schema.gen.ts'
import { seedDemoContent } from '../../server/demo/content.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'

type Schemas = components['schemas']
type Item = Schemas['MediaItem']

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

/** A phone's photo: 3000 × 2000 px with the camera, the time and where it was taken (a London school). */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#336699' } })
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Pocket 12', DateTime: '2026:10:01 09:12:00' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 2635/100', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 3000/100' },
    })
    .jpeg({ quality: 90 })
    .toBuffer()
}

const pngImage = (width: number, height: number) => sharp({ create: { width, height, channels: 4, background: { r: 2, g: 0, b: 101, alpha: 0.5 } } }).png().toBuffer()

function form(bytes: Uint8Array, name: string, type: string, fields: Record<string, string> = {}): FormData {
  const data = new FormData()
  data.append('file', new File([new Uint8Array(bytes)], name, { type }))
  for (const [key, value] of Object.entries(fields)) data.append(key, value)
  return data
}

const upload = (data: FormData, token = admin) => t.request<Item & Schemas['Error']>('POST', '/api/admin/media', { form: data, token })
const GPS_IFD_TAG = [Buffer.from([0x88, 0x25]), Buffer.from([0x25, 0x88])]

describe('the media library', () => {
  let photo: Item

  it('takes a phone photo: no metadata kept (no place, no camera), turned into at most 2,560 px, alt text and caption optional at first', async () => {
    const original = await phonePhoto()
    const before = await sharp(original).metadata()
    expect(GPS_IFD_TAG.some((tag) => before.exif?.includes(tag))).toBe(true)

    const answer = await upload(form(original, 'IMG_2041.JPG', 'image/jpeg'))
    expect(answer.status).toBe(201)
    photo = answer.body
    expect(photo).toMatchObject({ fileName: 'IMG_2041.JPG', contentType: 'image/jpeg', alt: '', caption: '', ready: false, usedBy: [], version: 1 })
    expect(photo.image).toMatchObject({ width: 2560, height: 1707, url: `/api/media/${photo.id}?v=1` })
    expect(photo.image.srcset).toBe([320, 640, 960, 1280, 1920].map((w) => `/api/media/${photo.id}?v=1&width=${w} ${w}w`).concat(`/api/media/${photo.id}?v=1 2560w`).join(', '))
    expect(answer.headers.get('etag')).toBe('"1"')

    const served = await t.request('GET', photo.image.url)
    expect(served.headers.get('content-type')).toBe('image/jpeg')
    const after = await sharp(served.bytes).metadata()
    expect(after.exif).toBeUndefined()
    expect(Buffer.from(served.bytes).includes(Buffer.from('PhoneCo'))).toBe(false)
    expect(after.width).toBe(2560)
  })

  it('serves AVIF or WebP to browsers that take them, at the widths pages ask for, and keeps what it made', async () => {
    const chrome = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8'
    const avif = await t.request('GET', `${photo.image.url}&width=640`, { headers: { accept: chrome } })
    expect(avif.status).toBe(200)
    expect(avif.headers.get('content-type')).toBe('image/avif')
    expect(avif.headers.get('vary')).toBe('Accept')
    expect(avif.headers.get('cache-control')).toBe('public, max-age=31536000, s-maxage=3600, immutable')
    const size = await sharp(avif.bytes).metadata()
    expect([size.width, size.exif]).toEqual([640, undefined])

    const webp = await t.request('GET', `${photo.image.url}&width=320`, { headers: { accept: 'image/webp,*/*' } })
    expect(webp.headers.get('content-type')).toBe('image/webp')
    expect((await sharp(webp.bytes).metadata()).width).toBe(320)

    const again = await t.request('GET', `${photo.image.url}&width=640`, { headers: { accept: chrome, 'if-none-match': avif.headers.get('etag') ?? '' } })
    expect(again.status).toBe(304)
    // A width the pages do not use is refused, not made.
    expect((await t.request('GET', `${photo.image.url}&width=777`)).status).toBe(400)
  })

  it('refuses a renamed file, a file that is no image, one too large (413) and one of too many pixels, with the reason', async () => {
    const png = await pngImage(40, 30)
    const renamed = await upload(form(png, 'holiday.jpg', 'image/jpeg'))
    expect(renamed.status).toBe(400)
    expect(renamed.body.fields?.file).toBe('“holiday.jpg” is named as a JPEG photo but holds a PNG image. Save it again in its own format and upload that.')

    const text = await upload(form(new TextEncoder().encode('not an image at all'), 'notes.png', 'image/png'))
    expect(text.status).toBe(400)
    expect(text.body.fields?.file).toMatch(/^This file is not an image we can read/)

    const exe = await upload(form(png, 'setup.exe', 'application/octet-stream'))
    expect(exe.body.fields?.file).toMatch(/does not have an image's name/)

    const huge = await upload(form(new Uint8Array(21 * 1024 * 1024 + 10), 'huge.jpg', 'image/jpeg'))
    expect(huge.status).toBe(413)
    expect(huge.body.message).toBe('The file is too large. Upload files of at most 20 MB.')
    const big = new Uint8Array(20 * 1024 * 1024 + 1)
    big.set(await phonePhoto())
    const justOver = await upload(form(big, 'big.jpg', 'image/jpeg'))
    expect(justOver.status).toBe(413)
    expect(justOver.body.message).toBe('“big.jpg” is 20.0 MB. Upload images of at most 20 MB.')

    const wide = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#ffffff' } }).png({ compressionLevel: 9 }).toBuffer()
    const pixels = await upload(form(wide, 'panorama.png', 'image/png'))
    expect(pixels.status).toBe(400)
    expect(pixels.body.fields?.file).toMatch(/10000 × 6000 pixels. Upload images of at most 50 megapixels/)

    const missing = await t.request('POST', '/api/admin/media', { form: new FormData(), token: admin })
    expect(missing.status).toBe(400)
    expect(missing.body.fields).toEqual({ file: 'This field is required.' })
    const json = await t.request('POST', '/api/admin/media', { body: { file: 'x' }, token: admin })
    expect(json.status).toBe(415)
    const list = await t.request<Schemas['MediaItemPage']>('GET', '/api/admin/media?q=holiday', { token: admin })
    expect(list.body.total).toBe(0)
  })

  it('cleans an uploaded SVG drawing of anything that runs, and keeps PNG transparency', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" onload="alert(1)"><script>alert(2)</script><rect width="40" height="20" fill="#020065"/></svg>'
    const answer = await upload(form(new TextEncoder().encode(svg), 'logo.svg', 'image/svg+xml', { alt: 'A blue bar', caption: 'Our colour' }))
    expect(answer.status).toBe(201)
    expect(answer.body).toMatchObject({ contentType: 'image/svg+xml', ready: true, image: { width: 40, height: 20 } })
    expect(answer.body.image.srcset).toBeUndefined()
    const served = await t.request('GET', answer.body.image.url, { headers: { accept: 'image/avif,*/*' } })
    expect(served.headers.get('content-type')).toBe('image/svg+xml')
    expect(served.text).not.toMatch(/script|onload|alert/)

    const png = await upload(form(await pngImage(50, 40), 'badge.png', 'image/png'))
    const plain = await t.request('GET', png.body.image.url)
    expect(plain.headers.get('content-type')).toBe('image/png')
    expect((await sharp(plain.bytes).metadata()).hasAlpha).toBe(true)
  })

  it('needs alt text and a caption before use; edits carry the version; the list searches and filters', async () => {
    const blank = await t.request('PATCH', `/api/admin/media/${photo.id}`, { body: { alt: ' ', caption: '' }, token: admin, headers: { 'if-match': '"1"' } })
    expect(blank.status).toBe(400)
    expect(Object.keys(blank.body.fields ?? {}).sort()).toEqual(['alt', 'caption'])
    const details = { alt: 'Pupils reading together on a carpet', caption: 'Reading hour at Northgate Primary' }
    const saved = await t.request<Item>('PATCH', `/api/admin/media/${photo.id}`, { body: details, token: admin, headers: { 'if-match': '"1"' } })
    expect(saved.status).toBe(200)
    expect(saved.body).toMatchObject({ ...details, ready: true, version: 2 })
    expect(saved.body.image.url).toBe(`/api/media/${photo.id}?v=2`)
    const stale = await t.request('PATCH', `/api/admin/media/${photo.id}`, { body: details, token: admin, headers: { 'if-match': '"1"' } })
    expect(stale.status).toBe(409)
    photo = saved.body

    const found = await t.request<Schemas['MediaItemPage']>('GET', '/api/admin/media?q=northgate', { token: admin })
    expect(found.body.items.map((item) => item.id)).toEqual([photo.id])
    const notReady = await t.request<Schemas['MediaItemPage']>('GET', '/api/admin/media?ready=false', { token: admin })
    expect(notReady.body.items.every((item) => !item.ready)).toBe(true)
    expect(notReady.body.items.map((item) => item.fileName)).toContain('badge.png')
    const demo = await t.request<Schemas['MediaItemPage']>('GET', '/api/admin/media?q=kitchen-table', { token: admin })
    expect(demo.body.items[0]).toMatchObject({ fileName: 'kitchen-table.svg', ready: true })
    expect(demo.body.items[0]?.caption).toMatch(/^Illustration: /)
    expect(demo.body.items[0]?.usedBy.map((use) => use.kind)).toContain('gallery')
  })

  it('replaces the file in place: same id, new version and address, the old sizes gone', async () => {
    const replacement = await sharp({ create: { width: 1000, height: 1000, channels: 3, background: '#aa3300' } }).webp().toBuffer()
    const stale = await t.request('PUT', `/api/admin/media/${photo.id}/file`, { form: form(replacement, 'square.webp', 'image/webp'), token: admin, headers: { 'if-match': '"1"' } })
    expect(stale.status).toBe(409)
    const answer = await t.request<Item>('PUT', `/api/admin/media/${photo.id}/file`, { form: form(replacement, 'square.webp', 'image/webp'), token: admin, headers: { 'if-match': `"${photo.version}"` } })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ id: photo.id, version: photo.version + 1, fileName: 'square.webp', contentType: 'image/webp', alt: photo.alt, image: { width: 1000, height: 1000 } })
    const served = await t.request('GET', `${answer.body.image.url}&width=640`, { headers: { accept: 'image/webp' } })
    expect((await sharp(served.bytes).metadata()).height).toBe(640)
    photo = answer.body
  })

  it('refuses to delete an image still in use, naming where; deletes one nobody uses', async () => {
    const demo = await t.request<Schemas['MediaItemPage']>('GET', '/api/admin/media?q=kitchen-table', { token: admin })
    const used = demo.body.items[0]
    if (!used) throw new Error('the demo illustration is missing')
    const refused = await t.request('DELETE', `/api/admin/media/${used.id}`, { token: admin, headers: { 'if-match': `"${used.version}"` } })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toMatch(/^This image is still used by .*the gallery \(“Illustration: A Tuesday evening maths lesson at home in Islington.”\)/)

    const gone = await t.request('DELETE', `/api/admin/media/${photo.id}`, { token: admin, headers: { 'if-match': `"${photo.version}"` } })
    expect(gone.status).toBe(204)
    expect((await t.request('GET', `/api/admin/media/${photo.id}`, { token: admin })).status).toBe(404)
    expect((await t.request('GET', photo.image.url)).status).toBe(404)
  })

  it('is for the office only', async () => {
    expect((await t.request('GET', '/api/admin/media', { token: tutor })).status).toBe(403)
    expect((await upload(form(await pngImage(4, 4), 'a.png', 'image/png'), tutor)).status).toBe(403)
    expect((await t.request('GET', '/api/admin/media')).status).toBe(401)
  })
})
