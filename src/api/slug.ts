import { LIMITS } from '@shared/contract.gen'

/** The contract's `Slug`: lower-case words joined by single hyphens, within its length. */
const SLUG_PATTERN = new RegExp(LIMITS.Slug.pattern)
const SLUG_MAX_LENGTH = LIMITS.Slug.maxLength

/** Whether an address segment can name a post or course at all; anything else is not found without asking. */
export function isSlug(value: string): boolean {
  return value.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(value)
}

/**
 * A slug made from a title, as the course form proposes while the slug is not edited by hand: accents dropped, "&"
 * as "and", every other run of non-letters a single hyphen, cut at a word boundary within the length. '' for a
 * title with no letters or digits.
 */
export function slugFrom(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
  let slug = ''
  for (const word of words) {
    const next = slug === '' ? word : `${slug}-${word}`
    if (next.length > SLUG_MAX_LENGTH) return slug === '' ? word.slice(0, SLUG_MAX_LENGTH) : slug
    slug = next
  }
  return slug
}
