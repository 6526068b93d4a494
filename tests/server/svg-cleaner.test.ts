import { describe, expect, it } from 'vitest'
import { illustration, ILLUSTRATION_NAMES } from '../../server/demo/illustrations.ts'
import { cleanSvg } from '../../server/media/svg-cleaner.ts'

/**
 * The SVG cleaner keeps drawing and drops whatever could act or load, however it is spelled: event handlers in
 * any case and spacing, `javascript:` behind character references, tabs or mixed case, script, foreign HTML,
 * animation that sets attributes, style sheets, external references and entity declarations.
 */
const SVG = 'xmlns="http://www.w3.org/2000/svg"'
const HOSTILE: [string, string][] = [
  ['an onload handler', `<svg ${SVG} onload="alert(1)"><rect width="1" height="1"/></svg>`],
  ['a handler in capitals with spaces', `<svg ${SVG}><rect width="1" height="1" ONCLICK  =  "alert(1)" onMouseOver="alert(1)"/></svg>`],
  ['a handler after a slash', `<svg/onload=alert(1)><rect/></svg>`],
  ['a javascript: link', `<svg ${SVG}><a href="javascript:alert(1)"><rect width="5" height="5"/></a></svg>`],
  ['javascript: as decimal references', `<svg ${SVG}><use href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)"/></svg>`],
  ['javascript: as hex references without semicolons', `<svg ${SVG}><use href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)"/></svg>`],
  ['javascript: broken by a tab and a newline', `<svg ${SVG}><use href="java&#x09;scr&#x0A;ipt:alert(1)"/></svg>`],
  ['javascript: in mixed case after spaces', `<svg ${SVG} xmlns:xlink="http://www.w3.org/1999/xlink"><use xlink:href="   JaVaScRiPt:alert(1)"/></svg>`],
  ['javascript: percent-encoded', `<svg ${SVG}><use href="%6A%61vascript:alert(1)"/></svg>`],
  ['a data: URL', `<svg ${SVG}><use href="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+"/></svg>`],
  ['a script element', `<svg ${SVG}><script>alert(1)</script><script href="https://evil.example/x.js"/></svg>`],
  ['foreign HTML', `<svg ${SVG}><foreignObject><iframe src="javascript:alert(1)"></iframe><img src=x onerror=alert(1)></foreignObject></svg>`],
  ['animation that sets a handler or a link', `<svg ${SVG}><set attributeName="onload" to="alert(1)"/><animate attributeName="href" values="javascript:alert(1)"/></svg>`],
  ['a style sheet', `<svg ${SVG}><style>@import url(javascript:alert(1)); rect { fill: url(https://evil.example/x) }</style></svg>`],
  ['a style attribute that loads', `<svg ${SVG}><rect style="fill:red;background-image:url(javascript:alert(1));behavior:url(x.htc)" fill="url(https://evil.example/#x)"/></svg>`],
  ['an external image', `<svg ${SVG}><image href="https://evil.example/track.png"/></svg>`],
  ['an entity declaration', `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><svg ${SVG}><text>&xxe;</text></svg>`],
  ['script in CDATA', `<svg ${SVG}><![CDATA[<script>alert(1)</script>]]></svg>`],
]

describe('the SVG cleaner', () => {
  it.each(HOSTILE)('drops %s', (_what, svg) => {
    const cleaned = cleanSvg(svg)
    expect(cleaned).toMatch(/^<svg[\s>]/)
    expect(cleaned).not.toMatch(/\son[a-z]+\s*=|javascript|<script|<foreignObject|<iframe|<img|<set|<animate|<style|<image|<a[\s>]|data:|https?:\/\/evil|file:|ENTITY|%6A/i)
  })

  it('keeps what draws: shapes, gradients, clips and references to its own elements', () => {
    const drawing = `<svg ${SVG} viewBox="0 0 10 10"><defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient><clipPath id="c"><circle cx="5" cy="5" r="5"/></clipPath></defs><g clip-path="url(#c)"><rect width="10" height="10" fill="url(#g)" style="stroke:#020065;stroke-width:2"/><use href="#g"/></g><text x="1" y="9">A &amp; B &lt;3</text></svg>`
    expect(cleanSvg(drawing)).toBe(drawing)
  })

  it('passes the demo illustrations through byte for byte', () => {
    for (const name of ILLUSTRATION_NAMES) {
      const { svg } = illustration(name)
      expect(cleanSvg(svg), name).toBe(svg)
    }
  })

  it('answers nothing for a file that is not an SVG drawing', () => {
    expect(cleanSvg('<html><body>hello</body></html>')).toBeUndefined()
    expect(cleanSvg('<script>alert(1)</script>')).toBeUndefined()
    expect(cleanSvg('just text')).toBeUndefined()
  })
})
