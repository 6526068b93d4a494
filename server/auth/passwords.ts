import { readFileSync } from 'node:fs'
import { hash, parseOptions, verify, type Algorithm, type Options } from '@node-rs/argon2'
import type { Role } from '../db/schema.ts'

/**
 * OWASP's argon2id minimum (19 MiB, 2 passes, 1 lane). `2` is Algorithm.Argon2id: the package declares the
 * enum as an ambient const enum, which isolatedModules cannot read, so the value is spelled out.
 */
const HASH_OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 } satisfies Options

export const PASSWORD_RULES = { minLength: 8, minAdminLength: 12, maxLength: 128 } as const

export const PASSWORD_MESSAGES = {
  tooShort: `Use at least ${PASSWORD_RULES.minLength} characters.`,
  tooShortForAdmin: `Use at least ${PASSWORD_RULES.minAdminLength} characters for an admin account.`,
  tooLong: `Use at most ${PASSWORD_RULES.maxLength} characters.`,
  tooCommon: 'This password is too common. Choose something less predictable.',
} as const

export function hashPassword(password: string): Promise<string> {
  return hash(password, HASH_OPTIONS)
}

export async function verifyPassword(encoded: string, password: string): Promise<boolean> {
  try {
    return await verify(encoded, password)
  } catch {
    // A damaged hash in the database must read as "wrong password", not as a server error.
    return false
  }
}

/** Whether a stored hash was made with other parameters than today's, so a successful login should re-hash. */
export function needsRehash(encoded: string): boolean {
  try {
    const used = parseOptions(encoded)
    return (
      used.algorithm !== HASH_OPTIONS.algorithm ||
      used.memoryCost !== HASH_OPTIONS.memoryCost ||
      used.timeCost !== HASH_OPTIONS.timeCost ||
      used.parallelism !== HASH_OPTIONS.parallelism
    )
  } catch {
    return true
  }
}

let dummyHash: Promise<string> | undefined
/**
 * A hash of a random password, made once, that logins for unknown emails verify against, so they cost the
 * same argon2 work as a wrong password for a real account.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(crypto.randomUUID())
  return dummyHash
}

let commonPasswords: Set<string> | undefined
function isCommon(password: string): boolean {
  // Loaded on first use: 10,000 lines that only the password-setting operations need.
  commonPasswords ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line !== ''),
  )
  return commonPasswords.has(password.toLowerCase())
}

/** The message to show for a new password that breaks the policy for `role`, or null when it is acceptable. */
export function passwordProblem(password: string, role: Role): string | null {
  const length = [...password].length // code points, as JSON Schema's minLength counts them
  if (length < PASSWORD_RULES.minLength) return PASSWORD_MESSAGES.tooShort
  if (role === 'ADMIN' && length < PASSWORD_RULES.minAdminLength) return PASSWORD_MESSAGES.tooShortForAdmin
  if (length > PASSWORD_RULES.maxLength) return PASSWORD_MESSAGES.tooLong
  if (isCommon(password)) return PASSWORD_MESSAGES.tooCommon
  return null
}
