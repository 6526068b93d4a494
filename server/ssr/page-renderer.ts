import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
import type { Context } from 'hono'
import { routePath } from 'hono/route'
import type { SsrModule, SsrRequest } from '../../shared/ssr.ts'
import type { AppEnv } from '../http-context.ts'
import { answerOf, etagMatches, type PublicAnswer, type PublicCache } from '../lib/public-cache.ts'
import type { Logger } from '../logger.ts'
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
}

/** Renders the page at this request's address, or answers undefined: then the browser renders it (index.html). */
export type RenderPage = (c: Context<AppEnv>) => Promise<Response | undefined>

/** A rendered page is revalidated on every visit (its ETag makes that a 304 while nothing changed). */
const PAGE_CACHE_CONTROL = 'no-cache'
/** Brotli at 5 compresses a page about as well as 11 in a fraction of the time, and is done once per kept page. */
const BROTLI_QUALITY = 5

type Encoding = 'br' | 'gzip'

function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const accepted = new Set((acceptEncoding ?? '').split(',').map((part) => part.split(';')[0]?.trim().toLowerCase()))
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

/** The address as asked for, path and query string: what is rendered, and the kept page's key. */
function addressOf(c: Context): string {
  const url = new URL(c.req.url)
  return url.pathname + url.search
}

/**
 * Serves the public pages already rendered (src/entry-server.tsx), with the data they show, so a visitor sees the
 * page before any script has run, and the browser then takes it over (src/main.tsx). Rendered pages are kept until
 * what they show changes, like the public reads. Whatever goes wrong (no server build, a render that fails, a page
 * that needs the browser) falls back to the page the browser renders itself: rendering never turns a page into an
 * error.
 */
export function pageRenderer(options: PageRendererOptions): RenderPage | undefined {
  const { ssrEntry, staticRoot, pages, fetchApi, logger } = options
  if (ssrEntry === undefined || staticRoot === undefined) return undefined
  const templateFile = path.join(staticRoot, 'index.html')
  let loaded: Promise<SsrModule | undefined> | undefined
  const load = () =>
    (loaded ??= existsSync(ssrEntry)
      ? (import(pathToFileURL(ssrEntry).href) as Promise<SsrModule>).catch((error: unknown) => {
          logger.error({ err: describeError(error), ssrEntry }, 'the server rendering module did not load: pages are rendered in the browser')
          return undefined
        })
      : Promise.resolve(logger.info({ ssrEntry }, 'no server rendering module (npm run build): pages are rendered in the browser')).then(() => undefined))

  return async (c) => {
    const address = addressOf(c)
    const key = `page ${address}`
    const kept = pages.find(key)
    if (kept) return pageAnswer(c, kept, 200)
    const module = await load()
    if (!module || !existsSync(templateFile)) return undefined
    try {
      const generation = await pages.begin()
      const result = await module.render({ href: address, fetchApi })
      if (result.kind === 'skip') {
        logger.debug({ requestId: c.get('requestId'), address, reason: result.reason }, 'page left to the browser')
        return undefined
      }
      if (result.kind === 'redirect') return c.redirect(result.location, result.status as 301 | 302 | 307 | 308)
      // Read on each render (a render is rare: pages are kept), so a new build's file names are always the ones sent.
      const document = composeDocument(readFileSync(templateFile, 'utf8'), result)
      if (document === undefined) {
        logger.error({ templateFile }, 'index.html has no place for a rendered page: pages are rendered in the browser')
        return undefined
      }
      const bytes = Buffer.from(document)
      const encoded = {
        br: new Uint8Array(brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })),
        gzip: new Uint8Array(gzipSync(bytes)),
      }
      const sent = { cacheControl: PAGE_CACHE_CONTROL, route: routePath(c), encoded }
      // Only pages that exist are kept: an address with nothing there must not push out one that has something.
      const page = result.status === 200 ? pages.keep(key, generation, document, sent) : { ...answerOf(document), ...sent }
      return pageAnswer(c, page, result.status)
    } catch (error) {
      logger.error({ requestId: c.get('requestId'), address, err: describeError(error) }, 'a page failed to render on the server: it is rendered in the browser')
      return undefined
    }
  }
}
