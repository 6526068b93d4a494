import { quoteIdentifier, tablesOf, type Query } from './fingerprint.ts'

/** A query with parameters, as the copy needs them; PGlite's and node-postgres's clients both fit. */
export type ParamQuery = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>

/** Rows per batch, fewer for tables that hold files, so one batch of photos stays a few megabytes at most. */
const BATCH_ROWS = 500
const BATCH_ROWS_WITH_FILES = 20

/** Tables in an order where each comes after the tables it refers to (a table referring to itself is allowed). */
export async function foreignKeyOrder(query: Query): Promise<string[]> {
  const tables = await tablesOf(query)
  const edges = await query(`
    select child.relname as child, parent.relname as parent
    from pg_constraint c
    join pg_class child on child.oid = c.conrelid
    join pg_class parent on parent.oid = c.confrelid
    join pg_namespace n on n.oid = child.relnamespace
    where c.contype = 'f' and n.nspname = 'public'`)
  const needs = new Map(tables.map((table) => [table, new Set<string>()]))
  for (const edge of edges) {
    if (edge.child !== edge.parent) needs.get(String(edge.child))?.add(String(edge.parent))
  }
  const ordered: string[] = []
  const placed = new Set<string>()
  while (ordered.length < tables.length) {
    const ready = tables.filter((table) => !placed.has(table) && [...(needs.get(table) ?? [])].every((parent) => placed.has(parent)))
    if (ready.length === 0) throw new Error(`The tables ${tables.filter((table) => !placed.has(table)).join(', ')} refer to each other in a circle, so they cannot be copied one after another.`)
    for (const table of ready) {
      ordered.push(table)
      placed.add(table)
    }
  }
  return ordered
}

async function columnsOf(query: Query, table: string): Promise<{ name: string; type: string }[]> {
  const rows = await query(
    `select column_name as name, data_type as type from information_schema.columns where table_schema = 'public' and table_name = '${table.replaceAll("'", "''")}' and is_generated = 'NEVER' order by ordinal_position`,
  )
  return rows.map((row) => ({ name: String(row.name), type: String(row.type) }))
}

/**
 * Copies one table's rows in batches: each batch is read as JSON (a file's bytes as bytea's hex text, never decoded
 * in JavaScript) and written with jsonb_populate_recordset, which reads every value back through its column's own
 * type. Batches follow the physical row order (ctid), which nothing changes while the source is ours alone.
 */
export async function copyTable(source: ParamQuery, target: ParamQuery, table: string, onBatch: (rows: number) => void = () => {}): Promise<number> {
  const columns = await columnsOf(target, table)
  const names = columns.map((column) => quoteIdentifier(column.name)).join(', ')
  const batch = columns.some((column) => column.type === 'bytea') ? BATCH_ROWS_WITH_FILES : BATCH_ROWS
  const quoted = quoteIdentifier(table)
  let after = '(0,0)'
  let copied = 0
  for (;;) {
    const rows = await source(`select ctid::text as at, to_jsonb(t)::text as row from ${quoted} t where ctid > $1::tid order by ctid limit ${batch}`, [after])
    if (rows.length === 0) return copied
    await target(`insert into ${quoted} (${names}) select ${names} from jsonb_populate_recordset(null::${quoted}, $1::jsonb)`, [`[${rows.map((row) => String(row.row)).join(',')}]`])
    copied += rows.length
    onBatch(rows.length)
    after = String(rows.at(-1)?.at)
  }
}

/** Sequences owned by our tables' columns start after the highest value copied (the schema uses uuids today). */
export async function resetSequences(target: Query): Promise<void> {
  const owned = await target(`
    select s.relname as sequence, t.relname as table, a.attname as column
    from pg_depend d
    join pg_class s on s.oid = d.objid and s.relkind = 'S'
    join pg_class t on t.oid = d.refobjid
    join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = 'public' and d.deptype in ('a', 'i')`)
  for (const row of owned) {
    const sequence = quoteIdentifier(String(row.sequence))
    await target(`select setval('${sequence.replaceAll("'", "''")}', coalesce((select max(${quoteIdentifier(String(row.column))}) from ${quoteIdentifier(String(row.table))}), 0) + 1, false)`)
  }
}

/** Tables of ours that hold rows, with how many: a target or restore destination must have none. */
export async function tablesWithRows(query: Query): Promise<{ table: string; rows: number }[]> {
  const found: { table: string; rows: number }[] = []
  for (const table of await tablesOf(query)) {
    const [row] = await query(`select count(*)::int as rows from ${quoteIdentifier(table)}`)
    const rows = Number(row?.rows ?? 0)
    if (rows > 0) found.push({ table, rows })
  }
  return found
}
