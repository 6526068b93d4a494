import { createHash, randomBytes } from 'node:crypto'
import { LIMITS } from '../../shared/contract.gen.ts'

/** 256 random bits, base64url without padding: 43 characters, matching the contract's OpaqueToken. */
export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Only this digest is stored, so a copy of the database cannot be used to sign in or reset a password. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export const TOKEN_PATTERN = new RegExp(LIMITS.OpaqueToken.pattern)
