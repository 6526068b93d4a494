import createClient, { type Client, type Middleware } from 'openapi-fetch'
import { ApiError } from './errors'
import type { paths } from './schema.gen'

export type ApiClient = Client<paths>

/** A record's version as the If-Match header carries it, for every write that guards against a lost update. */
export const ifMatch = (version: number) => ({ 'If-Match': `"${version}"` })

export interface ApiClientOptions {
  /** Where the API answers, e.g. `/api`. */
  baseUrl: string
  /** The current session token, or null when signed out. */
  getToken: () => string | null
  /** Called when an answer is 401 to a request that carried a token: the session has ended. */
  onUnauthorized: () => void
  /** The transport; the browser's fetch unless a test hands in another. */
  fetch?: (request: Request) => Promise<Response>
  timeoutMs?: number
}

/** Requests that get no answer in this time fail with a timeout ApiError. */
const DEFAULT_TIMEOUT_MS = 15_000

/** The one openapi-fetch client: adds the Bearer token and turns every failure into one thrown ApiError. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const transport = options.fetch ?? ((request: Request) => globalThis.fetch(request))
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS

  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    fetch: (request) => transport(withTimeout(request, timeoutMs)),
  })
  client.use(bearerToken(options.getToken), errorsAsApiError(options.onUnauthorized))
  return client
}

function withTimeout(request: Request, timeoutMs: number): Request {
  return new Request(request, { signal: AbortSignal.any([request.signal, AbortSignal.timeout(timeoutMs)]) })
}

/** The header a family page call carries its link in (openapi.yaml, securitySchemes.familyLink). */
export const FAMILY_LINK_HEADER = 'X-Family-Link'

function bearerToken(getToken: () => string | null): Middleware {
  return {
    onRequest({ request }) {
      const token = getToken()
      // A family page call carries its family link and never a staff session, even in a staff member's browser.
      if (token && !request.headers.has(FAMILY_LINK_HEADER)) request.headers.set('Authorization', `Bearer ${token}`)
      return request
    },
  }
}

function errorsAsApiError(onUnauthorized: () => void): Middleware {
  return {
    async onResponse({ request, response }) {
      if (response.ok) {
        await assertReadable(response)
        return response
      }
      if (response.status === 401 && request.headers.has('Authorization')) onUnauthorized()
      throw ApiError.fromAnswer(response.status, response.statusText, await readJson(response))
    },
    onError({ error }) {
      return error instanceof ApiError ? error : ApiError.network(error)
    },
  }
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json()
  } catch {
    return undefined
  }
}

/** openapi-fetch would throw a bare SyntaxError for a 2xx answer that is not JSON; make it an ApiError. */
async function assertReadable(response: Response): Promise<void> {
  // Files the contract declares (a CSV export, a personal data zip) are read as they are; anything else must be JSON.
  const type = response.headers.get('Content-Type') ?? ''
  if (type.startsWith('text/csv') || type.startsWith('application/zip')) return
  const text = await response.clone().text()
  if (text === '') return
  try {
    JSON.parse(text)
  } catch (cause) {
    throw ApiError.parse(response.status, cause)
  }
}

/** The body of a successful answer; the middleware has already thrown for every failure. */
export async function unwrap<T>(call: Promise<{ data?: T; response: Response }>): Promise<T> {
  const { data, response } = await call
  if (data === undefined) throw ApiError.parse(response.status, new Error('The answer had no body'))
  return data
}
