import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
import type { Context } from 'hono'
import { routePath } from 'hono/route'
import type { RedirectStatus, SsrModule, SsrRequest } from '../../shared/ssr.ts'
import { WorkQueue } from '../lib/work-queue.ts'
import type { AppEnv } from '../http-context.ts'
import { answerOf, etagMatches, pageKey, type PublicAnswer, type PublicCache } from '../lib/public-cache.ts'
import type { Logger } from '../logger.ts'
import type { Metrics } from '../lib/metrics.ts'
import { describeError } from '../messages.ts'
import { composeDocument } from './document.ts'

export interface PageRendererOptions {
  /** build/ssr/entry-server.js (`npm run build:ssr`); without it every page is rendered in the browser, as before. */
  ssrEntry: string | undefined
  /** The built app (dist/), whose index.html is the page's frame. */
  staticRoot: string | undefined
  /** Where rendered pages are kept, beside the reads they were made from, so they are dropped with them. */
  pages: PublicCache
  fetchApi: SsrRequest['fetchApi']
  logger: Logger
  /** Counts kept pages found or not, and shows the renders' line. */
  metrics: Metrics
}

/** Renders the page at this request's address, or answers undefined: then the browser renders it (index.html). */
export type RenderPage = (c: Context<AppEnv>) => Promise<Response | undefined>

/** A rendered page is revalidated on every visit (its ETag makes that a 304 while nothing changed). */
const PAGE_CACHE_CONTROL = 'no-cache'
/** Brotli at 5 compresses a page about as well as 11 in a fraction of the time, and is done once per kept page. */
const BROTLI_QUALITY = 5
/**
 * A visitor whose page takes longer, waiting in line included (a database that does not answer), gets the page the
 * browser renders instead.
 */
const RENDER_TIME_LIMIT_MS = 3000
/**
 * Renders are bounded like other expensive work (server/auth/work-queue.ts): each takes 30 to 90 ms of the one thread
 * this process answers everything on, so a stream of distinct addresses once slowed every answer from 2 ms to 300 ms.
 * Two run at once (one reads while the other renders) and six wait, about half a second of work; past that the
 * visitor gets index.html at once and the browser renders the page, as when there is no server build. A render
 * keeps its place until it ends, even after its visitor was sent index.html, so renders that hang (a database that
 * does not answer) fill the line rather than pile up. Visitors asking for a page already rendering take no place.
 */
const RENDERS_AT_ONCE = 2
const RENDERS_WAITING = 6

type Encoding = 'br' | 'gzip'

/** The encodings an Accept-Encoding header accepts (`q=0` refuses one), brotli preferred. */
function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const accepted = new Set<string>()
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase())
    const quality = parameters.find((parameter) => parameter.startsWith('q='))
    if (name !== '' && (quality === undefined || Number(quality.slice(2)) > 0)) accepted.add(name)
  }
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : undefined
}

/** Each encoding is its own representation, so it has its own ETag. */
const etagFor = (etag: string, encoding: Encoding | undefined) => (encoding ? `${etag.slice(0, -1)}-${encoding}"` : etag)

function pageAnswer(c: Context<AppEnv>, page: PublicAnswer, status: 200 | 404): Response {
  const encoding = page.encoded ? preferredEncoding(c.req.header('accept-encoding')) : undefined
  const etag = etagFor(page.etag, encoding)
  c.header('Cache-Control', PAGE_CACHE_CONTROL)
  c.header('Vary', 'Accept-Encoding')
  c.header('ETag', etag)
  if (status === 200 && etagMatches(c.req.header('if-none-match'), etag)) return c.body(null, 304)
  c.header('Content-Type', 'text/html; charset=utf-8')
  if (encoding && page.encoded) c.header('Content-Encoding', encoding)
  return c.body(encoding && page.encoded ? page.encoded[encoding] : page.bytes, status)
}

/**
 * Only a page at one of its site's own paths is kept: lower-case letters, digits and hyphens (as every slug is), no
 * trailing slash. Another spelling of it (`/About`, `/%61bout`, `/about/`) is rendered for its visitor alone, so
 * made-up paths cannot push the kept pages out; the query string was already cut down to what the page reads.
 */
function isKeptPath(pathname: string): boolean {
  return /^\/(?:[a-z0-9-]+(?:\/[a-z0-9-]+)*)?$/.test(pathname)
}

/** What one render gives every request for its address; undefined: the browser renders the page. */
type Rendered = { kind: 'page'; page: PublicAnswer; status: 200 | 404 } | { kind: 'redirect'; location: string; status: RedirectStatus } | undefined

function withinTimeLimit<T>(work: Promise<T>): Promise<T | 'too slow'> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<'too slow'>((resolve) => (timer = setTimeout(() => resolve('too slow'), RENDER_TIME_LIMIT_MS)))
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

/**
 * Serves the public pages already rendered (src/entry-server.tsx), with the data they show, so a visitor sees the
 * page before any script has run, and the browser then takes it over (src/main.tsx). Rendered pages are kept until
 * what they show changes, like the public reads. Whatever goes wrong (no server build, a render that fails or is too
 * slow, a page that needs the browser) falls back to the page the browser renders itself: rendering never turns a
 * page into an error. The rendering module and index.html are read once: restart the server after a new build.
 */
export function pageRenderer(options: PageRendererOptions): RenderPage | undefined {
  const { ssrEntry, staticRoot, pages, fetchApi, logger, metrics } = options
  if (ssrEntry === undefined || staticRoot === undefined) return undefined
  const templateFile = path.join(staticRoot, 'index.html')
  let loaded: Promise<{ ssr: SsrModule; template: string } | undefined> | undefined
  const load = () =>
    (loaded ??= (async () => {
      if (!existsSync(ssrEntry) || !existsSync(templateFile)) {
        logger.info({ ssrEntry }, 'no server rendering module (npm run build): pages are rendered in the browser')
        return undefined
      }
      try {
        const ssr = (await import(pathToFileURL(ssrEntry).href)) as Partial<SsrModule>
        if (typeof ssr.render !== 'function' || typeof ssr.pageSearch !== 'function') {
          logger.error({ ssrEntry }, 'the server rendering module is not of this server (npm run build): pages are rendered in the browser')
          return undefined
        }
        return { ssr: { render: ssr.render, pageSearch: ssr.pageSearch }, template: readFileSync(templateFile, 'utf8') }
      } catch (error) {
        logger.error({ err: describeError(error), ssrEntry }, 'the server rendering module did not load: pages are rendered in the browser')
        return undefined
      }
    })())

  const renders = new WorkQueue(RENDERS_AT_ONCE, RENDERS_WAITING)
  metrics.watchQueue('page renders', renders)

  /** Renders the page at `address` (a path and the search it reads), keeping it when it may be kept. */
  const render = async (ssr: SsrModule, template: string, address: string, keptPath: boolean, route: string): Promise<Rendered> => {
    try {
      const generation = await pages.begin()
      const result = await ssr.render({ href: address, fetchApi })
      if (result.kind === 'skip') {
        logger.debug({ address, reason: result.reason }, 'page left to the browser')
        return undefined
      }
      if (result.kind === 'redirect') return result
      const document = composeDocument(template, result)
      if (document === undefined) {
        logger.error({ templateFile }, 'index.html has no place for a rendered page: pages are rendered in the browser')
        return undefined
      }
      const sent = { cacheControl: PAGE_CACHE_CONTROL, route }
      // A 404 is not kept either: an address with nothing there must not push out one that has something.
      if (result.status !== 200 || !keptPath) return { kind: 'page', page: { ...answerOf(document), ...sent }, status: result.status }
      const bytes = Buffer.from(document)
      const encoded = {
        br: new Uint8Array(brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })),
        gzip: new Uint8Array(gzipSync(bytes)),
      }
      return { kind: 'page', page: pages.keep(pageKey(address), generation, document, { ...sent, encoded }), status: 200 }
    } catch (error) {
      logger.error({ address, err: describeError(error) }, 'a page failed to render on the server: it is rendered in the browser')
      return undefined
    }
  }

  /** The render of `address` within the time limit, in line with the others; undefined: the browser renders it. */
  const renderInLine = async (ssr: SsrModule, template: string, address: string, keptPath: boolean, route: string): Promise<Rendered> => {
    const result = await withinTimeLimit(renders.run(() => render(ssr, template, address, keptPath, route)))
    if (result !== 'too slow') return result
    logger.warn({ address, limitMs: RENDER_TIME_LIMIT_MS }, 'a page took too long to render on the server (its wait in line included): it is rendered in the browser')
    return undefined
  }

  // Visitors asking for the same page while it renders (after a change, on a busy morning) share one render.
  const rendering = new Map<string, Promise<Rendered>>()
  return async (c) => {
    const loadedModule = await load()
    if (!loadedModule) return undefined
    const { ssr, template } = loadedModule
    const url = new URL(c.req.url)
    // The page is rendered and kept at its path and the search parameters it reads, so that a tracking parameter or
    // made-up query (`/?utm_source=N`) finds the page already rendered instead of asking for a render of its own.
    let address: string
    try {
      address = url.pathname + ssr.pageSearch(url.pathname, url.search)
    } catch (error) {
      logger.error({ path: url.pathname, err: describeError(error) }, 'the server could not read a page address: it is rendered in the browser')
      return undefined
    }
    const keptPath = isKeptPath(url.pathname)
    const kept = keptPath ? pages.find(pageKey(address)) : undefined
    if (keptPath) metrics.kept('page', kept !== undefined)
    if (kept) return pageAnswer(c, kept, 200)
    let pending = rendering.get(address)
    if (pending === undefined) {
      if (renders.full) {
        logger.debug({ address }, 'the server is rendering all the pages it takes at once: this one is rendered in the browser')
        return undefined
      }
      pending = renderInLine(ssr, template, address, keptPath, routePath(c)).finally(() => rendering.delete(address))
      rendering.set(address, pending)
    }
    const rendered = await pending
    if (rendered === undefined) return undefined
    if (rendered.kind === 'redirect') return c.redirect(rendered.location, rendered.status)
    return pageAnswer(c, rendered.page, rendered.status)
  }
}
