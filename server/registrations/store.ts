import { createHash } from 'node:crypto'
import { and, asc, eq, gt } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { registrationEvents, registrations, type RegistrationType } from '../db/schema.ts'
import { LOCK_CLASSES, lockSubmission } from '../lib/duplicate-lock.ts'
import { referenceCode } from '../lib/reference-codes.ts'
import type { Described, FormSpec } from './forms.ts'

const REFERENCE_CODE_LENGTH = 6
const USER_AGENT_MAX_LENGTH = 500

/** A reference such as TEC-SUB-7K3Q9P (32^6, about a billion per type). */
export function newRegistrationReference(prefix: FormSpec<never>['prefix']): string {
  return `TEC-${prefix}-${referenceCode(REFERENCE_CODE_LENGTH)}`
}

/** Same form, same email (and, for enrolments, the same student and course): the same submission. */
export function duplicateKey(type: RegistrationType, described: Pick<Described, 'email' | 'duplicateParts'>): string {
  return createHash('sha256')
    .update([type, described.email, ...described.duplicateParts].join('\u0000'))
    .digest('hex')
}

/**
 * Within the caller's transaction: waits for any other transaction storing the same submission (an advisory lock
 * on its key, released at commit), then answers the reference of one stored in the last few minutes, if any.
 */
export async function recentDuplicate(tx: Db, key: string, now: Date): Promise<string | undefined> {
  const since = await lockSubmission(tx, LOCK_CLASSES.registration, key, now)
  const [found] = await tx
    .select({ reference: registrations.reference })
    .from(registrations)
    .where(and(eq(registrations.duplicateKey, key), gt(registrations.createdAt, since)))
    .orderBy(asc(registrations.createdAt))
    .limit(1)
  return found?.reference
}

export interface NewRegistration {
  spec: Pick<FormSpec<never>, 'type' | 'prefix'>
  answers: object
  described: Described
  key: string
  ip: string
  userAgent: string | undefined
  createdAt: Date
}

/** Stores the registration and its "submitted" history entry under a fresh reference (drawn again on a clash). */
export async function storeRegistration(tx: Db, registration: NewRegistration): Promise<{ id: string; reference: string }> {
  const { spec, described, createdAt } = registration
  for (;;) {
    const [stored] = await tx
      .insert(registrations)
      .values({
        reference: newRegistrationReference(spec.prefix),
        type: spec.type,
        answers: registration.answers as Record<string, unknown>,
        name: described.name,
        email: described.email,
        summary: described.summary,
        duplicateKey: registration.key,
        ip: registration.ip,
        userAgent: registration.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
        createdAt,
        updatedAt: createdAt,
      })
      .onConflictDoNothing({ target: registrations.reference })
      .returning({ id: registrations.id, reference: registrations.reference })
    if (stored) {
      await tx.insert(registrationEvents).values({ registrationId: stored.id, kind: 'submitted', toStatus: 'new', at: createdAt })
      return stored
    }
  }
}
