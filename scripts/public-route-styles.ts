// Links the stylesheets of the public pages' own code (split from the entry by route) in index.html, so a page the
// server rendered is styled at its first paint, before its script has loaded that code.
import type { Plugin } from 'vite'
import type { OutputBundle, OutputChunk } from 'rolldown'

/**
 * The route files whose pages the visitor sees first: the public site and the sign-in screens, every file in their
 * folders (src/routes/_public/, src/routes/_auth/) but their own pieces (`-components`).
 */
const PUBLIC_ROUTE_FILE = /\/src\/routes\/_(public|auth)\/(?![^?]*\/-)[^?]*\.tsx(\?|$)/

/** The stylesheets a chunk brings, with those of the chunks it imports, in order. */
function stylesOf(bundle: OutputBundle, chunk: OutputChunk, seen: Set<string>, styles: Set<string>): void {
  if (seen.has(chunk.fileName)) return
  seen.add(chunk.fileName)
  for (const imported of chunk.imports) {
    const next = bundle[imported]
    if (next?.type === 'chunk') stylesOf(bundle, next, seen, styles)
  }
  for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css)
}

export function publicRouteStyles(): Plugin {
  return {
    name: 'tec-public-route-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (bundle === undefined) return []
        const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk')
        const entryStyles = new Set<string>()
        for (const entry of chunks.filter((chunk) => chunk.isEntry)) stylesOf(bundle, entry, new Set(), entryStyles)
        const styles = new Set<string>()
        for (const chunk of chunks) if (chunk.facadeModuleId !== null && PUBLIC_ROUTE_FILE.test(chunk.facadeModuleId)) stylesOf(bundle, chunk, new Set(), styles)
        return [...styles]
          .filter((file) => !entryStyles.has(file))
          .map((file) => ({ tag: 'link', attrs: { rel: 'stylesheet', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const }))
      },
    },
  }
}
