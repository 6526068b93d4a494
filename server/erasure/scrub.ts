import { createHash } from 'node:crypto'
import { and, arrayOverlaps, eq, inArray, isNull, like, ne, notLike, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { auditEvents, familyLinks, familyMailSettings, jobs, mailOutbox, rateLimits } from '../db/schema.ts'
import { containsPattern } from '../lib/search.ts'

/** A personal value and what takes its place wherever it is found. */
export interface Replacement {
  value: string
  by: string
}

/**
 * Values shorter than this are not searched for in other people's text: a two-letter name would wreck unrelated
 * words. The fields that hold them are replaced whole all the same.
 */
const SHORTEST_SEARCHED = 3

/** The values worth searching for, longest first, so "Sam Patel" is replaced before "Sam". */
export function searchable(replacements: readonly Replacement[]): Replacement[] {
  const seen = new Set<string>()
  return replacements
    .map((replacement) => ({ value: replacement.value.trim(), by: replacement.by }))
    .filter((replacement) => {
      const key = replacement.value.toLowerCase()
      if (replacement.value.length < SHORTEST_SEARCHED || seen.has(key)) return false
      seen.add(key)
      return true
    })
    .sort((a, b) => b.value.length - a.value.length)
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The text with every personal value (any case) replaced. */
export function replaceValues(text: string, replacements: readonly Replacement[]): string {
  let result = text
  for (const { value, by } of replacements) result = result.replace(new RegExp(escapeRegExp(value), 'gi'), by)
  return result
}

/** Whether any personal value appears in the text (any case). */
export function mentions(text: string | null | undefined, replacements: readonly Replacement[]): boolean {
  if (!text) return false
  const lower = text.toLowerCase()
  return replacements.some(({ value }) => lower.includes(value.toLowerCase()))
}

/** A JSON value with personal values replaced in every string inside it. */
export function replaceInJson<T>(value: T, replacements: readonly Replacement[]): T {
  if (typeof value === 'string') return replaceValues(value, replacements) as T
  if (Array.isArray(value)) return value.map((item: unknown) => replaceInJson(item, replacements)) as T
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replaceInJson(item as unknown, replacements)])) as T
  }
  return value
}

/** SQL true when the text column (or expression) holds any of the values, ignoring case. */
export function holdsAny(column: SQLWrapper, replacements: readonly Replacement[]): SQL | undefined {
  if (replacements.length === 0) return undefined
  return or(...replacements.map(({ value }) => sql`${column} ilike ${containsPattern(value)}`))
}

/** A four-character code from the record's id: the same record always gets the same one, and it says nothing of the person. */
export function stableCode(id: string): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
  const digest = createHash('sha256').update(`anonymised:${id}`).digest()
  return Array.from(digest.subarray(0, 4), (byte) => alphabet[byte % alphabet.length]).join('')
}

/** A hash that stands where a hash of personal values (duplicate keys, fingerprints) stood, matching nothing real. */
export function placeholderHash(id: string): string {
  return createHash('sha256').update(`anonymised:${id}`).digest('hex')
}

/** Addresses on the reserved `.invalid` domain (RFC 2606): no mail can ever reach one. */
export const PLACEHOLDER_DOMAIN = 'anonymised.invalid'
/** A number of the contract's phone format that rings nobody. */
export const PLACEHOLDER_PHONE = '00000 000000'
export const REMOVED_TEXT = 'Removed when the record was anonymised.'
/** A mail's subject once the mail to an anonymised person is purged: the kind of mail stays in its own column. */
export const REMOVED_SUBJECT = 'Removed: sent to a person since anonymised'

/** The audit actions of safeguarding concerns (`concern.raised`, `concern.status_changed`, …), as a LIKE pattern. */
const CONCERN_ACTIONS = 'concern.%'

/** How history entries are redacted, counted for the audit event. */
export interface HistoryRedaction {
  /** `type:id` of the records whose own history loses its old values and notes. */
  refs: string[]
  replacements: Replacement[]
}

/** An audit event's details without old and new values or notes: which fields changed stays. */
function withoutValues(details: Record<string, unknown>, replacements: readonly Replacement[]): Record<string, unknown> {
  const kept: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(details)) {
    if (key === 'changes' && Array.isArray(value)) {
      kept.changes = value.map((change: unknown) => (typeof change === 'object' && change !== null && 'field' in change ? { field: change.field } : change))
    } else if (key === 'note' || key === 'detail' || key === 'reason' || key === 'name' || key === 'email' || key === 'title') {
      continue
    } else kept[key] = replaceInJson(value, replacements)
  }
  return kept
}

/**
 * The history's old values: events about the records (or naming them among their related records) lose every
 * changed value and note; any other event whose details hold one of the personal values has it replaced. The events
 * themselves stay, so the history still says what happened and when.
 *
 * A safeguarding concern's own history (how it was raised and handled, every status note) is never touched: it is
 * kept with the concern under statutory retention, though it names the lesson of a learner being anonymised.
 */
export async function redactHistory(tx: Db, redaction: HistoryRedaction): Promise<number> {
  const replacements = searchable(redaction.replacements)
  const refs = [...new Set(redaction.refs)]
  const about =
    refs.length === 0
      ? undefined
      : or(arrayOverlaps(auditEvents.related, refs), sql`(${auditEvents.subjectType} || ':' || ${auditEvents.subjectId}) in (${sql.join(refs.map((ref) => sql`${ref}`), sql`, `)})`)
  const mentioning = holdsAny(sql`${auditEvents.details}::text`, replacements)
  const filter = or(about, mentioning)
  if (filter === undefined) return 0
  const rows = await tx
    .select({ id: auditEvents.id, subjectType: auditEvents.subjectType, subjectId: auditEvents.subjectId, related: auditEvents.related, details: auditEvents.details })
    .from(auditEvents)
    .where(and(filter, notLike(auditEvents.action, CONCERN_ACTIONS)))
  const refSet = new Set(refs)
  let changed = 0
  for (const row of rows) {
    if (row.details === null) continue
    const isAbout = refSet.has(`${row.subjectType}:${row.subjectId}`) || (row.related ?? []).some((ref) => refSet.has(ref))
    const details = isAbout ? withoutValues(row.details, replacements) : replaceInJson(row.details, replacements)
    if (JSON.stringify(details) === JSON.stringify(row.details)) continue
    await tx.update(auditEvents).set({ details }).where(eq(auditEvents.id, row.id))
    changed++
  }
  return changed
}

/**
 * The old and new values of some fields in a record's own history, whoever they were about: a school's contacts are
 * a list, and a place in it (`contacts.1.phone`) may have been someone else's when the change was made.
 */
export async function redactFields(tx: Db, ref: { type: string; id: string }, prefix: string): Promise<number> {
  const rows = await tx
    .select({ id: auditEvents.id, details: auditEvents.details })
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectType, ref.type), eq(auditEvents.subjectId, ref.id)))
  let changed = 0
  for (const row of rows) {
    const changes = row.details?.changes
    if (!Array.isArray(changes)) continue
    const redacted = changes.map((change: unknown) =>
      typeof change === 'object' && change !== null && 'field' in change && typeof change.field === 'string' && change.field.startsWith(prefix) ? { field: change.field } : change,
    )
    if (JSON.stringify(redacted) === JSON.stringify(changes)) continue
    await tx.update(auditEvents).set({ details: { ...row.details, changes: redacted } }).where(eq(auditEvents.id, row.id))
    changed++
  }
  return changed
}

/**
 * Mail to or about the person: mail not yet sent to one of their addresses is withdrawn (deleted), since nobody may
 * be written to under a name that is gone; sent mail keeps its row for the Mail screen's record, with its address
 * and subject replaced and its body purged. Mail to others that names them (a tutor's placement mail, the office's
 * notification) has its body purged and its subject's values replaced.
 */
export async function purgeMail(tx: Db, addresses: readonly string[], placeholderAddress: string, replacementsIn: readonly Replacement[], now = new Date()): Promise<number> {
  const replacements = searchable(replacementsIn)
  const lowered = [...new Set(addresses.map((address) => address.toLowerCase()))]
  const toThem = lowered.length === 0 ? undefined : inArray(sql`lower(${mailOutbox.to})`, lowered)
  if (toThem !== undefined) await tx.delete(mailOutbox).where(and(toThem, ne(mailOutbox.status, 'sent')))
  const filter = or(toThem, holdsAny(mailOutbox.subject, replacements), holdsAny(mailOutbox.text, replacements), holdsAny(sql`coalesce(${mailOutbox.html}, '')`, replacements))
  if (filter === undefined) return 0
  const rows = await tx.select({ id: mailOutbox.id, to: mailOutbox.to, subject: mailOutbox.subject, bodyPurgedAt: mailOutbox.bodyPurgedAt }).from(mailOutbox).where(filter)
  for (const row of rows) {
    const theirs = lowered.includes(row.to.toLowerCase())
    await tx
      .update(mailOutbox)
      .set({
        to: theirs ? placeholderAddress : row.to,
        subject: theirs ? REMOVED_SUBJECT : replaceValues(row.subject, replacements),
        text: '',
        html: null,
        bodyPurgedAt: row.bodyPurgedAt ?? now,
        lastError: null,
      })
      .where(eq(mailOutbox.id, row.id))
  }
  return rows.length
}

/**
 * Working rows that name the person: throttling counters keyed by an address of theirs, links to the family page and
 * mail choices of that address, and one-off jobs whose payload holds an address or an id of theirs (a reset mail
 * waiting to go, work given up). All are deleted; a schedule (a job with a key) never holds one.
 */
export async function dropWorkingRows(tx: Db, addresses: readonly string[], ids: readonly string[] = []): Promise<void> {
  const lowered = [...new Set(addresses.map((value) => value.toLowerCase()))]
  for (const address of lowered) {
    if (address.length < SHORTEST_SEARCHED) continue
    await tx.delete(rateLimits).where(like(sql`lower(${rateLimits.key})`, containsPattern(address)))
  }
  // Their links to the family page and the mails they stopped: both are keyed by the address alone.
  if (lowered.length > 0) {
    await tx.delete(familyLinks).where(inArray(familyLinks.email, lowered))
    await tx.delete(familyMailSettings).where(inArray(familyMailSettings.email, lowered))
  }
  const named = [...new Set([...lowered, ...ids.map((id) => id.toLowerCase())])].filter((value) => value.length >= SHORTEST_SEARCHED)
  if (named.length === 0) return
  await tx.delete(jobs).where(and(isNull(jobs.key), or(...named.map((value) => sql`lower(${jobs.payload}::text) like ${containsPattern(value)}`))))
}
