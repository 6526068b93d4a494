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

/**
 * A secret carried in an address's query string (`?token=`, `&password=`, `access_token=`, `key=`), also inside an
 * encoded address such as a sign-in page's `redirect` (`%3Ftoken%3D`): the name and `=` stay, the value goes.
 */
const SECRET_IN_ADDRESS = /((?:^|[?&;\s"]|%3f|%26)(?:[\w.-]*(?:token|password|secret)|pass|key|code)(?:=|%3d))(?:(?!%26|%23)[^&#\s"\\])+/gi

/** A log line with every secret an address in it carried blanked out. */
function withoutSecretsInAddresses(line: string): string {
  return line.replace(SECRET_IN_ADDRESS, '$1[redacted]')
}

export function createLogger(level: LogLevel, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'tec-web' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      // Redaction by path only reaches fields it names; an address can sit in any field, a message or an error's
      // stack. So the whole line is read once more as it is written, at every level (a reset link's token is in
      // its query string, and a page's address is logged when it cannot be rendered).
      hooks: { streamWrite: withoutSecretsInAddresses },
    },
    destination,
  )
}

/**
 * The one line each answered request gets: its route pattern, never the raw URL (a reset link's token is in it), its
 * contract operation and the signed-in caller's id when there are (never their name or email).
 */
export function logRequest(
  logger: Logger,
  line: { requestId: string; operation: string | undefined; userId: string | undefined; method: string; route: string; status: number; started: number },
): void {
  if (!logger.isLevelEnabled('info')) return
  const { started, operation, userId, ...shown } = line
  logger.info({ ...shown, ...(operation === undefined ? {} : { operation }), ...(userId === undefined ? {} : { userId }), ms: Math.round(performance.now() - started) }, 'request')
}
