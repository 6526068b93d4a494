/// <reference types="vitest/config" />
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineConfig, type UserConfig } from 'vite'
import { compression } from 'vite-plugin-compression2'
import { publicRouteStyles } from './scripts/public-route-styles.ts'
import { routeManifest } from './scripts/route-manifest.ts'

// The API answers under /api; in `npm run dev` Vite forwards it to the API server (npm run dev:api).
const apiPort = process.env.PORT ?? '3000'

/**
 * Server test files that never reach the database, or reach it only to start a server: the same on either
 * database, so they run once, in the embedded-database project.
 */
/** Files about PostgreSQL alone (moving the embedded database into it): the embedded database's project leaves them out. */
const POSTGRES_ONLY = ['tests/server/db-move.test.ts']
const DATABASE_INDEPENDENT = ['tests/server/config.test.ts', 'tests/server/data-dir-lock.test.ts', 'tests/server/slow-clients.test.ts', 'tests/server/svg-cleaner.test.ts']

/** The four test projects (`npm test`); the unit tests share this config's plugins. */
const TEST_PROJECTS: UserConfig['test'] = {
  // One test file per core, in every project. Vitest's default leaves a core for itself (one file at a time on a
  // two-core machine), but its own process is mostly idle while files drive servers, databases and Chromium.
  maxWorkers: '100%',
  projects: [
    {
      extends: true,
      test: {
        name: 'unit',
        include: ['tests/unit/**/*.test.{ts,tsx}'],
        environment: 'jsdom',
        setupFiles: ['tests/unit/setup.ts'],
      },
    },
    {
      test: {
        name: 'server',
        include: ['tests/server/**/*.test.ts'],
        exclude: POSTGRES_ONLY,
        environment: 'node',
        globalSetup: ['tests/server/global-setup.ts'],
        testTimeout: 60_000,
        hookTimeout: 60_000,
      },
    },
    {
      test: {
        name: 'server-pg',
        include: ['tests/server/**/*.test.ts'],
        exclude: DATABASE_INDEPENDENT,
        environment: 'node',
        env: { TEST_DATABASE: 'postgres' },
        globalSetup: ['tests/server/global-setup.ts'],
        testTimeout: 60_000,
        hookTimeout: 60_000,
      },
    },
    {
      test: {
        name: 'browser',
        include: ['tests/browser/**/*.test.ts'],
        environment: 'node',
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
  // The app's own folders by name, as tsconfig.app.json's paths say: `@/` is src/, `@shared/` the rules both sides run.
  resolve: {
    alias: [
      { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
      { find: /^@shared\//, replacement: fileURLToPath(new URL('./shared/', import.meta.url)) },
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
  // The icon package has no ESM entry for Node: bundled, the server build keeps only the icons the pages use.
  ssr: { noExternal: ['@tabler/icons-react'] },
  build: isSsrBuild
    ? { target: 'node20', sourcemap: true, emptyOutDir: true, copyPublicDir: false }
    : {
        target: 'es2022',
        // Written for whoever debugs a build, never named in the scripts nor served (server/static-site.ts).
        sourcemap: 'hidden',
      },
  test: TEST_PROJECTS,
}))
