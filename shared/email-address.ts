/**
 * The email addresses the contract takes (`format: email`), one rule for every field that holds one. The usual
 * format (RFC 5322's dot-atom) lets a local part hold `?`, `&`, `#`, `%`, `/` and the like, which no mailbox people
 * type uses, and which turn an address placed in a `mailto:` link into extra recipients or headers
 * (`x?bcc=spy%40evil.example&y=@example.com`). So the local part is letters, digits and `.`, `_`, `+`, `-` and `'`
 * (O'Neill), in dot-separated words; the domain is a host name with at least one dot.
 */
const LOCAL_PART = /^[a-z0-9_+'-]+(?:\.[a-z0-9_+'-]+)*$/i
const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i

/** The longest local part SMTP carries (RFC 5321, 4.5.3.1.1); the whole address is bounded by the contract. */
const LONGEST_LOCAL_PART = 64

export function isEmailAddress(value: string): boolean {
  const at = value.lastIndexOf('@')
  if (at <= 0) return false
  const local = value.slice(0, at)
  return local.length <= LONGEST_LOCAL_PART && LOCAL_PART.test(local) && DOMAIN.test(value.slice(at + 1))
}

/**
 * The shape of an address someone already has an account under (signing in, asking for a reset link): something, an
 * `@`, something, without spaces. Not held to isEmailAddress, so an account made before that rule tightened still
 * signs in; an address that matches no account is answered as any unknown one.
 */
export function looksLikeEmailAddress(value: string): boolean {
  return /^[^\s@]+@[^\s@]+$/.test(value)
}
