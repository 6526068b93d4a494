import { LIMITS } from './contract.gen.ts'
import { REQUIRED } from './field-rules.ts'

/**
 * The password policy the server enforces and the forms show, with the same words on both sides (SECURITY.md:
 * the contract's NewPassword length, 12 characters for admins, no composition rules). Pure (it imports only the
 * contract's generated values), so the SPA and the server can both use it. The dictionary score (zxcvbn) runs on
 * the server only: its word lists are about 1 MB, too much for a form, so the forms show the server's message for
 * a guessable password under the same field.
 */

export const PASSWORD_RULES = {
  minLength: LIMITS.NewPassword.minLength,
  minAdminLength: 12,
  maxLength: LIMITS.NewPassword.maxLength,
  /** zxcvbn's score from 0 to 4; 3 means about 10^8 guesses or more, "safely unguessable" online. */
  minScore: 3,
} as const

export const PASSWORD_MESSAGES = {
  required: REQUIRED.enter('a new password'),
  tooShort: `Use at least ${PASSWORD_RULES.minLength} characters.`,
  tooShortForAdmin: `Use at least ${PASSWORD_RULES.minAdminLength} characters for an admin account.`,
  tooLong: `Use at most ${PASSWORD_RULES.maxLength} characters.`,
  onlySpaces: 'A password needs more than spaces.',
  oneCharacter: 'A password needs more than one character typed again and again.',
  ownDetails: 'Do not use your email address or your name as your password.',
  tooCommon: 'This password is too common. Choose something less predictable.',
  guessable: 'This password would be easy to guess. Try three or four unrelated words together.',
} as const

export const PASSWORD_HINT = `Use ${PASSWORD_RULES.minLength} to ${PASSWORD_RULES.maxLength} characters (administrators need at least ${PASSWORD_RULES.minAdminLength}), not your name or email. A few unrelated words are easier to remember than symbols.`

/** Whose password it is, as far as the caller knows: the reset page knows no one, the settings page the user. */
export interface PasswordOwner {
  role?: 'ADMIN' | 'TUTOR' | null
  email?: string
  name?: string
}

/** Words a guesser tries first on this site, whoever the account: its name, its trade, its defaults. */
export const SITE_WORDS = [
  'tec',
  'tecweb',
  'tutor',
  'tutors',
  'tutoring',
  'tuition',
  'education',
  'educational',
  'school',
  'schools',
  'enrol',
  'enroll',
  'enrolment',
  'learning',
  'lesson',
  'lessons',
  'teacher',
  'student',
  'admin',
  'administrator',
  'staff',
  'office',
  'changeme',
  'welcome',
  'community',
  'online',
] as const

const letters = (text: string) => text.toLowerCase().replace(/[^\p{L}]/gu, '')

/** The letters of the password once each of `words` is taken out (longest first); digits and symbols never count. */
function lettersBeyond(password: string, words: readonly string[]): string {
  let rest = letters(password)
  for (const word of words.map(letters).filter((word) => word.length >= 3).sort((a, b) => b.length - a.length)) rest = rest.replaceAll(word, '')
  return rest
}

/** Fewer letters than this besides someone's or the site's own words, and a password is those words plus decoration. */
const MIN_OWN_LETTERS = 4

/** The owner's own words: the whole email, its name part, the name, and each part of the name. */
export function ownerWords(owner: PasswordOwner): string[] {
  const words = new Set<string>()
  const email = owner.email?.trim().toLowerCase()
  if (email) {
    words.add(email)
    const [local = '', domain = ''] = email.split('@')
    words.add(local)
    for (const part of `${local}.${domain}`.split(/[^\p{L}\p{N}]+/u)) words.add(part)
  }
  const name = owner.name?.trim().toLowerCase()
  if (name) {
    words.add(name)
    for (const part of name.split(/\s+/)) words.add(part)
  }
  return [...words].filter((word) => word.replace(/[^\p{L}\p{N}]/gu, '').length >= 3)
}

/** Whether the password is the owner's email or name, give or take digits and symbols ("Ada.Lovelace1815!"). */
function isOwnDetails(password: string, owner: PasswordOwner): boolean {
  const own = [owner.email ?? '', owner.email?.split('@')[0] ?? '', owner.name ?? '']
  const rest = lettersBeyond(password, own)
  return rest.length < letters(password).length && rest.length < MIN_OWN_LETTERS
}

/** Whether the password is only words of this site and of its owner, give or take digits and symbols ("TecTutor2026!"). */
function isSiteWords(password: string, owner: PasswordOwner): boolean {
  const rest = lettersBeyond(password, [...SITE_WORDS, ...ownerWords(owner)])
  return rest.length < letters(password).length && rest.length < MIN_OWN_LETTERS
}

/**
 * The checks that need no dictionary, in the order a person fixes them; null when they pass. The server then also
 * refuses the commonest passwords and those zxcvbn scores below PASSWORD_RULES.minScore.
 */
export function basicPasswordProblem(password: string, owner: PasswordOwner = {}): string | null {
  const characters = [...password] // code points, as JSON Schema's minLength counts them
  if (characters.length === 0) return PASSWORD_MESSAGES.required
  if (characters.length > PASSWORD_RULES.maxLength) return PASSWORD_MESSAGES.tooLong
  if (password.trim() === '') return PASSWORD_MESSAGES.onlySpaces
  if (characters.length < PASSWORD_RULES.minLength) return PASSWORD_MESSAGES.tooShort
  if (owner.role === 'ADMIN' && characters.length < PASSWORD_RULES.minAdminLength) return PASSWORD_MESSAGES.tooShortForAdmin
  if (new Set(characters.map((character) => character.toLowerCase())).size === 1) return PASSWORD_MESSAGES.oneCharacter
  if (isOwnDetails(password, owner)) return PASSWORD_MESSAGES.ownDetails
  if (isSiteWords(password, owner)) return PASSWORD_MESSAGES.guessable
  return null
}
