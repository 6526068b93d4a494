import { randomBytes, randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../src/api/schema.gen.ts'
import { ServerBusyError, WorkQueue } from '../../server/lib/work-queue.ts'
import { media, mediaVariants } from '../../server/db/schema.ts'
import { imageWork } from '../../server/media/image-work.ts'
import { variantsMadeSoFar } from '../../server/media/processing.ts'
import { MediaSizesWorker } from '../../server/media/sizes.ts'
import { createTestApp, DEFAULT_PASSWORD, type TestApp } from './support/test-app.ts'
import { until } from './support/until.ts'
import { noisyPhoto } from '../support/noisy-photo.ts'

/**
 * Photo sizes cannot starve sign-in (issue 26): each size is made once however many ask for it, in this process or
 * another; image work has its own bounded line, apart from password hashing; the sizes pages show are made after the
 * upload, not on a visitor's request. And a photo's answers leave shared caches within the hour, so a deleted or
 * replaced one stops being served there, while a version that is not the current one is never a cached copy.
 */
type Schemas = components['schemas']

const AVIF = { accept: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8' }

let t: TestApp
let admin: string
let photo: Uint8Array

/** A photo stored as before this change (no sizes to make): every size of it is new. */
async function storedPhoto(): Promise<string> {
  const id = randomBytes(32).toString('hex')
  await t.database.db.insert(media).values({ id, contentType: 'image/jpeg', bytes: photo, width: 1600, height: 1067, alt: 'Noise', caption: 'Noise' })
  return id
}

const sizesOf = (id: string) => t.database.db.select().from(mediaVariants).where(eq(mediaVariants.mediaId, id))
const sizeUrl = (id: string, width: number, v = 1) => `/api/media/${id}?v=${v}&width=${width}`

beforeAll(async () => {
  t = await createTestApp()
  await t.createUser({ email: 'office@tec.test', role: 'ADMIN' })
  admin = await t.login('office@tec.test')
  photo = await noisyPhoto(1600, 1067)
})
afterAll(async () => t?.close())

describe('image work', () => {
  it('runs one job per slot, lines visitors up to its bound and refuses the rest at once, and lets the office wait', async () => {
    const work = new WorkQueue(1, 2, 3)
    const releases: (() => void)[] = []
    const job = () => new Promise<string>((resolve) => releases.push(() => resolve('done')))
    const accepted = [work.run(job), work.run(job), work.run(job)]
    const refused = await work.run(job).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(ServerBusyError)
    expect((refused as ServerBusyError).retryAfterSeconds).toBe(3)
    const office = work.inTurn(job)
    expect(work.idle).toBe(false)
    while (releases.length > 0 || !work.idle) {
      await new Promise((resolve) => setImmediate(resolve))
      releases.shift()?.()
    }
    expect(await Promise.all([...accepted, office])).toEqual(['done', 'done', 'done', 'done'])
  })
})

describe('photo sizes', () => {
  it('makes a new size once for sixteen visitors asking at once, and gives each the same bytes', async () => {
    const id = await storedPhoto()
    const before = variantsMadeSoFar()
    const answers = await Promise.all(Array.from({ length: 16 }, () => t.request('GET', sizeUrl(id, 960), { headers: AVIF })))
    expect(answers.map((answer) => answer.status)).toEqual(Array(16).fill(200))
    expect(new Set(answers.map((answer) => answer.headers.get('content-type')))).toEqual(new Set(['image/avif']))
    expect(new Set(answers.map((answer) => Buffer.from(answer.bytes).toString('base64'))).size).toBe(1)
    expect(variantsMadeSoFar() - before).toBe(1)
    expect(await sizesOf(id)).toMatchObject([{ width: 960, format: 'avif', state: 'made', attempts: 1 }])
  })

  it('waits for a size another process is making instead of making it again, and takes over one whose maker stopped', async () => {
    const id = await storedPhoto()
    const claim = { version: 1, width: 640, format: 'avif' as const, state: 'making' as const, claim: randomUUID(), attempts: 1 }
    await t.database.db.insert(mediaVariants).values({ mediaId: id, ...claim, leaseUntil: new Date(Date.now() + 30_000) })
    const before = variantsMadeSoFar()
    let answered = false
    const waiting = t.request('GET', sizeUrl(id, 640), { headers: AVIF }).finally(() => (answered = true))
    // The other process makes it (here, by hand) and stores it; until then the request has nothing to answer with.
    const theirs = new Uint8Array(await sharp(photo).resize({ width: 640 }).avif({ effort: 0 }).toBuffer())
    expect(answered).toBe(false)
    await t.database.db.update(mediaVariants).set({ state: 'made', bytes: theirs, leaseUntil: null, claim: null }).where(eq(mediaVariants.mediaId, id))
    const answer = await waiting
    expect(answer.status).toBe(200)
    expect(Buffer.from(answer.bytes).equals(Buffer.from(theirs))).toBe(true)
    expect(variantsMadeSoFar() - before).toBe(0)

    // A claim whose lease is over (its process stopped half way) is claimed again and the size made here.
    const abandoned = await storedPhoto()
    await t.database.db.insert(mediaVariants).values({ mediaId: abandoned, ...claim, leaseUntil: new Date(Date.now() - 1000) })
    const taken = await t.request('GET', sizeUrl(abandoned, 640), { headers: AVIF })
    expect(taken.status).toBe(200)
    expect(variantsMadeSoFar() - before).toBe(1)
    expect(await sizesOf(abandoned)).toMatchObject([{ state: 'made', attempts: 2, claim: null, leaseUntil: null }])
  })

  it('answers a sign-in before the sizes of a sixteen-request flood are made, and refuses the flood beyond its line with 503', async () => {
    await t.createUser({ email: 'tutor@tec.test', role: 'TUTOR' })
    const ids = await Promise.all(Array.from({ length: 16 }, storedPhoto))
    const events: string[] = []
    const flood = ids.map((id) =>
      t.request('GET', sizeUrl(id, 1280), { headers: AVIF }).then((answer) => {
        events.push(String(answer.status))
        return answer
      }),
    )
    const signIn = await t.request('POST', '/api/auth/login', { body: { email: 'tutor@tec.test', pass: DEFAULT_PASSWORD, remember: false }, ip: '198.51.100.7' })
    events.push('signed in')
    const answers = await Promise.all(flood)
    expect(signIn.status).toBe(200)
    // Before the change every size was made at once on libuv's four threads, and the sign-in's hash waited behind them.
    const madeBeforeSignIn = events.slice(0, events.indexOf('signed in')).filter((event) => event === '200')
    expect(madeBeforeSignIn.length).toBeLessThanOrEqual(1)
    const refused = answers.filter((answer) => answer.status === 503)
    expect(answers.every((answer) => answer.status === 200 || answer.status === 503)).toBe(true)
    expect(refused.length).toBe(Math.max(0, 16 - imageWork.concurrency - imageWork.waiting))
    for (const answer of refused) {
      expect(answer.headers.get('retry-after')).toBe('1')
      expect(answer.headers.get('cache-control')).toBe('no-store')
    }
  })

  it('makes the sizes pages show after an upload, with no visitor asking; keeps them through an edit of the words and remakes them for a new file', async () => {
    const data = new FormData()
    data.append('file', new File([new Uint8Array(await noisyPhoto(1000, 667))], 'noise.jpg', { type: 'image/jpeg' }))
    const uploaded = await t.request<Schemas['MediaItem']>('POST', '/api/admin/media', { form: data, token: admin })
    expect(uploaded.status).toBe(201)
    const { id } = uploaded.body
    const pageSizes = [320, 640, 960, 1000].flatMap((width) => [`${width} avif`, `${width} webp`]).sort()
    const made = await until(
      () => sizesOf(id),
      (rows) => rows.length === pageSizes.length && rows.every((row) => row.state === 'made'),
    )
    expect(made.map((row) => `${row.width} ${row.format}`).sort()).toEqual(pageSizes)
    expect(made.every((row) => row.version === 1 && row.bytes !== null)).toBe(true)

    // The words change the version (and so the address), not the file: the sizes move along, none made again.
    const before = variantsMadeSoFar()
    const words = { alt: 'Grey noise', caption: 'A test of sizes' }
    const edited = await t.request<Schemas['MediaItem']>('PATCH', `/api/admin/media/${id}`, { body: words, token: admin, headers: { 'if-match': '"1"' } })
    expect(edited.body.version).toBe(2)
    expect((await sizesOf(id)).map((row) => `${row.version} ${row.state}`)).toEqual(Array(pageSizes.length).fill('2 made'))
    const served = await t.request('GET', sizeUrl(id, 640, 2), { headers: AVIF })
    expect(served.status).toBe(200)
    expect(variantsMadeSoFar() - before).toBe(0)

    // A new file: the old sizes go, and the new file's are made without any request.
    const data2 = new FormData()
    data2.append('file', new File([new Uint8Array(await noisyPhoto(700, 700))], 'square.jpg', { type: 'image/jpeg' }))
    const replaced = await t.request<Schemas['MediaItem']>('PUT', `/api/admin/media/${id}/file`, { form: data2, token: admin, headers: { 'if-match': '"2"' } })
    expect(replaced.body.version).toBe(3)
    const remade = await until(
      () => sizesOf(id),
      (rows) => rows.length === 6 && rows.every((row) => row.state === 'made'),
    )
    expect(remade.map((row) => `${row.version} ${row.width} ${row.format}`).sort()).toEqual(['3 320 avif', '3 320 webp', '3 640 avif', '3 640 webp', '3 700 avif', '3 700 webp'])
  })

  it('makes the sizes a stopped process left pending or half made, with no request, once a worker runs', async () => {
    const id = await storedPhoto()
    await t.database.db.insert(mediaVariants).values([
      { mediaId: id, version: 1, width: 320, format: 'webp' },
      { mediaId: id, version: 1, width: 320, format: 'avif', state: 'making', claim: randomUUID(), attempts: 1, leaseUntil: new Date(Date.now() - 1000) },
    ])
    // A process starting now, beside this one's own worker: the rows are the jobs, whichever process takes them.
    const restarted = new MediaSizesWorker(t.database, t.deps.logger)
    restarted.start()
    try {
      const rows = await until(
        () => sizesOf(id),
        (found) => found.every((row) => row.state === 'made'),
      )
      expect(rows.map((row) => `${row.format} ${row.state} ${row.attempts}`).sort()).toEqual(['avif made 2', 'webp made 1'])
    } finally {
      await restarted.stop()
    }
  })
})

describe('caching of images', () => {
  it('lets browsers keep an image for a year but shared caches only an hour, so a deleted one leaves them within the day', async () => {
    const id = await storedPhoto()
    const answer = await t.request('GET', `/api/media/${id}?v=1`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, s-maxage=3600, immutable')
    // A shared cache asking again after its hour hears 304 while the image stands, and 404 (not to be kept) once deleted.
    const etag = answer.headers.get('etag') ?? ''
    expect((await t.request('GET', `/api/media/${id}?v=1`, { headers: { 'if-none-match': etag } })).status).toBe(304)
    expect((await t.request('DELETE', `/api/admin/media/${id}`, { token: admin, headers: { 'if-match': '"1"' } })).status).toBe(204)
    const gone = await t.request('GET', `/api/media/${id}?v=1`, { headers: { 'if-none-match': etag } })
    expect(gone.status).toBe(404)
    expect(gone.headers.get('cache-control')).toBe('no-store')
  })

  it('sends any version but the current one, or none, to the current address without letting it be stored', async () => {
    const id = await storedPhoto()
    for (const [asked, current] of [
      [`/api/media/${id}?v=2`, `/api/media/${id}?v=1`],
      [`/api/media/${id}?v=999999&width=640`, `/api/media/${id}?v=1&width=640`],
      [`/api/media/${id}`, `/api/media/${id}?v=1`],
    ] as const) {
      const answer = await t.request('GET', asked, { headers: AVIF })
      expect(answer.status, asked).toBe(307)
      expect(answer.headers.get('location')).toBe(current)
      expect(answer.headers.get('cache-control')).toBe('no-store')
      expect(answer.bytes.byteLength).toBe(0)
    }
    // Nothing was made for the made-up addresses.
    expect(await sizesOf(id)).toEqual([])

    // A new version (here the words changed): the old address is sent on, so a shared cache asking again moves on.
    await t.request('PATCH', `/api/admin/media/${id}`, { body: { alt: 'Noise', caption: 'Still noise' }, token: admin, headers: { 'if-match': '"1"' } })
    const old = await t.request('GET', `/api/media/${id}?v=1`)
    expect([old.status, old.headers.get('location')]).toEqual([307, `/api/media/${id}?v=2`])
    expect((await t.request('GET', `/api/media/${id}?v=2`)).status).toBe(200)
    const [row] = await t.database.db.select({ version: media.version }).from(media).where(eq(media.id, id))
    expect(row?.version).toBe(2)
  })
})
