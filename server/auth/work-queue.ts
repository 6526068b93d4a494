import { availableParallelism } from 'node:os'

/** The server cannot take this work now; the answer is 503 with Retry-After instead of a wait without end. */
export class ServerBusyError extends Error {
  override name = 'ServerBusyError'
  constructor(readonly retryAfterSeconds: number) {
    super('The server is busy.')
  }
}

/**
 * Runs CPU-heavy work (password hashing) at most `concurrency` at a time, with at most `waiting` more in line.
 * Beyond that it refuses at once: a flood of sign-ins gets quick 503s while everything else the server does
 * (health checks, page reads, staff work) keeps its share of the machine.
 */
export class WorkQueue {
  #running = 0
  readonly #line: (() => void)[] = []

  constructor(
    readonly concurrency: number,
    readonly waiting: number,
    private readonly retryAfterSeconds = 1,
  ) {}

  /** Whether new work would be refused right now: callers check before doing other work for a request. */
  get full(): boolean {
    return this.#running >= this.concurrency && this.#line.length >= this.waiting
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.full) throw new ServerBusyError(this.retryAfterSeconds)
    if (this.#running >= this.concurrency) await new Promise<void>((resolve) => this.#line.push(resolve))
    else this.#running += 1
    try {
      return await work()
    } finally {
      // Hand the slot straight to the next in line, or give it back.
      const next = this.#line.shift()
      if (next) next()
      else this.#running -= 1
    }
  }
}

/**
 * Sized to the machine: one hash per core at a time (each takes ~25 ms of one core), and about a second of work
 * waiting (32 per core), so a busy morning queues briefly while a flood is refused at once.
 */
const cores = availableParallelism()
const WAITING_PER_CORE = 32
export const passwordHashing = new WorkQueue(cores, cores * WAITING_PER_CORE)

/**
 * Whole sign-ins (counters, lookups, the hash): two per core, so one can wait on the database while another
 * hashes, and the same line as hashing. A flood is refused before it costs the database anything either.
 */
export const signIns = new WorkQueue(cores * 2, cores * WAITING_PER_CORE)
