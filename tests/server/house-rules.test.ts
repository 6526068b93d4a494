import { readdirSync, readFileSync } from 'node:fs'
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
