import type { Config } from './config.ts'
import { ConfigError } from './config.ts'
import { openDatabase, type Database } from './db/client.ts'
import { isDatabaseUnavailable } from './db/errors.ts'
import { DataDirLockedError } from './db/lock.ts'

/** A start-up failure a person can fix, shown as one line without a stack trace. */
export class StartupError extends Error {
  override name = 'StartupError'
}

/**
 * Opens and migrates the configured database; shared by the server and the command-line tools. `migrate: false`
 * (MIGRATE_ON_START=false, where `npm run migrate` is a step of the deploy) only opens it.
 */
export async function openMigratedDatabase(config: Config, { migrate = true }: { migrate?: boolean } = {}): Promise<Database> {
  let database: Database
  try {
    database = await openDatabase(config)
  } catch (error) {
    if (error instanceof DataDirLockedError) throw new StartupError(error.message)
    throw error
  }
  try {
    if (migrate) await database.migrate()
    else await database.ping()
    return database
  } catch (error) {
    await database.close().catch(() => {})
    if (isDatabaseUnavailable(error)) {
      throw new StartupError(`Cannot reach the PostgreSQL server in DATABASE_URL (${errorText(error)}). Check that it runs and that the address is right.`)
    }
    if (database.kind === 'postgres') throw new StartupError(`Cannot prepare the PostgreSQL database in DATABASE_URL: ${errorText(error)}`)
    throw error
  }
}

function errorText(error: unknown): string {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if (current.cause === undefined || !(current.cause instanceof Error)) return current.message
  }
  return String(error)
}

/** The one line to print for a failure at start, or undefined when it is a bug that deserves its stack. */
export function startupMessage(error: unknown): string | undefined {
  if (error instanceof ConfigError || error instanceof StartupError) return error.message
  return undefined
}
