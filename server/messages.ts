/** Texts of the error answers every operation shares (the contract's `Error` body). */
export const MESSAGES = {
  unauthenticated: 'Your session has ended. Please sign in again.',
  familyLinkDead: 'This link has expired or the office has ended it. Ask for a fresh one: it comes by email.',
  forbidden: 'You do not have access to this.',
  safeguardingLeadsOnly: 'Only the designated safeguarding leads can see safeguarding concerns and who opened a record, or give the safeguarding lead mark. Ask one of them if you need to know.',
  noSuchEndpoint: 'No such API endpoint.',
  noSuchPage: 'There is nothing at this address.',
  methodNotAllowed: 'This endpoint does not accept that method.',
  checkFields: 'Check the highlighted fields.',
  bodyNotJson: 'The body is not valid JSON.',
  bodyMissing: 'This request needs a JSON body.',
  bodyNotObject: 'The body must be a JSON object.',
  valueRefused: 'The request holds a value that cannot be stored. Check what you typed and try again.',
  bodyTooDeep: 'The body is nested too deeply. Send the fields the form asks for.',
  wrongContentType: 'Send the body as JSON, with the header Content-Type: application/json.',
  tooLarge: 'The request is too large. Send at most 64 KiB.',
  bodyNotForm: 'The upload did not arrive whole. Choose the file again and retry.',
  wrongFormContentType: 'Send the file as a form upload, with the header Content-Type: multipart/form-data.',
  fileExpected: 'Choose a file to upload.',
  textExpected: 'This must be text, not a file.',
  fieldTwice: 'Send this field once.',
  internal: 'Something went wrong on our side. Please try again.',
  unavailable: 'The service is temporarily unavailable. Please try again shortly.',
  busy: 'The server is busy right now. Try again in a moment.',
  clientGone: 'The request was cut off before it arrived whole.',
} as const

export const BODY_LIMIT_BYTES = 64 * 1024

/** The 413 message of an operation that takes more than BODY_LIMIT_BYTES (uploads name their limit in megabytes). */
export function tooLargeMessage(maxBytes: number): string {
  if (maxBytes === BODY_LIMIT_BYTES) return MESSAGES.tooLarge
  return `The file is too large. Upload files of at most ${Math.floor(maxBytes / 1024 / 1024)} MB.`
}

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60))
  return `Too many attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`
}

/**
 * What an error looks like in a log line: driver errors from Drizzle carry the query's parameters (password
 * hashes, token hashes, emails), so only the query text, the cause's message and its SQLSTATE are kept.
 */
export function describeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) }
  const described: Record<string, unknown> = { type: error.name, message: error.message, stack: error.stack }
  if ('query' in error && typeof error.query === 'string') {
    const cause = error.cause instanceof Error ? error.cause : undefined
    described.message = cause?.message ?? 'query failed'
    described.query = error.query
    described.code = (cause as { code?: unknown } | undefined)?.code
    described.stack = cause?.stack
  }
  return described
}
