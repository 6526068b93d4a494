import { readFileSync } from 'node:fs'
import { parse } from 'yaml'
import { projectFile } from '../project-files.ts'

/** The parts of an OpenAPI 3.1 document the server reads. Schemas stay plain JSON Schema objects. */
export type JsonSchema = Record<string, unknown>

export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'patch' | 'head' | 'options' | 'trace'
const HTTP_METHODS: readonly HttpMethod[] = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']

export interface Parameter {
  name: string
  in: 'query' | 'path' | 'header' | 'cookie'
  required: boolean
  schema: JsonSchema
}

export interface Operation {
  operationId: string
  method: HttpMethod
  /** As written in the contract, e.g. /auth/me or /students/{id}. */
  path: string
  /** The resource it belongs to: its one tag, which names its folder in server/ (server/<tag>/handlers.ts). */
  tag: string
  /** Empty for public operations (x-roles: [public]). */
  roles: string[]
  /** x-before-second-factor: an admin who must still set up the second sign-in step may call it. */
  beforeSecondFactor: boolean
  /**
   * `x-safeguarding-lead`: only a designated safeguarding lead may call it (need-to-know for safeguarding concerns);
   * any other admin is answered 403. Only beside `x-roles: [ADMIN]`, since only admins can hold the mark.
   */
  safeguardingLead: boolean
  devOnly: boolean
  /**
   * `x-operator-only`: answers only a request carrying METRICS_TOKEN as its bearer token, or one straight from this
   * machine (loopback, through no proxy); to anyone else the same 404 as an unknown endpoint, so it is not advertised.
   */
  operatorOnly: boolean
  /**
   * `x-loopback-only`: answers only a request straight from this machine (loopback, through no proxy), in production
   * too, whatever token it carries (the backup route); to anyone else the same 404 as an unknown endpoint.
   */
  loopbackOnly: boolean
  parameters: Parameter[]
  /** The body's schema and how it is sent: JSON, or a form with files (multipart/form-data) for uploads. */
  requestBody: { required: boolean; schema: JsonSchema; mediaType: RequestMediaType } | undefined
  /** `x-max-body-bytes`: the largest body the operation takes (uploads); others take BODY_LIMIT_BYTES. */
  maxBodyBytes: number | undefined
  /** Status code → JSON schema of the answer, or null for an answer without a JSON body. */
  responses: Map<number, JsonSchema | null>
  /**
   * Status code → every content type the contract declares for it, without parameters (`text/plain` for
   * `text/plain; version=0.0.4`); empty for an answer without a body.
   */
  responseMediaTypes: Map<number, string[]>
  /**
   * `x-cache-control`: the Cache-Control of the operation's successful answers (2xx and 304). Without it, and
   * on every error, API answers are `no-store`: only operations the contract marks as shareable are cached.
   */
  cacheControl: string | undefined
  /**
   * `x-kept: per-user`: a staff read whose successful answers the server may keep in memory, per signed-in
   * person and by address, until a table it reads changes (server/lib/kept.ts; OFFICE_KEPT_READS in
   * server/db/changes.ts names them); for reads that are a function of the stored data alone (not of the clock, and
   * with no side effect).
   */
  keptPerUser: boolean
}

export type RequestMediaType = 'application/json' | 'multipart/form-data'

export interface Contract {
  operations: Operation[]
  /** components.schemas, with refs still in their `#/components/schemas/X` form. */
  schemas: Record<string, JsonSchema>
}

export const CONTRACT_FILE = projectFile('openapi.yaml')

type Node = Record<string, unknown>

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Follows a local `$ref` (responses, parameters, request bodies); schema refs are left to Ajv. */
function deref(document: Node, value: unknown): Node {
  let current = value
  for (let hops = 0; isNode(current) && typeof current.$ref === 'string'; hops++) {
    if (hops > 10) throw new Error(`openapi.yaml: $ref chain too long at ${current.$ref}`)
    const ref = current.$ref
    if (!ref.startsWith('#/')) throw new Error(`openapi.yaml: only local $refs are supported, found ${ref}`)
    current = ref
      .slice(2)
      .split('/')
      .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<unknown>((node, key) => (isNode(node) ? node[key] : undefined), document)
    if (current === undefined) throw new Error(`openapi.yaml: $ref ${ref} points at nothing`)
  }
  if (!isNode(current)) throw new Error('openapi.yaml: expected an object')
  return current
}

function contentOf(document: Node, holder: unknown): Node {
  if (holder === undefined) return {}
  const content = deref(document, holder).content
  return isNode(content) ? content : {}
}

function jsonSchemaOf(document: Node, holder: unknown, mediaType: RequestMediaType = 'application/json'): JsonSchema | null {
  const json = contentOf(document, holder)[mediaType]
  return isNode(json) && isNode(json.schema) ? json.schema : null
}

function readOperation(document: Node, path: string, method: HttpMethod, raw: Node, shared: unknown[]): Operation {
  const operationId = raw.operationId
  if (typeof operationId !== 'string') throw new Error(`openapi.yaml: ${method.toUpperCase()} ${path} has no operationId`)
  const tags = Array.isArray(raw.tags) ? raw.tags.filter((tag): tag is string => typeof tag === 'string') : []
  const [tag] = tags
  if (tag === undefined || tags.length !== 1) throw new Error(`openapi.yaml: ${operationId} needs exactly one tag, the resource it belongs to`)
  const roles = Array.isArray(raw['x-roles']) ? raw['x-roles'].filter((role): role is string => typeof role === 'string') : []
  if (roles.length === 0) throw new Error(`openapi.yaml: ${operationId} has no x-roles; say [public] or the roles allowed`)
  if (roles.some((role) => !['public', 'ADMIN', 'TUTOR', 'FAMILY'].includes(role)) || (roles.length > 1 && (roles.includes('public') || roles.includes('FAMILY')))) {
    throw new Error(`openapi.yaml: ${operationId} has x-roles other than [public], [FAMILY] (a family link) or staff roles`)
  }

  const parameters = [...shared, ...(Array.isArray(raw.parameters) ? (raw.parameters as unknown[]) : [])].map((value): Parameter => {
    const parameter = deref(document, value)
    return {
      name: String(parameter.name),
      in: parameter.in as Parameter['in'],
      required: parameter.required === true,
      schema: isNode(parameter.schema) ? parameter.schema : {},
    }
  })

  const bodyHolder = raw.requestBody === undefined ? undefined : deref(document, raw.requestBody)
  const formSchema = bodyHolder === undefined ? null : jsonSchemaOf(document, bodyHolder, 'multipart/form-data')
  const bodyMediaType: RequestMediaType = formSchema === null ? 'application/json' : 'multipart/form-data'
  const bodySchema = formSchema ?? (bodyHolder === undefined ? null : jsonSchemaOf(document, bodyHolder))
  const maxBodyBytes = raw['x-max-body-bytes']
  if (maxBodyBytes !== undefined && (typeof maxBodyBytes !== 'number' || !Number.isInteger(maxBodyBytes) || maxBodyBytes <= 0)) {
    throw new Error(`openapi.yaml: ${operationId} has an x-max-body-bytes that is not a positive whole number`)
  }
  const responses = new Map<number, JsonSchema | null>()
  const responseMediaTypes = new Map<number, string[]>()
  for (const [status, response] of Object.entries(isNode(raw.responses) ? raw.responses : {})) {
    responses.set(Number(status), jsonSchemaOf(document, response))
    responseMediaTypes.set(
      Number(status),
      Object.keys(contentOf(document, response)).map((mediaType) => mediaType.split(';')[0]?.trim().toLowerCase() ?? mediaType),
    )
  }
  const cacheControl = raw['x-cache-control']
  if (cacheControl !== undefined && typeof cacheControl !== 'string') throw new Error(`openapi.yaml: ${operationId} has an x-cache-control that is not text`)
  const safeguardingLead = raw['x-safeguarding-lead']
  if (safeguardingLead !== undefined && (safeguardingLead !== true || roles.join() !== 'ADMIN')) {
    throw new Error(`openapi.yaml: ${operationId} has an x-safeguarding-lead other than true, or beside roles other than [ADMIN]`)
  }
  const kept = raw['x-kept']
  if (kept !== undefined && (kept !== 'per-user' || method !== 'get')) throw new Error(`openapi.yaml: ${operationId} has an x-kept other than per-user on a GET`)
  return {
    operationId,
    method,
    path,
    tag,
    roles: roles.includes('public') ? [] : roles,
    devOnly: raw['x-dev-only'] === true,
    operatorOnly: raw['x-operator-only'] === true,
    loopbackOnly: raw['x-loopback-only'] === true,
    beforeSecondFactor: raw['x-before-second-factor'] === true,
    safeguardingLead: safeguardingLead === true,
    parameters,
    requestBody: bodySchema === null ? undefined : { required: bodyHolder?.required === true, schema: bodySchema, mediaType: bodyMediaType },
    maxBodyBytes,
    responses,
    responseMediaTypes,
    cacheControl,
    keptPerUser: kept === 'per-user',
  }
}

/**
 * openapi.yaml as JSON text, put into the compiled server by scripts/build-server.ts, so a start does not parse
 * YAML (about 0.3 s here); undefined when the server runs from source, which reads the file.
 */
declare const TEC_BUILT_CONTRACT: string | undefined

/** Reads openapi.yaml (or another document, for tests) into the operations the server registers. */
export function loadContract(file: URL | string = CONTRACT_FILE): Contract {
  const builtIn = file === CONTRACT_FILE && typeof TEC_BUILT_CONTRACT === 'string' ? TEC_BUILT_CONTRACT : undefined
  const document: unknown = builtIn === undefined ? parse(readFileSync(file, 'utf8')) : JSON.parse(builtIn)
  if (!isNode(document) || !isNode(document.paths)) throw new Error('openapi.yaml: no paths')
  const operations: Operation[] = []
  for (const [path, item] of Object.entries(document.paths)) {
    if (!isNode(item)) continue
    const shared = Array.isArray(item.parameters) ? item.parameters : []
    for (const method of HTTP_METHODS) {
      const raw = item[method]
      if (isNode(raw)) operations.push(readOperation(document, path, method, raw, shared))
    }
  }
  const components = isNode(document.components) ? document.components : {}
  const schemas = isNode(components.schemas) ? (components.schemas as Record<string, JsonSchema>) : {}
  return { operations, schemas }
}

let cached: Contract | undefined
/** The server's own contract, read once per process. */
export function contract(): Contract {
  cached ??= loadContract()
  return cached
}
