import sanitizeHtml from 'sanitize-html'

/**
 * Cleans an SVG down to drawing: shapes, text, gradients, clipping and masks, with presentation attributes only.
 * What could act or load is dropped, whatever its spelling: scripts, foreign HTML, animation (it can set any
 * attribute), styles sheets, event handlers (`onload`, `ONclick`), links and any reference but one to an element of
 * the same file (`#id`). Attribute values are decoded by the XML parser before they are judged, so
 * `&#106;avascript:` or `java&#x09;script:` are recognised, and only a plain fragment survives in any case.
 * Used for every SVG stored (the demo illustrations, and staff uploads later).
 */

const SHAPES = ['svg', 'g', 'defs', 'symbol', 'use', 'title', 'desc', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'path', 'text', 'tspan', 'textPath']
const PAINT = ['linearGradient', 'radialGradient', 'stop', 'pattern', 'clipPath', 'mask', 'marker']
const FILTERS = ['filter', 'feGaussianBlur', 'feOffset', 'feBlend', 'feColorMatrix', 'feFlood', 'feComposite', 'feMerge', 'feMergeNode', 'feDropShadow']

const PRESENTATION = [
  'id', 'class', 'transform', 'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-linecap',
  'stroke-linejoin', 'stroke-dasharray', 'stroke-dashoffset', 'stroke-miterlimit', 'opacity', 'clip-path', 'clip-rule', 'mask',
  'filter', 'display', 'visibility', 'color', 'font-family', 'font-size', 'font-weight', 'font-style', 'text-anchor',
  'dominant-baseline', 'letter-spacing', 'stop-color', 'stop-opacity', 'vector-effect', 'paint-order', 'style',
]
const GEOMETRY = [
  'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'fx', 'fy', 'width', 'height', 'd', 'points', 'dx', 'dy',
  'rotate', 'textLength', 'lengthAdjust', 'offset', 'gradientUnits', 'gradientTransform', 'spreadMethod', 'patternUnits',
  'patternContentUnits', 'patternTransform', 'clipPathUnits', 'maskUnits', 'maskContentUnits', 'markerWidth', 'markerHeight',
  'refX', 'refY', 'orient', 'markerUnits', 'viewBox', 'preserveAspectRatio', 'stdDeviation', 'in', 'in2', 'result', 'mode',
  'values', 'type', 'operator', 'k1', 'k2', 'k3', 'k4', 'flood-color', 'flood-opacity', 'filterUnits', 'primitiveUnits',
]

/** A reference to an element of the same file, and nothing else: no scheme, no path, no other file. */
const FRAGMENT = /^#[A-Za-z_][\w.-]*$/
/** `url(#id)` is how paint, clips and filters point at definitions; any other url() could load something. */
const CSS_VALUE = /^(?!.*(?:url\((?!\s*['"]?#[A-Za-z_][\w.-]*['"]?\s*\))|expression|javascript|@import|\\)).*$/i

const STYLE_PROPERTIES = [
  'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-linecap', 'stroke-linejoin',
  'stroke-dasharray', 'stroke-dashoffset', 'stroke-miterlimit', 'opacity', 'clip-path', 'clip-rule', 'mask', 'filter',
  'display', 'visibility', 'color', 'font-family', 'font-size', 'font-weight', 'font-style', 'text-anchor',
  'dominant-baseline', 'letter-spacing', 'stop-color', 'stop-opacity', 'mix-blend-mode', 'isolation',
]

const OPTIONS: sanitizeHtml.IOptions = {
  parser: { xmlMode: true, decodeEntities: true, lowerCaseTags: false, lowerCaseAttributeNames: false },
  allowedTags: [...SHAPES, ...PAINT, ...FILTERS],
  allowedAttributes: {
    '*': [...PRESENTATION, ...GEOMETRY],
    svg: ['xmlns', 'xmlns:xlink', 'version', 'role', 'aria-label', 'aria-hidden', 'focusable', ...PRESENTATION, ...GEOMETRY],
    // Kept only as a fragment (#id), by transformTags below.
    use: ['href', 'xlink:href'],
    textPath: ['href', 'xlink:href', 'startOffset', 'method', 'spacing'],
    linearGradient: ['href', 'xlink:href'],
    radialGradient: ['href', 'xlink:href'],
    pattern: ['href', 'xlink:href'],
  },
  allowedStyles: { '*': Object.fromEntries(STYLE_PROPERTIES.map((property) => [property, [CSS_VALUE]])) },
  // No scheme at all is allowed; a fragment has none, and everything else is dropped below.
  allowedSchemes: [],
  allowedSchemesAppliedToAttributes: ['href', 'xlink:href'],
  allowProtocolRelative: false,
  // Script, style sheets and foreign HTML go with everything inside them, not just their tags.
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'foreignObject', 'iframe', 'noscript', 'textarea', 'option'],
  // Elements that hold nothing are written as <rect … />; the rest with their closing tag.
  selfClosing: ['rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'path', 'use', 'stop', ...FILTERS.filter((tag) => tag !== 'filter' && tag !== 'feMerge')],
  transformTags: {
    '*': (tagName, attribs) => {
      const kept: Record<string, string> = {}
      for (const [name, value] of Object.entries(attribs)) {
        if ((name === 'href' || name === 'xlink:href') && !FRAGMENT.test(value.trim())) continue
        // Any value that names a url() other than a fragment goes, in attributes as in styles.
        if (name !== 'style' && /url\(/i.test(value) && !/^\s*url\(\s*['"]?#[A-Za-z_][\w.-]*['"]?\s*\)\s*$/i.test(value)) continue
        kept[name] = value
      }
      return { tagName, attribs: kept }
    },
  },
}

/** The cleaned SVG text, or undefined when nothing of an SVG drawing is left (not an SVG, or only what acts). */
export function cleanSvg(text: string): string | undefined {
  // The XML declaration and any DOCTYPE (with its entities) are dropped before parsing, never expanded.
  const body = text.replace(/^\uFEFF?\s*<\?xml[^>]*\?>/i, '').replace(/<!DOCTYPE(?:[^[>]|\[[^\]]*\])*>/gi, '')
  // sanitize-html writes `<rect … />`; text never holds a bare `>` (it is escaped), so this touches only tags, and
  // a clean file comes out byte for byte as it went in (the demo illustrations keep their media ids).
  const cleaned = sanitizeHtml(body, OPTIONS).trim().replaceAll(' />', '/>')
  return /^<svg[\s>]/.test(cleaned) ? cleaned : undefined
}
