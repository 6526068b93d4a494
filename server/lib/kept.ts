import type { ChangeEvent, ChangeFeed } from '../db/changes.ts'

/** How much a store, or one shelf of it, keeps: past either bound the oldest go first. */
export interface Budget {
  maxEntries: number
  maxWeight: number
}

export interface KeptOptions<V> extends Budget {
  /** Whether a committed change to `table` (undefined: any table may have changed) makes what is kept untrue. */
  heard: (table: string | undefined) => boolean
  /** Anything not kept (past maxEntries or maxWeight) is read from the database, never refused. */
  weigh: (value: V) => number
  /**
   * Kinds of key kept apart, each within its own budget instead of maxEntries and maxWeight, so that filling one
   * (addresses anyone can make up) never pushes out what another keeps: `of` names a key's shelf among `budgets`.
   */
  shelves?: { of: (key: string) => string; budgets: Readonly<Record<string, Budget>> }
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

/** The entries of one shelf, oldest first, and what they weigh. */
interface Shelf<V> {
  entries: Map<string, Entry<V>>
  weight: number
  budget: Budget
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
  private readonly shelves = new Map<string, Shelf<V>>()
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

  private shelfOf(key: string): Shelf<V> {
    const name = this.options.shelves?.of(key) ?? ''
    let shelf = this.shelves.get(name)
    if (shelf === undefined) {
      shelf = { entries: new Map(), weight: 0, budget: this.options.shelves?.budgets[name] ?? this.options }
      this.shelves.set(name, shelf)
    }
    return shelf
  }

  find(key: string): V | undefined {
    if (!this.listening) return undefined
    const shelf = this.shelfOf(key)
    const entry = shelf.entries.get(key)
    if (entry && this.now() - entry.keptAt > this.options.maxAgeMs) {
      this.drop(shelf, key, entry)
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
    const shelf = this.shelfOf(key)
    const { maxEntries, maxWeight } = shelf.budget
    const weight = this.options.weigh(value)
    if (!this.isCurrent(generation) || weight > maxWeight) return false
    const before = shelf.entries.get(key)
    if (before) this.drop(shelf, key, before)
    for (const [oldKey, old] of shelf.entries) {
      if (shelf.entries.size < maxEntries && shelf.weight + weight <= maxWeight) break
      this.drop(shelf, oldKey, old)
    }
    shelf.entries.set(key, { value, keptAt: this.now(), weight })
    shelf.weight += weight
    return true
  }

  private drop(shelf: Shelf<V>, key: string, entry: Entry<V>): void {
    shelf.entries.delete(key)
    shelf.weight -= entry.weight
  }

  /** Drops everything kept: something changed, or may have. */
  clear(): void {
    this.generation += 1
    for (const shelf of this.shelves.values()) {
      shelf.entries.clear()
      shelf.weight = 0
    }
    this.options.cleared?.()
  }

  get size(): number {
    let size = 0
    for (const shelf of this.shelves.values()) size += shelf.entries.size
    return size
  }

  stop(): void {
    this.listening = false
    this.clear()
    this.unsubscribe()
  }
}
