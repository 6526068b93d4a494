import type { ChangeEvent, ChangeFeed } from '../db/changes.ts'

export interface KeptOptions<V> {
  /** Whether a committed change to `table` (undefined: any table may have changed) makes what is kept untrue. */
  heard: (table: string | undefined) => boolean
  /** Past either bound the oldest go first; anything not kept is read from the database, never refused. */
  maxEntries: number
  maxWeight: number
  weigh: (value: V) => number
  /** A safety net only: every change is heard, but nothing is kept longer than this either. */
  maxAgeMs: number
  /** Told whenever everything kept is dropped. */
  cleared?: () => void
  now?: () => number
}

interface Entry<V> {
  value: V
  keptAt: number
  weight: number
}

/**
 * Values read from the database, kept in this process by a key until the database says they may have changed.
 * Correct before fast:
 * - every committed change heard through the change feed (any process, psql, a migration) that `heard` names drops
 *   everything; a caller that wrote through this process calls `clear` before it answers;
 * - a value read while a change arrived is not kept: `begin` before reading, and `keep` refuses it when the
 *   generation moved on meanwhile;
 * - nothing is kept while the feed is not listening (at start, or while its connection is broken or silent).
 */
export class KeptUntilChange<V> {
  private readonly entries = new Map<string, Entry<V>>()
  private weight = 0
  private generation = 0
  private listening = false
  private readonly unsubscribe: () => void
  private readonly now: () => number

  constructor(
    feed: ChangeFeed,
    private readonly options: KeptOptions<V>,
  ) {
    this.now = options.now ?? Date.now
    this.unsubscribe = feed.subscribe((event: ChangeEvent, table?: string) => {
      if (event === 'changed' && !options.heard(table)) return
      this.clear()
      if (event !== 'changed') this.listening = event === 'up'
    })
  }

  find(key: string): V | undefined {
    if (!this.listening) return undefined
    const entry = this.entries.get(key)
    if (entry && this.now() - entry.keptAt > this.options.maxAgeMs) {
      this.drop(key, entry)
      return undefined
    }
    return entry?.value
  }

  /** Call before reading the value from the database; hand what it answers to `keep`. */
  begin(): number {
    return this.generation
  }

  /** Whether nothing was dropped since `begin` answered `generation`. */
  isCurrent(generation: number): boolean {
    return this.listening && generation === this.generation
  }

  /** Keeps a value read since `begin`, unless anything changed meanwhile; answers whether it was kept. */
  keep(key: string, generation: number, value: V): boolean {
    const weight = this.options.weigh(value)
    if (!this.isCurrent(generation) || weight > this.options.maxWeight) return false
    const before = this.entries.get(key)
    if (before) this.drop(key, before)
    for (const [oldKey, old] of this.entries) {
      if (this.entries.size < this.options.maxEntries && this.weight + weight <= this.options.maxWeight) break
      this.drop(oldKey, old)
    }
    this.entries.set(key, { value, keptAt: this.now(), weight })
    this.weight += weight
    return true
  }

  private drop(key: string, entry: Entry<V>): void {
    this.entries.delete(key)
    this.weight -= entry.weight
  }

  /** Drops everything kept: something changed, or may have. */
  clear(): void {
    this.generation += 1
    this.entries.clear()
    this.weight = 0
    this.options.cleared?.()
  }

  get size(): number {
    return this.entries.size
  }

  stop(): void {
    this.listening = false
    this.clear()
    this.unsubscribe()
  }
}
