import { availableParallelism } from 'node:os'
import { ServerBusyError } from '../lib/work-queue.ts'

/**
 * Runs image work (processing an upload, making a size of a photo) at most `concurrency` at a time. Each job holds
 * one thread of libuv's pool, which password hashing shares (@node-rs/argon2), and one core (libvips runs each job
 * on one thread, processing.ts): so a flood of photo sizes can neither take every thread a sign-in needs nor every
 * core. Visitors' work waits in line up to `visitorsWaiting` and is refused beyond (503 with Retry-After, as
 * ServerBusyError); the office's uploads and the background worker always wait their turn, since they are few.
 */
export class ImageWork {
  #running = 0
  #visitorsInLine = 0
  readonly #line: (() => void)[] = []

  constructor(
    readonly concurrency: number,
    readonly visitorsWaiting: number,
    private readonly retryAfterSeconds = 1,
  ) {}

  /** Nothing runs or waits beyond what the slots hold: the background worker starts work only then. */
  get idle(): boolean {
    return this.#running < this.concurrency && this.#line.length === 0
  }

  /** A visitor's work, refused at once when the line of visitors is full. */
  async forVisitor<T>(work: () => Promise<T>): Promise<T> {
    if (this.#running >= this.concurrency && this.#visitorsInLine >= this.visitorsWaiting) throw new ServerBusyError(this.retryAfterSeconds)
    this.#visitorsInLine += 1
    return this.#run(work, () => (this.#visitorsInLine -= 1))
  }

  /** The office's or the worker's work: it waits for its turn however long the line. */
  async inTurn<T>(work: () => Promise<T>): Promise<T> {
    return this.#run(work, () => {})
  }

  async #run<T>(work: () => Promise<T>, started: () => void): Promise<T> {
    if (this.#running >= this.concurrency) await new Promise<void>((resolve) => this.#line.push(resolve))
    else this.#running += 1
    started()
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
 * Half the cores, at least one: on two cores one image job at a time, so sign-ins and pages keep a core. Never more
 * than libuv's pool less two threads (4 unless UV_THREADPOOL_SIZE says otherwise), so on a bigger machine password
 * hashing still finds threads free. About four jobs' worth of visitors wait (an AVIF at 1,920 px takes about 0.8 s
 * of one core here); a flood beyond is refused.
 */
const LIBUV_THREADS = Number(process.env.UV_THREADPOOL_SIZE) || 4
const slots = Math.max(1, Math.min(Math.floor(availableParallelism() / 2), LIBUV_THREADS - 2))
export const imageWork = new ImageWork(slots, slots * 4)
