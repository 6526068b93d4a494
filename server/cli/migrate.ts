import { loadConfig } from '../config.ts'
import { newestMigrations } from '../db/client.ts'
import { openMigratedDatabase, startupMessage } from '../startup.ts'

/**
 * `npm run migrate`: applies this build's migrations as a step of its own, before new servers start (with
 * MIGRATE_ON_START=false they do not migrate). It runs on a connection of its own without a statement timeout, one
 * machine at a time (server/db/client.ts), and says what it applied, or that there was nothing to apply.
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env, process.cwd(), 'tool')
  // Never the URL itself: it carries the database's password.
  const where = config.databaseUrl === undefined ? `the embedded database in ${config.dataDir}` : 'the PostgreSQL database in DATABASE_URL'
  const database = await openMigratedDatabase(config, { migrate: false })
  try {
    const pending = await database.pendingMigrations()
    if (pending === 0) {
      console.log(`${where} is up to date: every migration of this build is applied. Nothing to do.`)
      return
    }
    console.log(`Applying ${pending} migration(s) to ${where}: ${newestMigrations(pending).join(', ')}`)
    const started = performance.now()
    await database.migrate()
    console.log(`Applied ${pending} migration(s) in ${((performance.now() - started) / 1000).toFixed(1)} s; the database is up to date.`)
  } finally {
    await database.close()
  }
}

main().catch((error: unknown) => {
  const message = startupMessage(error) ?? `The migration failed: ${error instanceof Error ? error.message : String(error)}`
  console.error(message)
  process.exitCode = 1
})
