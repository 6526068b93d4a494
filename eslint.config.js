// @ts-check
import { dirname, relative, resolve } from 'node:path'
import importPlugin from 'eslint-plugin-import'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

/**
 * Imports run one way (docs/../ARCHITECTURE): ui <- routes <- router/main; routes may use api, machines, ui;
 * machines see api only as types; api and ui import nothing app-specific; server takes nothing from src/
 * but the generated contract types; src/ never reaches into server/; shared/ (rules both run) imports neither.
 * @param {string[]} groups
 * @param {string} message
 * @param {boolean} [allowTypeImports]
 */
const forbid = (groups, message, allowTypeImports = false) => ({
  group: groups,
  message,
  allowTypeImports,
})

/**
 * A route folder's own pieces (`-components`, `-lib`) are for that folder and the folders below it; a piece that
 * several route folders use lives in src/components (or src/app, src/site, src/forms) instead.
 * @type {import('eslint').Rule.RuleModule}
 */
const ownPiecesOnly = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = relative(import.meta.dirname, context.filename)
    /** @param {any} node */
    const check = (node) => {
      const source = node.source?.value
      if (typeof source !== 'string') return
      const target = source.startsWith('@/') ? `src/${source.slice(2)}` : source.startsWith('.') ? relative(import.meta.dirname, resolve(dirname(context.filename), source)) : null
      const piece = target?.match(/^(.*)\/-(components|lib)\//)
      if (!piece) return
      const owner = piece[1] ?? ''
      if (!file.startsWith(`${owner}/`)) context.report({ node, message: `${target} belongs to ${owner}/ and the folders below it; move what several route folders use to src/components.` })
    }
    return { ImportDeclaration: check, ImportExpression: check, ExportNamedDeclaration: check, ExportAllDeclaration: check }
  },
}

const appRoots = {
  api: ['**/api/*', '**/api'],
  machines: ['**/machines/*', '**/machines'],
  routes: ['**/routes/*', '**/routes', '**/routeTree.gen'],
  ui: ['**/ui/*', '**/ui'],
  entry: ['**/router', '**/main'],
  server: ['**/server/*', '**/server'],
}

/**
 * The server's layers, lowest first; a file imports its own layer and those below it, never one above:
 *   base < db < lib < mail-sender < contract < platform < resources < wiring
 * base: settings, logs, shared words, where a request came from, finding the project's files. db: the connection,
 * schema, change feed and locks. lib: what several parts share (audit trail, locks, paging, kept answers, the jobs
 * runner). mail-sender: the mailer and its templates. contract: the document, its checks, the handlers' types and
 * what they are given (deps.ts). platform: sign-in (auth's sessions, passwords, links, and the links' lifetimes, which
 * the Mail screen reads too), server rendering and the server's own chores. resources: one folder per contract tag, and
 * the handlers (and the Mail screen) that auth and mail answer like any resource. wiring: what puts it together (app,
 * index, the handler map, the contract's routes, the job registry, demo data, the command line). A file directly in
 * server/ that no layer names is wiring.
 */
const serverRootFiles = {
  base: ['config', 'logger', 'messages', 'http-timeouts', 'http-context', 'security-headers', 'project-files', 'trusted-proxies', 'wasm-tiering'],
  contract: ['deps'],
  platform: ['startup', 'site-assets', 'static-site', 'kept-reads-first', 'housekeeping', 'link-lifetimes'],
}
/** @param {string[]} names */
const rootGlob = (names) => `./server/@(${names.join('|')}).ts`
const platformFolders = ['lib', 'db', 'contract', 'mail', 'auth', 'ssr']
const wiringFolders = ['jobs', 'demo', 'cli']
/** @type {{ name: string, files: string[] }[]} */
const serverLayers = [
  { name: 'base', files: [rootGlob(serverRootFiles.base)] },
  { name: 'db', files: ['./server/db/**'] },
  { name: 'lib', files: ['./server/lib/**'] },
  { name: 'mail-sender', files: ['./server/mail/{mailer,templates}.ts'] },
  { name: 'contract', files: ['./server/contract/**', rootGlob(serverRootFiles.contract)] },
  { name: 'platform', files: ['./server/auth/!(*handlers).ts', './server/ssr/**', rootGlob(serverRootFiles.platform)] },
  { name: 'resources', files: [`./server/!(${[...platformFolders, ...wiringFolders].join('|')})/**`, './server/auth/*handlers.ts', './server/mail/!(mailer|templates).ts'] },
  { name: 'wiring', files: [`./server/!(${Object.values(serverRootFiles).flat().join('|')}).ts`, `./server/{${wiringFolders.join(',')}}/**`] },
]
const serverLayerOrder = serverLayers.map((layer) => layer.name).join(' < ')
const serverLayerZones = serverLayers.slice(0, -1).map((layer, index) => ({
  target: layer.files,
  from: serverLayers.slice(index + 1).flatMap((above) => above.files),
  message: `server/ runs in layers, ${serverLayerOrder} (eslint.config.js, serverLayers): ${layer.name} imports nothing above it. Move what both need down, or the importer up.`,
}))

/** @param {import('@typescript-eslint/utils').TSESLint.FlatConfig.Config['files']} files @param {ReturnType<typeof forbid>[]} patterns */
const boundary = (files, patterns) => ({
  files,
  rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] },
})

export default tseslint.config(
  {
    ignores: ['dist/**', 'build/**', 'node_modules/**', 'coverage/**', 'data/**', '.tmp/**', 'src/routeTree.gen.ts', 'src/api/schema.gen.ts', 'shared/contract.gen.ts', 'server/db/migrations/**'],
  },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/only-throw-error': 'off',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Plain JavaScript config and scripts are outside the TypeScript projects: lint them without types.
    files: ['**/*.{js,cjs,mjs}'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', module: 'writable' } },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/unit/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  boundary(['src/ui/**'], [
    forbid([...appRoots.api, ...appRoots.machines, ...appRoots.routes, ...appRoots.entry, ...appRoots.server], 'src/ui is shared: it imports nothing app-specific.'),
  ]),
  boundary(['src/{app,site,forms,components}/**'], [
    forbid([...appRoots.routes, ...appRoots.entry, ...appRoots.server], 'src/app, site, forms and components sit below the routes: they import no route, the router or the app entry.'),
  ]),
  boundary(['src/api/**'], [
    forbid([...appRoots.machines, ...appRoots.routes, ...appRoots.ui, ...appRoots.entry, ...appRoots.server], 'src/api imports nothing app-specific.'),
  ]),
  boundary(['src/machines/**'], [
    forbid([...appRoots.routes, ...appRoots.ui, ...appRoots.entry, ...appRoots.server], 'machines do not reach into routes, ui or the app entry.'),
    forbid(appRoots.api, 'machines see the API only as types; real calls are injected actors.', true),
  ]),
  boundary(['src/routes/**'], [
    forbid([...appRoots.entry, ...appRoots.server], 'routes do not import the router, the app entry or the server.'),
  ]),
  {
    // Across folders the app's files name each other from src/ (`@/`) and shared/ (`@shared/`), never by climbing.
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./', message: 'Name a file in another folder by `@/` (src/) or `@shared/` (shared/).' }] }] },
  },
  {
    files: ['tests/unit/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./\\.\\./(src|shared)/', message: 'Name the app’s files by `@/` (src/) and `@shared/` (shared/).' }] }] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { tec: { rules: { 'own-pieces-only': ownPiecesOnly } } },
    rules: { 'tec/own-pieces-only': 'error' },
  },
  // The server rendering entry (src/entry-server.tsx) uses the libraries' own server renderers, which is not the server.
  boundary(['src/*.{ts,tsx}'], [forbid([...appRoots.server, '!react-dom/server', '!@tanstack/react-router/ssr/server'], 'the app never reaches into the server.')]),
  boundary(['shared/**'], [
    forbid(['**/src/*', '**/src', ...appRoots.server], 'shared/ holds rules both sides run: it imports nothing from src/ or server/.'),
  ]),
  boundary(['server/**'], [
    forbid(['**/src/*', '!**/src/api', '**/src/api/*', '!**/src/api/schema.gen'], 'server takes nothing from src/ but the generated contract types.', true),
    forbid(['**/src/api/schema.gen'], 'only types come from the generated contract.', true),
  ]),
  {
    files: ['scripts/**', 'bench/**', 'server/cli/**', 'tests/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // How the import plugin's rules (the server's layers below) resolve a file. That no file reaches itself through
    // its imports is a test (tests/server/house-rules.test.ts): import/no-cycle took a fifth of the lint's time.
    files: ['**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: {
      // The TypeScript resolver follows tsconfig's paths (`@/`, `@shared/`), so a cycle through them is seen too.
      'import/resolver': { typescript: { project: 'tsconfig.json' }, node: { extensions: ['.ts', '.tsx', '.js'] } },
      'import/extensions': ['.ts', '.tsx', '.js'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Only the project's own files are followed for cycles; packages are never parsed.
      'import/ignore': ['node_modules'],
    },
  },
  {
    // Inside server/, imports run down the layers of `serverLayers` (above): any import of a higher layer is an error.
    // Beside the layers, a resource's handlers are for the wiring alone.
    files: ['server/**/*.ts'],
    plugins: { import: importPlugin },
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...serverLayerZones,
            {
              target: ['./server/!(demo|cli|jobs)/**/!(handlers).ts'],
              from: ['./server/*/handlers.ts'],
              message: 'Only the wiring (server/handlers.ts, demo, cli, the job registry) imports a resource’s handlers; share queries instead.',
            },
            {
              target: ['./server/*/handlers.ts'],
              from: ['./server/*/handlers.ts'],
              message: 'A resource’s handlers never import another resource’s handlers; share queries instead.',
            },
          ],
        },
      ],
    },
  },
)
