import type { Role } from '../../api/auth'

/** The contract's NewPassword bounds, and the longer minimum the server asks of administrators. */
export const PASSWORD_MIN_LENGTH = 8
export const ADMIN_PASSWORD_MIN_LENGTH = 12
export const PASSWORD_MAX_LENGTH = 128

export const passwordHint = `Use ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters (administrators need at least ${ADMIN_PASSWORD_MIN_LENGTH}). A short phrase is easier to remember than symbols.`

export function minLengthFor(role: Role | null): number {
  return role === 'ADMIN' ? ADMIN_PASSWORD_MIN_LENGTH : PASSWORD_MIN_LENGTH
}

export function newPasswordError(value: string, minLength = PASSWORD_MIN_LENGTH): string | null {
  if (value.length === 0) return 'Please choose a new password.'
  if (value.length < minLength) return `Use at least ${minLength} characters.`
  if (value.length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`
  return null
}

export function confirmationError(confirmation: string, password: string): string | null {
  return confirmation === password ? null : 'The two passwords do not match.'
}
