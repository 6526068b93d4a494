// First: a V8 setting that must precede the embedded database's WebAssembly compilation.
import './wasm-tiering.ts'
import cluster from 'node:cluster'
import { createServer, type RequestListener, type Server } from 'node:http'
import path from 'node:path'
import { getRequestListener } from '@hono/node-server'
import { createApp, keptAnswers } from './app.ts'
import { resealSecrets, secretKeysOf } from './auth/second-factor.ts'
import { httpServerOptions } from './http-timeouts.ts'
import { loadConfig, type Config } from './config.ts'
import type { Database } from './db/client.ts'
import { DEMO_FAMILY_CONTACT } from './demo/people.ts'
import { DEMO_PASSWORD, presentDemoAccounts, seedDemoData } from './demo/seed.ts'
import { keptReadsFirst } from './kept-reads-first.ts'
import { createLogger, type Logger } from './logger.ts'
import { Mailer } from './mail/mailer.ts'
import { MediaSizesWorker } from './media/sizes.ts'
import { openMigratedDatabase, StartupError, startupMessage } from './startup.ts'
import { keepBuildAssetsAtStart } from './site-assets.ts'
import { Jobs } from './lib/jobs.ts'
import { registerJobs } from './jobs/schedules.ts'
import { Readiness } from './lib/readiness.ts'
import { writeBackupAccess } from './backup/embedded.ts'
import { answerClusterScrapes, Metrics } from './lib/metrics.ts'
import { OpeningsRecorder } from './lib/openings-recorder.ts'

/** In-flight requests get this long to finish at shutdown before their connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000

/** Serves the app, with kept public reads answered before it (keptReadsFirst). */
function listen(listener: RequestListener, config: Config): Promise<Server> {
  const { port, host } = config
  return new Promise((resolve, reject) => {
    const server = createServer(httpServerOptions(config.httpTimeouts), listener)
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' ? new StartupError(`Port ${port} is already in use. Stop what uses it, or set PORT to another port.`) : error)
    })
    server.listen(port, host, () => resolve(server))
  })
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      server.closeAllConnections()
      resolve()
    }, SHUTDOWN_GRACE_MS)
    timer.unref()
    server.close(() => {
      clearTimeout(timer)
      resolve()
    })
    // Keep-alive connections with no request in flight would otherwise hold close() open.
    server.closeIdleConnections()
  })
}

async function banner(config: Config, database: Database, port: number): Promise<string> {
  const lines = ['', `TEC web is running at http://localhost:${port}`]
  if (config.host === '127.0.0.1') lines.push('Listening on this machine only (set HOST=0.0.0.0 to listen on every interface).')
  const demo = await presentDemoAccounts(database, config)
  if (demo.length > 0) {
    lines.push(`Demo accounts: ${demo.join(', ')}; password ${DEMO_PASSWORD}`)
    lines.push(`A family's page: open http://localhost:${port}/family and ask for a link for ${DEMO_FAMILY_CONTACT}, a demo parent${config.smtpUrl === undefined ? ' (the mail comes to the outbox below)' : ''}.`)
  }
  if (config.smtpUrl === undefined) {
    lines.push(config.nodeEnv === 'production' ? 'Mail: no SMTP_URL set, so mail is stored, not sent.' : `Mail is not sent (no SMTP_URL); read it at http://localhost:${port}/api/dev/outbox`)
  }
  if (config.webConcurrency > 1) lines.push(`Serving with ${config.webConcurrency} API processes (WEB_CONCURRENCY).`)
  lines.push(database.kind === 'pglite' ? `Data: embedded database in ${config.dataDir}` : 'Data: PostgreSQL from DATABASE_URL', 'Stop with Ctrl+C.', '')
  return lines.join('\n')
}

/**
 * Moves the authenticator secrets to the current SECOND_FACTOR_KEY when SECOND_FACTOR_PREVIOUS_KEY is given (the
 * rotation), and says when the old key can go. The site still serves when some secrets open with neither (visitors
 * need nothing from them, and staff can still sign in with recovery codes), but whoever runs it hears at once.
 */
async function checkSecondFactorKeys(database: Database, config: Config, logger: Logger): Promise<void> {
  const { resealed, unreadable } = await resealSecrets(database.db, secretKeysOf(config))
  if (config.previousSecondFactorKey !== undefined) {
    const done = unreadable === 0 ? ' Every stored secret now opens with SECOND_FACTOR_KEY: once every server runs with it, remove SECOND_FACTOR_PREVIOUS_KEY.' : ''
    logger.info({ resealed }, `${resealed} stored authenticator secret(s) moved from SECOND_FACTOR_PREVIOUS_KEY to SECOND_FACTOR_KEY.${done}`)
  }
  if (unreadable === 0) return
  logger.error(
    { unreadable },
    `${unreadable} stored authenticator secret(s) do not open with SECOND_FACTOR_KEY${config.previousSecondFactorKey === undefined ? '' : ' or SECOND_FACTOR_PREVIOUS_KEY'}: it is not the key they were set up with. Put that key back, or give it as SECOND_FACTOR_PREVIOUS_KEY beside the new one; if it is lost, those people sign in with a recovery code and an admin resets their second step.`,
  )
}

/**
 * With MIGRATE_ON_START=false the deploy migrates (`npm run migrate`) before servers of a new build start; a build
 * whose migrations are missing would fail its queries, so it does not start (a supervisor starts it again, and it
 * serves once the step is done).
 */
async function refuseUnmigrated(database: Database, config: Config): Promise<void> {
  if (config.migrateOnStart) return
  const pending = await database.pendingMigrations()
  if (pending === 0) return
  await database.close()
  throw new StartupError(`${pending} migration(s) of this build are not applied to the database, and MIGRATE_ON_START is false. Run npm run migrate first.`)
}

async function main(): Promise<void> {
  const config = loadConfig()
  const logger: Logger = createLogger(config.logLevel)
  const database = await openMigratedDatabase(config, { migrate: config.migrateOnStart })
  await refuseUnmigrated(database, config)
  await seedDemoData(database, config)
  if (!quietWorker) await checkSecondFactorKeys(database, config, logger)
  // Before it serves a page, the machine stores its build's files for pages of this build that other machines get
  // asked for (site-assets.ts); under a supervisor, the supervisor has.
  if (!cluster.isWorker) await keepBuildAssetsAtStart(database.db, path.resolve('dist'), logger)
  const jobs = new Jobs(database.db, logger)
  const mailer = new Mailer(database.db, logger, config)
  await mailer.start()
  const mediaSizes = new MediaSizesWorker(database, logger)
  mediaSizes.start()
  const readiness = new Readiness(database)
  const metrics = new Metrics(database, logger)
  const openings = new OpeningsRecorder(database.db, logger)
  const deps = { config, database, logger, mailer, jobs, readiness, metrics, openings, staticRoot: path.resolve('dist'), ssrEntry: path.resolve('build/ssr/entry-server.js') }
  registerJobs(deps)
  await jobs.start()
  const kept = keptAnswers(deps)
  const app = createApp(deps, { kept })
  const server = await listen(keptReadsFirst(kept.publicReads, config, logger, metrics, getRequestListener(app.fetch)), config).catch(async (error: unknown) => {
    await jobs.stop()
    await mailer.stop()
    await mediaSizes.stop()
    await openings.stop()
    await database.close()
    throw error
  })
  const address = server.address()
  const port = typeof address === 'object' && address !== null ? address.port : config.port
  // `npm run backup` cannot open the folder this process holds, so it asks this process, with a token only the
  // folder's owner can read.
  const removeBackupAccess = database.kind === 'pglite' ? writeBackupAccess(config.dataDir, port) : () => {}
  if (!quietWorker) process.stdout.write(`${await banner(config, database, port)}\n`)
  logger.info({ pid: process.pid, port }, 'listening')

  let stopping = false
  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, 'shutting down')
    // Not ready from now on, before the listener closes: a load balancer that checks readiness every few seconds
    // stops sending during the delay, while this process still answers what reaches it; then the last requests end.
    readiness.drain()
    if (config.shutdownDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs))
    await closeServer(server)
    // After the last request, so every opening it recorded is written.
    await openings.stop()
    removeBackupAccess()
    await jobs.stop()
    await mailer.stop()
    await mediaSizes.stop()
    readiness.stop()
    await database.close()
    logger.info('stopped')
    process.exit(0)
  }
  // Every signal is handled (a second one, say from Ctrl+C reaching a supervisor's workers twice, is ignored by
  // shutdown), so nothing cuts a drain short.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      shutdown(signal).catch((error: unknown) => {
        logger.error({ err: error }, 'shutdown failed')
        process.exit(1)
      })
    })
  }
}

/** A worker that dies unexpectedly is started again after this long, so a crash loop does not spin. */
const RESTART_AFTER_MS = 1000

/**
 * WEB_CONCURRENCY above 1: this process migrates the database once, then starts that many API processes on the
 * same port (node:cluster hands each connection to one of them) and starts again any that dies once it served.
 * One that dies before it listened (the port is taken, a setting is wrong) stops them all with exit code 1: that
 * is a failed start, not a crash to retry. SIGTERM or SIGINT reaches each worker, which finishes its requests as a
 * single process would; this one exits when they have, with 1 if any of them failed to stop cleanly.
 */
async function supervise(config: Config): Promise<void> {
  const database = await openMigratedDatabase(config, { migrate: config.migrateOnStart })
  await refuseUnmigrated(database, config)
  await keepBuildAssetsAtStart(database.db, path.resolve('dist'), createLogger(config.logLevel))
  await database.close()
  let stopping = false
  let failed = false
  const listened = new Set<number>()
  const fork = () => {
    if (!stopping) cluster.fork()
  }
  const stopAll = (signal: NodeJS.Signals) => {
    stopping = true
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal)
  }
  // A scrape reaches one process of all: it asks here for everyone's metrics added up.
  answerClusterScrapes()
  cluster.on('listening', (worker) => listened.add(worker.id))
  cluster.on('exit', (worker, code, signal) => {
    const served = listened.delete(worker.id)
    if (stopping) {
      if (code !== 0 && signal === null) failed = true
    } else if (!served) {
      console.error(`TEC web cannot start: an API process ended before it listened (${signal ?? `code ${code}`}).`)
      failed = true
      stopAll('SIGTERM')
    } else {
      console.error(`TEC web: API process ${worker.process.pid} ended (${signal ?? `code ${code}`}); starting another.`)
      setTimeout(fork, RESTART_AFTER_MS)
    }
    if (stopping && Object.keys(cluster.workers ?? {}).length === 0) process.exit(failed ? 1 : 0)
  })
  for (let n = 0; n < config.webConcurrency; n++) fork()
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => stopAll(signal))
}

/** Workers of a supervisor print the banner once, from the first of them. */
const quietWorker = cluster.isWorker && cluster.worker?.id !== 1

async function start(): Promise<void> {
  const config = loadConfig()
  return config.webConcurrency > 1 && cluster.isPrimary ? supervise(config) : main()
}

start().catch((error: unknown) => {
  const message = startupMessage(error)
  if (message !== undefined) console.error(`TEC web cannot start: ${message}`)
  else console.error('TEC web cannot start:', error)
  process.exit(1)
})
