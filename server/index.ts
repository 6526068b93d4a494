import path from 'node:path'
import { serve, type ServerType } from '@hono/node-server'
import { createApp } from './app.ts'
import { HTTP_TIMEOUTS } from './http-timeouts.ts'
import { loadConfig, type Config } from './config.ts'
import type { Database } from './db/client.ts'
import { DEMO_PASSWORD, presentDemoAccounts, seedDemoData } from './demo/seed.ts'
import { startScheduledPublishing } from './blog-posts/publisher.ts'
import { startHousekeeping } from './housekeeping.ts'
import { createLogger, type Logger } from './logger.ts'
import { Mailer } from './mail/mailer.ts'
import { openMigratedDatabase, StartupError, startupMessage } from './startup.ts'
import { BackgroundTasks } from './tasks.ts'

/** In-flight requests get this long to finish at shutdown before their connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000

function listen(app: ReturnType<typeof createApp>, port: number, host: string | undefined): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname: host, serverOptions: HTTP_TIMEOUTS }, () => resolve(server))
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' ? new StartupError(`Port ${port} is already in use. Stop what uses it, or set PORT to another port.`) : error)
    })
  })
}

function closeServer(server: ServerType): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      if ('closeAllConnections' in server) server.closeAllConnections()
      resolve()
    }, SHUTDOWN_GRACE_MS)
    timer.unref()
    server.close(() => {
      clearTimeout(timer)
      resolve()
    })
    // Keep-alive connections with no request in flight would otherwise hold close() open.
    if ('closeIdleConnections' in server) server.closeIdleConnections()
  })
}

async function banner(config: Config, database: Database, port: number): Promise<string> {
  const lines = ['', `TEC web is running at http://localhost:${port}`]
  if (config.host === '127.0.0.1') lines.push('Listening on this machine only (set HOST=0.0.0.0 to listen on every interface).')
  const demo = await presentDemoAccounts(database, config)
  if (demo.length > 0) lines.push(`Demo accounts: ${demo.join(', ')}; password ${DEMO_PASSWORD}`)
  if (config.smtpUrl === undefined) {
    lines.push(config.nodeEnv === 'production' ? 'Mail: no SMTP_URL set, so mail is stored, not sent.' : `Mail is not sent (no SMTP_URL); read it at http://localhost:${port}/api/dev/outbox`)
  }
  lines.push(database.kind === 'pglite' ? `Data: embedded database in ${config.dataDir}` : 'Data: PostgreSQL from DATABASE_URL', 'Stop with Ctrl+C.', '')
  return lines.join('\n')
}

async function main(): Promise<void> {
  const config = loadConfig()
  const logger: Logger = createLogger(config.logLevel)
  const database = await openMigratedDatabase(config)
  await seedDemoData(database, config)
  const tasks = new BackgroundTasks(logger)
  const mailer = new Mailer(database.db, logger, config.smtpUrl)
  mailer.start()
  const housekeeping = startHousekeeping(database.db, logger)
  const publishing = startScheduledPublishing(database.db, logger, config.publishEveryMs)
  const app = createApp({ config, database, logger, mailer, tasks, staticRoot: path.resolve('dist') })
  const server = await listen(app, config.port, config.host).catch(async (error: unknown) => {
    housekeeping.stop()
    publishing.stop()
    await mailer.stop()
    await database.close()
    throw error
  })
  const address = server.address()
  const port = typeof address === 'object' && address !== null ? address.port : config.port
  process.stdout.write(`${await banner(config, database, port)}\n`)

  let stopping = false
  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, 'shutting down')
    await closeServer(server)
    housekeeping.stop()
    publishing.stop()
    await tasks.idle()
    await mailer.stop()
    await database.close()
    logger.info('stopped')
    process.exit(0)
  }
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      shutdown(signal).catch((error: unknown) => {
        logger.error({ err: error }, 'shutdown failed')
        process.exit(1)
      })
    })
  }
}

main().catch((error: unknown) => {
  const message = startupMessage(error)
  if (message !== undefined) console.error(`TEC web cannot start: ${message}`)
  else console.error('TEC web cannot start:', error)
  process.exit(1)
})
