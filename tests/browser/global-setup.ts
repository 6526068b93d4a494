import { execFileSync } from 'node:child_process'
import { mkdirSync, rmSync } from 'node:fs'
import { resolve } from 'node:path'
import type { TestProject } from 'vitest/node'
import { buildServer } from '../../scripts/build-server.ts'
import { browserTestChromiumArgs } from '../support/chromium.ts'
import { startServerProcess } from '../support/server-process.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, seeded embedded database that each test file copies, so files never share state. */
    browserTemplateDataDir: string
    /** The server compiled as `npm start` runs it: it starts in about half the time of its source under tsx. */
    browserServerScript: string
    /** Chromium's flags for the browser tests (tests/support/chromium.ts). */
    browserChromiumArgs: string[]
  }
}

export default async function setup(project: TestProject): Promise<void> {
  // The browser tests drive the production build, served by the real server, as a visitor would get it.
  // NODE_ENV=production: the test runner's NODE_ENV=test would otherwise give React's development build.
  // Then the module that renders the public pages on the server (build/ssr), from the same sources.
  const production = { ...process.env, NODE_ENV: 'production' }
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit', env: production })
  execFileSync('npx', ['vite', 'build', '--ssr', 'src/entry-server.tsx', '--outDir', 'build/ssr', '--logLevel', 'warn'], { stdio: 'inherit', env: production })

  // The compiled server, apart from build/server.mjs so that a test run never replaces what `npm start` would run.
  const script = resolve('.tmp/browser/server.mjs')
  await buildServer(script)

  // Creating an embedded database takes several seconds here; do it once and let each file copy it.
  const template = resolve('.tmp/browser/template-data')
  rmSync(template, { recursive: true, force: true })
  mkdirSync(template, { recursive: true })
  const server = await startServerProcess({ DATA_DIR: template }, { script })
  await server.stop()
  project.provide('browserTemplateDataDir', template)
  project.provide('browserServerScript', script)
  project.provide('browserChromiumArgs', await browserTestChromiumArgs())
}
