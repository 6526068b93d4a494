import { inject } from 'vitest'
import { startServerProcess, type ServerProcess } from '../../support/server-process.ts'

/**
 * The real server as a process of its own, compiled once for the run from its sources (global-setup.ts), as `npm start`
 * runs it; `settings` as for startServerProcess.
 */
export function startServer(settings: Record<string, string>): Promise<ServerProcess> {
  return startServerProcess(settings, { script: inject('serverScript') })
}
