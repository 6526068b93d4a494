import type { operations } from '../../src/api/schema.gen.ts'
import type { FamilyLinkRow, SessionRow, UserRow } from '../db/schema.ts'
import type { AppDeps } from '../deps.ts'

export type OperationId = keyof operations

type JsonContent<T> = T extends { content: { 'application/json': infer Body } } ? Body : FormContent<T>
/** A form upload's fields as the handler gets them: the part named `file` is a File, the rest text. */
type FormContent<T> = T extends { content: { 'multipart/form-data': infer Body } } ? { [Field in keyof Body]: Field extends 'file' ? File : Body[Field] } : undefined
/** The content types other than JSON that an answer declares (e.g. image/png); never when there are none. */
type BinaryContentType<T> = T extends { content: infer Content } ? Exclude<keyof Content, 'application/json'> & string : never
type OrEmpty<T> = [T] extends [never] ? Record<string, never> : T

/** The validated JSON body (defaults filled in); undefined for operations without one, or when an optional one is not sent. */
export type RequestBody<K extends OperationId> = operations[K] extends { requestBody: infer Holder }
  ? JsonContent<Holder>
  : operations[K] extends { requestBody?: infer Holder }
    ? JsonContent<Exclude<Holder, undefined>> | undefined
    : undefined
export type Query<K extends OperationId> = OrEmpty<Exclude<operations[K]['parameters']['query'], undefined>>
export type PathParams<K extends OperationId> = OrEmpty<Exclude<operations[K]['parameters']['path'], undefined>>
export type HeaderParams<K extends OperationId> = OrEmpty<Exclude<operations[K]['parameters']['header'], undefined>>
export type CookieParams<K extends OperationId> = OrEmpty<Exclude<operations[K]['parameters']['cookie'], undefined>>

type Responses<K extends OperationId> = operations[K]['responses']

/** A JSON answer, or none (body undefined) for a status the contract gives no content. */
export interface JsonReply<Status, Body> {
  status: Status
  body: Body
  headers?: Record<string, string>
}

/** Bytes in one of the non-JSON content types the contract declares for the status (images, for example). */
export interface BinaryReply<Status, ContentType extends string> {
  status: Status
  bytes: Uint8Array
  contentType: ContentType
  headers?: Record<string, string>
}

type ReplyFor<Status, Response> = [BinaryContentType<Response>] extends [never]
  ? JsonReply<Status, JsonContent<Response>>
  : BinaryReply<Status, BinaryContentType<Response>>

/** Exactly the answers the contract declares for K: a status and the body (or bytes) that status carries. */
export type Reply<K extends OperationId> = {
  [Status in keyof Responses<K>]: Status extends number ? ReplyFor<Status, Responses<K>[Status]> : never
}[keyof Responses<K>]

/**
 * Who calls an operation: their live session and account, as the server found them from the bearer token
 * (server/auth/sessions.ts finds them; the handlers read them).
 */
export interface Authenticated {
  session: SessionRow
  user: UserRow
}

export interface RequestInfo {
  requestId: string
  ip: string
  userAgent: string | undefined
}

export interface HandlerInput<K extends OperationId> {
  body: RequestBody<K>
  query: Query<K>
  params: PathParams<K>
  /** Only the request headers the contract declares as parameters of K. */
  headers: HeaderParams<K>
  /** Only the cookies the contract declares as parameters of K. */
  cookies: CookieParams<K>
  request: RequestInfo
  /** The caller's session; throws for a public operation, which has none. */
  session: () => Authenticated
  /** The family link the caller opened the page with; throws for any operation not of x-roles [FAMILY]. */
  familyLink: () => FamilyLinkRow
}

export type Handler<K extends OperationId> = (input: HandlerInput<K>, deps: AppDeps) => Promise<Reply<K>>

/** One handler per contract operation: a missing or extra one fails the type check. */
export type Handlers = { [K in OperationId]: Handler<K> }
