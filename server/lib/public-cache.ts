import { createHash } from 'node:crypto'
import type { ChangeEvent, ChangeFeed } from '../db/changes.ts'

/** One kept answer of a public read: its JSON exactly as sent, and the ETag that names it. */
export interface KeptAnswer {
  json: string
  etag: string
  keptAt: number
}

/**
 * Enough for every page of every public list; past either bound the oldest answers go first, and an address not
 * kept is answered from the database, never refused.
 */
const MAX_ANSWERS = 1000
const MAX_CHARACTERS = 16 * 1024 * 1024
/** A safety net only: every change is heard (below), but an answer is never kept longer than this either. */
const MAX_AGE_MS = 60_000

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
 * - nothing is kept while the feed is not listening (at start, or while its connection is broken or silent), and
 *   nothing is kept longer than a minute whatever happens;
 * - a post scheduled for later shows from its time without any write: everything kept is dropped at the next
 *   scheduled time (`nextDue`, asked once after each drop).
 */
export class PublicCache {
  private readonly answers = new Map<string, KeptAnswer>()
  private characters = 0
  private generation = 0
  private listening = false
  /** When the kept answers stop being true without a write (the next scheduled post), once known. */
  private validUntil: number | undefined
  private readonly unsubscribe: () => void

  constructor(
    feed: ChangeFeed,
    private readonly nextDue: () => Promise<Date | null>,
    private readonly now: () => number = Date.now,
  ) {
    this.unsubscribe = feed.subscribe((event: ChangeEvent) => {
      this.clear()
      if (event !== 'changed') this.listening = event === 'up'
    })
  }

  /** The kept answer for this address, if there is one and it is still true. */
  find(key: string): KeptAnswer | undefined {
    if (!this.listening) return undefined
    const now = this.now()
    if (this.validUntil !== undefined && now >= this.validUntil) this.clear()
    const kept = this.answers.get(key)
    if (kept && now - kept.keptAt > MAX_AGE_MS) {
      this.drop(key, kept)
      return undefined
    }
    return kept
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
    const answer = { json, etag: etagOf(json), keptAt: this.now() }
    if (!this.listening || generation !== this.generation || this.validUntil === undefined || json.length > MAX_CHARACTERS) return answer
    const before = this.answers.get(key)
    if (before) this.drop(key, before)
    for (const [oldKey, old] of this.answers) {
      if (this.answers.size < MAX_ANSWERS && this.characters + json.length <= MAX_CHARACTERS) break
      this.drop(oldKey, old)
    }
    this.answers.set(key, answer)
    this.characters += json.length
    return answer
  }

  private drop(key: string, answer: KeptAnswer): void {
    this.answers.delete(key)
    this.characters -= answer.json.length
  }

  /** Drops everything kept: something changed, or may have. */
  clear(): void {
    this.generation += 1
    this.answers.clear()
    this.characters = 0
    this.validUntil = undefined
  }

  get size(): number {
    return this.answers.size
  }

  stop(): void {
    this.listening = false
    this.clear()
    this.unsubscribe()
  }
}
