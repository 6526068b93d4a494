import fc from 'fast-check'
import { sql, type SQL } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSession } from '../../server/auth/sessions.ts'
import { contract, type JsonSchema, type Operation } from '../../server/contract/document.ts'
import { compileRequestValidators } from '../../server/contract/validators.ts'
import { isEmailAddress } from '../../shared/email-address.ts'
import { createTestApp, rowsOf as rowsOfQuery, type TestApp } from './support/test-app.ts'

/**
 * Bad input generated from the contract's own schemas (property-based, fast-check): a plausible request is
 * drawn from each operation's schema, then broken in one place (a wrong type, a missing or unknown field,
 * an oversize value, a value outside its bounds), and the contract's validator confirms it really is invalid.
 * Every answer must be a 4xx with the error schema, and no rejected request may change any row.
 * FUZZ_RUNS sets the total number of cases (a few hundred by default; the long mode runs 20,000 or more).
 */
const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? 400)
const { operations, schemas } = contract()
const validators = compileRequestValidators(contract())

// ---------------------------------------------------------------------------------------------------------------
// A plausible value for a schema

function resolve(schema: JsonSchema): JsonSchema {
  let current = schema
  for (let hops = 0; typeof current.$ref === 'string' && hops < 20; hops++) {
    current = schemas[current.$ref.replace('#/components/schemas/', '')] ?? {}
  }
  if (Array.isArray(current.allOf)) {
    const parts = (current.allOf as JsonSchema[]).map(resolve)
    return {
      ...current,
      type: 'object',
      properties: Object.assign({}, ...parts.map((part) => part.properties ?? {})) as JsonSchema,
      required: parts.flatMap((part) => (part.required as string[] | undefined) ?? []),
    }
  }
  return current
}

const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined)
const isoDate = fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })

function valueFor(raw: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(raw)
  if ('const' in schema) return fc.constant(schema.const)
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]))
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined
  if (branches) return fc.oneof(...branches.map((branch) => valueFor(branch, depth + 1)))
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((t) => t !== 'null') : (schema.type as string | undefined)
  switch (type) {
    case 'string': {
      if (schema.format === 'email' || schema.format === 'account-email') {
        // RFC 5322 addresses, with the characters the contract refuses in a mailbox's name (shared/email-address.ts) swapped.
        return fc
          .emailAddress()
          .map((email) => email.replace(/[^a-z0-9._+'@-]/gi, 'x'))
          .filter((email) => email.length <= (num(schema.maxLength) ?? 254) && isEmailAddress(email))
      }
      if (schema.format === 'uuid') return fc.uuid()
      if (schema.format === 'date') return isoDate.map((date) => date.toISOString().slice(0, 10))
      if (schema.format === 'date-time') return isoDate.map((date) => date.toISOString())
      if (schema.format === 'person-name') return fc.stringMatching(/^[A-Z][a-z]{1,20}(?: [A-Z][a-z'-]{1,20}){0,2}$/)
      if (typeof schema.pattern === 'string') return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (num(schema.maxLength) ?? 1000))
      const minLength = num(schema.minLength) ?? 0
      return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(num(schema.maxLength) ?? 40, 40)) })
    }
    case 'integer':
    case 'number': {
      const min = num(schema.minimum) ?? Math.min(-1000, (num(schema.maximum) ?? 0) - 1000)
      const max = num(schema.maximum) ?? min + 2000
      return type === 'integer' ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true })
    }
    case 'boolean':
      return fc.boolean()
    case 'array': {
      if (depth > 6) return fc.constant([])
      const items = valueFor((schema.items as JsonSchema | undefined) ?? {}, depth + 1)
      const bounds = { minLength: num(schema.minItems) ?? 0, maxLength: Math.max(num(schema.minItems) ?? 0, Math.min(num(schema.maxItems) ?? 3, 3)) }
      return schema.uniqueItems ? fc.uniqueArray(items, { ...bounds, selector: (item) => JSON.stringify(item) }) : fc.array(items, bounds)
    }
    case 'object': {
      if (depth > 6) return fc.constant({})
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>
      const model = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, valueFor(property, depth + 1)]))
      return fc.record(model, { requiredKeys: (schema.required as string[] | undefined) ?? [] })
    }
    default:
      return fc.jsonValue({ maxDepth: 2 })
  }
}

// ---------------------------------------------------------------------------------------------------------------
// One break somewhere in the value

type Path = (string | number)[]

function pathsIn(value: unknown, path: Path = []): Path[] {
  const here: Path[] = [path]
  if (Array.isArray(value)) return here.concat(...value.map((item, i) => pathsIn(item, [...path, i])))
  if (typeof value === 'object' && value !== null) return here.concat(...Object.entries(value).map(([key, item]) => pathsIn(item, [...path, key])))
  return here
}

function replaceAt(value: unknown, path: Path, change: (current: unknown, parent: unknown, key: string | number | undefined) => unknown): unknown {
  const copy = structuredClone(value)
  if (path.length === 0) return change(copy, undefined, undefined)
  let parent = copy as Record<string | number, unknown>
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>
  const key = path.at(-1)!
  const next = change(parent[key], parent, key)
  if (next === REMOVE) {
    if (Array.isArray(parent)) parent.splice(Number(key), 1)
    else delete parent[key]
  } else parent[key] = next
  return copy
}

const REMOVE = Symbol('remove')
const DEEP_MARKER = '\u0000deep:'

/** The JSON text of a case, with any deep marker replaced by objects nested that many levels. */
function jsonText(value: unknown): string {
  return JSON.stringify(value).replace(/"\\u0000deep:(\d+)"/g, (_, levels: string) => `${'{"a":'.repeat(Number(levels))}1${'}'.repeat(Number(levels))}`)
}
const otherType = (current: unknown) => {
  const options: unknown[] = ['text', 12345, -1.5, true, null, [], {}, ['a'], { nested: 1 }]
  return options.filter((option) => typeof option !== typeof current || Array.isArray(option) !== Array.isArray(current))
}

/**
 * Dates in their format but outside the years every contract date lies in (shared/date-bounds.ts), or no day at all;
 * each stands in for a date or date-time (`2026-05-01…`), keeping the time part.
 */
const ODD_DATES = ['0000-01-01', '0001-01-01', '1899-12-31', '2201-01-01', '9999-12-31', '2026-02-30', '2026-13-01']
const DATE_START = /^\d{4}-\d{2}-\d{2}/

/** Unknown names, half of them named like the properties every JavaScript object inherits. */
const unknownName = fc.constantFrom('unexpectedField', 'constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', '__defineGetter__', 'toLocaleString')

const breakage = fc.oneof(
  fc.constant({ kind: 'remove' as const }),
  unknownName.map((name) => ({ kind: 'unknown field' as const, name })),
  fc.constantFrom(20, 5_000).map((levels) => ({ kind: 'deep' as const, levels })),
  fc.nat().map((pick) => ({ kind: 'wrong type' as const, pick })),
  fc.constantFrom(1_001, 10_000, 70_000).map((length) => ({ kind: 'oversize' as const, length })),
  fc.constantFrom(-1, -1e9, 1e12, 1.5, Number.MAX_SAFE_INTEGER + 2).map((number) => ({ kind: 'out of bounds' as const, number })),
  fc.constantFrom('', ' ', '\u0000', '<script>alert(1)</script>', "' OR 1=1 --", '../../etc/passwd', '\u202e', '💥'.repeat(300)).map((text) => ({ kind: 'odd text' as const, text })),
  fc.constantFrom(...ODD_DATES).map((date) => ({ kind: 'odd date' as const, date })),
)
type Breakage = typeof breakage extends fc.Arbitrary<infer T> ? T : never

function broken(value: unknown, path: Path, how: Breakage): unknown {
  return replaceAt(value, path, (current, parent) => {
    switch (how.kind) {
      case 'remove':
        return parent === undefined ? undefined : REMOVE
      case 'unknown field':
        // defineProperty, so `__proto__` becomes a key of the JSON sent rather than the copy's prototype.
        return typeof current === 'object' && current !== null && !Array.isArray(current)
          ? Object.defineProperty({ ...current }, how.name, { value: { nested: 'x' }, enumerable: true, writable: true, configurable: true })
          : current
      case 'deep':
        // A marker: the nested value is made only when the request is sent, so fast-check never prints or copies it.
        return `${DEEP_MARKER}${how.levels}`
      case 'wrong type': {
        const options = otherType(current)
        return options[how.pick % options.length]
      }
      case 'oversize': {
        if (typeof current === 'string') return current + 'x'.repeat(how.length)
        if (!Array.isArray(current)) return current
        const items: unknown[] = current
        return [...items, ...Array.from({ length: 50 }, () => items[0] ?? 'x')]
      }
      case 'out of bounds':
        return typeof current === 'number' ? how.number : current
      case 'odd text':
        return typeof current === 'string' ? how.text : current
      case 'odd date':
        return typeof current === 'string' && DATE_START.test(current) ? current.replace(DATE_START, how.date) : current
    }
  })
}

// ---------------------------------------------------------------------------------------------------------------

let t: TestApp
const tokens: Record<string, string> = {}

beforeAll(async () => {
  t = await createTestApp()
  for (const role of ['ADMIN', 'TUTOR'] as const) {
    const user = await t.createUser({ email: `fuzz-${role.toLowerCase()}@tec.test`, role })
    tokens[role] = (await createSession(t.database.db, user.id, true, { ip: '192.0.2.1', userAgent: 'fuzz' })).token
  }
})
afterAll(async () => t?.close())

const rowsOf = <Row,>(query: SQL) => rowsOfQuery<Row>(t.database, query)

/** A fingerprint of every table a request could change; counters and session activity change by design. */
async function fingerprint(): Promise<string> {
  const tables = await rowsOf<{ table_name: string }>(
    sql.raw(
      "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('rate_limits', 'sessions') order by table_name",
    ),
  )
  expect(tables.length).toBeGreaterThan(5)
  const parts: string[] = []
  for (const { table_name: table } of tables) {
    const [row] = await rowsOf<{ digest: string }>(sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from "${table}" t`))
    parts.push(`${table}:${row?.digest}`)
  }
  return parts.join('\n')
}

const withInput = operations.filter((operation) => operation.requestBody || operation.parameters.length > 0)
const runsEach = Math.max(5, Math.ceil(TOTAL_RUNS / withInput.length))
let ipCounter = 0

function expectRejected(operation: Operation, answer: { status: number; text: string; body: object }, what: string) {
  expect(answer.status, `${operation.operationId} with ${what}: ${answer.text}`).toBeGreaterThanOrEqual(400)
  expect(answer.status, `${operation.operationId} with ${what}: ${answer.text}`).toBeLessThan(500)
  expect(Object.keys(answer.body).every((key) => key === 'message' || key === 'fields'), answer.text).toBe(true)
  expect(answer.text).not.toMatch(/\bat \S+:\d+|node_modules|stack|SELECT |syntax error/i)
}

function urlFor(operation: Operation, params: Record<string, string> = {}, query = ''): string {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? '00000000-0000-4000-8000-000000000000'))
  return `/api${path}${query}`
}

const send = (operation: Operation, url: string, options: { body?: unknown; rawBody?: string; headers?: Record<string, string> } = {}) => {
  ipCounter += 1
  const token = operation.roles.length === 0 ? undefined : tokens[operation.roles.includes('ADMIN') ? 'ADMIN' : 'TUTOR']
  return t.request(operation.method.toUpperCase(), url, { ...options, token, ip: `100.${64 + ((ipCounter >> 16) & 63)}.${(ipCounter >> 8) & 255}.${ipCounter & 255}` })
}

describe(`bad input from the contract's schemas (${TOTAL_RUNS} cases)`, () => {
  it.each(withInput.map((operation) => [operation.operationId, operation] as const))('%s refuses broken requests and stores nothing', async (_id, operation) => {
    const before = await fingerprint()
    const validate = validators.get(operation.operationId)!
    const bodySchema = operation.requestBody?.schema
    const pathParams = operation.parameters.filter((parameter) => parameter.in === 'path')
    const queryParams = operation.parameters.filter((parameter) => parameter.in === 'query')

    const bodyCase = bodySchema
      ? valueFor(bodySchema)
          .chain((value) => fc.tuple(fc.constant(value), fc.constantFrom(...pathsIn(value)), breakage))
          .map(([value, path, how]) => ({ part: 'body' as const, value: broken(value, path, how), how: `${how.kind} at /${path.join('/')}` }))
      : undefined
    const paramCase =
      pathParams.length > 0
        ? fc
            .tuple(fc.constantFrom(...pathParams.map((p) => p.name)), fc.oneof(fc.string({ maxLength: 300 }), fc.constantFrom('..', '%', "'", 'x'.repeat(5000), '\u0000')))
            .map(([name, value]) => ({ part: 'path' as const, value: { [name]: value }, how: `path ${name}=${JSON.stringify(value).slice(0, 40)}` }))
        : undefined
    const queryCase = fc
      .tuple(
        fc.oneof(unknownName, fc.constantFrom(...queryParams.map((p) => p.name), 'unexpected')),
        fc.oneof(fc.string({ maxLength: 50 }), fc.constantFrom('-1', '1e309', 'x'.repeat(2000), '[]', 'true', ...ODD_DATES)),
      )
      .map(([name, value]) => ({ part: 'query' as const, value: { [name]: value }, how: `query ${name}=${JSON.stringify(value).slice(0, 40)}` }))
    // A query the operation takes, every date in it plausible but one (the period of the lesson figures, say).
    const datedParams = queryParams.filter((p) => ['date', 'date-time'].includes(String(resolve(p.schema).format)))
    const datedQueryCase =
      datedParams.length > 0
        ? fc
            .tuple(
              fc.record(Object.fromEntries(queryParams.filter((p) => p.required || datedParams.includes(p)).map((p) => [p.name, valueFor(p.schema).map(String)]))),
              fc.constantFrom(...datedParams.map((p) => p.name)),
              fc.constantFrom(...ODD_DATES),
            )
            .map(([values, name, date]) => ({ part: 'query' as const, value: { ...values, [name]: date }, how: `query ${name}=${date}` }))
        : undefined

    const sentBefore = ipCounter
    const cases = fc.oneof(...[bodyCase, paramCase, queryCase, datedQueryCase].filter((c) => c !== undefined))
    await fc.assert(
      fc.asyncProperty(cases, async (c) => {
        if (c.part === 'body') {
          // Only a request the contract really refuses counts: a break that happens to stay valid is skipped.
          const text = c.value === undefined ? '' : jsonText(c.value)
          fc.pre(validate.body !== undefined && (text.length > 100_000 || Object.keys(validate.body(text === '' ? undefined : JSON.parse(text))).length > 0))
          const answer = await send(operation, urlFor(operation), { rawBody: text, headers: { 'content-type': 'application/json' } })
          expectRejected(operation, answer, c.how)
        } else if (c.part === 'path') {
          fc.pre(Object.keys(validate.path(c.value)).length > 0)
          expectRejected(operation, await send(operation, urlFor(operation, c.value)), c.how)
        } else {
          fc.pre(Object.keys(validate.query(c.value)).length > 0)
          const query = `?${new URLSearchParams(c.value).toString()}`
          const answer = await send(operation, urlFor(operation, {}, query), bodySchema ? { body: {} } : {})
          expectRejected(operation, answer, c.how)
        }
      }),
      { numRuns: runsEach, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined },
    )

    // Every counted case reached the server (fast-check does not count a case skipped for staying valid).
    expect(ipCounter - sentBefore).toBe(runsEach)

    if (bodySchema) {
      const url = urlFor(operation)
      expectRejected(operation, await send(operation, url, { rawBody: '{"broken": ', headers: { 'content-type': 'application/json' } }), 'malformed JSON')
      expectRejected(operation, await send(operation, url, { rawBody: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 'a form body')
      expectRejected(operation, await send(operation, url, { rawBody: JSON.stringify({ text: 'x'.repeat(200_000) }) }), 'a 200 kB body')
    }
    await t.deps.jobs.idle()
    expect(await fingerprint(), `${operation.operationId}: a refused request changed a row`).toBe(before)
  }, 120_000)
})
