import { readFileSync } from 'node:fs'
import { hash, parseOptions, verify, type Algorithm, type Options } from '@node-rs/argon2'
import { basicPasswordProblem, ownerWords, PASSWORD_MESSAGES, PASSWORD_RULES, SITE_WORDS, type PasswordOwner } from '../../shared/password-policy.ts'
import type { Role } from '../db/schema.ts'
import { projectFile } from '../project-files.ts'
import { passwordScore } from './password-strength.ts'
import { passwordHashing } from './work-queue.ts'

/**
 * OWASP's argon2id minimum (19 MiB, 2 passes, 1 lane). `2` is Algorithm.Argon2id: the package declares the
 * enum as an ambient const enum, which isolatedModules cannot read, so the value is spelled out.
 */
const HASH_OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 } satisfies Options

/** Through the bounded queue: throws ServerBusyError (503) rather than waiting behind a flood. */
export function hashPassword(password: string): Promise<string> {
  return passwordHashing.run(() => hash(password, HASH_OPTIONS))
}

let verifications = 0
/**
 * How many passwords this process has checked against a hash (argon2 verify) since it started: the enumeration tests
 * count this work for known and unknown accounts, which holds on a busy machine where timing it would not.
 */
export function passwordVerifications(): number {
  return verifications
}

/** Through the bounded queue: throws ServerBusyError (503) rather than waiting behind a flood. */
export async function verifyPassword(encoded: string, password: string): Promise<boolean> {
  return passwordHashing.run(async () => {
    verifications += 1
    try {
      return await verify(encoded, password)
    } catch {
      // A damaged hash in the database must read as "wrong password", not as a server error.
      return false
    }
  })
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
  // Straight to argon2, not through the queue: made once, and a refusal must never be the cached answer.
  dummyHash ??= hash(crypto.randomUUID(), HASH_OPTIONS)
  return dummyHash
}

let commonPasswords: Set<string> | undefined
function isCommon(password: string): boolean {
  // Loaded on first use: 10,000 lines that only the password-setting operations need.
  commonPasswords ??= new Set(
    readFileSync(projectFile('server/auth/common-passwords.txt'), 'utf8')
      .split('\n')
      .filter((line) => line !== ''),
  )
  return commonPasswords.has(password.toLowerCase())
}

/**
 * The message to show for a new password that breaks the policy, or null when it is acceptable: the shared rules
 * the forms check too (length, only spaces, one character, the owner's own email or name), then the commonest
 * passwords, then zxcvbn's estimate with the owner's and the site's own words in its dictionary.
 */
export async function passwordProblem(password: string, owner: PasswordOwner & { role: Role }): Promise<string | null> {
  const basic = basicPasswordProblem(password, owner)
  if (basic !== null) return basic
  if (isCommon(password)) return PASSWORD_MESSAGES.tooCommon
  if ((await passwordScore(password, [...ownerWords(owner), ...SITE_WORDS])) < PASSWORD_RULES.minScore) return PASSWORD_MESSAGES.guessable
  return null
}
