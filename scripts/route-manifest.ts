// The build's list of the app's routes (dist/routes.json), read from the router's generated tree, so the server
// tells an app page (200) from an unknown path (404) without a hand-kept copy of the routes.
import { readFileSync } from 'node:fs'
import type { Node, PropertyName, TypeElement } from 'typescript'
import type { Plugin } from 'vite'
import { ROUTE_MANIFEST_FILE, type RouteEntry, type RouteManifest } from '../server/lib/site-routes.ts'

export const ROUTE_TREE_FILE = new URL('../src/routeTree.gen.ts', import.meta.url)

/**
 * Every route's id and full path from the `FileRoutesByPath` the generator declares for @tanstack/react-router.
 * Read with the TypeScript parser rather than a pattern, so the generator's quote style or layout cannot fool it;
 * loaded only here, since vite.config.ts (and so every vitest run) loads this file.
 */
export async function routeManifestFromTree(source: string): Promise<RouteManifest> {
  const { default: ts } = await import('typescript')
  const nameOf = (name: PropertyName) => (ts.isStringLiteral(name) || ts.isIdentifier(name) ? name.text : undefined)
  const literalMember = (members: readonly TypeElement[], name: string) => {
    for (const member of members) {
      if (!ts.isPropertySignature(member) || nameOf(member.name) !== name || member.type === undefined) continue
      if (ts.isLiteralTypeNode(member.type) && ts.isStringLiteral(member.type.literal)) return member.type.literal.text
    }
    return undefined
  }

  const file = ts.createSourceFile('routeTree.gen.ts', source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS)
  const routes: RouteEntry[] = []
  const visit = (node: Node) => {
    if (ts.isInterfaceDeclaration(node) && node.name.text === 'FileRoutesByPath') {
      for (const member of node.members) {
        if (!ts.isPropertySignature(member) || member.type === undefined || !ts.isTypeLiteralNode(member.type)) continue
        const id = literalMember(member.type.members, 'id')
        const fullPath = literalMember(member.type.members, 'fullPath')
        if (id !== undefined && fullPath !== undefined) routes.push({ id, fullPath })
      }
      return
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  // An empty list would make every page a 404: better no build than that.
  if (!routes.some((route) => route.fullPath === '/')) throw new Error('src/routeTree.gen.ts declares no routes (FileRoutesByPath): run `npm run gen`')
  routes.sort((a, b) => a.id.localeCompare(b.id))
  return { routes }
}

/** Adds routes.json to the build, read once the router plugin has written the tree for this build. */
export function routeManifest(): Plugin {
  return {
    name: 'tec-route-manifest',
    apply: 'build',
    async generateBundle() {
      const manifest = await routeManifestFromTree(readFileSync(ROUTE_TREE_FILE, 'utf8'))
      this.emitFile({ type: 'asset', fileName: ROUTE_MANIFEST_FILE, source: `${JSON.stringify(manifest, null, 2)}\n` })
    },
  }
}
