// Compiles the server into one JavaScript file, build/server.mjs, which `npm start` runs with plain Node: no
// TypeScript loader at start-up, and one file to load instead of hundreds (see `external` for what stays in
// node_modules).
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { build, type BuildOptions } from 'esbuild'
import { parse } from 'yaml'

/** The compiled server. It finds the project's files from the nearest package.json above it (server/project-files.ts). */
export const SERVER_BUILD = 'build/server.mjs'

export async function buildServer(outfile: string = SERVER_BUILD): Promise<void> {
  await build({ ...NODE_BUNDLE, entryPoints: ['server/index.ts'], outfile, sourcemap: true })
}

/**
 * The command-line tools (server/cli/*.ts) compiled the same way into `outdir`, one file each (`create-user.mjs`…):
 * the tests run them so, as they run the compiled server, where tsx would spend about 0.65 s starting each run.
 * Operators run them from source through npm (`npm run backup`, `npm run migrate`…), as the production guide's test
 * (tests/server/production-guide.postgres.test.ts) and the first create-user test do.
 */
export async function buildCommands(outdir: string): Promise<void> {
  await build({ ...NODE_BUNDLE, entryPoints: ['server/cli/*.ts'], outdir, outExtension: { '.js': '.mjs' } })
}

const NODE_BUNDLE = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Pure JavaScript packages are bundled (tree-shaken, one file to load); these load from node_modules: native
  // code (argon2, sharp), PGlite's WASM and data files, pino's worker-thread transports, and zxcvbn's 1.6 MB of
  // dictionaries, which only a password change loads.
  external: ['@electric-sql/pglite', '@node-rs/argon2', 'sharp', 'pino', 'pino-pretty', 'pg-native', '@zxcvbn-ts/*'],
  // Bundled CommonJS packages call require() for Node's own modules.
  banner: { js: "import { createRequire as tecCreateRequire } from 'node:module'; const require = tecCreateRequire(import.meta.url);" },
  logLevel: 'warning',
  // The contract as JSON text (see TEC_BUILT_CONTRACT in server/contract/document.ts): no YAML parse at start.
  define: { TEC_BUILT_CONTRACT: JSON.stringify(JSON.stringify(parse(readFileSync('openapi.yaml', 'utf8')))) },
} satisfies BuildOptions

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer()
