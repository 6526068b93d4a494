import { LIMITS } from '../../shared/contract.gen'

/** The contract's `Slug`: lower-case words joined by single hyphens, within its length. */
const SLUG_PATTERN = new RegExp(LIMITS.Slug.pattern)
const SLUG_MAX_LENGTH = LIMITS.Slug.maxLength

/** Whether an address segment can name a post or course at all; anything else is not found without asking. */
export function isSlug(value: string): boolean {
  return value.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(value)
}
