import { existsSync } from 'node:fs'

/**
 * The folder that holds the project (package.json, openapi.yaml, server/), for the files the server reads at run
 * time: the nearest folder above this module with a package.json. The module runs from two places, this source
 * file (under tsx, in tests and development) and the compiled server (build/server.mjs, what `npm start` runs),
 * at different depths, so a fixed relative address would hold for only one of them.
 */
function findProjectRoot(): URL {
  let folder = new URL('./', import.meta.url)
  while (!existsSync(new URL('package.json', folder))) {
    const parent = new URL('../', folder)
    if (parent.href === folder.href) throw new Error(`No package.json above ${import.meta.url}`)
    folder = parent
  }
  return folder
}

export const PROJECT_ROOT = findProjectRoot()

/** A file or folder of the project by its path from the project's root, e.g. `server/db/migrations`. */
export function projectFile(path: string): URL {
  return new URL(path, PROJECT_ROOT)
}
