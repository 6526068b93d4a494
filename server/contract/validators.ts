import { Ajv2020, type ErrorObject, type FormatDefinition, type Options, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { fullFormats } from 'ajv-formats/dist/formats.js'
import { DATE_YEARS, isWithinDateYears } from '../../shared/date-bounds.ts'
import { isEmailAddress, looksLikeEmailAddress } from '../../shared/email-address.ts'
import { FIELD_MESSAGES, PATTERN_MESSAGES } from '../../shared/field-rules.ts'
import type { Contract, JsonSchema, Operation, Parameter } from './document.ts'
import { MESSAGES } from '../messages.ts'
import { isPersonName, TEXT_MESSAGES, unsafeTextFields } from './text-safety.ts'

/** Field name (dotted, e.g. `user.name`; '' for the whole value) → a message a person can act on. */
export type FieldErrors = Record<string, string>

export interface OperationValidators {
  /** Validates (and coerces, in place) the query or path values; an empty result means valid. */
  query: (values: Record<string, unknown>) => FieldErrors
  path: (values: Record<string, unknown>) => FieldErrors
  /** Validates the declared request headers (only those are passed in: other headers are not the contract's). */
  header: (values: Record<string, unknown>) => FieldErrors
  /** Validates the declared cookies (only those are passed in). */
  cookie: (values: Record<string, unknown>) => FieldErrors
  /** Validates the parsed JSON body, filling in schema defaults in place. */
  body: ((value: unknown) => FieldErrors) | undefined
}

const CONTRACT_ID = 'contract'

// The forms' words for the same problems (shared/field-rules.ts), so a mistake reads the same wherever it is caught.
const FORMAT_MESSAGES: Record<string, string> = {
  email: FIELD_MESSAGES.email,
  'account-email': FIELD_MESSAGES.email,
  uuid: 'Enter a valid identifier.',
  'date-time': `Enter a valid date and time, in the years ${DATE_YEARS.first} to ${DATE_YEARS.last}.`,
  date: `Enter a valid date, in the years ${DATE_YEARS.first} to ${DATE_YEARS.last}.`,
  uri: 'Enter a valid web address.',
  'person-name': TEXT_MESSAGES.personName,
}

const TYPE_MESSAGES: Record<string, string> = {
  string: 'This must be text.',
  number: 'This must be a number.',
  integer: 'This must be a whole number.',
  boolean: 'This must be true or false.',
  object: 'This must be an object.',
  array: 'This must be a list.',
  null: 'This must be empty.',
}

/**
 * A whole number the contract bounds on both sides, in the forms' words for it (shared/field-rules.ts), naming the
 * contract's unit (`x-unit`) when it gives one; undefined for any other number. Needs the validator's `verbose` errors.
 */
function wholeNumberMessage(error: ErrorObject): string | undefined {
  const schema = error.parentSchema
  if (schema?.type !== 'integer' || typeof schema.minimum !== 'number' || typeof schema.maximum !== 'number') return undefined
  return FIELD_MESSAGES.wholeNumber(schema.minimum, schema.maximum, typeof schema['x-unit'] === 'string' ? schema['x-unit'] : undefined)
}

function friendlyMessage(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>
  const limit = Number(params.limit)
  switch (error.keyword) {
    case 'required':
      return 'This field is required.'
    case 'additionalProperties':
      return 'This field is not allowed.'
    case 'minLength':
      return limit === 1 ? 'This field is required.' : FIELD_MESSAGES.tooShort(limit)
    case 'maxLength':
      return FIELD_MESSAGES.tooLong(limit)
    case 'format':
      return FORMAT_MESSAGES[String(params.format)] ?? 'This value is not in the expected form.'
    case 'pattern':
      return PATTERN_MESSAGES[String(params.pattern)] ?? 'This value is not in the expected form.'
    case 'type':
      return wholeNumberMessage(error) ?? TYPE_MESSAGES[String(params.type).split(',')[0] ?? ''] ?? 'This value has the wrong type.'
    case 'enum':
      return `Choose one of: ${(params.allowedValues as unknown[]).map(String).join(', ')}.`
    case 'minimum':
      return wholeNumberMessage(error) ?? `Use a number of at least ${limit}.`
    case 'maximum':
      return wholeNumberMessage(error) ?? `Use a number of at most ${limit}.`
    case 'minItems':
      return `Choose at least ${limit}.`
    case 'maxItems':
      return `Choose at most ${limit}.`
    case 'uniqueItems':
      return 'Choose each option only once.'
    case 'const':
      // The only constants in the contract are consents that must be given (privacy notice, background check).
      return params.allowedValue === true ? 'Tick this box to continue.' : 'This value is not valid.'
    default:
      return 'This value is not valid.'
  }
}

/** `/user/first~1name` plus an optional child → `user.first/name`. */
function fieldName(instancePath: string, child?: unknown): string {
  const parts = instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
  if (typeof child === 'string') parts.push(child)
  return parts.join('.')
}

/**
 * Built in a Map and turned into an object at the end: a field named like a built-in property (`constructor`,
 * `__proto__`, `toString`) is then an own key like any other, never hidden by one the object inherits.
 */
function toFieldErrors(found: Map<string, string>, errors: ErrorObject[] | null | undefined): FieldErrors {
  for (const error of errors ?? []) {
    const params = error.params as Record<string, unknown>
    const child = error.keyword === 'required' ? params.missingProperty : error.keyword === 'additionalProperties' ? params.additionalProperty : undefined
    const field = fieldName(error.instancePath, child)
    // The first problem per field is the one worth fixing first.
    if (!found.has(field)) found.set(field, friendlyMessage(error))
  }
  return Object.fromEntries(found)
}

/**
 * Text that cannot be stored (a NUL byte, a broken character) is named first, whatever the schema says of the
 * field; then the schema's own problems. Query and header values are lists of strings named by their parameter.
 */
function run(validate: ValidateFunction, value: unknown, listsAreOneField = false): FieldErrors {
  const found = unsafeTextFields(value, { listsAreOneField })
  return validate(value) && found.size === 0 ? {} : toFieldErrors(found, validate.errors)
}

/** `#/components/schemas/X` → `contract#/$defs/X`, the same schema registered once in each Ajv instance. */
function retarget(schema: JsonSchema): JsonSchema {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${CONTRACT_ID}#/$defs/`)) as JsonSchema
}

/** ajv-formats' own check of a date or date-time (a real day, a real time), refusing years outside DATE_YEARS too. */
function withinDateYears(name: 'date' | 'date-time'): FormatDefinition<string> {
  const format = fullFormats[name] as { validate: (value: string) => boolean; compare: (a: string, b: string) => number | undefined }
  return { type: 'string', validate: (value) => format.validate(value) && isWithinDateYears(value), compare: format.compare }
}

export function createAjv(contract: Contract, options: Options): Ajv2020 {
  // Verbose errors carry the schema that failed, so a bounded number's message can name its whole range and unit.
  const ajv = new Ajv2020({ allErrors: true, strict: true, verbose: true, ...options })
  addFormats(ajv)
  // Replaced for every field of these formats at once, so no handler meets a year 0 date or an address that would
  // add headers to a mailto: link (shared/date-bounds.ts, shared/email-address.ts).
  ajv.addFormat('date', withinDateYears('date'))
  ajv.addFormat('date-time', withinDateYears('date-time'))
  ajv.addFormat('email', { type: 'string', validate: isEmailAddress })
  ajv.addFormat('account-email', { type: 'string', validate: looksLikeEmailAddress })
  ajv.addFormat('person-name', { type: 'string', validate: isPersonName })
  ajv.addKeyword('example') // an OpenAPI annotation, not a validation keyword
  ajv.addKeyword('x-unit') // a bounded number's unit, for its message (wholeNumberMessage)
  // A file in a form upload: checked as a File by the validator of the form (formBodyValidator), not as text.
  ajv.addFormat('binary', true)
  ajv.addSchema({ $id: CONTRACT_ID, $defs: retarget({ ...contract.schemas }) })
  return ajv
}

function parametersSchema(parameters: Parameter[]): JsonSchema {
  return {
    type: 'object',
    properties: Object.fromEntries(parameters.map((parameter) => [parameter.name, retarget(parameter.schema)])),
    required: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
    additionalProperties: false, // unknown query parameters are refused like unknown body fields
  }
}

/** The properties of a form body's schema (itself or the schema it refers to) that hold a file (`format: binary`). */
function fileFields(contract: Contract, schema: JsonSchema): Set<string> {
  const ref = typeof schema.$ref === 'string' ? schema.$ref.replace('#/components/schemas/', '') : undefined
  const resolved = ref === undefined ? schema : contract.schemas[ref]
  const properties = (resolved?.properties ?? {}) as Record<string, JsonSchema>
  return new Set(Object.entries(properties).filter(([, property]) => property.format === 'binary').map(([name]) => name))
}

/**
 * A form upload: each file field must hold a file and every other field text; then the schema checks the fields,
 * with each file standing in as its name (so `required` and unknown-field rules apply to files as to text).
 */
function formProblems(validate: ValidateFunction, files: Set<string>, value: unknown): FieldErrors {
  // Anything but a set of fields (no body, or a JSON value sent instead of a form) gets the schema's own answer.
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return run(validate, value)
  const form = value as Record<string, unknown>
  const found = new Map<string, string>()
  // Built in a Map and made an object at the end, as the form itself is (readFormBody): assigning `view[name]` would
  // hand a field named `__proto__` to the prototype setter, and the schema would never see it.
  const view = new Map<string, unknown>()
  for (const [name, entry] of Object.entries(form)) {
    const isFile = typeof entry === 'object' && entry !== null && 'arrayBuffer' in entry
    if (files.has(name) !== isFile) found.set(name, isFile ? MESSAGES.textExpected : MESSAGES.fileExpected)
    view.set(name, isFile ? 'file' : entry)
  }
  const schemaProblems = run(validate, Object.fromEntries(view))
  return { ...schemaProblems, ...Object.fromEntries(found) }
}

/** Compiles on first use, then answers the same validator. */
function compiledOnFirstUse(compile: () => ValidateFunction): () => ValidateFunction {
  let validate: ValidateFunction | undefined
  return () => (validate ??= compile())
}

/**
 * Validators for every request part of every operation, each compiled at its first use: compiling all of them
 * took about 0.4 s of every start, most of it for operations a given process may never serve.
 */
export function compileRequestValidators(contract: Contract): Map<string, OperationValidators> {
  // Query and path values arrive as lists of strings: coerce them to the declared types ('array' also unwraps).
  // Made at first use too: each registers every contract schema (about 60 ms).
  let paramsAjv: Ajv2020 | undefined
  const params = () => (paramsAjv ??= createAjv(contract, { coerceTypes: 'array', useDefaults: true }))
  // Bodies are JSON: never coerce ("1" stays a string), but do fill in declared defaults such as remember: true.
  let bodyAjv: Ajv2020 | undefined
  const bodies = () => (bodyAjv ??= createAjv(contract, { coerceTypes: false, useDefaults: true }))
  const byOperation = new Map<string, OperationValidators>()
  for (const operation of contract.operations) {
    const parameters = (place: Parameter['in']) => compiledOnFirstUse(() => params().compile(parametersSchema(operation.parameters.filter((p) => p.in === place))))
    const query = parameters('query')
    const path = parameters('path')
    const header = parameters('header')
    const cookie = parameters('cookie')
    const requestBody = operation.requestBody
    const body = requestBody ? compiledOnFirstUse(() => bodies().compile(retarget(requestBody.schema))) : undefined
    const files = requestBody?.mediaType === 'multipart/form-data' ? fileFields(contract, requestBody.schema) : undefined
    byOperation.set(operation.operationId, {
      query: (values) => run(query(), values, true),
      path: (values) => run(path(), values),
      header: (values) => run(header(), values, true),
      cookie: (values) => run(cookie(), values),
      body: body ? (value) => (files ? formProblems(body(), files, value) : run(body(), value)) : undefined,
    })
  }
  return byOperation
}

/**
 * Checks an answer against the schema the contract declares for its status (used by the contract tests). With a
 * content type, also checks that the contract declares that type for the status (images, for example).
 */
export function compileResponseValidator(contract: Contract): (operation: Operation, status: number, body: unknown, contentType?: string) => string[] {
  const ajv = createAjv(contract, {})
  const cache = new Map<string, ValidateFunction | null>()
  return (operation, status, body, contentType) => {
    if (!operation.responses.has(status)) return [`${operation.operationId} does not declare a ${status} answer`]
    const key = `${operation.operationId} ${status}`
    const declaredTypes = operation.responseMediaTypes.get(status) ?? []
    const mediaType = contentType?.split(';')[0]?.trim().toLowerCase()
    if (mediaType !== undefined && mediaType !== '' && !declaredTypes.includes(mediaType)) return [`${key} does not declare the content type ${mediaType}`]
    if (mediaType !== undefined && mediaType !== '' && mediaType !== 'application/json') return []
    if (!cache.has(key)) {
      const schema = operation.responses.get(status)
      cache.set(key, schema ? ajv.compile(retarget(schema)) : null)
    }
    const validate = cache.get(key)
    if (!validate) return body === undefined || body === null || body === '' ? [] : [`${key} declares no body but got one`]
    return validate(body) ? [] : (validate.errors ?? []).map((error) => `${key}: ${error.instancePath || '(root)'} ${error.message ?? ''}`)
  }
}

/**
 * A validator for one named schema of the contract (components.schemas), with the request validators' options
 * and messages: handlers use it to check a value again after cleaning it (trimming, dropping blank optional text).
 */
export function compileSchemaValidator(contract: Contract, schemaName: string): (value: unknown) => FieldErrors {
  if (!(schemaName in contract.schemas)) throw new Error(`openapi.yaml has no schema ${schemaName}`)
  const validate = createAjv(contract, { coerceTypes: false, useDefaults: true }).compile({ $ref: `${CONTRACT_ID}#/$defs/${schemaName}` })
  return (value) => run(validate, value)
}
