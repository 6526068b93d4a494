import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import type { Logger } from '../logger.ts'

/**
 * Written beside index.html by the build (scripts/route-manifest.ts, from src/routeTree.gen.ts), so the server
 * knows the very routes of the app it serves and nobody keeps a second list by hand.
 */
export const ROUTE_MANIFEST_FILE = 'routes.json'

/** One route as the router's generated tree names it: `id` keeps the pathless layouts, `fullPath` is its address. */
export interface RouteEntry {
  id: string
  fullPath: string
}

export interface RouteManifest {
  routes: RouteEntry[]
}

/**
 * The pathless layout of the public site (src/routes/_public/route.tsx). Only its pages go in the sitemap; everything
 * outside it is sign-in or staff pages, so a new area stays out of search engines until it is put under it.
 */
const PUBLIC_LAYOUT = '_public'

export interface SiteRoute {
  id: string
  /** The address pattern without a trailing slash: `/blog`, `/blog/$postId`, `/`. */
  path: string
  isPublic: boolean
  /** No parameters: exactly one address. */
  isStatic: boolean
}

export interface RouteMatch {
  route: SiteRoute
  /** Decoded values of the `$name` segments. */
  params: Record<string, string>
}

export interface SiteRoutes {
  routes: SiteRoute[]
  /** The route the app opens at this path, or undefined for a path the app shows its not-found page at. */
  match: (pathname: string) => RouteMatch | undefined
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

interface SegmentPattern {
  source: string
  /** The router prefers static segments to parameters, parameters to optional ones, and those to a splat. */
  rank: number
  names: string[]
}

/** One segment of a TanStack Router path: `name`, `$param`, `{-$optional}`, `pre{$param}.ext` or the `$` splat. */
function segmentPattern(segment: string): SegmentPattern {
  if (segment === '$') return { source: '(?:/(.*))?', rank: 0, names: ['_splat'] }
  if (segment.startsWith('$')) return { source: '/([^/]+)', rank: 2, names: [segment.slice(1)] }
  const braced = /^(.*?)\{(-?)\$([^}]*)\}(.*)$/.exec(segment)
  if (braced) {
    const [, prefix = '', optional, name = '', suffix = ''] = braced
    const body = `/${escapeRegExp(prefix)}(${name === '' ? '.*' : '[^/]+'})${escapeRegExp(suffix)}`
    return optional === '-' ? { source: `(?:${body})?`, rank: 1, names: [name] } : { source: body, rank: name === '' ? 0 : 2, names: [name || '_splat'] }
  }
  return { source: `/${escapeRegExp(segment)}`, rank: 3, names: [] }
}

/** `/blog/` and `/blog` are one address to the router (trailingSlash: 'never'); `/` stays `/`. */
export const withoutTrailingSlash = (pathname: string) => (pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname)

function compare(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const difference = (b[i] ?? -1) - (a[i] ?? -1)
    if (difference !== 0) return difference
  }
  return 0
}

/** The matcher for a route tree's addresses: static segments exactly, `$param` as one non-empty segment. */
export function siteRoutes(manifest: RouteManifest): SiteRoutes {
  const compiled = manifest.routes.map((entry) => {
    const routePath = withoutTrailingSlash(entry.fullPath)
    const segments = routePath.split('/').filter((segment) => segment !== '').map(segmentPattern)
    const route: SiteRoute = {
      id: entry.id,
      path: routePath,
      isPublic: entry.id.split('/')[1] === PUBLIC_LAYOUT,
      isStatic: segments.every((segment) => segment.names.length === 0),
    }
    // Case-insensitive and with an optional trailing slash, as the router matches (caseSensitive defaults to false).
    const pattern = new RegExp(`^${segments.map((segment) => segment.source).join('')}/?$`, 'i')
    // A layout (`/_public`, whose address is its index page's) never shows alone: its pages match before it.
    const isLayout = manifest.routes.some((other) => other.id.startsWith(`${entry.id}/`))
    return { route, pattern, isLayout, ranks: segments.map((segment) => segment.rank), names: segments.flatMap((segment) => segment.names) }
  })
  // Most specific first, so /admin/courses/new is that page, not a course called "new".
  compiled.sort((a, b) => compare(a.ranks, b.ranks) || Number(a.isLayout) - Number(b.isLayout))
  return {
    routes: compiled.map(({ route }) => route),
    match: (pathname) => {
      for (const { route, pattern, names } of compiled) {
        const found = pattern.exec(pathname)
        if (!found) continue
        const params: Record<string, string> = {}
        names.forEach((name, i) => {
          const value = found[i + 1]
          if (value !== undefined) params[name] = value
        })
        return { route, params }
      }
      return undefined
    },
  }
}

/** Refuses anything but the shape the build writes, so a damaged file is reported instead of matching nothing. */
export function parseRouteManifest(text: string): RouteManifest {
  const parsed: unknown = JSON.parse(text)
  const routes = (parsed as { routes?: unknown } | null)?.routes
  const isEntry = (value: unknown): value is RouteEntry =>
    typeof value === 'object' && value !== null && typeof (value as RouteEntry).id === 'string' && typeof (value as RouteEntry).fullPath === 'string'
  if (!Array.isArray(routes) || routes.length === 0 || !routes.every(isEntry)) throw new Error(`${ROUTE_MANIFEST_FILE} holds no list of routes`)
  return { routes }
}

/**
 * The routes of the build in `root`, read again whenever the file changes (a new build needs no restart, as for
 * the files themselves). Undefined when there is no build, or a build from before the manifest existed: callers
 * then answer every page as the app (200), as the server did before, and the log says to rebuild.
 */
export function builtSiteRoutes(root: string | undefined, logger: Logger): () => SiteRoutes | undefined {
  const file = root === undefined ? undefined : path.join(root, ROUTE_MANIFEST_FILE)
  let cached: { stamp: string; routes: SiteRoutes | undefined } | undefined
  let warnedMissing = false
  return () => {
    if (file === undefined) return undefined
    const stats = statSync(file, { throwIfNoEntry: false })
    if (stats === undefined) {
      if (!warnedMissing && root !== undefined && existsSync(path.join(root, 'index.html'))) {
        warnedMissing = true
        logger.warn({ file }, 'the build has no route list, so unknown paths answer 200: run `npm run build` again')
      }
      return undefined
    }
    const stamp = `${stats.mtimeMs}:${stats.size}`
    if (cached?.stamp !== stamp) {
      let routes: SiteRoutes | undefined
      try {
        routes = siteRoutes(parseRouteManifest(readFileSync(file, 'utf8')))
      } catch (error) {
        logger.error({ file, err: error instanceof Error ? error.message : String(error) }, 'the build’s route list cannot be read, so unknown paths answer 200: run `npm run build` again')
      }
      cached = { stamp, routes }
    }
    return cached.routes
  }
}
