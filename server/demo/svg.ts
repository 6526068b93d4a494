/**
 * A few drawing helpers for the generated illustrations: plain SVG shapes and attributes, nothing that runs or
 * loads anything. Numbers are rounded so the same scene always gives the same bytes (and the same media id).
 */

export type Attributes = Record<string, string | number | undefined>

const round = (value: number) => Math.round(value * 10) / 10

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }

/**
 * Escapes text for XML the way the SVG cleaner writes it back (named entities; quotes only in attributes), so a
 * drawing made here comes out of the cleaner byte for byte.
 */
export function escapeXml(text: string, inAttribute = false): string {
  return text.replace(inAttribute ? /[&<>"]/g : /[&<>]/g, (char) => ENTITIES[char] ?? char)
}

function attributes(attrs: Attributes): string {
  return Object.entries(attrs)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${typeof value === 'number' ? round(value) : escapeXml(value, true)}"`)
    .join('')
}

export function el(tag: string, attrs: Attributes, children = ''): string {
  return children === '' ? `<${tag}${attributes(attrs)}/>` : `<${tag}${attributes(attrs)}>${children}</${tag}>`
}

export const rect = (x: number, y: number, width: number, height: number, fill: string, extra: Attributes = {}) =>
  el('rect', { x, y, width, height, fill, ...extra })
export const circle = (cx: number, cy: number, r: number, fill: string, extra: Attributes = {}) => el('circle', { cx, cy, r, fill, ...extra })
export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra: Attributes = {}) =>
  el('ellipse', { cx, cy, rx, ry, fill, ...extra })
export const path = (d: string, fill: string, extra: Attributes = {}) => el('path', { d, fill, ...extra })
export const line = (x1: number, y1: number, x2: number, y2: number, stroke: string, width: number, extra: Attributes = {}) =>
  el('line', { x1, y1, x2, y2, stroke, 'stroke-width': width, 'stroke-linecap': 'round', ...extra })
export const polygon = (points: readonly (readonly [number, number])[], fill: string, extra: Attributes = {}) =>
  el('polygon', { points: points.map(([x, y]) => `${round(x)},${round(y)}`).join(' '), fill, ...extra })
export const group = (children: readonly string[], extra: Attributes = {}) => el('g', extra, children.join(''))

/** Text in the system's sans-serif: no font is fetched. Used sparingly (a word on a board or a banner). */
export const text = (x: number, y: number, content: string, size: number, fill: string, extra: Attributes = {}) =>
  el('text', { x, y, 'font-family': 'Arial, Helvetica, sans-serif', 'font-size': size, 'font-weight': 700, fill, 'text-anchor': 'middle', ...extra }, escapeXml(content))

/** A small deterministic random source (mulberry32), so scattered details land in the same place every time. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A whole document: a title for people who open it directly, and only inline shapes. */
export function svgDocument(width: number, height: number, title: string, body: readonly string[]): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">`,
    `<title>${escapeXml(title)}</title>`,
    ...body,
    '</svg>',
  ].join('')
}
