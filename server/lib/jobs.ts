import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { jobs } from '../db/schema.ts'
import type { Logger } from '../logger.ts'
import { Rounds } from './rounds.ts'

export const JOBS = {
  /** How often each process looks for due work another process (or an earlier run) stored. */
  pollIntervalMs: 5_000,
  /** A claimed job is hidden from other processes this long; a process still running it renews it a third of the way. */
  leaseMs: 5 * 60_000,
  batchSize: 10,
  /** A one-off job that failed this often is kept as failed for the operator instead of being tried again. */
  maxAttempts: 8,
  /** Wait before retry n of a one-off job: this times 2^(n-1), at most retryCapMs (30 s, 1 min, … an hour). */
  retryBaseMs: 30_000,
  retryCapMs: 3600_000,
} as const

const LAST_ERROR_MAX_LENGTH = 500

/** Work that runs on a schedule, once across every process: one `jobs` row under `key`, moved on after each run. */
export interface Schedule {
  key: string
  everyMs: number
  /** The first run after the schedule is first stored (a fresh install); later starts keep the stored time. */
  firstInMs?: number
  run: (now: Date) => Promise<void>
}

export type JobHandler = (payload: Record<string, unknown>, now: Date) => Promise<void>

type JobRow = typeof jobs.$inferSelect

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, LAST_ERROR_MAX_LENGTH)
}

/**
 * Delayed and scheduled work, stored in the `jobs` table so it survives a crash or a restart and runs once across
 * processes (claimed with FOR UPDATE SKIP LOCKED and a lease that a live process renews; a lease that ran out, as
 * after kill -9, is claimed again). A process claims only the kinds it knows, so an older build still serving during
 * a rolling deploy leaves a newer kind to the machines that have it.
 */
export class Jobs {
  readonly #handlers = new Map<string, JobHandler>()
  readonly #schedules = new Map<string, Schedule>()
  readonly #soon = new Set<Promise<void>>()
  #timer: NodeJS.Timeout | undefined
  #started = false
  #stopped = false
  readonly #rounds = new Rounds(
    () => this.#runDue(),
    (error) => this.logger.error({ err: error }, 'job round failed'),
    () => this.#started && !this.#stopped,
  )

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
  ) {}

  /** Says how to run one-off jobs of `kind`; call before start(). */
  define(kind: string, handler: JobHandler): void {
    this.#handlers.set(kind, handler)
  }

  /** Adds a schedule; call before start(). */
  every(schedule: Schedule): void {
    this.#schedules.set(schedule.key, schedule)
  }

  /**
   * Stores a one-off job inside the caller's transaction, so it exists exactly when the change that asked for it
   * does. With a `key`, a job already waiting under that key is kept and this one dropped. This process runs it at
   * its time; if it is gone by then, any other process (or its own restart) does.
   */
  async enqueue(tx: Db, kind: string, payload: Record<string, unknown>, options: { runAt?: Date; key?: string } = {}): Promise<void> {
    const runAt = options.runAt ?? new Date()
    await tx
      .insert(jobs)
      .values({ kind, payload, runAt, key: options.key ?? null })
      .onConflictDoNothing({ target: jobs.key })
    this.#wakeAt(runAt, true)
  }

  /** Stores every schedule that is not stored yet, then runs due work now and every poll interval. */
  async start(): Promise<void> {
    if (this.#started) return
    const now = Date.now()
    for (const schedule of this.#schedules.values()) {
      const runAt = new Date(now + (schedule.firstInMs ?? schedule.everyMs))
      // A stored time further off than this build's interval (the setting was shortened) is brought forward.
      await this.db
        .insert(jobs)
        .values({ kind: schedule.key, key: schedule.key, runAt })
        .onConflictDoUpdate({ target: jobs.key, set: { runAt: sql`least(${jobs.runAt}, excluded.run_at)` }, setWhere: eq(jobs.state, 'pending') })
      this.#wakeAt(runAt, false)
    }
    this.#started = true
    this.#timer = setInterval(() => this.kick(), JOBS.pollIntervalMs)
    this.#timer.unref()
    this.kick()
  }

  kick(): void {
    this.#rounds.kick()
  }

  /** Resolves once the work this process stored for the next moments has run (tests, and shutdown). */
  async idle(): Promise<void> {
    while (this.#soon.size > 0) await Promise.allSettled([...this.#soon])
    await this.#rounds.settled()
  }

  /** Stops claiming and waits for the job under way; what is left stays stored for the next start or another process. */
  async stop(): Promise<void> {
    this.#stopped = true
    clearInterval(this.#timer)
    await this.#rounds.settled()
  }

  /**
   * Work due before the next poll is run at its time, not up to a poll interval late. `tracked`: idle() waits for it
   * (work this process stored); a schedule's next run is not waited for, or idle() would never end.
   */
  #wakeAt(runAt: Date, tracked: boolean): void {
    const wait = runAt.getTime() - Date.now()
    if (wait > JOBS.pollIntervalMs || this.#stopped) return
    if (!tracked) {
      setTimeout(() => this.kick(), Math.max(0, wait) + 5).unref()
      return
    }
    const woken = new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, wait) + 5))
      .then(async () => {
        this.kick()
        await this.#rounds.settled()
      })
      .finally(() => this.#soon.delete(woken))
    this.#soon.add(woken)
  }

  get #kinds(): string[] {
    return [...this.#handlers.keys(), ...this.#schedules.keys()]
  }

  async #runDue(): Promise<void> {
    for (;;) {
      const batch = await this.#claim()
      for (const row of batch) {
        if (this.#stopped) return
        await this.#run(row)
      }
      if (batch.length < JOBS.batchSize || this.#stopped) return
    }
  }

  async #claim(): Promise<JobRow[]> {
    const kinds = this.#kinds
    if (kinds.length === 0) return []
    const now = new Date()
    return this.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            inArray(jobs.kind, kinds),
            or(and(eq(jobs.state, 'pending'), lte(jobs.runAt, now)), and(eq(jobs.state, 'running'), lte(jobs.leaseUntil, now))),
          ),
        )
        .orderBy(asc(jobs.runAt))
        .limit(JOBS.batchSize)
        .for('update', { skipLocked: true })
      if (due.length === 0) return []
      return tx
        .update(jobs)
        .set({ state: 'running', attempts: sql`${jobs.attempts} + 1`, leaseUntil: new Date(now.getTime() + JOBS.leaseMs) })
        .where(
          inArray(
            jobs.id,
            due.map((row) => row.id),
          ),
        )
        .returning()
    })
  }

  /** Only the claim still held (same row, same attempt, still running) may finish or renew a job. */
  #held(row: JobRow) {
    return and(eq(jobs.id, row.id), eq(jobs.state, 'running'), eq(jobs.attempts, row.attempts))
  }

  async #run(row: JobRow): Promise<void> {
    const schedule = row.key === row.kind ? this.#schedules.get(row.kind) : undefined
    const handler = this.#handlers.get(row.kind)
    const renew = setInterval(() => {
      this.db
        .update(jobs)
        .set({ leaseUntil: new Date(Date.now() + JOBS.leaseMs) })
        .where(this.#held(row))
        .catch((error: unknown) => this.logger.warn({ err: error, job: row.kind }, 'job lease not renewed'))
    }, JOBS.leaseMs / 3)
    renew.unref()
    const started = new Date()
    let failure: string | undefined
    try {
      if (schedule) await schedule.run(started)
      else if (handler) await handler(row.payload, started)
    } catch (error) {
      failure = errorText(error)
      this.logger.warn({ job: row.kind, jobId: row.id, attempt: row.attempts, error: failure }, 'job failed')
    } finally {
      clearInterval(renew)
    }
    const finished = new Date()
    if (schedule) {
      // The next run is a full interval after this one started, whatever happened: a failing schedule does not spin.
      const next = new Date(started.getTime() + schedule.everyMs)
      await this.db
        .update(jobs)
        .set({ state: 'pending', runAt: next, leaseUntil: null, attempts: 0, lastRunAt: finished, lastError: failure ?? null })
        .where(this.#held(row))
      this.#wakeAt(next, false)
    } else if (failure === undefined) {
      await this.db.delete(jobs).where(this.#held(row))
    } else {
      const giveUp = row.attempts >= JOBS.maxAttempts
      const retryAt = new Date(finished.getTime() + Math.min(JOBS.retryCapMs, JOBS.retryBaseMs * 2 ** (row.attempts - 1)))
      await this.db
        .update(jobs)
        .set(giveUp ? { state: 'failed', leaseUntil: null, lastError: failure } : { state: 'pending', runAt: retryAt, leaseUntil: null, lastError: failure })
        .where(this.#held(row))
      if (giveUp) this.logger.error({ job: row.kind, jobId: row.id, attempts: row.attempts }, 'job given up')
    }
  }
}
