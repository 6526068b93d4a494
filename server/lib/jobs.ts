import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { jobs } from '../db/schema.ts'
import type { Logger } from '../logger.ts'
import { Rounds } from './rounds.ts'

export const JOBS = {
  /** How often each process looks for due work another process (or an earlier run) stored. */
  pollIntervalMs: 5_000,
  /**
   * A claimed job is hidden from other processes this long; the process running it renews it a third of the way. Jobs
   * are claimed one at a time, so no claimed job waits unrenewed behind a slow one.
   */
  leaseMs: 5 * 60_000,
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

/**
 * Runs a one-off job inside the transaction that deletes it, so its writes and the job's end commit together: a crash
 * cannot leave work done and the job still stored (to be done twice). Keep it to database work (mail goes through the
 * outbox); what must happen after the commit (kicking the mailer) is the function it answers, if any.
 */
export type JobHandler = (payload: Record<string, unknown>, context: { tx: Db; now: Date }) => Promise<void | (() => void)>

/** The claim was lost (its lease ran out and another process took the job): this run's writes are rolled back. */
class LostClaim extends Error {}

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
  readonly #forgotten = new Set<string>()
  readonly #soon = new Set<Promise<void>>()
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

  /** A schedule this build knows but the settings turn off (backups without BACKUP_DIR): its row is deleted at start. */
  forget(key: string): void {
    this.#forgotten.add(key)
  }

  /** Stores every schedule that is not stored yet, then runs due work now and every poll interval. */
  async start(): Promise<void> {
    if (this.#started) return
    const now = Date.now()
    if (this.#forgotten.size > 0) await this.db.delete(jobs).where(and(inArray(jobs.key, [...this.#forgotten]), sql`${jobs.key} = ${jobs.kind}`))
    for (const schedule of this.#schedules.values()) {
      // A stored time stays as it is, so a restart neither skips a run nor adds one; only one further off than this
      // build's interval (the setting was shortened) is brought forward to it.
      const [stored] = await this.db
        .insert(jobs)
        .values({ kind: schedule.key, key: schedule.key, runAt: new Date(now + (schedule.firstInMs ?? schedule.everyMs)) })
        .onConflictDoUpdate({ target: jobs.key, set: { runAt: sql`least(${jobs.runAt}, ${new Date(now + schedule.everyMs).toISOString()}::timestamptz)` }, setWhere: eq(jobs.state, 'pending') })
        .returning({ runAt: jobs.runAt })
      if (stored) this.#wakeAt(stored.runAt, false)
    }
    this.#started = true
    this.#rounds.poll(JOBS.pollIntervalMs)
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
    await this.#rounds.stop()
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
    while (!this.#stopped) {
      const row = await this.#claim()
      if (!row) return
      await this.#run(row)
    }
  }

  async #claim(): Promise<JobRow | undefined> {
    const kinds = this.#kinds
    if (kinds.length === 0) return undefined
    const now = new Date()
    return this.db.transaction(async (tx) => {
      const [due] = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            inArray(jobs.kind, kinds),
            or(and(eq(jobs.state, 'pending'), lte(jobs.runAt, now)), and(eq(jobs.state, 'running'), lte(jobs.leaseUntil, now))),
          ),
        )
        .orderBy(asc(jobs.runAt))
        .limit(1)
        .for('update', { skipLocked: true })
      if (!due) return undefined
      const [claimed] = await tx
        .update(jobs)
        .set({ state: 'running', attempts: sql`${jobs.attempts} + 1`, leaseUntil: new Date(now.getTime() + JOBS.leaseMs) })
        .where(eq(jobs.id, due.id))
        .returning()
      return claimed
    })
  }

  /**
   * Only the claim still held (same row, same count of claims, still running) may finish or renew a job. Every claim
   * adds one to `attempts`, a schedule's included (for a schedule it counts its runs), so two claims never match.
   */
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
    let afterCommit: void | (() => void) = undefined
    try {
      if (schedule) await schedule.run(started)
      else if (handler) {
        afterCommit = await this.db.transaction(async (tx) => {
          const answer = await handler(row.payload, { tx, now: started })
          const ended = await tx.delete(jobs).where(this.#held(row)).returning({ id: jobs.id })
          if (ended.length === 0) throw new LostClaim()
          return answer
        })
      }
    } catch (error) {
      if (error instanceof LostClaim) {
        this.logger.warn({ job: row.kind, jobId: row.id }, 'job claimed by another process while it ran here; this run was rolled back')
        return
      }
      failure = errorText(error)
      this.logger.warn({ job: row.kind, jobId: row.id, attempt: row.attempts, error: failure }, 'job failed')
    } finally {
      clearInterval(renew)
    }
    if (afterCommit) afterCommit()
    const finished = new Date()
    if (schedule) {
      // The next run is a full interval after this one started, whatever happened: a failing schedule does not spin.
      const next = new Date(started.getTime() + schedule.everyMs)
      await this.db
        .update(jobs)
        .set({ state: 'pending', runAt: next, leaseUntil: null, lastRunAt: finished, lastError: failure ?? null })
        .where(this.#held(row))
      this.#wakeAt(next, false)
    } else if (failure !== undefined) {
      const giveUp = row.attempts >= JOBS.maxAttempts
      const retryAt = new Date(finished.getTime() + Math.min(JOBS.retryCapMs, JOBS.retryBaseMs * 2 ** (row.attempts - 1)))
      // A job given up keeps its kind and last error for the operator, not its payload (what a visitor typed).
      await this.db
        .update(jobs)
        .set(giveUp ? { state: 'failed', leaseUntil: null, lastError: failure, payload: {} } : { state: 'pending', runAt: retryAt, leaseUntil: null, lastError: failure })
        .where(this.#held(row))
      if (giveUp) this.logger.error({ job: row.kind, jobId: row.id, attempts: row.attempts }, 'job given up')
    }
  }
}
