import { MESSAGES, tooManyAttemptsMessage } from '../messages.ts'

export function tooManyAttempts(retryAfterSeconds: number) {
  return {
    status: 429 as const,
    body: { message: tooManyAttemptsMessage(retryAfterSeconds) },
    headers: { 'Retry-After': String(retryAfterSeconds) },
  }
}

/** A 400 that points at one field, in the same shape as the contract validator's answers. */
export function fieldProblem(field: string, message: string, summary: string = MESSAGES.checkFields) {
  return fieldsProblem({ [field]: message }, summary)
}

/** A 400 that points at several fields at once, so a form can show every message together. */
export function fieldsProblem(fields: Record<string, string>, summary: string = MESSAGES.checkFields) {
  return { status: 400 as const, body: { message: summary, fields } }
}
