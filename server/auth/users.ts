import type { components } from '../../src/api/schema.gen.ts'
import type { UserRow } from '../db/schema.ts'
import type { NewSession } from './sessions.ts'

type User = components['schemas']['User']
type Session = components['schemas']['Session']

/** The contract's User: never the hash or timestamps. */
export function publicUser(row: UserRow): User {
  return { id: row.id, email: row.email, name: row.name, role: row.role }
}

export function sessionBody(user: UserRow, session: NewSession): Session {
  return { user: publicUser(user), token: session.token, expiresAt: session.expiresAt.toISOString() }
}
