/** Emails are compared trimmed and lowercased everywhere: login, reset requests, rate-limit keys, storage. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase()
}
