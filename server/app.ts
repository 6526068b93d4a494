import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { routePath } from 'hono/route'
import { contract as ownContract, type Contract } from './contract/document.ts'
import { registerContractRoutes, type Kept } from './contract-routes.ts'
import type { Handlers } from './contract/types.ts'
import { ServerBusyError } from './lib/work-queue.ts'
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable, isRefusedValue } from './db/errors.ts'
import type { AppDeps } from './deps.ts'
import { forwardedFrom, requestIdOf, type AppEnv } from './http-context.ts'
import { describeError, MESSAGES } from './messages.ts'
import { handlers as ownHandlers } from './handlers.ts'
import { builtSiteRoutes } from './lib/site-routes.ts'
import { logRequest } from './logger.ts'
import { securityHeaders } from './security-headers.ts'
import { SITE_ANSWER, UNKNOWN_API_ANSWER } from './lib/metrics.ts'
import { recordPageFound, siteFiles } from './site-files/site-files.ts'
import { staticSite } from './static-site.ts'
import { readKeptAsset } from './site-assets.ts'
import { nextScheduledTime } from './blog-posts/queries.ts'
import { PublicCache, staffAnswers } from './lib/public-cache.ts'
import { keptSessions } from './auth/sessions.ts'
import { pageRenderer } from './ssr/page-renderer.ts'
import { passwordHashing, signIns } from './auth/work-queue.ts'
import { imageWork } from './media/image-work.ts'

/**
 * What the server keeps in memory until the database says it changed: public reads, sessions and the office's
 * lists (see createApp). Made apart from the app so the server can answer kept public reads before it (keptReadsFirst).
 */
export function keptAnswers(deps: AppDeps): Kept {
  const { changes } = deps.database
  return {
    publicReads: new PublicCache(changes, () => nextScheduledTime(deps.database.db)),
    sessions: keptSessions(changes),
    staffReads: staffAnswers(changes),
  }
}

/** What names a request in each of its log lines: its id, its operation and who asked (by id only). */
function requestNames(c: Context<AppEnv>): { requestId: string; operation?: string; userId?: string } {
  const operation = c.get('operation')
  const userId = c.get('userId')
  return { requestId: c.get('requestId'), ...(operation === undefined ? {} : { operation }), ...(userId === undefined ? {} : { userId }) }
}

export interface AppOptions {
  /** What the routes keep in memory; made here unless the server shares it with keptReadsFirst. */
  kept?: Kept
  /** Tests may swap the contract and handlers; the server always uses openapi.yaml and server/handlers.ts. */
  contract?: Contract
  handlers?: Handlers
}

/** The whole HTTP surface: the API under /api (contract routes only) and the built SPA for everything else. */
export function createApp(deps: AppDeps, options: AppOptions = {}): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  const { logger, config } = deps

  const requestLog: MiddlewareHandler<AppEnv> = async (c, next) => {
    const started = performance.now()
    const forwarded = forwardedFrom(c, config.trustProxy)
    c.set('proxies', forwarded.proxies)
    c.set('requestId', requestIdOf(c.req.header('x-request-id'), forwarded.proxies > 0))
    c.set('clientIp', forwarded.clientIp ?? 'unknown')
    c.header('X-Request-Id', c.get('requestId'))
    await next()
    const operation = c.get('operation')
    deps.metrics.answered(operation ?? (c.req.path.startsWith('/api/') ? UNKNOWN_API_ANSWER : SITE_ANSWER), c.res.status, (performance.now() - started) / 1000)
    logRequest(logger, { requestId: c.get('requestId'), operation, userId: c.get('userId'), method: c.req.method, route: routePath(c), status: c.res.status, started })
  }
  app.use('*', requestLog)
  app.use('*', securityHeaders(config))

  // The bounded lines of CPU work: a line that grows is the first sign the machine is too small.
  deps.metrics.watchQueue('image work', imageWork)
  deps.metrics.watchQueue('password hashing', passwordHashing)
  deps.metrics.watchQueue('sign-ins', signIns)

  const api = new Hono<AppEnv>()
  // Nothing from the API is stored by browsers or proxies unless its contract operation says otherwise
  // (x-cache-control, set by the contract routes on successful public reads; errors always stay no-store). Set
  // first, so the answer is built with it.
  api.use('*', async (c, next) => {
    c.header('Cache-Control', 'no-store')
    await next()
  })
  // Each operation limits its body (registerContractRoutes): 64 KiB, or its x-max-body-bytes for uploads.
  const contract = options.contract ?? ownContract()
  // Public reads are answered from memory until the database says what they show has changed.
  // Sessions and the office's lists are kept until the database says they changed; public reads likewise, and
  // until the next scheduled post is due.
  const kept = options.kept ?? keptAnswers(deps)
  registerContractRoutes(api, contract, options.handlers ?? ownHandlers, deps, kept)
  api.all('*', (c) => c.json({ message: MESSAGES.noSuchEndpoint }, 404))
  app.route('/api', api)

  // The build's own list of the app's routes tells a page (200) from an unknown path (404), and names the public
  // pages for the sitemap.
  const routes = builtSiteRoutes(deps.staticRoot, logger)
  app.route('/', siteFiles(deps, routes, contract))
  // The public pages are rendered here from the API's own answers, read in process (kept ones from memory, as ever).
  const fetchApi = async (request: Request): Promise<Response> => app.fetch(request)
  const renderPage = pageRenderer({ ssrEntry: deps.ssrEntry, staticRoot: deps.staticRoot, pages: kept.publicReads, fetchApi, logger, metrics: deps.metrics })
  const keptAsset = (name: string) => readKeptAsset(deps.database.db, name)
  app.route('/', staticSite(deps.staticRoot, { routes, pageFound: recordPageFound(deps), renderPage, keptAsset }))
  app.notFound((c) => c.json({ message: MESSAGES.noSuchPage }, 404))

  app.onError((error, c) => {
    // The client went away (closed the tab, lost the network) before its request was read: not our fault, and
    // nobody will read the answer. Whatever the error says (ECONNRESET, "aborted"), it is not a database outage.
    if (c.req.raw.signal.aborted) {
      logger.debug({ ...requestNames(c), err: describeError(error) }, 'the client closed the connection')
      return c.json({ message: MESSAGES.clientGone }, 400)
    }
    if (error instanceof HTTPException && error.status < 500) {
      return c.json({ message: error.message || MESSAGES.internal }, error.status)
    }
    if (error instanceof ServerBusyError) {
      c.header('Retry-After', String(error.retryAfterSeconds))
      return c.json({ message: MESSAGES.busy }, 503)
    }
    if (isRefusedValue(error)) {
      logger.warn({ ...requestNames(c), err: describeError(error) }, 'the database refused a value that passed validation')
      return c.json({ message: MESSAGES.valueRefused }, 400)
    }
    const unavailable = isDatabaseUnavailable(error)
    logger.error({ ...requestNames(c), err: describeError(error) }, unavailable ? 'database unavailable' : 'request failed')
    // No stack, SQL or driver text ever reaches the client. Every 503 says when to try again: a database out of reach
    // (or a pool that could not connect in its two seconds, on a machine too busy) is asked again after a few seconds.
    if (!unavailable) return c.json({ message: MESSAGES.internal }, 500)
    c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
    return c.json({ message: MESSAGES.unavailable }, 503)
  })
  return app
}
