/**
 * A back-office list's state as it lives in the address: filters, search text, sort, page and page size.
 * Only values that differ from the defaults are kept, so `/admin/registrations` is the default view and a
 * shared or reloaded address shows the same rows. Anything unknown or out of range falls back to its default.
 */
/** A filter is one of a fixed set of values (a contract enum), or free text up to a length (a subject, an area). */
export type FilterSpec = readonly string[] | { readonly maxLength: number }
export type FilterSpecs = Record<string, FilterSpec>
/** The value a filter holds in the address. */
export type FilterValue<Spec extends FilterSpec> = Spec extends readonly string[] ? Spec[number] : string

export interface ListSearchSpec<Filters extends FilterSpecs, Sort extends string> {
  /**
   * Each filter's allowed values, e.g. `{ status: ['new', 'in_review'] }`, or `{ maxLength }` for text; absent
   * means "all".
   */
  filters: Filters
  /** The sorts the list offers; the first is the default. Empty when the list has one fixed order. */
  sorts: readonly Sort[]
  /** The page sizes offered; `defaultPageSize` must be one of them. */
  pageSizes: readonly number[]
  defaultPageSize: number
  /** The longest search text the API accepts. */
  maxQueryLength: number
  /** The highest page the API accepts. */
  maxPage: number
}

/** What the address holds: every part optional, present only when it differs from the default. */
export type ListSearch<Filters extends FilterSpecs, Sort extends string> = {
  [Key in keyof Filters]?: FilterValue<Filters[Key]>
} & { q?: string; sort?: Sort; page?: number; pageSize?: number }

/** The same state with every default filled in, ready for the API call and the controls. */
export type ResolvedListSearch<Filters extends FilterSpecs, Sort extends string> = {
  [Key in keyof Filters]?: FilterValue<Filters[Key]>
} & { q?: string; sort: Sort; page: number; pageSize: number }

export function defineListSearch<const Filters extends FilterSpecs, const Sort extends string = never>(
  spec: ListSearchSpec<Filters, Sort>,
): ListSearchSpec<Filters, Sort> {
  if (!spec.pageSizes.includes(spec.defaultPageSize)) throw new Error('defaultPageSize must be one of pageSizes')
  return spec
}

/** The router's `validateSearch`: reads the raw address values and keeps only valid, non-default ones. */
export function validateListSearch<Filters extends FilterSpecs, Sort extends string>(
  spec: ListSearchSpec<Filters, Sort>,
  raw: Record<string, unknown>,
): ListSearch<Filters, Sort> {
  // Every key is present, undefined when it is the default: the router lays a route's search over the raw
  // address values, so a key left out would let an invalid raw value through.
  const search: Record<string, unknown> = { q: undefined, sort: undefined, page: undefined, pageSize: undefined }
  for (const [key, allowed] of Object.entries(spec.filters)) {
    const value = raw[key]
    if (isValueList(allowed)) {
      search[key] = typeof value === 'string' && allowed.includes(value) ? value : undefined
    } else {
      const typed = text(value).trim().slice(0, allowed.maxLength)
      search[key] = typed === '' ? undefined : typed
    }
  }
  const q = text(raw.q).trim().slice(0, spec.maxQueryLength)
  if (q !== '') search.q = q
  const sort = raw.sort
  if (typeof sort === 'string' && sort !== spec.sorts[0] && (spec.sorts as readonly string[]).includes(sort)) search.sort = sort
  const page = Number(raw.page)
  if (Number.isInteger(page) && page > 1 && page <= spec.maxPage) search.page = page
  const pageSize = Number(raw.pageSize)
  if (pageSize !== spec.defaultPageSize && spec.pageSizes.includes(pageSize)) search.pageSize = pageSize
  return search as ListSearch<Filters, Sort>
}

/** Fills in the defaults left out of the address. */
export function resolveListSearch<Filters extends FilterSpecs, Sort extends string>(
  spec: ListSearchSpec<Filters, Sort>,
  search: ListSearch<Filters, Sort>,
): ResolvedListSearch<Filters, Sort> {
  return {
    ...search,
    sort: search.sort ?? (spec.sorts[0] as Sort),
    page: search.page ?? 1,
    pageSize: search.pageSize ?? spec.defaultPageSize,
  }
}

/**
 * The next address state after a change: a new filter, search text, sort or page size starts again at
 * page 1, and defaults drop out, so the result can be handed straight to the router's `navigate`.
 */
export function nextListSearch<Filters extends FilterSpecs, Sort extends string>(
  spec: ListSearchSpec<Filters, Sort>,
  current: ListSearch<Filters, Sort>,
  change: Partial<ResolvedListSearch<Filters, Sort>>,
): ListSearch<Filters, Sort> {
  const merged: Record<string, unknown> = { ...current, ...change }
  if (!('page' in change)) delete merged.page
  return validateListSearch(spec, merged)
}

function isValueList(spec: FilterSpec): spec is readonly string[] {
  return Array.isArray(spec)
}

// The router reads `?q=2024` as the number 2024 and `?q=true` as a boolean; a search box means the text.
function text(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return ''
}
