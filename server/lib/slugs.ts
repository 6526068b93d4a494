import { and, eq, ne, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client.ts'
import { isUniqueViolation } from '../db/errors.ts'

export interface SluggedTable {
  table: PgTable
  id: PgColumn
  slug: PgColumn
  title: PgColumn
}

/**
 * Another record of this table with this slug, named by its title, and the first free slug to suggest instead
 * (`slug-2`, `slug-3`, …), for the 409 that lets the form offer it.
 */
export async function slugClash(tx: Db, on: SluggedTable, slug: string, exceptId?: string): Promise<{ title: string; free: string } | undefined> {
  const [taken] = await tx
    .select({ title: on.title })
    .from(on.table)
    .where(and(eq(on.slug, slug), exceptId === undefined ? undefined : ne(on.id, exceptId)))
    .limit(1)
  if (!taken) return undefined
  const similar = await tx.select({ slug: on.slug }).from(on.table).where(sql`${on.slug} like ${`${slug}-%`}`)
  const used = new Set(similar.map((row) => String(row.slug)))
  let n = 2
  while (used.has(`${slug}-${n}`)) n++
  return { title: String(taken.title), free: `${slug}-${n}` }
}

/** A write refused because another record has the slug: its title and a free slug to offer. */
export type SlugClash = { slugTaken: { title: string; free: string } }

/**
 * Runs a write (its own transaction) that stores a slug. The write checks for a clash first, but two writes of
 * one new slug at the same moment both pass that check; the unique index then refuses the later one, which is
 * answered as the clash it is (the earlier has committed by then) rather than as a server error.
 */
export async function settleSlugRace<T>(db: Db, on: SluggedTable, slug: string, exceptId: string | undefined, write: () => Promise<T>): Promise<T | SlugClash> {
  try {
    return await write()
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    const clash = await slugClash(db, on, slug, exceptId)
    if (!clash) throw error
    return { slugTaken: clash }
  }
}
