// Renders shared/contract.gen.ts from openapi.yaml: every enum's values and every length, size and range limit, so
// the SPA and the server take them from the contract instead of typing copies. `npm run gen` writes it; a server
// test fails when the committed file no longer matches the contract.
import { readFileSync, writeFileSync } from 'node:fs'
import { parse } from 'yaml'

type Schema = Record<string, unknown>
interface Document {
  paths: Record<string, Record<string, { operationId?: string; parameters?: Schema[] }>>
  components: { schemas: Record<string, Schema>; parameters?: Record<string, Schema> }
}

const CONSTRAINTS = ['minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'maxItems', 'pattern', 'default', 'enum'] as const

function refName(ref: unknown): string | undefined {
  return typeof ref === 'string' ? ref.replace('#/components/schemas/', '').replace('#/components/parameters/', '') : undefined
}

/** The limits of one schema: its own constraints, its items' and its properties', refs followed. */
function limitsOf(document: Document, schema: Schema, depth = 0): Schema | undefined {
  if (depth > 12) throw new Error('openapi.yaml: schemas nest too deeply to render their limits')
  const referenced = refName(schema.$ref)
  if (referenced !== undefined) {
    const target = document.components.schemas[referenced]
    if (!target) throw new Error(`openapi.yaml: $ref ${String(schema.$ref)} points at nothing`)
    // A named enum's values are in ENUMS once; a field of that type repeats only its other constraints.
    const { enum: _values, ...rest } = target
    return limitsOf(document, { ...(Array.isArray(target.enum) ? rest : target), ...Object.fromEntries(Object.entries(schema).filter(([key]) => key !== '$ref')) }, depth + 1)
  }
  const limits: Schema = {}
  for (const key of CONSTRAINTS) if (key in schema) limits[key] = schema[key]
  // A bounded number's unit (`x-unit`), so the forms' message for it names the unit the server's names.
  if (typeof schema['x-unit'] === 'string') limits.unit = schema['x-unit']
  if (schema.items && typeof schema.items === 'object') {
    const items = limitsOf(document, schema.items as Schema, depth + 1)
    if (items) limits.items = items
  }
  const properties = (schema.properties ?? {}) as Record<string, Schema>
  for (const [name, property] of Object.entries(properties)) {
    const nested = limitsOf(document, property, depth + 1)
    if (nested) limits[name] = nested
  }
  return Object.keys(limits).length > 0 ? limits : undefined
}

export function renderContractValues(yamlText: string): string {
  const document = parse(yamlText) as Document
  const enums: Record<string, unknown[]> = {}
  const limits: Record<string, Schema> = {}
  for (const [name, schema] of Object.entries(document.components.schemas)) {
    if (Array.isArray(schema.enum)) enums[name] = schema.enum
    const found = limitsOf(document, schema)
    if (found && !Array.isArray(schema.enum)) limits[name] = found
  }
  const parameters: Record<string, Schema> = {}
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item)) {
      if (typeof operation !== 'object' || operation.operationId === undefined) continue
      const found: Schema = {}
      for (const raw of operation.parameters ?? []) {
        const parameter = refName(raw.$ref) === undefined ? raw : document.components.parameters?.[refName(raw.$ref)!]
        if (!parameter || parameter.in === 'path' || parameter.in === 'header' || parameter.in === 'cookie') continue
        const parameterLimits = limitsOf(document, parameter.schema as Schema)
        if (parameterLimits) found[String(parameter.name)] = parameterLimits
      }
      if (Object.keys(found).length > 0) parameters[operation.operationId] = found
    }
  }
  return render(enums, limits, parameters)
}

/** Objects one key a line; lists of plain values and objects of plain values on one line. */
function literal(value: unknown, indent = '', multiline = false): string {
  if (Array.isArray(value)) return `[${value.map((item) => literal(item)).join(', ')}]`
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
    const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name))
    if (!multiline && entries.every(([, item]) => typeof item !== 'object' || Array.isArray(item))) return `{ ${entries.map(([name, item]) => `${key(name)}: ${literal(item)}`).join(', ')} }`
    const inner = `${indent}  `
    return `{\n${entries.map(([name, item]) => `${inner}${key(name)}: ${literal(item, inner)},`).join('\n')}\n${indent}}`
  }
  return JSON.stringify(value)
}

function render(enums: Record<string, unknown[]>, limits: Record<string, Schema>, parameters: Record<string, Schema>): string {
  const block = (value: unknown) => literal(value, '', true)
  return [
    '// Generated from openapi.yaml by scripts/contract-values.ts (`npm run gen`). Do not edit: change the contract.',
    '',
    '/** Every named enum of the contract, its values in the contract’s order. */',
    `export const ENUMS = ${block(enums)} as const`,
    '',
    '/** Every schema’s limits (lengths, sizes, ranges and their units, inline enums, defaults), nested as the schema nests. */',
    `export const LIMITS = ${block(limits)} as const`,
    '',
    '/** The query parameters’ limits and defaults, by operation. */',
    `export const PARAMETERS = ${block(parameters)} as const`,
    '',
  ].join('\n')
}

export const CONTRACT_VALUES_FILE = new URL('../shared/contract.gen.ts', import.meta.url)

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(CONTRACT_VALUES_FILE, renderContractValues(readFileSync(new URL('../openapi.yaml', import.meta.url), 'utf8')))
}
