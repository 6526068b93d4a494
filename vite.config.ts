/// <reference types="vitest/config" />
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { existsSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { defineConfig, type UserConfig } from 'vite'
import { compression } from 'vite-plugin-compression2'
import { entryChunk } from './scripts/entry-chunk.ts'
import { publicRouteStyles } from './scripts/public-route-styles.ts'
import { routeManifest } from './scripts/route-manifest.ts'

// The API answers under /api; in `npm run dev` Vite forwards it to the API server (npm run dev:api).
const apiPort = process.env.PORT ?? '3000'

/**
 * The server test files that run on PostgreSQL as well (the server-pg project), by what they show of the database.
 * PGlite is PostgreSQL's own engine, so the same SQL answers the same on both; what differs is one connection in the
 * process against a pool of them, the change feed, timeouts, and processes sharing one database. Every other server
 * file (validation, headers, the contract's shape, rendering, mail words, who may do what) runs on the embedded
 * database only; a file named `*.postgres.test.ts` runs on PostgreSQL only, one named `*.pglite.test.ts` on the
 * embedded database only, so neither project ever skips or drops a test.
 */
const ON_BOTH_DATABASES = [
  // Writes that race, one transaction, versions read and conflicts, unique rules raced: a pool runs them at once.
  ...['placements', 'student-school-records', 'course-records', 'gallery-editing', 'registrations', 'admin-registrations', 'tutors', 'blog-editor'],
  ...['one-live-link', 'password-reset', 'site-settings-editing', 'office-dashboard', 'load'],
  // Queries that search, add up or read every table (the erasure's dump, the export), and writes batched off the request.
  ...['lessons', 'lesson-series', 'office-calendar', 'report-sharing', 'calendar-feed', 'term-calendar', 'demo-lessons', 'erasure', 'personal-data-export', 'media-library', 'record-openings', 'content'],
  // Throttle counters in the database, hit by many requests at once.
  ...['brute-force', 'account-lockout', 'login-flood', 'contact'],
  // What is kept in memory until the database says it changed: LISTEN/NOTIFY on PostgreSQL, PGlite's own feed.
  ...['kept-answers', 'public-cache', 'kept-reads-first', 'server-rendering', 'site-assets', 'metrics'],
  // Jobs, mail and retention: claimed with locks, retried, deleted by age.
  ...['jobs', 'mail-delivery', 'mail-screen', 'retention', 'housekeeping', 'media-sizes'],
  // Processes on a database: start, readiness, outages, crashes, several machines, migrations, backups, tools.
  ...['backup-restore', 'durability', 'many-machines', 'readiness', 'create-user-cli', 'client-faults'],
].map((name) => `tests/server/${name}.test.ts`)
// A file renamed or gone would otherwise drop out of the server-pg project without a word.
for (const file of ON_BOTH_DATABASES) {
  if (!existsSync(fileURLToPath(new URL(file, import.meta.url)))) throw new Error(`vite.config.ts runs ${file} on both databases, but there is no such file.`)
}

/**
 * The app's own folders by name, as tsconfig.base.json's paths say: `@/` is src/, `@shared/` the rules both sides
 * run. Every test project resolves them too: server and browser tests import the app's modules (the server-rendering
 * entry, the tutor application's rules) without this config's plugins.
 */
const APP_ALIASES = [
  { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
  { find: /^@shared\//, replacement: fileURLToPath(new URL('./shared/', import.meta.url)) },
]

/** The four test projects (`npm test`); the unit tests share this config's plugins. */
const TEST_PROJECTS: UserConfig['test'] = {
  // Three test files for every two cores, in every project. A file is not all work: it waits for its server, a spawned
  // command, a mail or a timer, and with one file per core a core sat idle about a tenth of the run (the server
  // project: 228 s with two files at a time, 199 s with three; docs/performance.md, 2026-12-07). A number: Vitest
  // caps a percentage at the number of cores.
  maxWorkers: Math.ceil(availableParallelism() * 1.5),
  projects: [
    {
      extends: true,
      test: {
        name: 'unit',
        include: ['tests/unit/**/*.test.{ts,tsx}'],
        environment: 'jsdom',
        // The files of a worker share its modules and its document instead of importing React, Mantine and the app
        // again for each (half the time): tests/unit/setup.ts leaves the document, Mantine's toasts, storage and the
        // clock as it found them after every test.
        isolate: false,
        setupFiles: ['tests/unit/setup.ts'],
        // The one limit for a hung unit test (no file sets its own): npm test runs these beside the other projects, tsc
        // and ESLint, so it is not a measure of speed.
        testTimeout: 30_000,
      },
    },
    {
      resolve: { alias: APP_ALIASES },
      test: {
        name: 'server',
        include: ['tests/server/**/*.test.ts'],
        exclude: ['tests/server/**/*.postgres.test.ts'],
        environment: 'node',
        // Each file builds its own app, database and processes; they share the worker's modules rather than import
        // the server's again each (about a third of the project's time). A file that changes a module's state or the
        // clock puts it back (data-dir-lock restores the timers).
        isolate: false,
        globalSetup: ['tests/server/global-setup.ts'],
        testTimeout: 60_000,
        hookTimeout: 60_000,
      },
    },
    {
      resolve: { alias: APP_ALIASES },
      test: {
        name: 'server-pg',
        include: [...ON_BOTH_DATABASES, 'tests/server/**/*.postgres.test.ts'],
        exclude: ['tests/server/**/*.pglite.test.ts'],
        environment: 'node',
        isolate: false,
        env: { TEST_DATABASE: 'postgres' },
        globalSetup: ['tests/server/global-setup.ts'],
        testTimeout: 60_000,
        hookTimeout: 60_000,
      },
    },
    {
      resolve: { alias: APP_ALIASES },
      test: {
        name: 'browser',
        include: ['tests/browser/**/*.test.ts'],
        environment: 'node',
        // Each file starts its own server, database copy, mail sink and Chromium; the files share the worker's modules
        // (Playwright's client, the support files) instead of loading them again.
        isolate: false,
        globalSetup: ['tests/browser/global-setup.ts'],
        // Files run side by side, each with its own server, database copy, mail sink and Chromium. The limits are
        // for a hung test, not a measure of speed, and allow for the neighbours' load.
        testTimeout: 120_000,
        hookTimeout: 180_000,
      },
    },
  ],
}

function browserBuildPlugins() {
  return [
    // dist/routes.json: the app's routes, so the server answers 404 for any other path (server/lib/site-routes.ts).
    routeManifest(),
    // The public pages' own stylesheets, linked up front: a server-rendered page is styled before its code loads.
    publicRouteStyles(),
    // Brotli and gzip copies beside each file of the build, served by server/static-site.ts to browsers that
    // accept them: compressed once at build time, never per request. Source maps and routes.json (never served)
    // are left out.
    compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/\.map$/, /routes\.json$/], threshold: 1024 }),
  ]
}

// Two builds from the same sources: the browser's app into dist/, and (`--ssr`, npm run build:ssr) the module
// that renders the public pages on the server into build/ssr/ (never served).
export default defineConfig(({ isSsrBuild = false }) => ({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), ...(isSsrBuild ? [] : browserBuildPlugins())],
  resolve: { alias: APP_ALIASES },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
  // The server build bundles its packages too (React, Mantine, the router): one module for the server to load instead
  // of hundreds from node_modules, only the icons the pages use (the icon package has no ESM entry for Node), and
  // React's production renderer whatever NODE_ENV the server runs with.
  ssr: { noExternal: true },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: isSsrBuild
    ? { target: 'node20', sourcemap: true, emptyOutDir: true, copyPublicDir: false }
    : {
        target: 'es2022',
        // Written for whoever debugs a build, never named in the scripts nor served (server/static-site.ts).
        sourcemap: 'hidden',
        // The code every page runs in the entry's chunk, not in dozens of small ones (scripts/entry-chunk.ts).
        rolldownOptions: { output: { codeSplitting: { groups: [entryChunk()] } } },
      },
  test: TEST_PROJECTS,
}))
