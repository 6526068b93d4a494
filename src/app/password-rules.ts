import { basicPasswordProblem, PASSWORD_HINT, type PasswordOwner } from '@shared/password-policy'

/**
 * The forms check what the server checks without a dictionary, with the server's own words
 * (shared/password-policy.ts); a guessable or common password comes back from the server as a message on the
 * same field.
 */
export const passwordHint = PASSWORD_HINT

export function newPasswordError(value: string, owner: PasswordOwner = {}): string | null {
  return basicPasswordProblem(value, owner)
}

export function confirmationError(confirmation: string, password: string): string | null {
  return confirmation === password ? null : 'The two passwords do not match.'
}
