import { isDatabaseUnavailable } from '../db/errors.ts'
import { startupMessage } from '../startup.ts'
import { BackupError } from './files.ts'

/** The one line a backup command prints for a failure a person can fix; undefined for a bug, which keeps its stack. */
export function commandMessage(error: unknown): string | undefined {
  if (error instanceof BackupError) return error.message
  if (isDatabaseUnavailable(error)) {
    const detail = error instanceof Error && error.message !== '' ? ` (${error.message})` : ''
    return `Cannot reach the PostgreSQL server${detail}. Check that it runs and that the address is right.`
  }
  return startupMessage(error)
}
