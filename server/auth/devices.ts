import { and, eq, gt, lt, sql } from 'drizzle-orm'
import { serialize } from 'hono/utils/cookie'
import type { Db } from '../db/client.ts'
import { trustedDevices, users } from '../db/schema.ts'
import { hashToken, newToken, TOKEN_PATTERN } from './tokens.ts'

/**
 * OWASP's device cookie: a browser in which a user signed in carries a random token, and its sign-ins are counted
 * for that device alone. Tokens live hashed in `trusted_devices`, like sessions, so every process shares them and a
 * copy of the database cannot be replayed as a cookie.
 */
export const DEVICE_COOKIE = 'tec_device'
/** Sent only where it is read, so no other request carries it. */
const DEVICE_COOKIE_PATH = '/api/auth/login'
export const DEVICE_LIFETIME_SECONDS = 365 * 24 * 3600

export interface TrustedDevice {
  id: string
}

/**
 * The trusted device the cookie names for this email, or undefined for a missing, malformed, expired or another
 * account's token. An unknown email reads like a known one without a device, so the answer tells nothing.
 */
export async function trustedDeviceFor(db: Db, token: string | undefined, email: string, now = new Date()): Promise<TrustedDevice | undefined> {
  if (token === undefined || !TOKEN_PATTERN.test(token)) return undefined
  const [device] = await db
    .select({ id: trustedDevices.id })
    .from(trustedDevices)
    .innerJoin(users, eq(users.id, trustedDevices.userId))
    .where(and(eq(trustedDevices.tokenHash, hashToken(token)), eq(users.email, email), gt(trustedDevices.expiresAt, now)))
    .limit(1)
  return device
}

/**
 * After a successful sign-in, within its transaction: a fresh token for this browser, on the device's row when it
 * had one (so its counter and history stay) or a new row. The user's expired devices are let go on the way.
 */
export async function trustDevice(tx: Db, userId: string, device: TrustedDevice | undefined, now = new Date()): Promise<string> {
  const token = newToken()
  // A right code ends a run of wrong ones.
  const fields = { tokenHash: hashToken(token), lastSignInAt: now, expiresAt: new Date(now.getTime() + DEVICE_LIFETIME_SECONDS * 1000), wrongCodes: 0 }
  await tx.delete(trustedDevices).where(and(eq(trustedDevices.userId, userId), lt(trustedDevices.expiresAt, now)))
  if (device) await tx.update(trustedDevices).set(fields).where(eq(trustedDevices.id, device.id))
  else await tx.insert(trustedDevices).values({ userId, createdAt: now, ...fields })
  return token
}

/** Whether cookies are marked Secure: the site is served over HTTPS. */
export function isSecure(deps: { config: { publicUrl: string } }): boolean {
  return deps.config.publicUrl.startsWith('https:')
}

/** The Set-Cookie value that gives the browser its device token: script cannot read it, no other site sends it. */
export function deviceCookie(token: string, secure: boolean): string {
  return serialize(DEVICE_COOKIE, token, { path: DEVICE_COOKIE_PATH, maxAge: DEVICE_LIFETIME_SECONDS, httpOnly: true, sameSite: 'Strict', secure })
}

/**
 * A wrong second-step code from this browser, counted in a row. At `limit` the browser is trusted no more (its row goes,
 * so its cookie is a stranger's from then on, counted towards the account's limit for strangers): answers whether that
 * happened. A browser the owner signed in from is spared the strangers' count, but not for ever.
 */
export async function countDeviceWrongCode(db: Db, deviceId: string, limit: number): Promise<boolean> {
  const [row] = await db
    .update(trustedDevices)
    .set({ wrongCodes: sql`${trustedDevices.wrongCodes} + 1` })
    .where(eq(trustedDevices.id, deviceId))
    .returning({ wrongCodes: trustedDevices.wrongCodes })
  if (!row || row.wrongCodes < limit) return false
  await db.delete(trustedDevices).where(eq(trustedDevices.id, deviceId))
  return true
}

/** The login counter of each of the user's devices, so a completed reset can clear them with the account's. */
export async function deviceCounterKeys(db: Db, userId: string): Promise<string[]> {
  const devices = await db.select({ id: trustedDevices.id }).from(trustedDevices).where(eq(trustedDevices.userId, userId))
  return devices.map((device) => deviceCounterKey(device))
}

export const deviceCounterKey = (device: TrustedDevice) => `login:device:${device.id}`
export const accountCounterKey = (email: string) => `login:account:${email}`
