/**
 * A `mailto:` link to one address, with an optional subject and body. Every part is percent-encoded (RFC 6068), so
 * nothing in an address or a text can end the address and start a header: `x?bcc=spy@evil.example&y=@example.com`
 * stays one recipient, written as it was given, and a `&` or `#` in a subject stays in the subject.
 */
export function mailtoHref(address: string, headers: { subject?: string; body?: string } = {}): string {
  // The last `@` parts the mailbox from the domain; each is encoded alone so the `@` between them reads as itself.
  const at = address.lastIndexOf('@')
  const to = at < 0 ? encodeURIComponent(address) : `${encodeURIComponent(address.slice(0, at))}@${encodeURIComponent(address.slice(at + 1))}`
  const query = Object.entries(headers)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&')
  return query === '' ? `mailto:${to}` : `mailto:${to}?${query}`
}
