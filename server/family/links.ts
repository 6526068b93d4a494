import { and, eq, gt, inArray, isNotNull, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { components } from '../../src/api/schema.gen.ts'
import { hashToken, newToken, TOKEN_PATTERN } from '../auth/tokens.ts'
import type { Db } from '../db/client.ts'
import { familyLinks, familyMailSettings, schools, students, type FamilyLinkRow } from '../db/schema.ts'
import type { FamilyLinks } from '../mail/templates.ts'

type Schemas = components['schemas']

/** How long a link to the family page works: each report or reminder mail carries a fresh one. */
export const FAMILY_LINK_DAYS = 30

/** The family page's address with this link, as a mail carries it. */
const familyPageUrl = (publicUrl: string, token: string) => `${publicUrl}/family?link=${token}`
/** The address that stops one kind of mail, as a mail carries it. */
const familyStopUrl = (publicUrl: string, token: string, what: 'reports' | 'reminders') => `${publicUrl}/family/stop?link=${token}&what=${what}`

/** Makes a link for this address, stored hashed, in the caller's transaction; answers the token the mail carries. */
export async function issueFamilyLink(tx: Db, email: string, now = new Date()): Promise<string> {
  const token = newToken()
  await tx.insert(familyLinks).values({ tokenHash: hashToken(token), email: email.toLowerCase(), createdAt: now, expiresAt: new Date(now.getTime() + FAMILY_LINK_DAYS * 24 * 3600_000) })
  return token
}

/** A fresh link for this address, as a family mail carries it: the page, and the stop link for this kind of mail. */
export async function issueFamilyLinks(tx: Db, publicUrl: string, email: string, stops: 'reports' | 'reminders'): Promise<FamilyLinks> {
  const token = await issueFamilyLink(tx, email)
  return { page: familyPageUrl(publicUrl, token), stop: familyStopUrl(publicUrl, token, stops), days: FAMILY_LINK_DAYS }
}

/** The link a token stands for while it works (issued, not expired, not ended by the office), noting its use. */
export async function liveFamilyLink(db: Db, token: string, now = new Date()): Promise<FamilyLinkRow | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined
  const [row] = await db
    .update(familyLinks)
    .set({ lastUsedAt: now })
    .where(and(eq(familyLinks.tokenHash, hashToken(token)), isNull(familyLinks.endedAt), gt(familyLinks.expiresAt, now)))
    .returning()
  return row
}

/**
 * The link a token stands for while it is on record, expired or ended: an old mail's stop link must always stop the
 * mails (it can only change what goes to the address the link was made for).
 */
export async function issuedFamilyLink(db: Db, token: string): Promise<FamilyLinkRow | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined
  const [row] = await db.select().from(familyLinks).where(eq(familyLinks.tokenHash, hashToken(token))).limit(1)
  return row
}

/** Ends every live link of this address; answers how many. */
export async function endFamilyLinksOf(db: Db, email: string, now = new Date()): Promise<number> {
  const ended = await db
    .update(familyLinks)
    .set({ endedAt: now })
    .where(and(eq(familyLinks.email, email.toLowerCase()), isNull(familyLinks.endedAt), gt(familyLinks.expiresAt, now)))
    .returning({ id: familyLinks.id })
  return ended.length
}

/** What this address is mailed: reports and reminders unless they stopped them. */
export async function familyMailOf(db: Db, email: string): Promise<Schemas['FamilyMailSettings']> {
  const [row] = await db.select().from(familyMailSettings).where(eq(familyMailSettings.email, email.toLowerCase())).limit(1)
  return { reports: row?.reportsStoppedAt == null, reminders: row?.remindersStoppedAt == null }
}

/** Stops or restarts report mails and reminders for this address; answers what they get now. */
export async function changeFamilyMail(db: Db, email: string, change: { reports?: boolean; reminders?: boolean }, now = new Date()): Promise<Schemas['FamilyMailSettings']> {
  const stopped = (wanted: boolean | undefined) => (wanted === undefined ? undefined : wanted ? null : now)
  const set = {
    ...(change.reports === undefined ? {} : { reportsStoppedAt: stopped(change.reports) }),
    ...(change.reminders === undefined ? {} : { remindersStoppedAt: stopped(change.reminders) }),
    updatedAt: now,
  }
  await db
    .insert(familyMailSettings)
    .values({ email: email.toLowerCase(), ...set })
    .onConflictDoUpdate({ target: familyMailSettings.email, set })
  return familyMailOf(db, email)
}

/** The addresses among these that stopped this kind of mail, lowercased. */
export async function stoppedAmong(db: Db, emails: readonly string[], what: 'reports' | 'reminders'): Promise<Set<string>> {
  if (emails.length === 0) return new Set()
  const column = what === 'reports' ? familyMailSettings.reportsStoppedAt : familyMailSettings.remindersStoppedAt
  const rows = await db
    .select({ email: familyMailSettings.email })
    .from(familyMailSettings)
    .where(and(inArray(familyMailSettings.email, emails.map((email) => email.toLowerCase())), isNotNull(column)))
  return new Set(rows.map((row) => row.email))
}

/** Whether the address in this column is nobody's contact now: no learner on record names it, and no school. */
export function isNobodysContact(column: SQLWrapper): SQL {
  return sql`not exists (select 1 from ${students} where lower(${students.contactEmail}) = ${column} and ${students.anonymisedAt} is null)
    and not exists (select 1 from ${schools}, jsonb_array_elements(${schools.contacts}) as c where lower(c->>'email') = ${column})`
}
