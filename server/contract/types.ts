import type { operations } from '../../src/api/schema.gen.ts'
import type { Authenticated } from '../auth/sessions.ts'
import type { AppDeps } from '../deps.ts'

export type OperationId = keyof operations

type JsonContent<T> = T extends { content: { 'application/json': infer Body } } ? Body : undefined
type OrEmpty<T> = [T] extends [never] ? Record<string, never> : T

/** The validated JSON body (defaults filled in); undefined for operations without one. */
export type RequestBody<K extends OperationId> = operations[K] extends { requestBody: infer Holder } ? JsonContent<Holder> : undefined
export type Query<K extends OperationId> = OrEmpty<Exclude<operations[K]['parameters']['query'], undefined>>
export type PathParams<K extends OperationId> = OrEmpty<Exclude<operations[K]['parameters']['path'], undefined>>

type Responses<K extends OperationId> = operations[K]['responses']
/** Exactly the answers the contract declares for K: a status and the body that status carries. */
export type Reply<K extends OperationId> = {
  [Status in keyof Responses<K>]: Status extends number
    ? { status: Status; body: JsonContent<Responses<K>[Status]>; headers?: Record<string, string> }
    : never
}[keyof Responses<K>]

export interface RequestInfo {
  requestId: string
  ip: string
  userAgent: string | undefined
}

export interface HandlerInput<K extends OperationId> {
  body: RequestBody<K>
  query: Query<K>
  params: PathParams<K>
  request: RequestInfo
  /** The caller's session; throws for a public operation, which has none. */
  session: () => Authenticated
}

export type Handler<K extends OperationId> = (input: HandlerInput<K>, deps: AppDeps) => Promise<Reply<K>>

/** One handler per contract operation: a missing or extra one fails the type check. */
export type Handlers = { [K in OperationId]: Handler<K> }
