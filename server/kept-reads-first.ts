import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import { etagMatches, type PublicCache } from './lib/public-cache.ts'
import { requestIdOf } from './http-context.ts'
import { logRequest, type Logger } from './logger.ts'
import { isOverHttps, securityHeaderList } from './security-headers.ts'
import { SITE_ANSWER, type Metrics } from './lib/metrics.ts'
import { forwardedOf, type TrustProxy } from './trusted-proxies.ts'

/**
 * Answers a public read that is kept in memory (PublicCache) straight from Node's request, before the framework
 * builds a Request, a context and a Response for it: for a small answer that work is most of a request's cost. The
 * answer is the one the framework would send, header for header (tests/server/kept-reads-first.test.ts), and it is
 * logged and counted the same way. Anything else (another method, an address with nothing kept, a HEAD) goes to `framework`.
 */
export function keptReadsFirst(cache: PublicCache, options: { publicUrl: string; trustProxy: TrustProxy }, logger: Logger, metrics: Metrics, framework: (request: IncomingMessage, response: ServerResponse) => unknown): RequestListener {
  const answeredFromMemory = (request: IncomingMessage, response: ServerResponse): boolean => {
    const address = request.url
    if (request.method !== 'GET' || address === undefined || !address.startsWith('/api/')) return false
    const kept = cache.find(address)
    if (kept === undefined) return false
    const started = performance.now()
    const incoming = request.headers['x-request-id']
    const forwardedFor = request.headers['x-forwarded-for']
    const { proxies } = forwardedOf(options.trustProxy, request.socket.remoteAddress, Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
    const requestId = requestIdOf(Array.isArray(incoming) ? incoming[0] : incoming, proxies > 0)
    const forwardedProto = request.headers['x-forwarded-proto']
    // This server speaks plain HTTP: only the public address or a trusted proxy can say the visitor used HTTPS.
    const overHttps = isOverHttps(options, 'http:', Array.isArray(forwardedProto) ? forwardedProto.join(',') : forwardedProto, proxies)
    const headers: string[] = ['X-Request-Id', requestId]
    for (const [name, value] of securityHeaderList('no-referrer', overHttps)) headers.push(name, value)
    headers.push('Cache-Control', kept.cacheControl ?? 'no-store', 'ETag', kept.etag)
    const unchanged = etagMatches(request.headers['if-none-match'], kept.etag)
    if (unchanged) {
      response.writeHead(304, headers)
      response.end()
    } else {
      headers.push('Content-Type', 'application/json', 'Content-Length', String(kept.bytes.byteLength))
      response.writeHead(200, headers)
      response.end(kept.bytes)
    }
    const status = unchanged ? 304 : 200
    // Only hits are counted here: a miss goes on to the framework, whose contract route counts it.
    metrics.kept('public_read', true)
    metrics.answered(kept.operation ?? SITE_ANSWER, status, (performance.now() - started) / 1000)
    logRequest(logger, { requestId, operation: kept.operation, userId: undefined, method: 'GET', route: kept.route, status, started })
    return true
  }
  return (request, response) => {
    if (!answeredFromMemory(request, response)) void framework(request, response)
  }
}
