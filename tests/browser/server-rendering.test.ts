import { spawnSync } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { APP_READY_ATTRIBUTE } from '../../shared/ssr.ts'
import { signIn } from './support/staff.ts'
import { demo, startTestApp, type TestApp } from './support/app.ts'

/**
 * The public pages come from the server already rendered, with the data they show (src/entry-server.tsx), and the
 * app takes them over in the browser without drawing them again or asking the API again (src/main.tsx).
 */
let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app?.stop()
})

const POST = '/blog/reading-circle-opens-at-northgate-library'
const COURSE = '/courses/gcse-maths-revision'

/** What a page shows before any script has run: a browser with JavaScript off. */
async function withoutScript<T>(use: (page: Page) => Promise<T>): Promise<T> {
  const context = await app.browser.newContext({ baseURL: app.baseUrl, javaScriptEnabled: false })
  try {
    return await use(await context.newPage())
  } finally {
    await context.close()
  }
}

describe('before any script runs', () => {
  const pages: { path: string; title: string; heading: string | RegExp; shows: string | RegExp }[] = [
    { path: '/', title: 'TEC — Education and tutoring at home, in school, online and in the community', heading: /Education and tutoring/, shows: 'GCSE Maths Revision' },
    { path: '/blog', title: 'Blog · TEC', heading: 'Blog', shows: 'Reading circle opens at Northgate Library' },
    { path: POST, title: 'Our new Reading Circle opens at Northgate Library · TEC', heading: 'Our new Reading Circle opens at Northgate Library', shows: /Northgate/ },
    { path: '/courses', title: 'Courses · TEC', heading: 'Courses', shows: 'GCSE Maths Revision' },
    { path: COURSE, title: 'GCSE Maths Revision · TEC', heading: 'GCSE Maths Revision', shows: /past papers/ },
    { path: '/gallery', title: 'Gallery · TEC', heading: 'Gallery', shows: 'Illustration: Story time at the Saturday Reading Circle, Northgate Library.' },
    { path: '/login', title: 'Sign in · TEC', heading: 'Welcome Back', shows: 'Forgot your password?' },
  ]
  for (const { path, title, heading, shows } of pages) {
    test(`${path} shows its page, its data and its title`, async () => {
      await withoutScript(async (page) => {
        const answer = await page.goto(path)
        expect(answer?.status()).toBe(200)
        expect(await page.title()).toBe(title)
        await expect.poll(() => page.getByRole('heading', { level: 1, name: heading }).count()).toBe(1)
        expect(await page.locator('main').getByText(shows).count()).toBeGreaterThan(0)
        // On the public site the footer is there too, with the contact details it reads from the API.
        if (path !== '/login') expect(await page.getByRole('contentinfo').getByRole('link', { name: 'hello@tec.example' }).count()).toBe(1)
      })
    })
  }

  test('a post that does not exist answers 404 with the not-found page', async () => {
    await withoutScript(async (page) => {
      const answer = await page.goto('/blog/no-such-post')
      expect(answer?.status()).toBe(404)
      expect(await page.title()).toBe('Blog post not found · TEC')
    })
  })

  test('runs no inline script: the data travels in a JSON block, which the policy need not allow', async () => {
    const answer = await fetch(`${app.baseUrl}/`)
    const html = await answer.text()
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((match) => match[1] ?? '')
    expect(scripts.filter((attributes) => !attributes.includes('src=') && !attributes.includes('type="application/json"'))).toEqual([])
    expect(scripts.filter((attributes) => attributes.includes('type="application/json"'))).toHaveLength(1)
    expect(answer.headers.get('content-security-policy')).toContain("script-src 'self';")
  })

  test('forms are disabled until the app has taken over, so nothing typed is lost or sent by the browser itself', async () => {
    await withoutScript(async (page) => {
      await page.goto('/login')
      expect(await page.getByRole('textbox', { name: 'Email Address' }).isDisabled()).toBe(true)
      expect(await page.getByRole('button', { name: 'Login' }).isDisabled()).toBe(true)
      await page.goto('/contact-us')
      expect(await page.getByRole('button', { name: 'Send message' }).isDisabled()).toBe(true)
    })
  })
})

describe('in the browser', () => {
  /** Opens `path` in a new visitor's browser, noting the API reads it makes and keeping hold of the server's h1. */
  async function open(path: string, setUp?: (context: BrowserContext) => Promise<unknown>) {
    const context = await app.newContext()
    await setUp?.(context)
    // The h1 element the server sent, taken as soon as the document is parsed (before the app's script runs).
    await context.addInitScript(() => document.addEventListener('DOMContentLoaded', () => Object.assign(window, { serverHeading: document.querySelector('h1') })))
    const page = await context.newPage()
    const reads: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/media/')) reads.push(url.pathname)
    })
    const problems: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text())
    })
    const sent = (await (await page.goto(path))?.text()) ?? ''
    const hydrated = () => page.evaluate(() => (window as { serverHeading?: Element | null }).serverHeading === document.querySelector('h1') && document.querySelector('h1') !== null)
    /** The stylesheets the page uses that its HTML did not link (each would restyle the page as it arrived). */
    const lateStyles = async () => {
      const linked = new Set([...sent.matchAll(/<link rel="stylesheet"[^>]* href="([^"]+)"/g)].map((match) => match[1]))
      const used = await page.evaluate(() => Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'), (link) => new URL(link.href).pathname))
      return used.filter((href) => !linked.has(href))
    }
    return { context, page, reads, problems, hydrated, lateStyles }
  }

  // A tracking parameter the page does not read changes nothing: the page kept for / is taken over there too.
  for (const path of ['/', '/?utm_source=mail', '/blog', POST, COURSE, '/gallery', '/login', '/contact-us']) {
    test(`${path} is taken over as it was sent: no second read of the API, no mismatch, no late styles`, async () => {
      const { context, page, reads, problems, hydrated, lateStyles } = await open(path)
      expect(await page.locator(`html[${APP_READY_ATTRIBUTE}]`).count()).toBe(1)
      await page.waitForLoadState('networkidle')
      expect(reads).toEqual([])
      expect(await lateStyles()).toEqual([])
      expect(await hydrated()).toBe(true)
      expect(problems).toEqual([])
      await context.close()
    })
  }

  test('moving on from a rendered page happens in the app, without loading a page', async () => {
    const { context, page } = await open(POST)
    await page.evaluate(() => Object.assign(window, { samePage: true }))
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses' }).click()
    await page.getByRole('heading', { level: 1, name: 'Courses' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/courses')
    expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true)
    await context.close()
  })

  test('a visitor who chose the dark scheme gets it at once, and the menu names it once the app has taken over', async () => {
    const { context, page, problems, hydrated } = await open('/', (setUp) =>
      // Only on the site's own pages: the blank page a tab starts on has no storage.
      setUp.addInitScript(() => window.location.origin !== 'null' && window.localStorage.setItem('tec.color-scheme', 'dark')),
    )
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe('dark')
    await expect.poll(() => page.getByRole('button', { name: 'Colour scheme: Dark' }).count()).toBe(1)
    expect(await hydrated()).toBe(true)
    expect(problems).toEqual([])
    await context.close()
  })

  test('a signed-in member of staff opening the sign-in page is taken to their area', async () => {
    const context = await app.newContext()
    const page = await context.newPage()
    await signIn(page, demo.admin)
    await page.goto('/login')
    await page.waitForURL((url) => url.pathname === '/admin')
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    await context.close()
  })
})

describe('the renderer the server loads', () => {
  test('is the app bundled with its packages, React’s production build whatever NODE_ENV the server runs with', () => {
    // build/ssr as the browser tests' set-up built it, with `npm run build:ssr`'s command, copied where no node_modules
    // folder is in reach: every module of it loads there, so none of them takes anything from a package at run time.
    const built = path.resolve('build/ssr')
    const alone = mkdtempSync(path.join(tmpdir(), 'tec-ssr-alone-'))
    try {
      cpSync(built, alone, { recursive: true })
      const modules = readdirSync(alone, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'))
      expect(modules).toContain('entry-server.js')
      const load = `for (const file of ${JSON.stringify(modules)}) await import(new URL(file, ${JSON.stringify(pathToFileURL(`${alone}/`).href)}))`
      const run = spawnSync(process.execPath, ['--input-type=module', '-e', load], { cwd: alone, env: { PATH: process.env.PATH, NODE_ENV: 'development' }, encoding: 'utf8' })
      expect(run.stderr).toBe('')
      expect(run.status).toBe(0)
      // Nothing is left for NODE_ENV to choose when the server runs: React's server renderer is its production build.
      expect(modules.filter((file) => readFileSync(path.join(alone, file), 'utf8').includes('process.env.NODE_ENV'))).toEqual([])
      expect(readFileSync(path.join(alone, 'entry-server.js'), 'utf8')).toContain('react-dom-server.node.production')
    } finally {
      rmSync(alone, { recursive: true, force: true })
    }
  })
})

describe('the code a first visit loads', () => {
  test('is the entry’s own file: what every page runs is not split into files of its own (scripts/entry-chunk.ts)', () => {
    // dist as the browser tests' set-up built it with `npm run build`'s command.
    const html = readFileSync(path.resolve('dist/index.html'), 'utf8')
    const entry = /<script type="module" crossorigin src="\/assets\/([^"]+\.js)"/.exec(html)?.[1]
    expect(entry).toBeDefined()
    const code = readFileSync(path.resolve('dist/assets', entry!), 'utf8')
    // Static imports of other files of the build (lazy routes are imported with import(), which this does not match).
    const staticImports = [...code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{},\s]+from\s*)?["']\.\/([^"']+\.js)["']/g)].map((match) => match[1])
    expect(staticImports).toEqual([])
  })
})
