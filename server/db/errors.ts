/** What a 503 for a database out of reach (or a server not ready) tells the client to wait before asking again. */
export const DATABASE_RETRY_AFTER_SECONDS = 5

/** Node socket errors and PostgreSQL SQLSTATE classes that mean "the database is not answering". */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'EPIPE', '57P01', '57P02', '57P03', '57014', '53300'])
const UNAVAILABLE_MESSAGES = [/timeout exceeded when trying to connect/i, /connection terminated/i, /client has encountered a connection error/i]

/**
 * Whether an error (or any error in its `cause` chain; Drizzle wraps driver errors) says the database cannot be
 * reached, which the API answers with 503 rather than 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true
    if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(current instanceof Error ? current.message : ''))) return true
    if (current instanceof AggregateError && current.errors.some((inner) => isDatabaseUnavailable(inner))) return true
  }
  return false
}

/**
 * Whether the database refused a value the request carried (SQLSTATE class 22, data exception: a NUL byte, a broken
 * character, a number out of range). Validation refuses these first; this keeps one that slips past a 400.
 */
export function isRefusedValue(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true
  }
  return false
}

/** Whether an error (or its cause, as Drizzle wraps driver errors) is a unique-constraint violation (23505). */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if ((current as { code?: unknown }).code === '23505') return true
  }
  return false
}
