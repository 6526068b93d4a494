import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { inject } from 'vitest'
import { APP_READY_ATTRIBUTE, SSR_STATE_ID } from '../../../shared/ssr.ts'
import { CHROMIUM_PATH } from '../../support/chromium.ts'
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink.ts'
import { startServerProcess, type ServerProcess } from '../../support/server-process.ts'
import { signIn } from './staff.ts'

export const demo = {
  admin: { email: 'admin@tec.test', password: 'ChangeMe-2026!' },
  tutor: { email: 'tutor@tec.test', password: 'ChangeMe-2026!' },
} as const


const readyPages = new WeakSet<Page>()

/** What cleanPage empties: everything a site can store in a browser, but not the browser's cache of its files. */
const CLEARED_STORAGE = 'cookies,local_storage,indexeddb,file_systems,service_workers,cache_storage,shared_storage,storage_buckets,websql'

/**
 * A server-rendered page shows before it answers clicks and typing: after `goto` and `reload` such a page is used
 * once the app has taken it over, as a person would wait for it. (tests/browser/server-rendering.test.ts looks at
 * the page before then, and without script.)
 */
function waitForTheAppAfterLoads(page: Page): void {
  if (readyPages.has(page)) return
  readyPages.add(page)
  const ready = async () => {
    if ((await page.locator(`#${SSR_STATE_ID}`).count()) > 0) await page.locator(`html[${APP_READY_ATTRIBUTE}]`).waitFor({ state: 'attached' })
  }
  const goto = page.goto.bind(page)
  const reload = page.reload.bind(page)
  page.goto = async (...args) => {
    const response = await goto(...args)
    await ready()
    return response
  }
  page.reload = async (...args) => {
    const response = await reload(...args)
    await ready()
    return response
  }
}

/** What a page of the app exposes to a test through the router (TanStack Router puts itself on `self`). */
interface AppWindow {
  __TSR_ROUTER__?: {
    navigate: (options: { href: string }) => Promise<void>
    state: { status: 'pending' | 'idle' }
    options: { context: { queryClient: { isFetching: () => number } } }
  }
}

/**
 * Waits until the app in `page` is at rest: the router has rendered the address it is at (a typed search changes the
 * address before its list has loaded), and every query has come back. A page without the app is at rest.
 */
export async function appAtRest(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const router = (self as AppWindow).__TSR_ROUTER__
    return router === undefined || (router.state.status === 'idle' && router.options.context.queryClient.isFetching() === 0)
  })
}

/**
 * Opens `path` in the app already loaded in `page` the way its own links do: the router moves there without loading
 * a page, and this answers once the new screen has rendered and every query it started has come back. A page that
 * is not the app yet (a blank tab, another site) loads `path` instead. For tests that reach many screens and are not
 * about a first load, which costs several times the work of a move inside the app.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  const moved = await page.evaluate(async (href) => {
    const router = (self as AppWindow).__TSR_ROUTER__
    if (router === undefined) return false
    await router.navigate({ href })
    // The screen's queries start in effects React runs after the render the router waited for: let them start.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
    return true
  }, path)
  if (!moved) {
    await page.goto(path)
    return
  }
  await appAtRest(page)
}

let launched: Promise<Browser> | undefined

/**
 * The worker's Chromium: the files a test worker runs one after another share one browser (isolate: false keeps this
 * module's state between them), each in browser contexts of its own that stop() closes, so nothing a page stores
 * outlives its file. A browser that went away (it crashed, or a test closed it) is launched again for the next file.
 */
async function workerBrowser(): Promise<Browser> {
  launched ??= chromium.launch({ executablePath: CHROMIUM_PATH, args: inject('browserChromiumArgs') }).then(
    (browser) => {
      browser.on('disconnected', () => (launched = undefined))
      return browser
    },
    (error: unknown) => {
      launched = undefined
      throw error
    },
  )
  return launched
}

export interface TestApp {
  baseUrl: string
  mail: SmtpSink
  browser: Browser
  server: ServerProcess
  /** Script errors and Content-Security-Policy refusals seen in any page; stop() fails when there are any. */
  pageProblems: string[]
  /** A fresh browser profile (its own storage), as a new visitor. */
  newContext: (options?: { width?: number; height?: number }) => Promise<BrowserContext>
  newPage: (options?: { width?: number; height?: number }) => Promise<Page>
  /**
   * A new tab of `account`'s browser, on the page they land on (`lands`, /admin unless said), or at the address `at`.
   * The first call signs in through the login form (then moves to `at` through the app); later calls in the same file
   * open another tab of that browser, still signed in, as a person opens a new tab, with its cache warm. For a test
   * about signing in or a fresh session, use cleanPage or newPage.
   */
  signedInPage: (account: { email: string; password: string }, options?: { lands?: string; at?: string; width?: number }) => Promise<Page>
  /**
   * A new tab of one visitor's browser, shared by the file's tests that call it: its cache warm, as a visitor's is after
   * their first page (a page loaded in a fresh profile costs about twice the work). For a test about what a first
   * visit stores or loads, use newPage.
   */
  visitorPage: (options?: { width?: number; height?: number }) => Promise<Page>
  /**
   * A tab of a browser that has nothing stored: no cookies, local storage or IndexedDB, and no other tab open (the
   * tabs an earlier call gave are closed). Only its cache of the site's files is kept from the file's earlier tests, as
   * a person's browser keeps it after signing out. For tests about signing in, sessions and first visits' storage;
   * newPage gives a new profile, cache and all, for a test about a first load.
   */
  cleanPage: (options?: { width?: number; height?: number }) => Promise<Page>
  /** Signs in through the API (POST /api/auth/login) and answers the bearer token, for what a test does as a client. */
  apiToken: (account: { email: string; password: string }) => Promise<string>
  stop: () => Promise<void>
}

/**
 * The real server on its own copy of the seeded database, a real SMTP sink, and Debian's Chromium. `env` adds
 * server settings (TRUST_PROXY, so a test can send as many visitors through X-Forwarded-For). `prepare` changes the
 * database copy before the server opens it (which then holds it alone), for a state no screen can make, such as mail
 * that failed a day ago.
 */
export async function startTestApp(env: Record<string, string> = {}, options: { prepare?: (dataDir: string) => Promise<void> } = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tec-browser-'))
  cpSync(inject('browserTemplateDataDir'), dataDir, { recursive: true })
  await options.prepare?.(dataDir)
  const mail = await startSmtpSink()
  // No lesson reminders unless a test asks for them: the demo's lessons of tomorrow would otherwise mail the demo
  // tutor and parents from 17:00, between the mails other tests wait for.
  const server = await startServerProcess({ DATA_DIR: dataDir, SMTP_URL: mail.url, LESSON_REMINDER_TIME: 'off', ...env }, { script: inject('browserServerScript') })
  const browser = await workerBrowser()

  const pageProblems: string[] = []
  const newContext = async (options: { width?: number; height?: number } = {}) => {
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    })
    context.on('page', waitForTheAppAfterLoads)
    context.on('weberror', (error) => pageProblems.push(`uncaught: ${error.error().message}`))
    context.on('console', (message) => {
      // Chromium reports whatever the policy blocks (script, style, connection) on the console, naming the policy.
      if (message.type() === 'error' && message.text().includes('Content Security Policy')) pageProblems.push(`csp: ${message.text()}`)
    })
    return context
  }

  const signedIn = new Map<string, BrowserContext>()
  let visitor: BrowserContext | undefined
  let clean: BrowserContext | undefined

  return {
    baseUrl: server.baseUrl,
    mail,
    browser,
    server,
    pageProblems,
    newContext,
    newPage: async (options) => {
      const page = await (await newContext(options)).newPage()
      waitForTheAppAfterLoads(page)
      return page
    },
    signedInPage: async (account, { lands = '/admin', at, width } = {}) => {
      const known = signedIn.get(account.email)
      const context = known ?? (await newContext())
      signedIn.set(account.email, context)
      const page = await context.newPage()
      if (width !== undefined) await page.setViewportSize({ width, height: 800 })
      if (known === undefined) {
        await signIn(page, account, lands)
        if (at !== undefined) await openInApp(page, at)
      } else if (at !== undefined) {
        await page.goto(at)
      } else {
        await page.goto(lands)
        await page.waitForURL((url) => url.pathname === lands)
      }
      return page
    },
    visitorPage: async ({ width, height } = {}) => {
      visitor ??= await newContext()
      const page = await visitor.newPage()
      if (width !== undefined || height !== undefined) await page.setViewportSize({ width: width ?? 1280, height: height ?? 800 })
      return page
    },
    cleanPage: async ({ width, height } = {}) => {
      clean ??= await newContext()
      await Promise.all(clean.pages().map((page) => page.close()))
      const page = await clean.newPage()
      // Chromium's own call, since Playwright's setStorageState empties the cache too.
      const devtools = await clean.newCDPSession(page)
      await devtools.send('Storage.clearDataForOrigin', { origin: server.baseUrl, storageTypes: CLEARED_STORAGE })
      await devtools.detach()
      await clean.clearCookies()
      if (width !== undefined || height !== undefined) await page.setViewportSize({ width: width ?? 1280, height: height ?? 800 })
      return page
    },
    apiToken: async (account) => {
      const response = await fetch(`${server.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: account.email, pass: account.password }),
      })
      if (response.status !== 200) throw new Error(`${account.email} could not sign in through the API: ${response.status}`)
      return ((await response.json()) as { token: string }).token
    },
    stop: async () => {
      await Promise.all(browser.contexts().map((context) => context.close()))
      await server.stop()
      await mail.close()
      rmSync(dataDir, { recursive: true, force: true })
      if (pageProblems.length > 0) throw new Error(`Pages reported problems:\n${pageProblems.join('\n')}`)
    },
  }
}
