/** The contract's `Slug`: lower-case words joined by single hyphens, at most 120 characters. */
const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/
const SLUG_MAX_LENGTH = 120

/** Whether an address segment can name a post or course at all; anything else is not found without asking. */
export function isSlug(value: string): boolean {
  return value.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(value)
}
