import { createHash } from 'node:crypto'
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client.ts'

/** Runs one statement and answers its rows, whichever driver is underneath (PGlite, node-postgres, Drizzle). */
export type Query = (text: string) => Promise<Record<string, unknown>[]>

/** A Query through Drizzle (a Db or a transaction), whose `execute` answers `{ rows }` on both drivers. */
export function drizzleQuery(db: { execute: (query: SQL) => Promise<unknown> }): Query {
  return async (text) => {
    const result = await db.execute(sql.raw(text))
    return typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows) ? (result.rows as Record<string, unknown>[]) : []
  }
}

/** The fingerprint of a whole database, read in one transaction of its own. */
export async function databaseFingerprint(db: Db): Promise<Fingerprint> {
  return db.transaction(async (tx) => fingerprint(drizzleQuery(tx)))
}

export interface TableFingerprint {
  table: string
  rows: number
  /** md5 of the sorted md5s of each row's text form: the same rows give the same checksum on either database. */
  checksum: string
}

export interface Fingerprint {
  tables: TableFingerprint[]
  rows: number
  /** One sha256 over every table's line, for a one-line comparison. */
  digest: string
}

/**
 * Text forms that depend on session settings are fixed, so PGlite and PostgreSQL (and servers configured differently)
 * write each row alike. `set local` lasts until the caller's transaction ends, which is why the caller opens one.
 */
const SESSION_SETTINGS = [
  "set local timezone = 'UTC'",
  "set local datestyle = 'ISO, YMD'",
  "set local intervalstyle = 'postgres'",
  'set local extra_float_digits = 1',
  "set local bytea_output = 'hex'",
]

/** Our tables: every ordinary table of the public schema (the schema's and what migrations made). */
export async function tablesOf(query: Query): Promise<string[]> {
  const rows = await query("select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name collate \"C\"")
  return rows.map((row) => String(row.name))
}

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}

/**
 * Every table's row count and content checksum. Each row is hashed alone and the hashes sorted, so no string grows
 * with the table (a media table's photos would pass PostgreSQL's 1 GB limit as one text) and no collation orders
 * anything. Must run inside a transaction, so every table is read from one snapshot.
 */
export async function fingerprint(query: Query): Promise<Fingerprint> {
  for (const statement of SESSION_SETTINGS) await query(statement)
  const tables: TableFingerprint[] = []
  for (const table of await tablesOf(query)) {
    const [row] = await query(`select count(*)::int as rows, md5(coalesce(string_agg(h, '' order by h), '')) as checksum from (select md5(t::text) as h from ${quoteIdentifier(table)} t) hashed`)
    tables.push({ table, rows: Number(row?.rows ?? 0), checksum: typeof row?.checksum === 'string' ? row.checksum : '' })
  }
  return summarise(tables)
}

function summarise(tables: TableFingerprint[]): Fingerprint {
  const hash = createHash('sha256')
  for (const table of tables) hash.update(`${table.table} ${table.rows} ${table.checksum}\n`)
  return { tables, rows: tables.reduce((sum, table) => sum + table.rows, 0), digest: hash.digest('hex') }
}

/** The tables whose count or checksum differ, by name (a table missing on one side counts). */
export function differences(a: Fingerprint, b: Fingerprint): string[] {
  const other = new Map(b.tables.map((table) => [table.table, table]))
  const names = new Set([...a.tables.map((table) => table.table), ...other.keys()])
  return [...names].filter((name) => {
    const left = a.tables.find((table) => table.table === name)
    const right = other.get(name)
    return left?.rows !== right?.rows || left?.checksum !== right?.checksum
  })
}

/** The lines a command prints: how many tables and rows, and the digest to compare. */
export function describeFingerprint(print: Fingerprint): string {
  return `${print.tables.length} tables, ${print.rows} rows, fingerprint ${print.digest.slice(0, 16)}`
}
