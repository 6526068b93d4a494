import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const serverDir = join(root, 'server')

/** Every .ts file under server/, as paths from the project's root. */
function serverFiles(dir = serverDir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return serverFiles(path)
    return entry.name.endsWith('.ts') ? [relative(root, path)] : []
  })
}

// Static imports and re-exports (`from './x.ts'`, across lines too), dynamic `import('./x.ts')` and bare `import './x.ts'`.
const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm

/**
 * A file's home: the folder it sits in, or for a file directly in server/ the file itself, since each of those has a
 * layer of its own (the app's wiring, the settings, the links' lifetimes) rather than sharing one as a folder's do.
 */
const homeOf = (file: string): string => (dirname(file) === 'server' ? file : dirname(file))

/**
 * The pairs of homes under server/ that import each other, each with the files that make the link, both ways.
 * Imports within one folder are not links, and nor are imports leaving server/ (shared/, the generated client types).
 */
function foldersImportingEachOther(): { pair: string; files: string[] }[] {
  const edges = new Map<string, Set<string>>()
  for (const file of serverFiles()) {
    const from = homeOf(file)
    for (const match of readFileSync(join(root, file), 'utf8').matchAll(RELATIVE_IMPORT)) {
      const target = relative(root, resolve(root, from, match[1] ?? ''))
      if (!target.startsWith('server/')) continue
      const to = homeOf(target)
      if (to === from) continue
      const key = `${from} -> ${to}`
      edges.set(key, (edges.get(key) ?? new Set()).add(`${file} imports ${target}`))
    }
  }
  const pairs: { pair: string; files: string[] }[] = []
  for (const [key, files] of edges) {
    const [from, to] = key.split(' -> ') as [string, string]
    const back = edges.get(`${to} -> ${from}`)
    if (back && from < to) pairs.push({ pair: `${from} <-> ${to}`, files: [...files, ...back].sort() })
  }
  return pairs.sort((a, b) => a.pair.localeCompare(b.pair))
}

describe('the server house rules', () => {
  // The lint zones (serverLayers in eslint.config.js) forbid an import of a higher layer, but folders within one
  // layer may import each other; two folders each needing the other are one piece in two homes, so none may.
  it('has no two folders importing each other', () => {
    const pairs = foldersImportingEachOther()
    const found = pairs.map(({ pair, files }) => `${pair}\n${files.map((file) => `    ${file}`).join('\n')}`).join('\n')
    expect(pairs.map(({ pair }) => pair), `Folders of server/ import each other:\n${found}`).toEqual([])
  })
})

/** Every .ts and .tsx file of the project's own code, as paths from the root (generated route tree included). */
function codeFiles(dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'build' || entry.name.startsWith('.')) return []
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return codeFiles(path)
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [relative(root, path)] : []
  })
}

// Imports that run code: `import … from`, `export … from`, `import('…')`, bare `import '…'`; whole `import type` and
// `export type` statements are left out, as TypeScript erases them.
const VALUE_IMPORT = /(?:^|[;\n])\s*(?:import|export)(?!\s+type\s)[^'";]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm
const ALIASES: [string, string][] = [
  ['@/', 'src/'],
  ['@shared/', 'shared/'],
]

/** The project file an import names, following tsconfig's paths; undefined for a package. */
function resolveImport(from: string, specifier: string, files: Set<string>): string | undefined {
  const alias = ALIASES.find(([prefix]) => specifier.startsWith(prefix))
  const base = alias ? join(alias[1], specifier.slice(alias[0].length)) : specifier.startsWith('.') ? join(dirname(from), specifier) : undefined
  if (base === undefined) return undefined
  const stem = base.replace(/\.(js|ts|tsx)$/, '')
  return [`${stem}.ts`, `${stem}.tsx`, join(stem, 'index.ts'), join(stem, 'index.tsx')].find((candidate) => files.has(candidate))
}

/**
 * The groups of files that reach themselves through their imports (strongly connected components of the import
 * graph, Tarjan's algorithm), each as its files in order. A cycle makes what runs first depend on which file is
 * loaded first; this replaces ESLint's import/no-cycle, which took a fifth of the lint's time to find the same.
 */
function importCycles(): string[][] {
  const files = codeFiles()
  const known = new Set(files)
  const graph = new Map<string, string[]>()
  for (const file of files) {
    const targets = new Set<string>()
    for (const match of readFileSync(join(root, file), 'utf8').matchAll(VALUE_IMPORT)) {
      const target = resolveImport(file, match[1] ?? match[2] ?? match[3] ?? '', known)
      if (target !== undefined && target !== file) targets.add(target)
    }
    graph.set(file, [...targets])
  }
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const cycles: string[][] = []
  let next = 0
  const visit = (file: string) => {
    index.set(file, next)
    low.set(file, next)
    next += 1
    stack.push(file)
    onStack.add(file)
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target)
        low.set(file, Math.min(low.get(file) ?? 0, low.get(target) ?? 0))
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file) ?? 0, index.get(target) ?? 0))
    }
    if (low.get(file) !== index.get(file)) return
    const group: string[] = []
    let member: string | undefined
    do {
      member = stack.pop()
      if (member === undefined) break
      onStack.delete(member)
      group.push(member)
    } while (member !== file)
    if (group.length > 1) cycles.push(group.sort())
  }
  for (const file of files) if (!index.has(file)) visit(file)
  return cycles
}

describe('the whole project’s imports', () => {
  it('has no file that reaches itself through its imports', () => {
    expect(existsSync(join(root, 'src/main.tsx'))).toBe(true)
    const cycles = importCycles()
    expect(cycles.map((group) => group.join(' -> ')), 'Files that import each other, directly or through others').toEqual([])
  })
})
