import type { components } from '../../src/api/schema.gen.ts'
import type { NewSession } from '../auth/sessions.ts'
import type { UserRow } from '../db/schema.ts'
import { MESSAGES, tooManyAttemptsMessage } from '../messages.ts'

type User = components['schemas']['User']
type Session = components['schemas']['Session']

/** The contract's User: never the hash or timestamps. */
export function publicUser(row: UserRow): User {
  return { id: row.id, email: row.email, name: row.name, role: row.role }
}

export function sessionBody(user: UserRow, session: NewSession): Session {
  return { user: publicUser(user), token: session.token, expiresAt: session.expiresAt.toISOString() }
}

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

/** Emails are compared trimmed and lowercased everywhere: login, reset requests, rate-limit keys, storage. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase()
}
