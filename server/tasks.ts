import type { Logger } from './logger.ts'

/**
 * Work that runs after an answer is sent (e.g. mailing a reset link, so known and unknown emails answer
 * equally fast). Shutdown and tests await `idle()`, so no such work is cut off or left racing a test.
 */
export class BackgroundTasks {
  readonly #pending = new Set<Promise<void>>()

  constructor(private readonly logger: Logger) {}

  run(name: string, work: () => Promise<void>): void {
    this.#track(work(), name)
  }

  /**
   * Runs the work after a random delay within `delayMs`, so it falls at a moment unrelated to the request that
   * asked for it: the requests that follow straight after never wait for it, whatever it is.
   */
  runLater(name: string, delayMs: { min: number; max: number }, work: () => Promise<void>): void {
    const wait = delayMs.min + Math.random() * (delayMs.max - delayMs.min)
    this.#track(new Promise<void>((resolve) => setTimeout(resolve, wait)).then(work), name)
  }

  #track(started: Promise<void>, name: string): void {
    const task = started
      .catch((error: unknown) => this.logger.error({ err: error, task: name }, 'background task failed'))
      .finally(() => this.#pending.delete(task))
    this.#pending.add(task)
  }

  async idle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending])
  }
}
