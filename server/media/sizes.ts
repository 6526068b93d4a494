import { randomUUID } from 'node:crypto'
import { and, asc, eq, lt, ne, or, sql } from 'drizzle-orm'
import { ServerBusyError } from '../lib/work-queue.ts'
import { Rounds } from '../lib/rounds.ts'
import type { Database, Db } from '../db/client.ts'
import { media, mediaVariants, type MediaContentType, type MediaVariantFormat } from '../db/schema.ts'
import type { Logger } from '../logger.ts'
import { imageWork } from './image-work.ts'
import { IMAGE_WIDTHS, makeVariant, STORED_FORMAT } from './processing.ts'
import { bytesOf, bytesValue } from './queries.ts'

const MEDIA_SIZES = {
  /** A claimed size not stored by then is taken to be abandoned (its process stopped): another may claim it. */
  leaseMs: 30_000,
  /** How often a request checks on a size another process is making. */
  checkEveryMs: 100,
  /**
   * The worker hears of new sizes to make through the change feed, from any process; it also looks this often, for
   * claims whose lease ran out (their process stopped) and anything said while the feed was down.
   */
  pollIntervalMs: 10_000,
  /** The worker leaves a size that failed this often to visitors' requests (each retries it, one at a time). */
  makeAttempts: 3,
} as const

/** The formats made for the pages ahead of any request: what browsers take (AVIF nearly all, WebP the older ones). */
const PAGE_FORMATS: readonly MediaVariantFormat[] = ['avif', 'webp']

export interface Size {
  mediaId: string
  version: number
  width: number
  format: MediaVariantFormat
}

/**
 * The sizes a photo's srcset offers (the widths pages use below its own, and its own) in the formats browsers take,
 * except the stored file itself, which is served as it is. Drawings (SVG) have none.
 */
function pageSizesOf(image: { width: number; contentType: MediaContentType }): { width: number; format: MediaVariantFormat }[] {
  if (image.contentType === 'image/svg+xml') return []
  const widths = [...IMAGE_WIDTHS.filter((width) => width < image.width), image.width]
  return widths.flatMap((width) => PAGE_FORMATS.filter((format) => !(width === image.width && format === STORED_FORMAT[image.contentType])).map((format) => ({ width, format })))
}

/** Stores the page sizes of a new upload or file as pending, in the caller's transaction; the worker makes them. */
export async function storePageSizes(tx: Db, mediaId: string, version: number, image: { width: number; contentType: MediaContentType }): Promise<void> {
  const sizes = pageSizesOf(image)
  if (sizes.length > 0) await tx.insert(mediaVariants).values(sizes.map((size) => ({ mediaId, version, ...size })))
}

/** Editing an image's words raises its version without changing its file: its sizes, made or not, move along. */
export async function moveSizesToVersion(tx: Db, mediaId: string, from: number, to: number): Promise<void> {
  await tx
    .update(mediaVariants)
    .set({ version: to })
    .where(and(eq(mediaVariants.mediaId, mediaId), eq(mediaVariants.version, from)))
}

const keyOf = (size: Size) => and(eq(mediaVariants.mediaId, size.mediaId), eq(mediaVariants.version, size.version), eq(mediaVariants.width, size.width), eq(mediaVariants.format, size.format))
/** Waiting to be made, or claimed by a process that has not stored it in time. */
const claimable = (now: Date) => or(eq(mediaVariants.state, 'pending'), and(eq(mediaVariants.state, 'making'), lt(mediaVariants.leaseUntil, now)))

interface Claimed {
  claim: string
  /** The stored file the size is made from, as it was when claimed. */
  stored: Uint8Array
}

/**
 * Claims one size for this process. The image's row is share-locked first, as a new file or an edit of the words
 * locks it before moving or removing the sizes (library.ts), so the file read here is the one the claimed version
 * names. 'gone': the image is deleted or at another version; undefined: another process holds the claim.
 */
async function claimSize(db: Db, size: Size): Promise<Claimed | 'gone' | undefined> {
  return db.transaction(async (tx) => {
    const [image] = await tx.select({ version: media.version, bytes: bytesOf(media.bytes) }).from(media).where(eq(media.id, size.mediaId)).for('share')
    if (!image || image.version !== size.version) return 'gone'
    const now = new Date()
    const claim = randomUUID()
    const taken = { state: 'making' as const, leaseUntil: new Date(now.getTime() + MEDIA_SIZES.leaseMs), claim }
    // A size nobody asked for before (not one pages show) has no row yet: whoever inserts it makes it.
    const inserted = await tx
      .insert(mediaVariants)
      .values({ ...size, ...taken, attempts: 1 })
      .onConflictDoNothing()
      .returning({ claim: mediaVariants.claim })
    if (inserted.length > 0) return { claim, stored: image.bytes }
    const updated = await tx
      .update(mediaVariants)
      .set({ ...taken, attempts: sql`${mediaVariants.attempts} + 1` })
      .where(and(keyOf(size), claimable(now)))
      .returning({ claim: mediaVariants.claim })
    return updated.length > 0 ? { claim, stored: image.bytes } : undefined
  })
}

const GONE = Symbol('gone')

/** Sizes being made or waited for in this process, per database and by key: one does the work, the rest share it. */
const inFlightByDb = new WeakMap<Db, Map<string, Promise<Uint8Array | undefined>>>()

function inFlightOf(db: Db): Map<string, Promise<Uint8Array | undefined>> {
  const known = inFlightByDb.get(db)
  if (known) return known
  const inFlight = new Map<string, Promise<Uint8Array | undefined>>()
  inFlightByDb.set(db, inFlight)
  return inFlight
}

function keyText(size: Size): string {
  return `${size.mediaId} ${size.version} ${size.width} ${size.format}`
}

/**
 * The bytes of one size of a photo at its current version: kept, or made now, once however many ask. One request
 * claims the size's row and makes it through the visitors' line of image work (ServerBusyError when that is full);
 * requests for it wait, in this process for that request's result and in others by checking the row. Undefined when
 * the image is gone or at another version meanwhile.
 */
export async function sizeBytes(db: Db, size: Size): Promise<Uint8Array | undefined> {
  const inFlight = inFlightOf(db)
  const key = keyText(size)
  const shared = inFlight.get(key)
  if (shared) return shared
  const obtained = obtain(db, size).finally(() => inFlight.delete(key))
  inFlight.set(key, obtained)
  return obtained
}

async function obtain(db: Db, size: Size): Promise<Uint8Array | undefined> {
  const deadline = Date.now() + MEDIA_SIZES.leaseMs
  for (;;) {
    const [row] = await db
      .select({ state: mediaVariants.state, bytes: bytesOf(mediaVariants.bytes), leaseUntil: mediaVariants.leaseUntil })
      .from(mediaVariants)
      .where(keyOf(size))
      .limit(1)
    if (row?.state === 'made' && row.bytes) return row.bytes
    if (!row || row.state === 'pending' || (row.leaseUntil !== null && row.leaseUntil.getTime() < Date.now())) {
      const made = await imageWork.run(async () => {
        const claimed = await claimSize(db, size)
        if (claimed === 'gone') return GONE
        return claimed === undefined ? undefined : make(db, size, claimed)
      })
      if (made === GONE) return undefined
      if (made !== undefined) return made
      // Another process claimed it first: wait for it as for any size being made elsewhere.
    } else if (Date.now() > deadline) {
      throw new ServerBusyError(1)
    } else {
      await new Promise((resolve) => setTimeout(resolve, MEDIA_SIZES.checkEveryMs))
    }
  }
}

/** Makes a claimed size and stores it, unless the claim was lost meanwhile (a new file removed the row). */
async function make(db: Db, size: Size, { claim, stored }: Claimed): Promise<Uint8Array> {
  // Without the version: an edit of the words may have moved the row to the next version, with the same file.
  const ours = and(eq(mediaVariants.mediaId, size.mediaId), eq(mediaVariants.width, size.width), eq(mediaVariants.format, size.format), eq(mediaVariants.claim, claim))
  let bytes: Uint8Array
  try {
    bytes = await makeVariant(stored, size.width, size.format)
  } catch (error) {
    await db.update(mediaVariants).set({ state: 'pending', leaseUntil: null, claim: null }).where(ours)
    throw error
  }
  await db.update(mediaVariants).set({ state: 'made', bytes: bytesValue(bytes), leaseUntil: null, claim: null }).where(ours)
  return bytes
}

/**
 * Makes the sizes stored as pending (those pages show, with each upload), in every process: one at a time, and only
 * while no request waits for image work, so a visitor's or the office's work goes first. It hears of new ones
 * through the change feed (any change to media_variants, committed by any process) and looks every few seconds for
 * claims whose process stopped half way.
 */
export class MediaSizesWorker {
  #unsubscribe: (() => void) | undefined
  #stopped = false
  readonly #rounds: Rounds = new Rounds(
    () => this.#makePending(),
    (error) => this.logger.error({ err: error }, 'making photo sizes failed'),
    () => !this.#stopped && this.#rounds.started,
  )

  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
  ) {}

  /** Starts making pending sizes: now (any left by an earlier run), when the feed tells of new ones, and every few seconds. */
  start(): void {
    if (this.#rounds.started || this.#stopped) return
    this.#rounds.poll(MEDIA_SIZES.pollIntervalMs)
    this.#unsubscribe = this.database.changes.subscribe((event, table) => {
      // `up` after a break too: what was said meanwhile was not heard. New sizes are stored in the transaction that
      // changes their image (library.ts), and `media` is told of where `media_variants` is not: visitors write to it.
      if (event === 'up' || (event === 'changed' && (table === undefined || table === 'media'))) this.kick()
    })
  }

  /** Makes what is pending now; a kick during a round runs one more round after it. */
  kick(): void {
    this.#rounds.kick()
  }

  /** Stops the worker and waits for the size it is making; what is left stays pending for the next start. */
  async stop(): Promise<void> {
    this.#stopped = true
    this.#unsubscribe?.()
    await this.#rounds.stop()
  }

  async #makePending(): Promise<void> {
    const { db } = this.database
    const inFlight = inFlightOf(db)
    while (!this.#stopped && imageWork.idle) {
      const next = await this.#claimNext()
      if (next === undefined) return
      const key = keyText(next.size)
      const making = imageWork.inTurn(() => make(db, next.size, next))
      // Requests in this process for the size share this work rather than check the row until it is stored.
      if (!inFlight.has(key)) {
        inFlight.set(key, making)
        void making.catch(() => undefined).finally(() => inFlight.get(key) === making && inFlight.delete(key))
      }
      try {
        await making
      } catch (error) {
        this.logger.warn({ err: error, mediaId: next.size.mediaId, width: next.size.width, format: next.size.format }, 'a photo size could not be made')
      }
    }
  }

  /**
   * Claims the oldest pending size; SKIP LOCKED lets the workers of several processes share the rows. The image is
   * share-locked without waiting (an edit holding it may be waiting for this row), and a size of a version that is
   * no longer current is removed. Undefined: nothing to make now.
   */
  async #claimNext(): Promise<(Claimed & { size: Size }) | undefined> {
    for (;;) {
      const now = new Date()
      const outcome = await this.database.db.transaction(async (tx) => {
        const [next] = await tx
          .select({ mediaId: mediaVariants.mediaId, version: mediaVariants.version, width: mediaVariants.width, format: mediaVariants.format })
          .from(mediaVariants)
          .where(and(ne(mediaVariants.state, 'made'), claimable(now), lt(mediaVariants.attempts, MEDIA_SIZES.makeAttempts)))
          .orderBy(asc(mediaVariants.createdAt))
          .limit(1)
          .for('update', { skipLocked: true })
        if (!next) return undefined
        const [image] = await tx.select({ version: media.version, bytes: bytesOf(media.bytes) }).from(media).where(eq(media.id, next.mediaId)).for('share', { skipLocked: true })
        if (!image) return 'locked' as const
        if (image.version !== next.version) {
          await tx.delete(mediaVariants).where(keyOf(next))
          return 'stale' as const
        }
        const claim = randomUUID()
        await tx
          .update(mediaVariants)
          .set({ state: 'making', leaseUntil: new Date(now.getTime() + MEDIA_SIZES.leaseMs), claim, attempts: sql`${mediaVariants.attempts} + 1` })
          .where(keyOf(next))
        return { size: next, claim, stored: image.bytes }
      })
      // A locked image is being changed: its sizes are looked at again in the next round.
      if (outcome === 'locked') return undefined
      if (outcome !== 'stale') return outcome
    }
  }
}
