// Staff sign-in under a flood of photo sizes (issue 26): the real server (the compiled build, not pinned: both
// cores, as it runs in production) is asked, in rounds, for sixteen sizes not yet made at once (16 photos at
// 1,920 px as AVIF, anonymous, as a browser asks). With each round's requests a staff account signs in (the first
// sign-in: what the issue measured), and again and again until all sixteen have answered. The same sign-in without
// the flood, in the same run, is the baseline: median and p95 of each, and their ratio. Not a test: nothing passes
// or fails on time.
//   npx tsx bench/media-flood.ts                  on its own (builds the server, makes a seeded data folder)
//   BENCH_ONLY=media npm run bench                as a group of npm run bench (written to bench/results/latest.json)
//   MEDIA_FLOOD_ROUNDS=3 npx tsx bench/media-flood.ts   fewer rounds (8 by default)
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { hashPassword } from '../server/auth/passwords.ts'
import { loadConfig } from '../server/config.ts'
import { media, users } from '../server/db/schema.ts'
import { openMigratedDatabase } from '../server/startup.ts'
import { buildServer } from '../scripts/build-server.ts'
import { copyOf, entry, median, SERVER_SCRIPT, startProcess, type Entry } from './lib.ts'
import { noisyPhoto } from '../tests/support/noisy-photo.ts'

const FLOOD = 16
const ROUNDS = Math.max(1, Number(process.env.MEDIA_FLOOD_ROUNDS ?? 8))
const ALONE = 40
const WIDTH = 1920
const ACCOUNT = { email: 'flood-bench@tec.test', pass: 'Bench-Marking-Password-1' }
const AVIF = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8'

/** Adds the staff account and the photos (stored directly, as older photos are, so none of their sizes exists). */
async function addAccountAndPhotos(dataDir: string, count: number): Promise<string[]> {
  const database = await openMigratedDatabase(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'silent' }))
  try {
    await database.db.insert(users).values({ email: ACCOUNT.email, name: 'Bench', role: 'ADMIN', passwordHash: await hashPassword(ACCOUNT.pass) })
    const bytes = await noisyPhoto(2000, 1333)
    const ids = Array.from({ length: count }, () => randomBytes(32).toString('hex'))
    for (const id of ids) await database.db.insert(media).values({ id, contentType: 'image/jpeg', bytes, width: 2000, height: 1333, alt: 'Noise', caption: 'Noise' })
    return ids
  } finally {
    await database.close()
  }
}

let signIns = 0

/** One sign-in, from an address of its own (the server trusts the bench's X-Forwarded-For), so no throttle counts it. */
async function timedSignIn(baseUrl: string): Promise<number> {
  signIns += 1
  const from = `10.${(signIns >> 16) & 255}.${(signIns >> 8) & 255}.${signIns & 255}`
  const started = performance.now()
  const answer = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': from }, body: JSON.stringify(ACCOUNT) })
  await answer.arrayBuffer()
  if (answer.status !== 200) throw new Error(`The bench account's sign-in answered ${answer.status}`)
  return performance.now() - started
}

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.95))] ?? 0
const round1 = (n: number) => Math.round(n * 10) / 10

/** `template`: a seeded data folder (bench/run.ts makes one); it is copied, never changed. */
export async function benchMediaFlood(template: string): Promise<Entry[]> {
  console.log(`\nMedia: staff sign-in alone (${ALONE}) and while ${FLOOD} anonymous requests for new photo sizes (${WIDTH} px AVIF) are in flight, ${ROUNDS} round(s)`)
  const dataDir = copyOf(template)
  try {
    const photos = await addAccountAndPhotos(dataDir, FLOOD * ROUNDS)
    const server = await startProcess(SERVER_SCRIPT, { DATA_DIR: dataDir, TRUST_PROXY: 'true' })
    try {
      for (let n = 0; n < 3; n++) await timedSignIn(server.baseUrl)
      const alone: number[] = []
      for (let n = 0; n < ALONE; n++) alone.push(await timedSignIn(server.baseUrl))

      const first: number[] = []
      const flooded: number[] = []
      const statuses: Record<string, number> = {}
      const sizeTimes: number[] = []
      const madeTimes: number[] = []
      for (let round = 0; round < ROUNDS; round++) {
        let outstanding = FLOOD
        const sizes = photos.slice(round * FLOOD, (round + 1) * FLOOD).map(async (id) => {
          const started = performance.now()
          try {
            const answer = await fetch(`${server.baseUrl}/api/media/${id}?v=1&width=${WIDTH}`, { headers: { accept: AVIF } })
            await answer.arrayBuffer()
            const took = performance.now() - started
            sizeTimes.push(took)
            if (answer.status === 200) madeTimes.push(took)
            statuses[answer.status] = (statuses[answer.status] ?? 0) + 1
          } finally {
            outstanding -= 1
          }
        })
        first.push(await timedSignIn(server.baseUrl))
        // Again and again while any of the round's sizes has not answered.
        while (outstanding > 0) flooded.push(await timedSignIn(server.baseUrl))
        await Promise.all(sizes)
      }

      const baselineName = 'the same sign-in without the flood'
      const details = {
        alone: { samples: alone.length, medianMs: round1(median(alone)), p95Ms: round1(p95(alone)) },
        first: { samples: first.length, medianMs: round1(median(first)), p95Ms: round1(p95(first)), all: first.map(round1) },
        afterFirst: { samples: flooded.length, medianMs: round1(median(flooded)), p95Ms: round1(p95(flooded)) },
        flood: { rounds: ROUNDS, perRound: FLOOD, statuses, answerMedianMs: round1(median(sizeTimes)), answerP95Ms: round1(p95(sizeTimes)), madeMedianMs: round1(median(madeTimes)) },
      }
      const name = `media / sign-in sent with ${FLOOD} requests for new photo sizes`
      const later = `media / later sign-ins while ${FLOOD} photo-size requests are in flight`
      return [
        entry({ group: 'media', name: `${name} / median`, project: round1(median(first)), baseline: round1(median(alone)), baselineName, unit: 'ms', details }),
        entry({ group: 'media', name: `${name} / p95`, project: round1(p95(first)), baseline: round1(p95(alone)), baselineName, unit: 'ms' }),
        entry({ group: 'media', name: `${later} / median`, project: round1(median(flooded)), baseline: round1(median(alone)), baselineName, unit: 'ms' }),
        entry({ group: 'media', name: `${later} / p95`, project: round1(p95(flooded)), baseline: round1(p95(alone)), baselineName, unit: 'ms' }),
      ]
    } finally {
      await server.stop()
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServer(SERVER_SCRIPT)
  const template = mkdtempSync(path.join(tmpdir(), 'tec-bench-data-'))
  try {
    // A first start creates, migrates and seeds the folder, as bench/run.ts does.
    await (await startProcess(SERVER_SCRIPT, { DATA_DIR: template })).stop()
    const [first] = await benchMediaFlood(template)
    console.log(JSON.stringify(first?.details, null, 2))
  } finally {
    rmSync(template, { recursive: true, force: true })
  }
}
