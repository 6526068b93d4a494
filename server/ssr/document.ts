import { SSR_STATE_ID } from '../../shared/ssr.ts'
import { escapeHtml } from '../lib/html.ts'

/** What a rendered page puts into the built index.html. */
export interface PageParts {
  html: string
  title: string
  description: string
  /** The data block's JSON (shared/ssr.ts SsrState). */
  state: string
}

const TITLE = /<title>[^<]*<\/title>/
const DESCRIPTION = /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/
const ROOT = '<div id="root"></div>'
const BODY_END = '</body>'
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*>/g

/**
 * JSON that can sit inside a `<script>` element: no `<` at all, so no `</script>` or `<!--` in a post's text can end
 * the block early (JSON.parse reads `\u003c` back as `<`).
 */
export function jsonForScript(json: string): string {
  return json.replace(/</g, '\\u003c')
}

/**
 * The built index.html (which names every script and stylesheet of this build) with the page in #root, its own
 * title and description, and its data in a block that never runs: the content security policy allows no inline
 * script, and needs to allow none. Undefined when the template is not the one expected.
 *
 * The build's modulepreload links are left out: on a page already drawn, fetching the app's 80 modules at once held
 * back the page's stylesheets and images (first paint at 1.15 s against 0.82 s without them, on a slowed phone
 * connection) for the sake of taking the page over about 0.35 s sooner (docs/performance.md). The module script
 * stays, and fetches them as it needs them.
 */
export function composeDocument(template: string, page: PageParts): string | undefined {
  const [before, after, ...more] = template.split(ROOT)
  if (before === undefined || after === undefined || more.length > 0) return undefined
  if (!TITLE.test(before) || !DESCRIPTION.test(before) || !after.includes(BODY_END)) return undefined
  const head = before
    .replace(MODULE_PRELOAD, '')
    .replace(TITLE, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace(DESCRIPTION, () => `<meta name="description" content="${escapeHtml(page.description)}" />`)
  const state = `<script type="application/json" id="${SSR_STATE_ID}">${jsonForScript(page.state)}</script>`
  // The page goes in last, so nothing in it (a post's own text) is taken for a part of the template.
  return `${head}<div id="root">${page.html}</div>${after.replace(BODY_END, () => `${state}\n  ${BODY_END}`)}`
}
