import { sql } from 'drizzle-orm'
import type { components } from '../../src/api/schema.gen.ts'
import type { Db } from '../db/client.ts'
import { recordOpenings } from '../db/schema.ts'
import type { Logger } from '../logger.ts'

type Schemas = components['schemas']

/** One opening of a record (or download of a list) by a member of staff, as the request saw it. */
export interface Opening {
  userId: string
  subjectType: Schemas['RecordOpeningSubject']
  /** The record's id; null for a list's CSV download. */
  subjectId: string | null
  kind: Schemas['RecordOpeningKind']
  /** When it was opened, by this process's clock: a row written a second later still says when it happened. */
  at: Date
}

export const OPENINGS = {
  /** Openings wait at most this long before they are written; a crash loses at most this much of them. */
  intervalMs: 1_000,
  /** A buffer this full is written at once, as one INSERT of this many rows. */
  batchSize: 100,
  /**
   * While writes fail (the database refuses them), openings wait for the next try; past this many (about 2 MB) the
   * newest are dropped and counted in the log, so an outage cannot fill the process's memory.
   */
  maxWaiting: 10_000,
} as const

export interface OpeningsOptions {
  intervalMs?: number
  batchSize?: number
  maxWaiting?: number
}

/**
 * Records who opened what, off the request's path: a request adds its opening to a buffer and answers, and the buffer
 * is written as one multi-row INSERT a second after its first opening, or at once when it holds a batch. One write
 * runs at a time. A failed write is logged and its openings go back to the front of the buffer, to be written with
 * the next batch. An opening is a record that something was read, not work the read depends on, so it is not stored
 * as a job: the price is that a crash (kill -9, power) loses what waited, at most about a second of openings; a
 * shutdown writes them (stop).
 */
export class OpeningsRecorder {
  readonly #intervalMs: number
  readonly #batchSize: number
  readonly #maxWaiting: number
  #waiting: Opening[] = []
  #timer: NodeJS.Timeout | undefined
  #writing: Promise<void> | undefined
  #dropped = 0
  #idleWaiters: (() => void)[] = []

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    options: OpeningsOptions = {},
  ) {
    this.#intervalMs = options.intervalMs ?? OPENINGS.intervalMs
    this.#batchSize = options.batchSize ?? OPENINGS.batchSize
    this.#maxWaiting = options.maxWaiting ?? OPENINGS.maxWaiting
  }

  /** Adds an opening to be written; never waits and never throws, so the request answers as it would without it. */
  record(opening: Omit<Opening, 'at'> & { at?: Date }): void {
    if (this.#waiting.length >= this.#maxWaiting) {
      this.#dropped += 1
      return
    }
    this.#waiting.push({ ...opening, at: opening.at ?? new Date() })
    if (this.#waiting.length >= this.#batchSize) this.#write()
    else this.#timer ??= setTimeout(() => this.#write(), this.#intervalMs).unref()
  }

  /** Writes every opening waiting now, and resolves when that write has ended (written, or failed and logged). */
  async flush(): Promise<void> {
    await this.#writing
    if (this.#waiting.length > 0) this.#write()
    await this.#writing
  }

  /** Resolves once every opening recorded so far is written, by the timer or a full batch (for tests: never a sleep). */
  async idle(): Promise<void> {
    if (this.#waiting.length === 0 && this.#writing === undefined) return
    await new Promise<void>((resolve) => this.#idleWaiters.push(resolve))
  }

  /** At shutdown, after the last request: writes what waits; what cannot be written is counted in the log. */
  async stop(): Promise<void> {
    await this.flush()
    clearTimeout(this.#timer)
    this.#timer = undefined
    const lost = this.#waiting.length + this.#dropped
    if (lost > 0) this.logger.error({ lost }, `${lost} record opening(s) could not be written before the server stopped`)
    this.#waiting = []
    this.#dropped = 0
  }

  #write(): void {
    clearTimeout(this.#timer)
    this.#timer = undefined
    this.#writing ??= this.#writeWaiting().finally(() => {
      this.#writing = undefined
      // Openings that came during the write, or a failed batch, wait for the next tick.
      if (this.#waiting.length > 0) this.#timer ??= setTimeout(() => this.#write(), this.#intervalMs).unref()
      else for (const resolve of this.#idleWaiters.splice(0)) resolve()
    })
  }

  async #writeWaiting(): Promise<void> {
    if (this.#dropped > 0) {
      this.logger.error({ dropped: this.#dropped }, `${this.#dropped} record opening(s) were not recorded: too many waited while writes failed`)
      this.#dropped = 0
    }
    while (this.#waiting.length > 0) {
      const batch = this.#waiting.splice(0, this.#batchSize)
      try {
        await this.#insert(batch)
      } catch (error) {
        this.#waiting.unshift(...batch)
        // Openings recorded during the failed write made room for none of the batch's: the newest go.
        if (this.#waiting.length > this.#maxWaiting) this.#dropped += this.#waiting.splice(this.#maxWaiting).length
        this.logger.error({ err: error, waiting: this.#waiting.length }, 'record openings could not be written; they are tried again with the next batch')
        return
      }
    }
  }

  /**
   * One INSERT for the whole batch. The person is looked up in the same statement: one whose account was deleted after
   * the request is written as nobody (as the foreign key's `on delete set null` would have made it), since one such
   * row must not make the whole batch fail at every try.
   */
  async #insert(batch: Opening[]): Promise<void> {
    await this.db.insert(recordOpenings).values(
      batch.map((opening) => ({
        at: opening.at,
        userId: sql`(select id from users where id = ${opening.userId}::uuid)`,
        subjectType: opening.subjectType,
        subjectId: opening.subjectId,
        kind: opening.kind,
      })),
    )
  }
}
