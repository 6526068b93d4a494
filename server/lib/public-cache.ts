import { createHash } from 'node:crypto'
import { CONTENT_TABLES, OFFICE_TABLES, type ChangeFeed } from '../db/changes.ts'
import { KeptUntilChange, type Budget } from './kept.ts'

/** One kept answer of a read: its JSON exactly as sent (UTF-8, encoded once), and the ETag that names it. */
export interface KeptAnswer {
  bytes: Uint8Array<ArrayBuffer>
  etag: string
}

const MIB = 1024 * 1024
/** Enough for every page of every list the office has open; past either the oldest go. */
const MAX_ANSWERS = 1000
const MAX_BYTES = 16 * MIB
const MAX_AGE_MS = 60_000
const encoder = new TextEncoder()

/** Rendered pages are kept under this and their address (server/ssr/page-renderer.ts), beside the reads. */
const PAGE_KEY = 'page '
export const pageKey = (address: string) => `${PAGE_KEY}${address}`

/**
 * What the public site keeps, on four shelves with a budget each, so that filling one never pushes out another: a
 * flood of made-up list addresses (`/api/blog-posts?page=N`) once pushed every rendered page out, making each visit a
 * render. API reads and rendered pages are apart; within each, addresses without a query string (one per course,
 * post or page there is, so bounded by the site's content) are apart from those with one, which visitors can vary
 * without end. A rendered page weighs 20 to 90 kB with its two compressed copies (the demo site's, measured), an API
 * read a few kB; a shelf of pages holds a site of a few hundred posts and courses.
 */
const SHELVES = {
  reads: { maxEntries: 1000, maxWeight: 16 * MIB },
  'reads with a query': { maxEntries: 500, maxWeight: 8 * MIB },
  pages: { maxEntries: 400, maxWeight: 32 * MIB },
  'pages with a query': { maxEntries: 100, maxWeight: 8 * MIB },
} satisfies Record<string, Budget>

const shelfOf = (key: string): keyof typeof SHELVES =>
  key.startsWith(PAGE_KEY) ? (key.includes('?') ? 'pages with a query' : 'pages') : key.includes('?') ? 'reads with a query' : 'reads'

/** Whether an If-None-Match header names this ETag (a list, weak validators and * included, per RFC 9110). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '')
    return tag === '*' || tag === etag
  })
}

/** A public read's kept answer, with what it is sent with besides its body, so it can be sent as it is. */
export interface PublicAnswer extends KeptAnswer {
  /** The operation's x-cache-control. */
  cacheControl: string | undefined
  /** The route pattern it was read through (`/api/courses/:id`), for the request log. */
  route: string
  /** The contract operation that read it, for the request log and the metrics; none for a rendered page. */
  operation?: string
  /** Compressed copies, made once when kept (a rendered page's HTML); the API's JSON is sent as it is. */
  encoded?: { br: Uint8Array<ArrayBuffer>; gzip: Uint8Array<ArrayBuffer> }
}

const weightOf = (answer: PublicAnswer) => answer.bytes.byteLength + (answer.encoded ? answer.encoded.br.byteLength + answer.encoded.gzip.byteLength : 0)

export function etagOf(json: string): string {
  return `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`
}

export function answerOf(json: string): KeptAnswer {
  return { bytes: encoder.encode(json), etag: etagOf(json) }
}

/** Answers of reads, kept by their address until a table they read changes: the office's lists (`x-kept: per-user`). */
export function staffAnswers(feed: ChangeFeed): KeptUntilChange<KeptAnswer> {
  return new KeptUntilChange<KeptAnswer>(feed, { heard: (table) => table === undefined || OFFICE_TABLES.has(table), maxEntries: MAX_ANSWERS, maxWeight: MAX_BYTES, weigh: (answer) => answer.bytes.byteLength, maxAgeMs: MAX_AGE_MS })
}

/**
 * The answers of the public reads (the contract's `x-cache-control: public…` operations), kept in this process by
 * their address until what they show changes (KeptUntilChange: a committed change to a table the public site
 * shows, from any process, or a staff write through this one). One more way they stop being true: a post scheduled
 * for later shows from its time without any write, so everything kept is dropped at the next scheduled time
 * (`nextDue`, asked once after each drop). The public pages rendered on the server are kept here too, under
 * `pageKey(address)` (server/ssr/page-renderer.ts), so they go with the reads they were rendered from, each kind
 * within its own budget (SHELVES).
 */
export class PublicCache {
  private readonly answers: KeptUntilChange<PublicAnswer>
  /** When the kept answers stop being true without a write (the next scheduled post), once known. */
  private validUntil: number | undefined

  constructor(
    feed: ChangeFeed,
    private readonly nextDue: () => Promise<Date | null>,
    private readonly now: () => number = Date.now,
  ) {
    this.answers = new KeptUntilChange<PublicAnswer>(feed, {
      heard: (table) => table === undefined || CONTENT_TABLES.has(table),
      ...SHELVES.reads,
      shelves: { of: shelfOf, budgets: SHELVES },
      weigh: weightOf,
      maxAgeMs: MAX_AGE_MS,
      cleared: () => (this.validUntil = undefined),
      now,
    })
  }

  /** The kept answer for this address, if there is one and it is still true. */
  find(key: string): PublicAnswer | undefined {
    if (this.validUntil !== undefined && this.now() >= this.validUntil) this.answers.clear()
    return this.answers.find(key)
  }

  /** Call before reading the database for an answer to keep; hand the result to `keep`. */
  async begin(): Promise<number> {
    const generation = this.answers.begin()
    if (this.validUntil === undefined) {
      const due = await this.nextDue()
      if (this.answers.isCurrent(generation)) this.validUntil = due === null ? Number.POSITIVE_INFINITY : due.getTime()
    }
    return generation
  }

  /** Keeps an answer read since `begin`, unless anything changed meanwhile. */
  keep(key: string, generation: number, json: string, sent: Pick<PublicAnswer, 'cacheControl' | 'route' | 'encoded'>): PublicAnswer {
    const answer = { ...answerOf(json), ...sent }
    if (this.validUntil !== undefined) this.answers.keep(key, generation, answer)
    return answer
  }

  /** Drops everything kept: something changed, or may have. */
  clear(): void {
    this.answers.clear()
  }

  get size(): number {
    return this.answers.size
  }

  stop(): void {
    this.answers.stop()
  }
}
