import type { Context, Hono, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { getCookie } from 'hono/cookie'
import { routePath } from 'hono/route'
import type { ContentfulStatusCode, StatusCode } from 'hono/utils/http-status'
import { SECOND_FACTOR_MESSAGES, secondFactorDue } from './auth/second-factor.ts'
import { authenticate, isFreshlySeen } from './auth/sessions.ts'
import { hashToken, TOKEN_PATTERN } from './auth/tokens.ts'
import type { AppDeps } from './deps.ts'
import type { FamilyLinkRow } from './db/schema.ts'
import { liveFamilyLink } from './family/links.ts'
import type { KeptUntilChange } from './lib/kept.ts'
import { answerOf, etagMatches, type KeptAnswer, type PublicAnswer, type PublicCache } from './lib/public-cache.ts'
import { isDirectFromThisMachine, type AppEnv } from './http-context.ts'
import { carriesMetricsToken } from './lib/metrics.ts'
import { BODY_LIMIT_BYTES, MESSAGES, tooLargeMessage } from './messages.ts'
import type { Contract, Operation } from './contract/document.ts'
import type { Authenticated, Handlers, HandlerInput, OperationId, RequestInfo } from './contract/types.ts'
import { MAX_JSON_DEPTH, nestedDeeperThan } from './contract/text-safety.ts'
import { compileRequestValidators, type FieldErrors, type OperationValidators } from './contract/validators.ts'

/**
 * The handlers' generic types cannot be checked against data read at run time; the validators have just checked
 * that data against the same contract the types are generated from, so this looser signature is safe here.
 */
type UntypedReply = { status: number; headers?: Record<string, string> } & ({ body: unknown } | { bytes: Uint8Array; contentType: string })
type UntypedHandler = (input: HandlerInput<OperationId>, deps: AppDeps) => Promise<UntypedReply>

type Outcome<T> = { ok: true; value: T } | { ok: false; response: Response }

function errorAnswer(c: Context, status: ContentfulStatusCode, message: string, fields?: FieldErrors): Response {
  return c.json(fields && Object.keys(fields).length > 0 ? { message, fields } : { message }, status)
}

function bearerToken(c: Context): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')
  return match?.[1]
}

/** What the API keeps in memory until the database says it changed (server/lib/kept.ts). */
export interface Kept {
  /** The public reads' answers (x-cache-control: public…), by address. */
  publicReads: PublicCache
  /** Sessions and their accounts as `authenticate` found them, by token hash. */
  sessions: KeptUntilChange<Authenticated>
  /** The office's reads marked `x-kept: per-user`, by person and address. */
  staffReads: KeptUntilChange<KeptAnswer>
}

/** The session a bearer token belongs to: kept from a recent look-up, or read from the database (and kept). */
async function sessionOf(token: string, deps: AppDeps, kept: Kept): Promise<Authenticated | null> {
  if (!TOKEN_PATTERN.test(token)) return null
  const key = hashToken(token)
  const known = kept.sessions.find(key)
  const fresh = known !== undefined && isFreshlySeen(known)
  deps.metrics.kept('session', fresh)
  if (fresh) return known
  const generation = kept.sessions.begin()
  const found = await authenticate(deps.database.db, token)
  if (found) kept.sessions.keep(key, generation, found)
  return found
}

/**
 * The family link an operation of x-roles [FAMILY] was called with (header X-Family-Link), while it works; anything
 * else, a staff session included, is 401: the family page knows no other caller.
 */
async function authorizeFamily(c: Context, operation: Operation, deps: AppDeps): Promise<Outcome<FamilyLinkRow | null>> {
  if (!operation.roles.includes('FAMILY')) return { ok: true, value: null }
  const token = c.req.header('x-family-link')
  const link = token === undefined ? undefined : await liveFamilyLink(deps.database.db, token.trim())
  return link ? { ok: true, value: link } : { ok: false, response: errorAnswer(c, 401, MESSAGES.familyLinkDead) }
}

async function authorize(c: Context, operation: Operation, deps: AppDeps, kept: Kept): Promise<Outcome<Authenticated | null>> {
  if (operation.roles.length === 0 || operation.roles.includes('FAMILY')) return { ok: true, value: null }
  const token = bearerToken(c)
  const found = token === undefined ? null : await sessionOf(token, deps, kept)
  if (!found) return { ok: false, response: errorAnswer(c, 401, MESSAGES.unauthenticated) }
  if (!operation.roles.includes(found.user.role)) return { ok: false, response: errorAnswer(c, 403, MESSAGES.forbidden) }
  if (!operation.beforeSecondFactor && secondFactorDue(found.user, deps.config)) return { ok: false, response: errorAnswer(c, 403, SECOND_FACTOR_MESSAGES.setUpFirst) }
  // Need-to-know (Keeping Children Safe in Education): a concern's words and handling are for the designated leads.
  if (operation.safeguardingLead && !found.user.safeguardingLead) return { ok: false, response: errorAnswer(c, 403, MESSAGES.safeguardingLeadsOnly) }
  return { ok: true, value: found }
}

/**
 * A form upload's fields: text as strings, files as File objects. Files are held in memory, which the operation's
 * x-max-body-bytes bounds (checked before anything is read).
 */
async function readFormBody(c: Context, operation: Operation): Promise<Outcome<Record<string, unknown>>> {
  const mediaType = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase()
  if (mediaType !== 'multipart/form-data') {
    if (!mediaType && operation.requestBody?.required) return { ok: false, response: errorAnswer(c, 400, MESSAGES.fileExpected) }
    return { ok: false, response: errorAnswer(c, 415, MESSAGES.wrongFormContentType) }
  }
  let form: FormData
  try {
    form = await c.req.formData()
  } catch {
    return { ok: false, response: errorAnswer(c, 400, MESSAGES.bodyNotForm) }
  }
  const value = new Map<string, unknown>()
  let twice: string | undefined
  form.forEach((entry, name) => {
    if (value.has(name)) twice ??= name
    value.set(name, entry)
  })
  if (twice !== undefined) return { ok: false, response: errorAnswer(c, 400, MESSAGES.checkFields, { [twice]: MESSAGES.fieldTwice }) }
  // Object.fromEntries defines each name as an own field, `__proto__` included, as JSON.parse does for a JSON body.
  return { ok: true, value: Object.fromEntries(value) }
}

async function readJsonBody(c: Context, operation: Operation): Promise<Outcome<unknown>> {
  const mediaType = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase()
  const text = await c.req.text()
  if (text.trim() === '') {
    if (operation.requestBody?.required) return { ok: false, response: errorAnswer(c, 400, MESSAGES.bodyMissing) }
    return { ok: true, value: undefined }
  }
  if (mediaType !== 'application/json') return { ok: false, response: errorAnswer(c, 415, MESSAGES.wrongContentType) }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { ok: false, response: errorAnswer(c, 400, MESSAGES.bodyNotJson) }
  }
  // Before anything walks it: no operation needs more, and code that recurses must never meet thousands of levels.
  if (nestedDeeperThan(value, MAX_JSON_DEPTH)) return { ok: false, response: errorAnswer(c, 400, MESSAGES.bodyTooDeep) }
  return { ok: true, value }
}

/** The request headers or cookies the operation declares as parameters, by their declared names; no others. */
function declared(c: Context, operation: Operation, where: 'header' | 'cookie'): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  for (const parameter of operation.parameters) {
    if (parameter.in !== where) continue
    const value = where === 'header' ? c.req.header(parameter.name) : getCookie(c, parameter.name)
    if (value !== undefined) values[parameter.name] = value
  }
  return values
}

interface RequestParts {
  query: Record<string, unknown>
  params: Record<string, unknown>
  headers: Record<string, unknown>
  cookies: Record<string, unknown>
}

/** Validates query, path, headers and body together, so one answer names every field to fix. */
function validationProblem(c: Context, validators: OperationValidators, request: RequestParts, body: unknown) {
  const fields: FieldErrors = {
    ...validators.path(request.params),
    ...validators.query(request.query),
    ...validators.header(request.headers),
    ...validators.cookie(request.cookies),
  }
  if (validators.body && body !== undefined) {
    const bodyFields = validators.body(body)
    if (Object.hasOwn(bodyFields, '')) return errorAnswer(c, 400, MESSAGES.bodyNotObject)
    // Spread, not Object.assign: a field named __proto__ must stay a field, not become the object's prototype.
    return errorAnswerIfAny(c, { ...fields, ...bodyFields })
  }
  return errorAnswerIfAny(c, fields)
}

function errorAnswerIfAny(c: Context, fields: FieldErrors) {
  return Object.keys(fields).length > 0 ? errorAnswer(c, 400, MESSAGES.checkFields, fields) : undefined
}

/**
 * A public read whose JSON answers may be kept (PublicCache): `x-cache-control: public…`, for anyone, JSON, and
 * decided by its address alone (no header or cookie but If-None-Match), since the address is what it is kept by.
 */
function isKeptRead(operation: Operation): boolean {
  const json = operation.responseMediaTypes.get(200)
  const byAddressAlone = operation.parameters.every((parameter) => parameter.in === 'path' || parameter.in === 'query' || parameter.name === 'If-None-Match')
  return (
    operation.method === 'get' &&
    operation.roles.length === 0 &&
    (operation.cacheControl?.startsWith('public') ?? false) &&
    json?.length === 1 &&
    json[0] === 'application/json' &&
    byAddressAlone
  )
}

/** The address as the client asked for it, path and query string: a kept answer's key. */
function addressOf(c: Context): string {
  const url = c.req.url
  return url.slice(url.indexOf('/', url.indexOf('//') + 2))
}

/** A staff read's kept answer: no ETag (the contract declares none), and no-store as every staff answer. */
function keptStaffAnswer(c: Context, kept: KeptAnswer): Response {
  c.header('Content-Type', 'application/json')
  return c.body(kept.bytes, 200)
}

/** A kept answer, or 304 when the client already holds it (If-None-Match). */
function keptAnswer(c: Context, kept: PublicAnswer): Response {
  if (kept.cacheControl !== undefined) c.header('Cache-Control', kept.cacheControl)
  c.header('ETag', kept.etag)
  if (etagMatches(c.req.header('if-none-match'), kept.etag)) return c.body(null, 304)
  c.header('Content-Type', 'application/json')
  return c.body(kept.bytes, 200)
}

function serve(operation: Operation, handler: UntypedHandler, validators: OperationValidators, deps: AppDeps, memory: Kept) {
  const publicRead = isKeptRead(operation)
  const staffRead = operation.keptPerUser && operation.roles.length > 0 && operation.responseMediaTypes.get(200)?.[0] === 'application/json'
  const write = operation.method !== 'get' && operation.method !== 'head'
  // Staff writes are the ones that change what the public site shows; a visitor's form or a sign-in never does.
  const staffWrite = write && operation.roles.length > 0
  return async (c: Context<AppEnv>): Promise<Response> => {
    // Development helpers answer only this machine, as if they did not exist for anyone else.
    if ((operation.devOnly || operation.loopbackOnly) && !isDirectFromThisMachine(c)) return errorAnswer(c, 404, MESSAGES.noSuchEndpoint)
    // The operator's endpoints likewise, unless the request carries the operator's token. Behind a proxy (TRUST_PROXY
    // set) only the token opens them: a proxy on this machine that adds no forwarding header makes every visitor's
    // request look like one straight from loopback.
    if (operation.operatorOnly && !carriesMetricsToken(c.req.header('authorization'), deps.config.metricsToken) && !(deps.config.trustProxy.kind === 'none' && isDirectFromThisMachine(c))) {
      return errorAnswer(c, 404, MESSAGES.noSuchEndpoint)
    }
    // Only answers that passed validation are kept, so a kept address needs no checking again.
    const address = publicRead || staffRead ? addressOf(c) : ''
    const found = publicRead ? memory.publicReads.find(address) : undefined
    if (publicRead) deps.metrics.kept('public_read', found !== undefined)
    if (found) return keptAnswer(c, found)
    const auth = await authorize(c, operation, deps, memory)
    if (!auth.ok) return auth.response
    const family = await authorizeFamily(c, operation, deps)
    if (!family.ok) return family.response
    if (auth.value) c.set('userId', auth.value.user.id)
    // Every line the handler logs names the request, its operation and who asked (by id: never a name or an email).
    const logger = deps.logger.child(auth.value ? { requestId: c.get('requestId'), operation: operation.operationId, userId: auth.value.user.id } : { requestId: c.get('requestId'), operation: operation.operationId })
    if (logger.isLevelEnabled('debug')) logger.debug({ method: c.req.method }, 'request started')
    // Kept per person: what one person was answered is never handed to another, whatever their roles.
    const staffKey = staffRead && auth.value ? `${auth.value.user.id} ${address}` : ''
    const staffFound = staffRead ? memory.staffReads.find(staffKey) : undefined
    if (staffRead) deps.metrics.kept('office_read', staffFound !== undefined)
    if (staffFound) return keptStaffAnswer(c, staffFound)
    const body = !operation.requestBody
      ? { ok: true as const, value: undefined }
      : operation.requestBody.mediaType === 'multipart/form-data'
        ? await readFormBody(c, operation)
        : await readJsonBody(c, operation)
    if (!body.ok) return body.response
    const query: Record<string, unknown> = c.req.queries()
    const params: Record<string, unknown> = c.req.param()
    const headers = declared(c, operation, 'header')
    const cookies = declared(c, operation, 'cookie')
    const problem = validationProblem(c, validators, { query, params, headers, cookies }, body.value)
    if (problem) return problem

    const request: RequestInfo = { requestId: c.get('requestId'), ip: c.get('clientIp'), userAgent: c.req.header('user-agent') }
    const session = () => {
      if (!auth.value) throw new Error(`${operation.operationId} is public, so its handler has no session`)
      return auth.value
    }
    const familyLink = () => {
      if (!family.value) throw new Error(`${operation.operationId} is not opened with a family link`)
      return family.value
    }
    const input = { body: body.value, query, params, headers, cookies, request, session, familyLink } as HandlerInput<OperationId>
    const generation = publicRead ? await memory.publicReads.begin() : staffRead ? memory.staffReads.begin() : 0
    const reply = await handler(input, { ...deps, logger })
    // A write that went through drops what this process kept before it answers, so a read through the same process
    // sees it (a signed-out session is refused at its next request); the other processes hear of it from the
    // database as it commits (the change feed).
    if (write && reply.status >= 200 && reply.status < 300) {
      if (staffWrite) memory.publicReads.clear()
      memory.sessions.clear()
      memory.staffReads.clear()
    }
    const keepable = reply.status === 200 && 'body' in reply && reply.body !== undefined
    if (publicRead && keepable) {
      for (const [name, value] of Object.entries(reply.headers ?? {})) c.header(name, value)
      const sent = { cacheControl: operation.cacheControl, route: routePath(c), operation: operation.operationId }
      return keptAnswer(c, memory.publicReads.keep(address, generation, JSON.stringify(reply.body), sent))
    }
    if (staffRead && keepable && reply.headers === undefined) {
      const answer = answerOf(JSON.stringify(reply.body))
      memory.staffReads.keep(staffKey, generation, answer)
      return keptStaffAnswer(c, answer)
    }
    for (const [name, value] of Object.entries(reply.headers ?? {})) c.header(name, value)
    const succeeded = (reply.status >= 200 && reply.status < 300) || reply.status === 304
    if (succeeded && operation.cacheControl !== undefined) c.header('Cache-Control', operation.cacheControl)
    if ('bytes' in reply) {
      c.header('Content-Type', reply.contentType)
      c.header('Content-Length', String(reply.bytes.byteLength))
      // A copy into a plain ArrayBuffer: the drivers may answer a view on a larger, shared buffer.
      return c.body(new Uint8Array(reply.bytes), reply.status as ContentfulStatusCode)
    }
    if (reply.body === undefined) return c.body(null, reply.status as StatusCode)
    return c.json(reply.body, reply.status as ContentfulStatusCode)
  }
}

/**
 * Registers one route per contract operation, and nothing else: a path the contract does not describe cannot
 * be served. A known path asked with another method answers 405 with Allow. `x-dev-only` operations are left
 * out in production, and elsewhere answer only requests straight from this machine: to anyone else they answer
 * the same 404 as any unknown endpoint.
 */
export function registerContractRoutes(api: Hono<AppEnv>, contract: Contract, handlers: Handlers, deps: AppDeps, memory: Kept): void {
  const validators = compileRequestValidators(contract)
  const allowed = new Map<string, Set<string>>()
  for (const operation of contract.operations) {
    if (operation.devOnly && deps.config.nodeEnv === 'production') continue
    const handler = handlers[operation.operationId as OperationId] as UntypedHandler | undefined
    const operationValidators = validators.get(operation.operationId)
    if (!handler || !operationValidators) throw new Error(`No handler for the contract operation ${operation.operationId}`)
    const path = operation.path.replace(/\{([^}]+)\}/g, ':$1')
    const method = operation.method.toUpperCase()
    const maxSize = operation.maxBodyBytes ?? BODY_LIMIT_BYTES
    const handle = serve(operation, handler, operationValidators, deps, memory)
    // First, so that even a body refused as too large is logged and counted under its operation.
    const named: MiddlewareHandler<AppEnv> = async (c, next) => {
      c.set('operation', operation.operationId)
      await next()
    }
    // Only operations that take a body get the limit: reading a request's body stream is not free, and a GET has none.
    if (operation.requestBody) api.on(method, path, named, bodyLimit({ maxSize, onError: (c) => errorAnswer(c, 413, tooLargeMessage(maxSize)) }), handle)
    else api.on(method, path, named, handle)
    const methods = allowed.get(path) ?? new Set<string>()
    methods.add(method)
    if (method === 'GET') methods.add('HEAD')
    allowed.set(path, methods)
  }
  for (const [path, methods] of allowed) {
    api.all(path, (c) => {
      c.header('Allow', [...methods].join(', '))
      return errorAnswer(c, 405, MESSAGES.methodNotAllowed)
    })
  }
}
