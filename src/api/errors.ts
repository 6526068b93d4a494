import type { components } from './schema.gen'

type ErrorBody = components['schemas']['Error']

export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'parse'

/** What a person reads when the server could not be reached at all. */
export const NETWORK_ERROR_MESSAGE = 'We could not reach the server. Check your connection and try again.'
const TIMEOUT_MESSAGE = 'The server took too long to answer. Try again in a moment.'
const PARSE_MESSAGE = 'The server sent an answer we could not read. Try again in a moment.'

/** The one error type every API call throws: an HTTP error answer, or a request that never got one. */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  /** The HTTP status; 0 when no answer arrived (network, timeout). */
  readonly status: number
  readonly kind: ApiErrorKind
  /** For 400 answers: a message per field name. */
  readonly fields: Record<string, string> | undefined

  constructor(init: { status: number; kind: ApiErrorKind; message: string; fields?: Record<string, string> | undefined; cause?: unknown }) {
    super(init.message, { cause: init.cause })
    this.status = init.status
    this.kind = init.kind
    this.fields = init.fields
  }

  static network(cause: unknown): ApiError {
    // Checked by name: the DOMException class differs between realms (browser, Node, jsdom).
    const timedOut = typeof cause === 'object' && cause !== null && (cause as { name?: unknown }).name === 'TimeoutError'
    return new ApiError({
      status: 0,
      kind: timedOut ? 'timeout' : 'network',
      message: timedOut ? TIMEOUT_MESSAGE : NETWORK_ERROR_MESSAGE,
      cause,
    })
  }

  static parse(status: number, cause: unknown): ApiError {
    return new ApiError({ status, kind: 'parse', message: PARSE_MESSAGE, cause })
  }

  /** Builds the error for a non-2xx answer, using the contract's `{ message, fields? }` body when present. */
  static fromAnswer(status: number, statusText: string, body: unknown): ApiError {
    if (isErrorBody(body)) {
      return new ApiError({ status, kind: 'http', message: body.message, fields: body.fields })
    }
    return new ApiError({ status, kind: 'http', message: fallbackMessage(status, statusText) })
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

function isErrorBody(body: unknown): body is ErrorBody {
  return typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string'
}

/** Answers without the contract's body come from something in between (a proxy, a gateway). */
function fallbackMessage(status: number, statusText: string): string {
  const answer = statusText ? `${status} ${statusText}` : String(status)
  if (status >= 500) return `The server could not answer (${answer}). Try again in a moment.`
  return `The request was refused (${answer}).`
}
