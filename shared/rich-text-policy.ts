import type sanitizeHtml from 'sanitize-html'
import { LIMITS } from './contract.gen.ts'

/** A library image's id as the contract writes it (MediaId), without its anchors, so it can sit inside a path's pattern. */
export const MEDIA_ID_PATTERN = LIMITS.MediaId.pattern.replace(/^\^/, '').replace(/\$$/, '')

/** An image of the library as rich text refers to it: its path, with or without a version and width. */
export const MEDIA_SRC = new RegExp(`^/api/media/(${MEDIA_ID_PATTERN})(?:\\?[a-z0-9=&]*)?$`)

/**
 * What rich text (post bodies, course descriptions) may hold: headings, paragraphs, lists, links, emphasis,
 * quotes, rules and images from the media library. Everything else is dropped when the text is saved (scripts,
 * styles, event handlers, iframes, forms, images from elsewhere), so the stored HTML is safe to insert as it is.
 */
export const RICH_TEXT_POLICY: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'a', 'strong', 'em', 's', 'u', 'code', 'blockquote', 'br', 'hr', 'img'],
  allowedAttributes: { a: ['href', 'rel'], img: ['src', 'alt'] },
  // Absolute links only to the web and mail; scheme-less paths stay, since they point within the site.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Their text is code or markup, not prose, so it goes with the tag.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'template', 'object', 'svg', 'math', 'title'],
  transformTags: {
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const { href } = attribs
      const kept: sanitizeHtml.Attributes = {}
      if (href !== undefined) kept.href = href
      // A page we link to must not reach back through window.opener nor learn which post linked it.
      if (href !== undefined && /^\s*https?:/i.test(href)) kept.rel = 'noopener noreferrer'
      return { tagName, attribs: kept }
    },
    // Stored by the library id alone: the version and widths are added when the text is read (renderRichText).
    img: (tagName, attribs): sanitizeHtml.Tag => {
      const id = MEDIA_SRC.exec(attribs.src ?? '')?.[1]
      return id === undefined ? { tagName: 'img', attribs: {} } : { tagName, attribs: { src: `/api/media/${id}`, alt: attribs.alt ?? '' } }
    },
  },
  // An image from anywhere but the library goes (nothing is loaded from other sites).
  exclusiveFilter: (frame) => frame.tag === 'img' && frame.attribs.src === undefined,
}
