import type { Logger } from './logger.ts'

/**
 * Work that runs after an answer is sent (e.g. mailing a reset link, so known and unknown emails answer
 * equally fast). Shutdown and tests await `idle()`, so no such work is cut off or left racing a test.
 */
export class BackgroundTasks {
  readonly #pending = new Set<Promise<void>>()

  constructor(private readonly logger: Logger) {}

  run(name: string, work: () => Promise<void>): void {
    const task = work()
      .catch((error: unknown) => this.logger.error({ err: error, task: name }, 'background task failed'))
      .finally(() => this.#pending.delete(task))
    this.#pending.add(task)
  }

  async idle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending])
  }
}
