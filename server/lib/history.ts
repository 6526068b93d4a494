/** A field's value before or after a change, as the audit trail keeps it (the contract's HistoryValue). */
export type HistoryValue = string | number | boolean | null | string[]

export interface HistoryChange {
  field: string
  from?: HistoryValue
  to?: HistoryValue
}

/**
 * A record's fields as leaves with dotted names (`contact.email`, `contacts.1.phone`); a list of plain values
 * (subjects, days) stays whole, as one value.
 */
function leaves(value: unknown, prefix = '', into = new Map<string, HistoryValue>()): Map<string, HistoryValue> {
  const name = (key: string | number) => (prefix === '' ? String(key) : `${prefix}.${key}`)
  if (Array.isArray(value) && value.some((item) => typeof item === 'object' && item !== null)) {
    value.forEach((item, index) => leaves(item, name(index), into))
  } else if (Array.isArray(value)) {
    into.set(prefix, value.map(String))
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) leaves(item, name(key), into)
  } else if (value !== undefined) {
    into.set(prefix, value as HistoryValue)
  }
  return into
}

const same = (a: HistoryValue | undefined, b: HistoryValue | undefined) => JSON.stringify(a) === JSON.stringify(b)

/**
 * What an edit changed, field by field: each leaf whose value differs, with its value before (absent when it
 * was not set) and after (absent when it was removed). Staff read these on the record's history.
 */
export function changesBetween(before: object, after: object): HistoryChange[] {
  const from = leaves(before)
  const to = leaves(after)
  const fields = [...new Set([...from.keys(), ...to.keys()])]
  return fields
    .filter((field) => !same(from.get(field), to.get(field)))
    .map((field) => {
      const change: HistoryChange = { field }
      if (from.has(field)) change.from = from.get(field)
      if (to.has(field)) change.to = to.get(field)
      return change
    })
}

/** Who changed a record and where the change came from, for its history. */
export interface ChangeContext {
  actorId: string | null
  /** The request's address, or null for work that no request asked for (the demo seed). */
  request: { ip: string | null }
  /** Where the change came from, for the history (a registration's reference). */
  note?: string
}

/** How an edit of a versioned record ended. */
export type UpdateOutcome = 'updated' | 'unchanged' | 'missing' | 'stale'
