/**
 * Runs a piece of background work in rounds, one at a time: a kick while a round runs asks for one more round after
 * it (whatever it was told may have come too late for the round under way), and kicks never pile up. `mayRun` is
 * asked before every round, so a stopped worker starts none.
 */
export class Rounds {
  #round: Promise<void> | undefined
  #again = false

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

  /** Resolves when the round under way, if any, has ended. */
  async settled(): Promise<void> {
    await this.#round
  }
}
