import { pino, type Logger } from 'pino'
import type { LogLevel } from './config.ts'

export type { Logger }

/**
 * Paths pino blanks out wherever they appear in a log line. Request logs never carry bodies or the raw URL,
 * so this is the second line of defence: an error object or a debug line that holds one of these is still safe.
 */
const REDACT_PATHS = [
  'authorization',
  'headers.authorization',
  'req.headers.authorization',
  'password',
  'pass',
  'currentPassword',
  'newPassword',
  'token',
  'link',
  'links',
  'text',
  'html',
  '*.password',
  '*.pass',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
  '*.link',
  '*.links',
  '*.text',
  '*.html',
]

export function createLogger(level: LogLevel, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'tec-web' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    },
    destination,
  )
}

/** The one line each answered request gets: its route pattern, never the raw URL (a reset link's token is in it). */
export function logRequest(logger: Logger, line: { requestId: string; method: string; route: string; status: number; started: number }): void {
  if (!logger.isLevelEnabled('info')) return
  const { started, ...shown } = line
  logger.info({ ...shown, ms: Math.round(performance.now() - started) }, 'request')
}
