import type { Config } from './config.ts'
import type { Database } from './db/client.ts'
import type { Logger } from './logger.ts'
import type { Mailer } from './mail/mailer.ts'
import type { Jobs } from './lib/jobs.ts'
import type { Readiness } from './lib/readiness.ts'
import type { Metrics } from './lib/metrics.ts'
import type { OpeningsRecorder } from './lib/openings-recorder.ts'

/** Everything the app needs from outside; index.ts builds the real ones, tests build their own. */
export interface AppDeps {
  config: Config
  database: Database
  logger: Logger
  mailer: Mailer
  /** Delayed and scheduled work, stored in the database (server/jobs). */
  jobs: Jobs
  /** Whether this process should be sent requests (GET /health/ready); index.ts drains it when a shutdown begins. */
  readiness: Readiness
  /** The built SPA (normally ./dist); absent or missing on disk → a page saying to run `npm run build`. */
  staticRoot: string | undefined
  /** The module that renders public pages on the server (build/ssr/entry-server.js); absent: the browser renders them. */
  ssrEntry?: string | undefined
  /** This process's Prometheus metrics (GET /api/metrics). */
  metrics: Metrics
  /** Who opened which record, written in batches off the request's path; index.ts writes what waits at shutdown. */
  openings: OpeningsRecorder
}
