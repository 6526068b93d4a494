/**
 * Runs a piece of background work in rounds, one at a time: a kick while a round runs asks for one more round after
 * it (whatever it was told may have come too late for the round under way), and kicks never pile up. `mayRun` is
 * asked before every round, so a stopped worker starts none. The background workers (the jobs runner, the mailer,
 * the photo-size worker) all poll through it, so each has the same loop: a round at start, one every interval for
 * what another process stored or a missed kick, and a stop that waits for the round under way.
 */
export class Rounds {
  #round: Promise<void> | undefined
  #again = false
  #timer: NodeJS.Timeout | undefined

  constructor(
    private readonly work: () => Promise<void>,
    private readonly failed: (error: unknown) => void,
    private readonly mayRun: () => boolean,
  ) {}

  kick(): void {
    if (!this.mayRun()) return
    if (this.#round) {
      this.#again = true
      return
    }
    this.#round = this.work()
      .catch(this.failed)
      .finally(() => {
        this.#round = undefined
        if (this.#again) {
          this.#again = false
          this.kick()
        }
      })
  }

  /** Runs a round now and one every `everyMs`; the timer keeps no process alive. Once started it stays started. */
  poll(everyMs: number): void {
    if (this.#timer) return
    this.#timer = setInterval(() => this.kick(), everyMs)
    this.#timer.unref()
    this.kick()
  }

  /** Whether poll() was called, even if the rounds were stopped since. */
  get started(): boolean {
    return this.#timer !== undefined
  }

  /** Stops polling and waits for the round under way; the owner's `mayRun` answers no from now on, so no kick starts one. */
  async stop(): Promise<void> {
    clearInterval(this.#timer)
    await this.settled()
  }

  /** Resolves when the round under way, if any, has ended. */
  async settled(): Promise<void> {
    await this.#round
  }
}
