import cluster from 'node:cluster'
import { timingSafeEqual, createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { Database } from '../db/client.ts'
import type { Logger } from '../logger.ts'
import { describeError } from '../messages.ts'
import type { WorkQueue } from './work-queue.ts'

/** The operation label of an answer no contract operation gave: a page or file of the site, or an unknown API path. */
export const SITE_ANSWER = 'site'
export const UNKNOWN_API_ANSWER = 'unknown'

/** What is kept in memory and looked up before the database: each lookup is counted as a hit or a miss. */
export type KeptStore = 'public_read' | 'office_read' | 'session' | 'page'

/**
 * From a few milliseconds (a kept read) to ten seconds (the longest a page render or a slow query is given): enough
 * buckets to alert on a slow operation, few enough that a hundred operations stay a small scrape.
 */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

interface Figures {
  mailWaiting: number
  mailFailed: number
  jobLagSeconds: number
  jobsFailed: number
  schedulesFailing: number
}

/**
 * The mail and job figures in one statement, read at scrape time: both counts use the outbox's status index and the
 * lag the jobs' due index, so a scrape costs one quick round trip however much mail was ever sent.
 */
async function readFigures(database: Database): Promise<Figures> {
  const result = (await database.db.execute(sql`
    select
      (select count(*) from mail_outbox where status in ('pending', 'stored')) as mail_waiting,
      (select count(*) from mail_outbox where status = 'failed') as mail_failed,
      (select coalesce(extract(epoch from now() - min(run_at)), 0) from jobs where state = 'pending' and run_at <= now()) as job_lag,
      (select count(*) from jobs where state = 'failed') as jobs_failed,
      (select count(*) from jobs where key = kind and last_error is not null) as schedules_failing
  `)) as { rows: Record<'mail_waiting' | 'mail_failed' | 'job_lag' | 'jobs_failed' | 'schedules_failing', string | number>[] }
  const row = result.rows[0]
  return {
    mailWaiting: Number(row?.mail_waiting ?? 0),
    mailFailed: Number(row?.mail_failed ?? 0),
    jobLagSeconds: Math.max(0, Number(row?.job_lag ?? 0)),
    jobsFailed: Number(row?.jobs_failed ?? 0),
    schedulesFailing: Number(row?.schedules_failing ?? 0),
  }
}

/**
 * This process's Prometheus metrics (GET /api/metrics): requests by contract operation and status with their
 * latency, lookups of what is kept in memory, the database pool, the work queues' lines, and figures read from the
 * database at scrape time (mail waiting and failed, job lag), besides Node's own process metrics. Each process counts
 * in its own registry; with WEB_CONCURRENCY above 1 a scrape reaches whichever process the port hands it to, so that
 * process asks the supervisor, which adds up every process's registry (answerClusterScrapes).
 */
export class Metrics {
  readonly registry = new Registry()
  readonly #requests: Counter<'operation' | 'status'>
  readonly #latency: Histogram<'operation'>
  readonly #keptLookups: Counter<'store' | 'result'>
  readonly #queues = new Map<string, WorkQueue>()
  /** One read of the database's figures per scrape, shared by the gauges that show it. */
  #figures: Promise<Figures | undefined> | undefined

  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
  ) {
    const registers = [this.registry]
    collectDefaultMetrics({ register: this.registry })
    this.#requests = new Counter({ name: 'tec_http_requests_total', help: 'Answered requests by contract operation (site: pages and files) and status.', labelNames: ['operation', 'status'], registers })
    this.#latency = new Histogram({ name: 'tec_http_request_duration_seconds', help: 'Time from a request reaching the server to its answer, by contract operation.', labelNames: ['operation'], buckets: LATENCY_BUCKETS, registers })
    this.#keptLookups = new Counter({ name: 'tec_kept_lookups_total', help: 'Lookups of answers kept in memory until the data changes, by store and hit or miss.', labelNames: ['store', 'result'], registers })

    const pool = poolOf(database)
    new Gauge({
      name: 'tec_db_pool_connections',
      help: pool === undefined ? 'The embedded database: one connection, which runs one query at a time.' : 'PostgreSQL connections of this process: open (total), idle, and requests waiting for one.',
      labelNames: ['state'],
      registers,
      collect() {
        if (pool === undefined) {
          this.set({ state: 'total' }, 1)
          return
        }
        this.set({ state: 'total' }, pool.totalCount)
        this.set({ state: 'idle' }, pool.idleCount)
        this.set({ state: 'waiting' }, pool.waitingCount)
      },
    })
    const queues = this.#queues
    new Gauge({
      name: 'tec_work_queue_waiting',
      help: 'Work waiting for a slot in a bounded line (page renders, image work, password hashing).',
      labelNames: ['queue'],
      registers,
      collect() {
        for (const [queue, line] of queues) this.set({ queue }, line.waitingCount)
      },
    })
    new Gauge({
      name: 'tec_work_queue_running',
      help: 'Work running in a bounded line (page renders, image work, password hashing).',
      labelNames: ['queue'],
      registers,
      collect() {
        for (const [queue, line] of queues) this.set({ queue }, line.runningCount)
      },
    })
    const figure = (name: string, help: string, pick: (figures: Figures) => number) => {
      const figuresOnce = () => this.#figuresOnce()
      return new Gauge({
        name,
        help,
        registers,
        // The same in every process (read from the shared database): aggregated across processes, the first one is it.
        aggregator: 'first',
        async collect() {
          const figures = await figuresOnce()
          // The database did not answer: no figure rather than a wrong one (an alert on absence sees it).
          if (figures === undefined) this.reset()
          else this.set(pick(figures))
        },
      })
    }
    figure('tec_mail_waiting', 'Mail not yet sent: waiting for its next try, or kept while no mail server is set.', (figures) => figures.mailWaiting)
    figure('tec_mail_failed', 'Mail given up on after a day of tries, until someone resends it.', (figures) => figures.mailFailed)
    figure('tec_job_lag_seconds', 'How long the oldest due job has waited to run (0 when none is due).', (figures) => figures.jobLagSeconds)
    figure('tec_jobs_failed', 'Delayed jobs given up after their last try (kept a month with their error).', (figures) => figures.jobsFailed)
    figure('tec_schedules_failing', 'Schedules whose last run failed (a backup, housekeeping, publishing); each says why in the log.', (figures) => figures.schedulesFailing)
    if (cluster.isWorker) {
      // Answers the supervisor's requests for this process's figures (prom-client's own messages).
      new AggregatorRegistry()
      AggregatorRegistry.setRegistries(this.registry)
    }
  }

  #figuresOnce(): Promise<Figures | undefined> {
    this.#figures ??= readFigures(this.database)
      .catch((error: unknown) => {
        this.logger.warn({ err: describeError(error) }, 'metrics: the database did not answer for the mail and job figures')
        return undefined
      })
      .finally(() => (this.#figures = undefined))
    return this.#figures
  }

  /** One answered request: `operation` is the contract's operationId, or SITE_ANSWER / UNKNOWN_API_ANSWER. */
  answered(operation: string, status: number, seconds: number): void {
    this.#requests.inc({ operation, status: String(status) })
    this.#latency.observe({ operation }, seconds)
  }

  kept(store: KeptStore, hit: boolean): void {
    this.#keptLookups.inc({ store, result: hit ? 'hit' : 'miss' })
  }

  /** Shows a bounded line's waiting and running work under `name`. */
  watchQueue(name: string, queue: WorkQueue): void {
    this.#queues.set(name, queue)
  }

  /** The scrape, in Prometheus' text format (version 0.0.4): of every API process when there are several. */
  async scrape(): Promise<string> {
    if (!cluster.isWorker) return this.registry.metrics()
    try {
      return await askSupervisor()
    } catch (error) {
      // This process's own figures are better than none; the warning says why they are not everyone's.
      this.logger.warn({ err: describeError(error) }, 'metrics: the supervisor did not add up the processes, so this scrape shows this process alone')
      return this.registry.metrics()
    }
  }
}

const SCRAPE_ASKED = 'tec:metrics-asked'
const SCRAPE_ANSWERED = 'tec:metrics-answered'
/** prom-client gives the workers 5 s to answer the supervisor; this leaves it time to say that they did not. */
const SUPERVISOR_ANSWERS_WITHIN_MS = 6000

interface ScrapeMessage {
  type: string
  id: string
  text?: string
  error?: string
}

const isScrapeMessage = (message: unknown, type: string): message is ScrapeMessage =>
  typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type && typeof (message as { id?: unknown }).id === 'string'

let scrapesAsked = 0

/** Asks the supervisor (index.ts) for every API process's metrics added up, over the cluster's message channel. */
function askSupervisor(): Promise<string> {
  const id = `${process.pid}:${++scrapesAsked}`
  return new Promise((resolve, reject) => {
    const listener = (message: unknown) => {
      if (!isScrapeMessage(message, SCRAPE_ANSWERED) || message.id !== id) return
      done()
      if (message.text !== undefined) resolve(message.text)
      else reject(new Error(message.error ?? 'no metrics'))
    }
    const timer = setTimeout(() => {
      done()
      reject(new Error(`no answer within ${SUPERVISOR_ANSWERS_WITHIN_MS} ms`))
    }, SUPERVISOR_ANSWERS_WITHIN_MS)
    const done = () => {
      clearTimeout(timer)
      process.off('message', listener)
    }
    process.on('message', listener)
    if (process.send === undefined) reject(new Error('no channel to the supervisor'))
    else process.send({ type: SCRAPE_ASKED, id })
  })
}

/**
 * In the supervisor of several API processes: answers a process asked for a scrape with every process's metrics
 * added up (prom-client's AggregatorRegistry: counts and pool use summed, figures read from the shared database taken
 * once), so counters stay steady whichever process a scrape reaches.
 */
export function answerClusterScrapes(): void {
  const aggregator = new AggregatorRegistry()
  cluster.on('message', (worker, message: unknown) => {
    if (!isScrapeMessage(message, SCRAPE_ASKED)) return
    const { id } = message
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: SCRAPE_ANSWERED, id, text }),
      (error: unknown) => worker.send({ type: SCRAPE_ANSWERED, id, error: error instanceof Error ? error.message : String(error) }),
    )
  })
}

/** The PostgreSQL pool under the Drizzle database, or undefined for the embedded one. */
function poolOf(database: Database): pg.Pool | undefined {
  const client: unknown = (database.db as unknown as { $client?: unknown }).$client
  return client instanceof pg.Pool ? client : undefined
}

/**
 * Whether `authorization` carries METRICS_TOKEN as a bearer token. Both sides are hashed first, so the comparison takes
 * the same time whatever the length or the first wrong character of a guess.
 */
export function carriesMetricsToken(authorization: string | undefined, metricsToken: string | undefined): boolean {
  if (metricsToken === undefined || authorization === undefined) return false
  const given = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1]
  if (given === undefined) return false
  const digest = (value: string) => createHash('sha256').update(value).digest()
  return timingSafeEqual(digest(given), digest(metricsToken))
}
