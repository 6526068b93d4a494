import type { components } from '../../src/api/schema.gen.ts'
import type { Config } from '../config.ts'
import type { UserRow } from '../db/schema.ts'
import { secondFactorDue } from './second-factor.ts'
import type { NewSession } from './sessions.ts'

type User = components['schemas']['User']
type Session = components['schemas']['Session']

type Rules = Pick<Config, 'adminSecondFactor'>

/** The contract's User: never the hash or timestamps. */
export function publicUser(row: UserRow, rules: Rules): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    secondFactor: row.secondFactorAt !== null,
    secondFactorDue: secondFactorDue(row, rules),
    // The client hides what only the leads may see; the server refuses it to anyone else all the same.
    safeguardingLead: row.safeguardingLead,
  }
}

export function sessionBody(user: UserRow, session: NewSession, rules: Rules): Session {
  return { user: publicUser(user, rules), token: session.token, expiresAt: session.expiresAt.toISOString() }
}
