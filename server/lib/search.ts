/** The search text, trimmed; blank means no search. */
export function searchText(q: string | undefined): string | undefined {
  const trimmed = q?.trim()
  return trimmed === undefined || trimmed === '' ? undefined : trimmed
}

/**
 * `%text%` for ILIKE with the text's own wildcards escaped (backslash is PostgreSQL's default LIKE escape), so
 * a search for "50%" or "a_b" matches those characters literally. The pattern is sent as a parameter.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}

/** Optional free text as stored: trimmed, and blank means none. */
export function blankToUndefined(text: string | undefined): string | undefined {
  const trimmed = text?.trim()
  return trimmed === undefined || trimmed === '' ? undefined : trimmed
}
