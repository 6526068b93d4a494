// One chunk for the code every page runs: what the app's entry (src/main.tsx) imports without waiting, directly or
// through the modules it imports. Rolldown otherwise splits that code into dozens of small chunks shared with the
// lazily loaded routes (rolldown/rolldown#9963), each a request of its own on every page load, though all of them
// load together every time. The routes keep their own chunks, loaded when they are opened.
import type { ChunkingContext, CodeSplittingGroup, ModuleInfo } from 'rolldown'

/** The group's name; Rolldown then merges the group into the entry's own chunk, which imports the same code. */
const APP_CHUNK = 'app'

/** Statements that only name other modules: what a package's index (a "barrel") is made of. */
const NAMING_ONLY = [
  /\/\*[\s\S]*?\*\//g,
  /\/\/[^\n]*/g,
  /["']use client["'];?/g,
  /\bimport\s*(?:[\w$*{},\s]+?\s*from\s*)?["'][^"']+["'];?/g,
  /\bexport\s*(?:\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})\s*(?:from\s*["'][^"']+["'])?;?/g,
]

/**
 * A module that only imports and exports others, such as a package's index: importing it is not using what it names,
 * since the bundle keeps only what is used, so an entry reaching a module through one does not load that module.
 */
function namesOnly(code: string | null): boolean {
  if (code === null) return false
  return NAMING_ONLY.reduce((rest, statement) => rest.replace(statement, ''), code).trim() === ''
}

/**
 * The modules an entry imports without waiting, directly or through the modules they import, but not through a module
 * that only names others (a package's index). The graph is read once, from any one module of it.
 */
function loadedByEntries(start: string, context: ChunkingContext): Set<string> {
  const graph = new Map<string, ModuleInfo>()
  const toRead = [start]
  while (toRead.length > 0) {
    const id = toRead.pop()!
    if (graph.has(id)) continue
    const info = context.getModuleInfo(id)
    if (info === null) continue
    graph.set(id, info)
    toRead.push(...info.importers, ...info.importedIds, ...info.dynamicImporters, ...info.dynamicallyImportedIds)
  }
  const loaded = new Set<string>()
  const toFollow = [...graph.values()].filter((info) => info.isEntry).map((info) => info.id)
  while (toFollow.length > 0) {
    const id = toFollow.pop()!
    if (loaded.has(id)) continue
    loaded.add(id)
    const info = graph.get(id)
    if (info !== undefined && !namesOnly(info.code)) toFollow.push(...info.importedIds)
  }
  return loaded
}

export function entryChunk(): CodeSplittingGroup {
  let loaded: Set<string> | undefined
  return {
    name: (id, context) => ((loaded ??= loadedByEntries(id, context)).has(id) ? APP_CHUNK : null),
    debugName: 'the code every page runs',
  }
}
