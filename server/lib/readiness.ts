import type { Database } from '../db/client.ts'

/**
 * Whether this process should be sent requests: its database answers, every migration this build knows is applied,
 * its change feed is listening (what it keeps in memory is dropped when the data changes), and it is not shutting
 * down. A load balancer asks /health/ready; a supervisor asks /health/live, which never asks the database.
 */
export class Readiness {
  #draining = false
  #feedUp = false
  readonly #unsubscribe: () => void

  constructor(private readonly database: Database) {
    this.#unsubscribe = database.changes.subscribe((event) => {
      if (event === 'up') this.#feedUp = true
      else if (event === 'down') this.#feedUp = false
    })
  }

  /** A shutdown has begun: from now on this process says it is not ready, while it finishes what it has. */
  drain(): void {
    this.#draining = true
  }

  /** What is not ready, in words an operator acts on; empty when ready. */
  async problems(): Promise<string[]> {
    if (this.#draining) return ['the server is shutting down']
    const problems: string[] = []
    try {
      await this.database.ping()
      const pending = await this.database.pendingMigrations()
      if (pending > 0) problems.push(`${pending} migration${pending === 1 ? ' is' : 's are'} not applied (run npm run migrate, or start a server of this build without MIGRATE_ON_START=false)`)
    } catch {
      problems.push('the database does not answer')
    }
    if (!this.#feedUp) problems.push('the change feed is not listening, so kept answers could go stale')
    return problems
  }

  stop(): void {
    this.#unsubscribe()
  }
}
