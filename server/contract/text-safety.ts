/**
 * Checks every request value needs whatever its schema says: text the database can store and people can read,
 * names that are only names, and JSON no deeper than any operation needs. The validators run these before
 * the schemas, so a NUL byte or a name holding a web address is a 400 on its field, never a 500 or a mail.
 */

/** Deeper than any request the contract describes (a registration is five levels deep), far below a stack overflow. */
export const MAX_JSON_DEPTH = 16

export const TEXT_MESSAGES = {
  controlCharacter: 'Remove the control characters from this text.',
  brokenCharacter: 'This text holds a broken character. Type it again.',
  personName: 'Enter just a name, without web or email addresses or special characters.',
} as const

/**
 * C0 controls but tab, line feed and carriage return (which multi-line answers use), and DEL. PostgreSQL cannot
 * store NUL at all, and the others only hide text from the people who read it.
 */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/
/** Half of a surrogate pair with no other half: not a character, and PostgreSQL's JSON refuses its escape. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/** The problem with one piece of text, or undefined when any text field may hold it. */
export function textProblem(text: string): string | undefined {
  if (CONTROL.test(text)) return TEXT_MESSAGES.controlCharacter
  if (LONE_SURROGATE.test(text)) return TEXT_MESSAGES.brokenCharacter
  return undefined
}

/** Every control character (C0, C1) and the marks that reorder or hide text (bidi overrides, isolates, marks). */
const NAME_FORBIDDEN_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/
/** The top-level domains phishing mail leans on, plus any two-letter country code followed by a path. */
const DOMAIN =
  /[\p{L}\p{N}-]\.(?:com|org|net|info|biz|io|co|uk|us|eu|de|fr|ru|cn|xyz|top|site|online|app|dev|me|tv|ly|link|click|live|shop|store|tech|club|win|vip|icu|cc|pw|ws|gov|edu|ac|sch)\b|\.[a-z]{2,}\//iu

/**
 * A person's name: letters, spaces and the punctuation names use. No control or direction-changing characters
 * (they can make a name read as something else), and no web or email address: a name is quoted in mail the site
 * sends, and must not carry someone else's link to an address nobody has confirmed.
 */
export function isPersonName(text: string): boolean {
  if (NAME_FORBIDDEN_CHARACTERS.test(text)) return false
  if (text.includes('@') || /:\/\/|\bwww\./iu.test(text)) return false
  return !DOMAIN.test(text)
}

/** Whether a parsed JSON value nests deeper than `limit` objects and arrays. Iterative, so any depth is safe. */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }]
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!
    if (typeof current !== 'object' || current === null) continue
    if (depth >= limit) return true
    for (const child of Object.values(current)) stack.push({ value: child, depth: depth + 1 })
  }
  return false
}

/**
 * A message per field whose text (or key) cannot be stored, dotted like the schema errors (`contact.name`, `q`).
 * Query and header values arrive as lists of strings and are named by their parameter, not `q.0`.
 */
export function unsafeTextFields(value: unknown, options: { listsAreOneField?: boolean } = {}): Map<string, string> {
  const found = new Map<string, string>()
  const visit = (current: unknown, path: string[], depth: number) => {
    if (depth > MAX_JSON_DEPTH + 1) return // refused as too deep before this runs; never recurse without end
    if (typeof current === 'string') {
      const problem = textProblem(current)
      const field = path.join('.')
      if (problem !== undefined && !found.has(field)) found.set(field, problem)
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => visit(item, options.listsAreOneField && depth === 1 ? path : [...path, String(index)], depth + 1))
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, item] of Object.entries(current)) {
        const keyProblem = textProblem(key)
        if (keyProblem !== undefined) found.set([...path, key].join('.'), keyProblem)
        else visit(item, [...path, key], depth + 1)
      }
    }
  }
  visit(value, [], 0)
  return found
}
