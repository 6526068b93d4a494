import { createHash } from 'node:crypto'
import type { ChangeEvent, ChangeFeed } from '../db/changes.ts'
import type { Logger } from '../logger.ts'

/** One kept answer of a public read: its JSON exactly as sent, and the ETag that names it. */
export interface KeptAnswer {
  json: string
  etag: string
}

/** Enough for every page of every public list; an address past it is answered from the database, never refused. */
const MAX_ANSWERS = 1000

/** Whether an If-None-Match header names this ETag (a list, weak validators and * included, per RFC 9110). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '')
    return tag === '*' || tag === etag
  })
}

export function etagOf(json: string): string {
  return `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`
}

/**
 * The answers of the public reads (the contract's `x-cache-control: public…` operations), kept in this process by
 * their address until what they show changes. Correct before fast:
 * - every committed write to the public content, from any process, is heard through the database's change feed
 *   and drops them all; a write through this process's API drops them before it answers, so its author reads it;
 * - an answer read from the database while a change arrived is not kept (the generation moved on);
 * - nothing is kept while the feed is not listening (at start, or while its connection is broken);
 * - a post scheduled for later shows from its time without any write: everything kept is dropped at the next
 *   scheduled time (`nextDue`, asked once after each drop).
 */
export class PublicCache {
  private readonly answers = new Map<string, KeptAnswer>()
  private generation = 0
  private listening = false
  /** When the kept answers stop being true without a write (the next scheduled post), once known. */
  private validUntil: number | undefined
  private stopFeed: (() => Promise<void>) | undefined

  constructor(
    feed: ChangeFeed,
    private readonly nextDue: () => Promise<Date | null>,
    logger: Logger,
    private readonly now: () => number = Date.now,
  ) {
    feed
      .subscribe((event: ChangeEvent) => {
        this.clear()
        this.listening = event !== 'down'
      })
      .then((stop) => {
        this.stopFeed = stop
        this.clear()
        this.listening = true
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'public reads are not cached: database changes cannot be heard'))
  }

  /** The kept answer for this address, if there is one and it is still true. */
  find(key: string): KeptAnswer | undefined {
    if (!this.listening) return undefined
    if (this.validUntil !== undefined && this.now() >= this.validUntil) this.clear()
    return this.answers.get(key)
  }

  /** Call before reading the database for an answer to keep; hand the result to `keep`. */
  async begin(): Promise<number> {
    const generation = this.generation
    if (this.validUntil === undefined) {
      const due = await this.nextDue()
      if (this.generation === generation) this.validUntil = due === null ? Number.POSITIVE_INFINITY : due.getTime()
    }
    return generation
  }

  /** Keeps an answer read since `begin`, unless anything changed meanwhile. */
  keep(key: string, generation: number, json: string): KeptAnswer {
    const answer = { json, etag: etagOf(json) }
    if (!this.listening || generation !== this.generation || this.validUntil === undefined) return answer
    if (this.answers.size >= MAX_ANSWERS) {
      const oldest = this.answers.keys().next().value
      if (oldest !== undefined) this.answers.delete(oldest)
    }
    this.answers.set(key, answer)
    return answer
  }

  /** Drops everything kept: something changed, or may have. */
  clear(): void {
    this.generation += 1
    this.answers.clear()
    this.validUntil = undefined
  }

  get size(): number {
    return this.answers.size
  }

  async stop(): Promise<void> {
    this.listening = false
    this.clear()
    await this.stopFeed?.()
  }
}
