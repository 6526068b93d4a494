/** The server cannot take this work now; the answer is 503 with Retry-After instead of a wait without end. */
export class ServerBusyError extends Error {
  override name = 'ServerBusyError'
  constructor(readonly retryAfterSeconds: number) {
    super('The server is busy.')
  }
}

/**
 * Runs CPU-heavy work (password hashing, server rendering, image work) at most `concurrency` at a time, with at most
 * `waiting` more in line. Beyond that `run` refuses at once: a flood of sign-ins or photo sizes gets quick 503s while
 * everything else the server does (health checks, page reads, staff work) keeps its share of the machine. `inTurn`
 * is for the few who must not be refused (the office's uploads, a background worker): it waits however long the line,
 * and does not count towards `waiting`.
 */
export class WorkQueue {
  #running = 0
  #refusableWaiting = 0
  readonly #line: (() => void)[] = []

  constructor(
    readonly concurrency: number,
    readonly waiting: number,
    private readonly retryAfterSeconds = 1,
  ) {}

  /** Whether new work would be refused right now: callers check before doing other work for a request. */
  get full(): boolean {
    return this.#running >= this.concurrency && this.#refusableWaiting >= this.waiting
  }

  /** Nothing runs or waits beyond what the slots hold: a background worker starts work only then. */
  get idle(): boolean {
    return this.#running < this.concurrency && this.#line.length === 0
  }

  /** Work holding a slot now, and work in line for one (the metrics show both). */
  get runningCount(): number {
    return this.#running
  }

  get waitingCount(): number {
    return this.#line.length
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.full) throw new ServerBusyError(this.retryAfterSeconds)
    this.#refusableWaiting += 1
    return this.#run(work, () => (this.#refusableWaiting -= 1))
  }

  async inTurn<T>(work: () => Promise<T>): Promise<T> {
    return this.#run(work, () => {})
  }

  async #run<T>(work: () => Promise<T>, started: () => void): Promise<T> {
    try {
      if (this.#running >= this.concurrency) await new Promise<void>((resolve) => this.#line.push(resolve))
      else this.#running += 1
    } finally {
      started()
    }
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
